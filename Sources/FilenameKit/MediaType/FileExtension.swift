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
  static func isTarCompressor(_ ext: Substring) -> Bool { isTarCompressor(bytes: ext.utf8) }

  /// `isTarCompressor(_:)` for the extension's UTF-8 bytes.
  static func isTarCompressor(bytes: some Collection<UInt8>) -> Bool {
    guard let key = packedLowercased(bytes) else { return false }
    return tarCompressorKeys.contains(key)
  }

  /// Splits a name into stem and extension (without the dot). The extension is nil when the name
  /// has no dot after its first character, or ends with a dot.
  public static func split(_ name: Substring) -> (stem: Substring, ext: Substring?) {
    // Found on the bytes in place, not by String index steps, each of which is checked.
    // `withUTF8`: the UTF-8 view's `withContiguousStorageIfAvailable` is not specialized for a
    // substring.
    var copy = name
    guard let (stemEnd, extStart) = copy.withUTF8(extensionBounds) else { return (name[...], nil) }
    let utf8 = name.utf8
    return (
      name[..<utf8.index(utf8.startIndex, offsetBy: stemEnd)], name[utf8.index(utf8.startIndex, offsetBy: extStart)...]
    )
  }

  /// The byte offsets where the stem ends and the extension starts in a name's UTF-8 bytes, or nil
  /// when the name has no dot after its first byte, or ends with one.
  static func extensionBounds(_ b: UnsafeBufferPointer<UInt8>) -> (stemEnd: Int, extStart: Int)? {
    var dot = b.count - 1
    while dot > 0, b[dot] != UInt8(ascii: ".") { dot -= 1 }
    guard dot > 0, dot + 1 < b.count else { return nil }
    // `.tar.gz`: take `tar.` too when the stem still has something before it. The `.tar` before
    // the dot is looked for first (three bytes and a dot): most names have none, and the
    // compressor table is not consulted for them.
    let tarDot = dot - 4
    if tarDot > 0, b[tarDot] == UInt8(ascii: "."), ASCII.equalsLowercasedBytes(b[(tarDot + 1)..<dot], "tar"),
      isTarCompressor(bytes: b[(dot + 1)...])
    {
      return (tarDot, tarDot + 1)
    }
    return (dot, dot + 1)
  }

  /// Splits a name into stem and extension; see `split(_:)` for substrings.
  public static func split(_ name: String) -> (stem: Substring, ext: Substring?) { split(name[...]) }

  /// The extension (without the dot), or nil.
  public static func of(_ name: String) -> Substring? {
    var copy = name
    guard let (_, extStart) = copy.withUTF8(extensionBounds) else { return nil }
    return name[name.utf8.index(name.utf8.startIndex, offsetBy: extStart)...]
  }

  /// Lowercases ASCII letters only (extensions are compared ASCII-case-insensitively).
  static func lowercasedASCII(_ s: some StringProtocol) -> String {
    // Usually already lowercase: then a plain copy (inline, no allocation, for short strings).
    if !s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return String(s) }
    return String(decoding: s.utf8.map(ASCII.lowercase), as: UTF8.self)
  }
}
