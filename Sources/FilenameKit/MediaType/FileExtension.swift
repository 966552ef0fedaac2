/// File name extensions, with compound extensions (`.tar.gz`) treated as one unit.
///
/// ```swift
/// FileExtension.split("archive.tar.gz")  // ("archive", "tar.gz")
/// FileExtension.split("report.PDF")      // ("report", "PDF")
/// FileExtension.split(".bashrc")         // (".bashrc", nil): a leading dot is not an extension
/// ```
public enum FileExtension {
  /// Compressor suffixes that form one extension with a preceding `.tar`.
  static let tarCompressors: [String] = ["gz", "xz", "bz2", "zst", "lz", "lzma", "lz4", "z", "br", "lzo", "sz"]

  /// `tarCompressors`, each packed into one integer by `packedLowercased` (none is over 4 bytes).
  private static let tarCompressorKeys: [UInt64] = tarCompressors.map { packedLowercased($0.utf8)! }

  /// Up to 4 bytes, ASCII-lowercased and packed into one integer with their count (nil when
  /// longer), so that a short extension is compared without building a String.
  private static func packedLowercased(_ bytes: some Collection<UInt8>) -> UInt64? {
    guard bytes.count <= 4 else { return nil }
    var key: UInt64 = 0
    for b in bytes { key = key << 8 | UInt64(ASCII.lowercase(b)) }
    return key | UInt64(bytes.count) << 32
  }

  /// Whether `ext` is a compressor suffix of `.tar` (`tarCompressors`, any ASCII case).
  static func isTarCompressor(_ ext: Substring) -> Bool {
    guard let key = packedLowercased(ext.utf8) else { return false }
    return tarCompressorKeys.contains(key)
  }

  /// Splits a name into stem and extension (without the dot). The extension is nil when the name
  /// has no dot after its first character, or ends with a dot.
  public static func split(_ name: Substring) -> (stem: Substring, ext: Substring?) {
    let utf8 = name.utf8
    guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else {
      return (name[...], nil)
    }
    let afterDot = utf8.index(after: dot)
    guard afterDot != utf8.endIndex else { return (name[...], nil) }
    var extStart = afterDot
    var stemEnd = dot
    // `.tar.gz`: take `tar.` too when the stem still has something before it.
    if isTarCompressor(name[afterDot...]),
      let prevDot = utf8[..<dot].lastIndex(of: UInt8(ascii: ".")), prevDot != utf8.startIndex,
      ASCII.equalsLowercasedBytes(utf8[utf8.index(after: prevDot)..<dot], "tar")
    {
      extStart = utf8.index(after: prevDot)
      stemEnd = prevDot
    }
    return (name[..<stemEnd], name[extStart...])
  }

  /// Splits a name into stem and extension; see `split(_:)` for substrings.
  public static func split(_ name: String) -> (stem: Substring, ext: Substring?) { split(name[...]) }

  /// The extension (without the dot), or nil.
  public static func of(_ name: String) -> Substring? { split(name[...]).ext }

  /// Lowercases ASCII letters only (extensions are compared ASCII-case-insensitively).
  static func lowercasedASCII(_ s: some StringProtocol) -> String {
    // Usually already lowercase: then a plain copy (inline, no allocation, for short strings).
    if !s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return String(s) }
    return String(decoding: s.utf8.map(ASCII.lowercase), as: UTF8.self)
  }
}
