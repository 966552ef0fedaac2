/// A file system family whose naming rules a sanitized name must satisfy.
///
/// ```swift
/// Platform.windows.maxLength                 // 255, in UTF-16 code units
/// Platform.linux.length(of: "résumé.pdf")    // 12 (UTF-8 bytes)
/// Platform.windows.length(of: "résumé.pdf")  // 10 (UTF-16 code units)
/// ```
///
/// `portable` is valid on every other platform at once: the union of their forbidden characters,
/// the Windows reserved names, and a length measured in both units (the larger counts).
public enum Platform: String, Sendable, Hashable, CaseIterable {
  /// Linux file systems (ext4, Btrfs, XFS): 255 bytes of UTF-8; only `/` and NUL are forbidden.
  case linux
  /// macOS (APFS): 255 bytes of UTF-8; `/` and `:` (shown as `/` by the Finder) are forbidden.
  case macos
  /// Windows (NTFS, exFAT): 255 UTF-16 code units; `<>:"/\|?*`, reserved device names,
  /// and trailing dots and spaces are not allowed.
  case windows
  /// Valid everywhere at once: the strictest union of the other three.
  case portable

  /// iOS, iPadOS, visionOS, watchOS and tvOS store files on APFS, whose naming rules are macOS's, so
  /// this is `macos`, under the name people look for.
  public static let ios: Platform = .macos

  /// The platform this code runs on: `windows` on Windows, `macos` on Darwin, `linux` elsewhere.
  public static var current: Platform {
    #if os(Windows)
      return .windows
    #elseif canImport(Darwin)
      return .macos
    #else
      return .linux
    #endif
  }

  /// The units a name's length is measured in.
  public struct LengthUnits: OptionSet, Sendable, Hashable {
    /// The raw bit set.
    public let rawValue: UInt8
    /// Wraps a raw bit set.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bytes of UTF-8 (ext4, APFS).
    public static let utf8Bytes = LengthUnits(rawValue: 1)
    /// UTF-16 code units (NTFS).
    public static let utf16CodeUnits = LengthUnits(rawValue: 2)
  }

  /// The longest name the platform accepts, in `lengthUnits`: 255 everywhere.
  public var maxLength: Int { 255 }

  /// How a name's length is measured: UTF-8 bytes on linux and macos, UTF-16 code units on
  /// windows, both on portable (where a name must fit in each).
  public var lengthUnits: LengthUnits {
    switch self {
    case .linux, .macos: return .utf8Bytes
    case .windows: return .utf16CodeUnits
    case .portable: return [.utf8Bytes, .utf16CodeUnits]
    }
  }

  /// The name of the unit for messages ("bytes", "UTF-16 code units").
  public var lengthUnitName: String {
    self == .windows ? "UTF-16 code units" : "bytes"
  }

  /// The length of `name` in this platform's unit; for `portable`, the larger of the two
  /// (which is always the UTF-8 byte count).
  public func length(of name: some StringProtocol) -> Int {
    switch self {
    case .linux, .macos: return name.utf8.count
    case .windows: return name.utf16.count
    case .portable: return Swift.max(name.utf8.count, name.utf16.count)
    }
  }

  /// The length of one grapheme cluster in this platform's unit.
  func length(of c: Character) -> Int {
    switch self {
    case .linux, .macos: return c.utf8.count
    case .windows: return c.utf16.count
    case .portable: return Swift.max(c.utf8.count, c.utf16.count)
    }
  }

  /// The length of one scalar in this platform's unit.
  func length(of s: Unicode.Scalar) -> Int {
    switch self {
    case .linux, .macos: return UTF8.width(s)
    case .windows: return UTF16.width(s)
    case .portable: return Swift.max(UTF8.width(s), UTF16.width(s))
    }
  }

  /// Whether Windows naming rules apply (reserved names, no trailing dots or spaces).
  var hasWindowsRules: Bool { self == .windows || self == .portable }

  /// Whether the platform forbids an ASCII character other than the separators and controls.
  func forbids(_ v: UInt32) -> Bool {
    switch self {
    case .linux: return false
    case .macos: return v == 0x3A  // ':'
    case .windows, .portable:
      // < > : " | ? *
      return v == 0x3C || v == 0x3E || v == 0x3A || v == 0x22 || v == 0x7C || v == 0x3F || v == 0x2A
    }
  }
}
