extension Suggestion {
  /// The stable machine-readable code of a trace entry (`candidate-skipped`, `extension-added`, …).
  ///
  /// Codes are kebab-case and never change once published: the JSON output and the batch protocol
  /// carry `rawValue`. `allCases` lists every code the pipeline can log; sanitizer changes appear as
  /// `sanitize-<change code>` (see `sanitizerChange(_:)`).
  public struct TraceCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's stable kebab-case name.
    public let rawValue: String
    /// The pipeline stage that logs it.
    public let stage: Stage
    /// How much it matters to a reader of the trace.
    public let severity: Severity

    /// The stages of the pipeline, in order, as the trace groups its entries.
    public enum Stage: String, Sendable, Hashable, CaseIterable {
      /// Content-Type (or a `data:` URL's media type).
      case mediaType = "media type"
      /// Content-Disposition.
      case disposition = "Content-Disposition"
      /// The URL's path and query.
      case url = "URL"
      /// The name candidates in precedence order.
      case candidates
      /// The body's leading bytes.
      case content
      /// The extension against the media type.
      case fileExtension = "extension"
      /// The sanitizer, the risk and the disguises.
      case sanitizer
      /// Download or display, and the result.
      case decision
    }

    /// How much an entry matters to a reader.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
      /// A step taken as usual.
      case info
      /// Something was ignored, skipped or does not fit: worth a look.
      case notice
      /// What the run settled on (the candidate taken, the result).
      case outcome
    }

    /// Wraps a code name: a listed code gets its stage and severity; another `sanitize-` code is
    /// a sanitizer change (info); any other is of the decision stage (info).
    public init(rawValue: String) {
      if let known = Self.allCases.first(where: { $0.rawValue == rawValue }) {
        self = known
      } else {
        self.init(rawValue, rawValue.hasPrefix(Self.sanitizerPrefix) ? .sanitizer : .decision, .info)
      }
    }

    init(_ rawValue: String, _ stage: Stage, _ severity: Severity) {
      self.rawValue = rawValue
      self.stage = stage
      self.severity = severity
    }

    /// The code's name.
    public var description: String { rawValue }

    /// Content-Type parsed (or a `data:` URL's media type taken).
    public static let mediaType = TraceCode("media-type", .mediaType, .info)
    /// Content-Type present but not a MIME type; ignored.
    public static let mediaTypeInvalid = TraceCode("media-type-invalid", .mediaType, .notice)
    /// No Content-Type.
    public static let mediaTypeAbsent = TraceCode("media-type-absent", .mediaType, .info)
    /// The Content-Disposition type.
    public static let disposition = TraceCode("disposition", .disposition, .info)
    /// No Content-Disposition.
    public static let dispositionAbsent = TraceCode("disposition-absent", .disposition, .info)
    /// An empty Content-Disposition, treated as absent.
    public static let dispositionEmpty = TraceCode("disposition-empty", .disposition, .info)
    /// A Content-Disposition invalid under the profile, treated as absent.
    public static let dispositionIgnored = TraceCode("disposition-ignored", .disposition, .notice)
    /// The charset of raw Content-Disposition bytes was guessed.
    public static let dispositionCharsetDetected = TraceCode("disposition-charset-detected", .disposition, .info)
    /// A Content-Disposition parser diagnostic.
    public static let dispositionDiagnostic = TraceCode("disposition-diagnostic", .disposition, .info)
    /// A URL name extraction diagnostic.
    public static let urlDiagnostic = TraceCode("url-diagnostic", .url, .info)
    /// A name candidate considered.
    public static let candidate = TraceCode("candidate", .candidates, .info)
    /// A candidate skipped because it sanitizes to nothing.
    public static let candidateSkipped = TraceCode("candidate-skipped", .candidates, .notice)
    /// The candidate taken.
    public static let candidateTaken = TraceCode("candidate-taken", .candidates, .outcome)
    /// The name's extension fits the media type.
    public static let extensionKept = TraceCode("extension-kept", .fileExtension, .info)
    /// The name's extension does not fit the media type; kept and reported.
    public static let extensionMismatch = TraceCode("extension-mismatch", .fileExtension, .notice)
    /// An extension appended from the media type.
    public static let extensionAdded = TraceCode("extension-added", .fileExtension, .info)
    /// A server-script extension replaced by the media type's.
    public static let extensionCorrected = TraceCode("extension-corrected", .fileExtension, .info)
    /// The body's leading bytes were sniffed (type, rule, bytes examined).
    public static let contentSniffed = TraceCode("content-sniffed", .content, .info)
    /// A specific declared type: only executable signatures were looked for, and none found.
    public static let contentNotSniffed = TraceCode("content-not-sniffed", .content, .info)
    /// The sniffed type has no file extension; the name is kept.
    public static let contentNoExtension = TraceCode("content-no-extension", .content, .info)
    /// The content is an executable behind a name that does not say so.
    public static let contentExecutable = TraceCode("content-executable", .content, .info)
    /// `.download` appended because the content is executable (`.neutralize`).
    public static let contentNeutralized = TraceCode("content-neutralized", .content, .info)
    /// A disguise trick seen in the name.
    public static let disguise = TraceCode("disguise", .sanitizer, .notice)
    /// The risk class of the final name.
    public static let risk = TraceCode("risk", .sanitizer, .info)
    /// The download-or-display decision.
    public static let decision = TraceCode("decision", .decision, .info)
    /// Displaying conflicts with the name's extension.
    public static let decisionConflict = TraceCode("decision-conflict", .decision, .notice)
    /// The final name.
    public static let result = TraceCode("result", .decision, .outcome)

    /// The code of a sanitizer change: `sanitize-` followed by the change's own code.
    public static func sanitizerChange(_ changeCode: some CustomStringConvertible) -> TraceCode {
      TraceCode(sanitizerPrefix + changeCode.description, .sanitizer, .info)
    }

    /// What every sanitizer change's code begins with.
    static let sanitizerPrefix = "sanitize-"

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
