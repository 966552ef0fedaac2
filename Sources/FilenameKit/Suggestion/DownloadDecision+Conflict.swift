extension DownloadDecision {
  /// Why displaying a renderable response conflicts with its file name.
  public struct Conflict: Sendable, Hashable, CustomStringConvertible {
    /// What kind of conflict.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
      /// The code's stable kebab-case name.
      public let rawValue: String
      /// Wraps a code name.
      public init(rawValue: String) { self.rawValue = rawValue }
      /// The code's name.
      public var description: String { rawValue }
      /// The name is an executable or shortcut (`setup.exe` as `text/html`).
      public static let riskyExtension = Code(rawValue: "risky-extension")
      /// The name is an archive, installer, disk image or office document nobody displays inline.
      public static let downloadOnlyExtension = Code(rawValue: "download-only-extension")
      /// Every code.
      public static let allCases: [Code] = [.riskyExtension, .downloadOnlyExtension]
    }

    /// What kind of conflict.
    public let code: Code
    /// A human explanation (composed when read).
    public var detail: String {
      "\(essence) is renderable but the name \(filename) has a download-only extension"
    }
    /// The human explanation.
    public var description: String { detail }
    /// What `detail` names: the media type's essence, and the file name.
    let essence: String
    let filename: String
  }
}
