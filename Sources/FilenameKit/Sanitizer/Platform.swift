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
  /// macOS: 255 bytes of UTF-8 (APFS) and 255 UTF-16 code units of the name's canonical
  /// decomposition (HFS+, Mac OS Extended, still on external and Time Machine disks, stores names
  /// decomposed); `/` and `:` (shown as `/` by the Finder) are forbidden.
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
    /// UTF-16 code units of the canonical decomposition, NFD (HFS+). HFS+ leaves a few ranges
    /// composed (U+2000–U+2FFF, the CJK compatibility ideographs), so this counts a name there
    /// as long or a little longer, never shorter.
    public static let decomposedUTF16CodeUnits = LengthUnits(rawValue: 4)
  }

  /// The longest name the platform accepts, in `lengthUnits`: 255 everywhere.
  public var maxLength: Int { 255 }

  /// How a name's length is measured: UTF-8 bytes on linux, UTF-16 code units on windows, UTF-8
  /// bytes and decomposed UTF-16 code units on macos (APFS and HFS+), all three on portable; where
  /// there are several, a name must fit in each.
  public var lengthUnits: LengthUnits {
    switch self {
    case .linux: return .utf8Bytes
    case .macos: return [.utf8Bytes, .decomposedUTF16CodeUnits]
    case .windows: return .utf16CodeUnits
    case .portable: return [.utf8Bytes, .utf16CodeUnits, .decomposedUTF16CodeUnits]
    }
  }

  /// The name of the unit for messages ("bytes", "UTF-16 code units"). On macos and portable a
  /// name whose decomposition is longer in UTF-16 code units than in UTF-8 bytes (`ΐ`, `ǘ`) counts
  /// as that many "bytes".
  public var lengthUnitName: String {
    self == .windows ? "UTF-16 code units" : "bytes"
  }

  /// The length of `name` in this platform's unit: where there are several (`lengthUnits`), the
  /// largest. UTF-16 never counts more than UTF-8, so portable's is macos's.
  public func length(of name: some StringProtocol) -> Int {
    switch self {
    case .linux: return name.utf8.count
    case .windows: return name.utf16.count
    case .macos, .portable: return Self.hfsLength(name)
    }
  }

  /// The length of one grapheme cluster in this platform's unit.
  func length(of c: Character) -> Int {
    switch self {
    case .linux: return c.utf8.count
    case .windows: return c.utf16.count
    case .macos, .portable: return Self.hfsLength(String(c))
    }
  }

  /// The length of one scalar in this platform's unit.
  func length(of s: Unicode.Scalar) -> Int {
    switch self {
    case .linux: return UTF8.width(s)
    case .windows: return UTF16.width(s)
    case .macos, .portable: return s.value < 0xC0 ? UTF8.width(s) : Self.hfsLength(String(s))
    }
  }

  /// The length macos and portable count: the larger of `text`'s UTF-8 bytes and the UTF-16 units
  /// of its canonical decomposition (HFS+). ICU is asked only when the decomposition can be the
  /// larger (`mayDecomposeLongerThanUTF8`): never for ASCII, CJK, Hangul or most accented text.
  static func hfsLength(_ text: some StringProtocol) -> Int {
    let bytes = text.utf8.count
    // Read from the string's contiguous bytes (a UTF8View loop steps a string index per byte), its
    // ASCII words skipped: every byte the rule looks for is at or above 0x80.
    let may =
      text.utf8.withContiguousStorageIfAvailable {
        mayDecomposeLongerThanUTF8(UnsafeBufferPointer(rebasing: $0[ByteScan.asciiWordsEnd($0, from: 0)...]))
      } ?? mayDecomposeLongerThanUTF8(text.utf8)
    guard may else { return bytes }
    return Swift.max(bytes, decomposedUTF16Count(text))
  }

  /// Whether UTF-8 `bytes` hold a scalar of a block where a canonical decomposition has more UTF-16
  /// units than the scalar has UTF-8 bytes. Unicode 15 (ICU 72) has 69 such scalars: Latin letters
  /// with two diacritics (U+01D5–U+0231: lead byte C7 or C8), U+0390 and U+03B0 (lead CE), Greek
  /// Extended with a ypogegrammeni (U+1F82–U+1FAF: E1 BE), musical symbols (U+1D160–U+1D164,
  /// U+1D1BD–U+1D1C0: F0 9D). A decomposition is made scalar by scalar, so without one of them the
  /// decomposed text is never the longer. A test checks the rule against ICU for every scalar.
  static func mayDecomposeLongerThanUTF8(_ bytes: some Sequence<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for b in bytes {
      switch b {
      case 0xC7, 0xC8, 0xCE: return true
      case 0xBE where previous == 0xE1, 0x9D where previous == 0xF0: return true
      default: previous = b
      }
    }
    return false
  }

  /// UTF-16 code units of the canonical decomposition (NFD) of `text`: the length HFS+ counts.
  /// The count is additive (a decomposition is made scalar by scalar, and reordering marks keeps
  /// their number), so clusters and scalars can be summed. Text below U+00C0 has no decomposition
  /// and is never passed to ICU; when ICU fails, the UTF-16 count of the text as it is.
  static func decomposedUTF16Count(_ text: some StringProtocol) -> Int {
    var copy = String(text)
    if !ASCII.containsByte(in: copy, where: { $0 >= 0xC3 }) { return text.utf16.count }
    let decomposed = copy.withUTF8 { TextServices.normalize($0, form: .nfd) }
    guard let decomposed else { return text.utf16.count }
    // One unit per scalar, two for a scalar beyond the BMP (a 4-byte UTF-8 lead, 0xF0 or above).
    var units = 0
    for b in decomposed where b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
    return units
  }

  /// Whether Windows naming rules apply (reserved names, no trailing dots or spaces).
  var hasWindowsRules: Bool { self == .windows || self == .portable }

  /// Whether the platform forbids an ASCII character other than the separators and controls.
  func forbids(_ v: UInt32) -> Bool {
    v > 0x20 && v < 0x7F && v != 0x2F && v != 0x5C && !plainASCII.contains(UInt8(v))
  }

  /// The printable ASCII characters (U+0021–U+007E) a name keeps as they are here: all but the
  /// separators `/` and `\` and what the platform forbids, which is `:` on macos (Finder shows
  /// it as `/`) and `< > : " | ? *` on windows and portable (Microsoft, "Naming Files, Paths,
  /// and Namespaces").
  var plainASCII: ASCIISet {
    switch self {
    case .linux: ASCIISet(low: 0xFFFF_7FFE_0000_0000, high: 0x7FFF_FFFF_EFFF_FFFF)
    case .macos: ASCIISet(low: 0xFBFF_7FFE_0000_0000, high: 0x7FFF_FFFF_EFFF_FFFF)
    case .windows, .portable: ASCIISet(low: 0x2BFF_7BFA_0000_0000, high: 0x6FFF_FFFF_EFFF_FFFF)
    }
  }
}
