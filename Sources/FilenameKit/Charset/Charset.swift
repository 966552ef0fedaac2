/// A character encoding the core can decode names from.
///
/// Labels resolve through the WHATWG Encoding Standard (`gbk`, `x-gbk`, `ks_c_5601-1987`, `sjis`, …),
/// so a label means what it means to a browser. UTF-8 and ISO-8859-1 are decoded natively;
/// every other charset goes through ICU (see `TextServices`).
///
/// Decoding is strict: `decode(_:)` returns nil instead of producing U+FFFD, so a caller can
/// try the next interpretation.
///
/// ```swift
/// Charset(label: "x-gbk")?.name          // "GBK"
/// Charset.utf8.decode([0xE4, 0xB8, 0xAD]) // "中"
/// Charset.utf8.decode([0xD6, 0xD0])       // nil: not UTF-8
/// ```
public struct Charset: Sendable, Hashable, CustomStringConvertible {
  enum Kind: Sendable, Hashable {
    case utf8
    /// ISO-8859-1 as RFC 8187 means it: bytes 0x80-0x9F (C1 controls) are not characters.
    case latin1
    /// Any converter ICU provides, by ICU name.
    case icu(String)
  }

  /// The canonical name (the WHATWG encoding name, or `ISO-8859-1` for true Latin-1).
  public let name: String
  let kind: Kind

  init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// UTF-8.
  public static let utf8 = Charset(name: "UTF-8", kind: .utf8)
  /// ISO-8859-1 in its strict sense (RFC 8187): C1 bytes 0x80-0x9F are rejected.
  public static let isoLatin1 = Charset(name: "ISO-8859-1", kind: .latin1)
  /// windows-1252, what browsers use for the `iso-8859-1`, `latin1` and `ascii` labels.
  public static let windows1252 = Charset(name: "windows-1252", kind: .icu("windows-1252"))

  /// Resolves a WHATWG encoding label (case-insensitive, surrounding whitespace ignored).
  ///
  /// Returns `nil` if the label is unknown, or is the WHATWG `replacement` encoding.
  public init?(label: some StringProtocol) {
    var key: [UInt8] = []
    key.reserveCapacity(label.utf8.count)
    for b in label.utf8 { key.append(ASCII.lowercase(b)) }
    while let f = key.first, ASCII.isHTTPWhitespace(f) || f == 0x0C { key.removeFirst() }
    while let l = key.last, ASCII.isHTTPWhitespace(l) || l == 0x0C { key.removeLast() }
    guard let entry = Charset.labelTable[String(decoding: key, as: UTF8.self)] else { return nil }
    self = entry
  }

  /// Resolves a charset name as it appears in RFC 8187 ext-values and RFC 2047 encoded words:
  /// `ISO-8859-1` is strict Latin-1 there (RFC 8187 §3.2.1); everything else is a WHATWG label.
  public init?(mimeName: some StringProtocol) {
    if mimeName.utf8.count == 5, ASCII.equalsLowercasedBytes(mimeName.utf8, "utf-8") {
      self = .utf8
      return
    }
    var lower = ""
    for b in mimeName.utf8 { lower.unicodeScalars.append(Unicode.Scalar(ASCII.lowercase(b))) }
    if lower == "iso-8859-1" || lower == "iso_8859-1" || lower == "latin1" || lower == "l1" || lower == "iso8859-1" {
      self = .isoLatin1
    } else if let c = Charset(label: mimeName) {
      self = c
    } else {
      return nil
    }
  }

  /// The canonical name.
  public var description: String { name }

  /// Decodes `bytes` strictly; nil when any sequence is illegal or unmappable in this charset.
  public func decode(_ bytes: some Collection<UInt8>) -> String? {
    if let r = bytes.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return r }
    return Array(bytes).withUnsafeBufferPointer { decode(buffer: $0) }
  }

  func decode(buffer: UnsafeBufferPointer<UInt8>) -> String? {
    switch kind {
    case .utf8:
      return UTF8Validation.string(buffer)
    case .latin1:
      for b in buffer where b >= 0x80 && b < 0xA0 { return nil }
      return Charset.decodeLatin1(buffer)
    case .icu(let icuName):
      if case .decoded(let s) = TextServices.decode(buffer, icuName: icuName) { return s }
      return nil
    }
  }

  /// Encodes `string` in this charset; nil when a character has no mapping.
  public func encode(_ string: String) -> [UInt8]? {
    switch kind {
    case .utf8:
      return Array(string.utf8)
    case .latin1:
      var out: [UInt8] = []
      out.reserveCapacity(string.utf8.count)
      for s in string.unicodeScalars {
        guard s.value < 0x100, !(0x80..<0xA0).contains(s.value) else { return nil }
        out.append(UInt8(s.value))
      }
      return out
    case .icu(let icuName):
      return TextServices.encode(string, icuName: icuName)
    }
  }

  /// Decodes every byte as the code point of the same value (lossless, C1 controls included).
  static func decodeLatin1(_ buffer: UnsafeBufferPointer<UInt8>) -> String {
    var extra = 0
    for b in buffer where b >= 0x80 { extra += 1 }
    if extra == 0 { return String(decoding: buffer, as: UTF8.self) }
    let utf8 = [UInt8](unsafeUninitializedCapacity: buffer.count + extra) { out, count in
      var i = 0
      for b in buffer {
        if b < 0x80 {
          out[i] = b; i += 1
        } else {
          out[i] = 0xC0 | (b >> 6); out[i + 1] = 0x80 | (b & 0x3F); i += 2
        }
      }
      count = i
    }
    return String(decoding: utf8, as: UTF8.self)
  }
}
