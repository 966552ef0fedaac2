extension Suggestion {
  /// The stable machine-readable code of a trace entry (`candidate-skipped`, `extension-added`, …).
  ///
  /// Codes are kebab-case and never change once published: the JSON output and the batch protocol
  /// carry `rawValue`. `allCases` lists every code the pipeline can log; sanitizer changes appear as
  /// `sanitize-<change code>` (see `sanitizerChange(_:)`).
  public struct TraceCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's stable kebab-case name.
    public let rawValue: String
    /// Wraps a code name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// Content-Type parsed (or a `data:` URL's media type taken).
    public static let mediaType = TraceCode(rawValue: "media-type")
    /// Content-Type present but not a MIME type; ignored.
    public static let mediaTypeInvalid = TraceCode(rawValue: "media-type-invalid")
    /// No Content-Type.
    public static let mediaTypeAbsent = TraceCode(rawValue: "media-type-absent")
    /// The Content-Disposition type.
    public static let disposition = TraceCode(rawValue: "disposition")
    /// No Content-Disposition.
    public static let dispositionAbsent = TraceCode(rawValue: "disposition-absent")
    /// An empty Content-Disposition, treated as absent.
    public static let dispositionEmpty = TraceCode(rawValue: "disposition-empty")
    /// A Content-Disposition invalid under the profile, treated as absent.
    public static let dispositionIgnored = TraceCode(rawValue: "disposition-ignored")
    /// The charset of raw Content-Disposition bytes was guessed.
    public static let dispositionCharsetDetected = TraceCode(rawValue: "disposition-charset-detected")
    /// A Content-Disposition parser diagnostic.
    public static let dispositionDiagnostic = TraceCode(rawValue: "disposition-diagnostic")
    /// A URL name extraction diagnostic.
    public static let urlDiagnostic = TraceCode(rawValue: "url-diagnostic")
    /// A name candidate considered.
    public static let candidate = TraceCode(rawValue: "candidate")
    /// A candidate skipped because it sanitizes to nothing.
    public static let candidateSkipped = TraceCode(rawValue: "candidate-skipped")
    /// The candidate taken.
    public static let candidateTaken = TraceCode(rawValue: "candidate-taken")
    /// The name's extension fits the media type.
    public static let extensionKept = TraceCode(rawValue: "extension-kept")
    /// The name's extension does not fit the media type; kept and reported.
    public static let extensionMismatch = TraceCode(rawValue: "extension-mismatch")
    /// An extension appended from the media type.
    public static let extensionAdded = TraceCode(rawValue: "extension-added")
    /// A server-script extension replaced by the media type's.
    public static let extensionCorrected = TraceCode(rawValue: "extension-corrected")
    /// The body's leading bytes were sniffed (type, rule, bytes examined).
    public static let contentSniffed = TraceCode(rawValue: "content-sniffed")
    /// A specific declared type: only executable signatures were looked for, and none found.
    public static let contentNotSniffed = TraceCode(rawValue: "content-not-sniffed")
    /// The sniffed type has no file extension; the name is kept.
    public static let contentNoExtension = TraceCode(rawValue: "content-no-extension")
    /// The content is an executable behind a name that does not say so.
    public static let contentExecutable = TraceCode(rawValue: "content-executable")
    /// `.download` appended because the content is executable (`.neutralize`).
    public static let contentNeutralized = TraceCode(rawValue: "content-neutralized")
    /// A disguise trick seen in the name.
    public static let disguise = TraceCode(rawValue: "disguise")
    /// The risk class of the final name.
    public static let risk = TraceCode(rawValue: "risk")
    /// The download-or-display decision.
    public static let decision = TraceCode(rawValue: "decision")
    /// Displaying conflicts with the name's extension.
    public static let decisionConflict = TraceCode(rawValue: "decision-conflict")
    /// The final name.
    public static let result = TraceCode(rawValue: "result")

    /// The code of a sanitizer change: `sanitize-` followed by the change's own code.
    public static func sanitizerChange(_ changeCode: some CustomStringConvertible) -> TraceCode {
      TraceCode(rawValue: "sanitize-" + changeCode.description)
    }

    /// Every fixed code, in pipeline order (sanitizer changes are `sanitizerChange(_:)` of a
    /// `SanitizerChange` code).
    public static let allCases: [TraceCode] = [
      .mediaType, .mediaTypeInvalid, .mediaTypeAbsent, .disposition, .dispositionAbsent, .dispositionEmpty,
      .dispositionIgnored, .dispositionCharsetDetected, .dispositionDiagnostic, .urlDiagnostic, .candidate,
      .candidateSkipped, .candidateTaken, .contentSniffed, .contentNotSniffed, .contentNoExtension, .extensionKept,
      .extensionMismatch, .extensionAdded, .extensionCorrected, .contentExecutable, .contentNeutralized, .disguise,
      .risk, .decision, .decisionConflict, .result,
    ]
  }
}
