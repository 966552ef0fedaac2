/// A character encoding the core can decode names from.
///
/// Labels resolve through the WHATWG Encoding Standard (`gbk`, `x-gbk`, `ks_c_5601-1987`, `sjis`, …;
/// https://encoding.spec.whatwg.org/#names-and-labels), so a label means what it means to a browser:
/// `iso-8859-1`, `latin1`, `us-ascii` and `ascii` are windows-1252. UTF-8, windows-1252,
/// x-user-defined and strict ISO-8859-1 are decoded natively; every other charset goes through ICU
/// (see `TextServices`).
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
    /// windows-1252 as the WHATWG index defines it: every byte decodes (0x81, 0x8D, 0x8F, 0x90
    /// and 0x9D to the C1 control of the same value).
    case windows1252
    /// WHATWG x-user-defined: 0x80-0xFF map to U+F780-U+F7FF.
    case userDefined
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
  /// ISO-8859-1 in its strict sense: C1 bytes 0x80-0x9F are rejected. No label resolves to it
  /// (browsers read the `iso-8859-1` label as windows-1252); it names raw 8-bit header bytes.
  public static let isoLatin1 = Charset(name: "ISO-8859-1", kind: .latin1)
  /// windows-1252, what browsers use for the `iso-8859-1`, `latin1` and `ascii` labels.
  public static let windows1252 = Charset(name: "windows-1252", kind: .windows1252)

  /// Resolves a WHATWG encoding label (case-insensitive, surrounding whitespace ignored).
  ///
  /// Returns `nil` if the label is unknown, or is the WHATWG `replacement` encoding.
  @inlinable public init?(label: some StringProtocol) {
    self.init(labelText: String(label))
  }

  /// `init(label:)` for a `String`, so that a caller in another module does not run the generic.
  @usableFromInline init?(labelText: String) {
    guard let key = Charset.labelKey(labelText), let entry = Charset.labelTable[key] else { return nil }
    self = entry
  }

  /// Whether `label` (read as `init(label:)` reads it) names the WHATWG `replacement` encoding
  /// (Encoding Standard §4.2), which decodes nothing: `init(label:)` gives nil for it too.
  public static func isReplacementLabel(_ label: some StringProtocol) -> Bool {
    labelKey(label).map(replacementLabels.contains) ?? false
  }

  /// The labels of the WHATWG `replacement` encoding.
  static let replacementLabels: Set<String> = [
    "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement",
  ]

  /// A label as the label table keys it: without surrounding ASCII whitespace, ASCII-lowercased;
  /// nil when longer than any label.
  static func labelKey(_ label: some StringProtocol) -> String? {
    var text = String(label)
    return text.withUTF8(labelKey(bytes:))
  }

  /// `labelKey` of UTF-8 `bytes`: the ends found by index, then one lowercased copy (a label is
  /// short, so the key is a small string, not an allocation). Removing the leading whitespace a
  /// byte at a time moved the rest each time (a megabyte of spaces before a label took 10 s).
  static func labelKey(bytes: UnsafeBufferPointer<UInt8>) -> String? {
    func isSpace(_ b: UInt8) -> Bool { ASCII.isHTTPWhitespace(b) || b == 0x0C }
    var start = 0
    var end = bytes.count
    while start < end && isSpace(bytes[start]) { start += 1 }
    while end > start && isSpace(bytes[end - 1]) { end -= 1 }
    // No label is longer than this: a longer text is none, and is not hashed.
    guard end - start <= 64 else { return nil }
    // Invalid UTF-8 is repaired, as `String(decoding:as:)` repairs it.
    return String(unsafeUninitializedCapacity: end - start) { out in
      for k in 0..<(end - start) { out[k] = ASCII.lowercase(bytes[start + k]) }
      return end - start
    }
  }

  /// Resolves a charset name as it appears in RFC 8187 ext-values and RFC 2047 encoded words.
  ///
  /// The same WHATWG label table as `init(label:)`, as browsers use it for these parameters too:
  /// `ISO-8859-1''%e2%82%ac` decodes as windows-1252 (`â‚¬`).
  public init?(mimeName: some StringProtocol) {
    self.init(label: mimeName)
  }

  /// Resolves a charset name as RFC 8187 §3.2.1 reads it (the `strict` profile): `ISO-8859-1` and
  /// its registered aliases are strict Latin-1, which rejects bytes 0x80-0x9F; any other charset
  /// must be written as its registered name (`UTF-8`, `Shift_JIS`, `windows-1251`, in any case), so
  /// browser-tolerated spellings such as `utf8` or `x-sjis` are refused.
  public init?(rfc8187Name name: some StringProtocol) {
    var lower = ""
    for b in name.utf8 { lower.unicodeScalars.append(Unicode.Scalar(ASCII.lowercase(b))) }
    switch lower {
    case "iso-8859-1", "iso_8859-1", "latin1", "l1": self = .isoLatin1
    default:
      guard let c = Charset(label: name), c.name.utf8.count == lower.utf8.count,
        c.name.utf8.elementsEqual(lower.utf8, by: { ASCII.lowercase($0) == $1 })
      else { return nil }
      self = c
    }
  }

  /// The canonical name.
  public var description: String { name }

  /// Decodes `bytes` strictly; nil when any sequence is illegal or unmappable in this charset.
  /// windows-1258 text comes out NFC: its Vietnamese tone marks are combining characters, which
  /// would otherwise stay apart from their letters (file names are NFC everywhere but legacy HFS+).
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
    case .windows1252:
      return Charset.decodeSingleByte(buffer) { Charset.windows1252High[Int($0 - 0x80)] }
    case .userDefined:
      return Charset.decodeSingleByte(buffer) { 0xF700 + UInt16($0) }
    case .icu(let icuName):
      guard firstInvalidLead(buffer) == nil, case .decoded(var s) = TextServices.decode(buffer, icuName: icuName)
      else { return nil }
      guard name == "windows-1258" else { return s }
      return s.withUTF8 { TextServices.normalize($0, form: .nfc) }.map { String(decoding: $0, as: UTF8.self) } ?? s
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
    case .windows1252, .userDefined:
      var out: [UInt8] = []
      out.reserveCapacity(string.utf8.count)
      for s in string.unicodeScalars {
        if s.value < 0x80 {
          out.append(UInt8(s.value))
          continue
        }
        guard
          let b = (0x80...0xFF).first(where: {
            kind == .windows1252
              ? UInt32(Charset.windows1252High[$0 - 0x80]) == s.value : 0xF700 + UInt32($0) == s.value
          })
        else { return nil }
        out.append(UInt8(b))
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
    return String(unsafeUninitializedCapacity: buffer.count + extra) { out in
      var i = 0
      for b in buffer {
        if b < 0x80 {
          out[i] = b
          i += 1
        } else {
          out[i] = 0xC0 | (b >> 6)
          out[i + 1] = 0x80 | (b & 0x3F)
          i += 2
        }
      }
      return i
    }
  }

  /// The WHATWG windows-1252 index for bytes 0x80-0xFF (https://encoding.spec.whatwg.org/index-windows-1252.txt):
  /// 0x80-0x9F as listed, 0xA0-0xFF Latin-1.
  static let windows1252High: [UInt16] =
    [
      0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
      0x017D, 0x008F,
      0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D,
      0x017E, 0x0178,
    ] + (0xA0...0xFF).map { UInt16($0) }

  /// Decodes a single-byte charset whose bytes below 0x80 are ASCII, mapping the rest through `high`
  /// (BMP code points that are not surrogates).
  static func decodeSingleByte(_ buffer: UnsafeBufferPointer<UInt8>, high: (UInt8) -> UInt16) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(buffer.count * 3)
    for b in buffer {
      guard b >= 0x80 else {
        out.append(b)
        continue
      }
      let v = high(b)
      if v < 0x800 {
        out.append(0xC0 | UInt8(v >> 6))
        out.append(0x80 | UInt8(v & 0x3F))
      } else {
        out.append(0xE0 | UInt8(v >> 12))
        out.append(0x80 | UInt8((v >> 6) & 0x3F))
        out.append(0x80 | UInt8(v & 0x3F))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
