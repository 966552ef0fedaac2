extension Suggestion {
  /// The name's extension and the declared media type disagree (`setup.exe` served as
  /// `application/pdf`): the extension step keeps a registered extension rather than "fix" it, as
  /// browsers do, and reports the disagreement here (and as the trace code `extension-mismatch`).
  ///
  /// It says nothing about the body: content that is not what its name says is the disguise
  /// `content-mismatch`.
  public struct ExtensionMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The name's extension, lowercased, without its dot (`exe`).
    public let fileExtension: String
    /// The declared media type's essence (`application/pdf`).
    public let mediaType: String
    /// The media type's preferred extension (`pdf`); nil when the registry gives it none.
    public let expected: String?

    /// The mismatch of `fileExtension` with `mediaType`, whose preferred extension is looked up.
    init(fileExtension: String, mediaType: MediaType) {
      self.fileExtension = fileExtension
      self.mediaType = mediaType.essence
      self.expected = mediaType.preferredExtension
    }

    /// `.exe does not fit application/pdf (expected .pdf)`.
    public var description: String {
      ".\(fileExtension) does not fit \(mediaType)" + (expected.map { " (expected .\($0))" } ?? "")
    }
  }
}
