extension SanitizedFilename {
  /// A disguise trick seen in a name: something that makes a dangerous file look harmless.
  ///
  /// `rawValue` is the stable kebab-case name that JSON output and the trace carry.
  public struct Disguise: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The disguise's stable kebab-case name.
    public let rawValue: String
    /// Wraps a disguise name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The disguise's name.
    public var description: String { rawValue }

    /// A dangerous extension after a decoy one (`invoice.pdf.exe`, `photo.jpg .exe`).
    public static let doubleExtension = Self(rawValue: "double-extension")
    /// Two or more blank-looking characters (whitespace, invisible, braille blank, Hangul
    /// fillers, …) right before the dangerous extension, pushing it out of view.
    public static let whitespacePadding = Self(rawValue: "whitespace-padding")
    /// The input used a bidi control (an embedding, override or isolate, or one of the marks LRM,
    /// RLM, ALM), which reorders what is shown.
    public static let bidiSpoof = Self(rawValue: "bidi-spoof")

    /// The content is an executable but the name's extension or the declared type claims something
    /// harmless (`invoice.pdf` whose bytes are a PE file). Found by `suggestFilename` from the body's
    /// leading bytes, never by the sanitizer alone.
    public static let contentMismatch = Self(rawValue: "content-mismatch")

    /// The Content-Disposition names disagree: the one taken is risky while another of the same
    /// header is a harmless name (`filename="invoice.pdf"; filename*=UTF-8''invoice.exe`), which a
    /// mail scanner, proxy or older client reading that one shows instead. Found by
    /// `suggestFilename`, never by the sanitizer alone.
    public static let headerNameMismatch = Self(rawValue: "header-name-mismatch")

    /// Every disguise, in the order they are reported.
    public static let allCases: [Self] = [
      .doubleExtension, .whitespacePadding, .bidiSpoof, .contentMismatch, .headerNameMismatch,
    ]
  }
}
