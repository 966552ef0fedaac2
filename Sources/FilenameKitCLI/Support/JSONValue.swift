/// A JSON value with ordered object keys: the CLI's output model, and the echoed batch `id`.
/// Serialization keeps member order; equality ignores it, as JSON does.
package enum JSONValue: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  /// A number kept exactly as written (an echoed `id` such as `123456789012345678901234567890`, which
  /// no `Int` or `Double` holds exactly).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case let (.bool(x), .bool(y)): return x == y
    case let (.int(x), .int(y)): return x == y
    case let (.double(x), .double(y)): return x == y
    case let (.number(x), .number(y)): return x == y
    case let (.string(x), .string(y)): return x == y
    case let (.array(x), .array(y)): return x == y
    case let (.object(x), .object(y)):
      // JSON equality: the same members, in any order.
      guard x.count == y.count else { return false }
      let yByKey = Dictionary(y, uniquingKeysWith: { first, _ in first })
      return x.allSatisfy { key, value in yByKey[key].map { $0 == value } ?? false }
    default: return false
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  package init(from decoder: any Decoder) throws {
    if let c = try? decoder.container(keyedBy: Key.self) {
      self = .object(try c.allKeys.map { ($0.stringValue, try c.decode(JSONValue.self, forKey: $0)) })
      return
    }
    if var c = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !c.isAtEnd { items.append(try c.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? c.decode(Int.self) {
      self = .int(i)
    } else if let d = try? c.decode(Double.self) {
      self = .double(d)
    } else {
      self = .string(try c.decode(String.self))
    }
  }

  /// A string value, or null for nil.
  package static func string(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

  /// The compact JSON text of this value.
  package var serialized: String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the compact JSON text of this value as UTF-8.
  package func write(to out: inout [UInt8]) { write(into: &out) }

  /// `write(to:)` into any output.
  func write<Out: ByteOutput>(into out: inout Out) {
    switch self {
    case .null: JSONValue.appendLiteral("null", to: &out)
    case .bool(let b): JSONValue.appendLiteral(b ? "true" : "false", to: &out)
    case .int(let i): JSONValue.appendText(String(i), to: &out)
    case .double(let d):
      JSONValue.appendText(
        d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : "\(d)") : "null", to: &out)
    case .number(let text): JSONValue.appendText(text, to: &out)
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, v) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        v.write(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let pairs):
      out.append(UInt8(ascii: "{"))
      for (i, (k, v)) in pairs.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(k, to: &out)
        out.append(UInt8(ascii: ":"))
        v.write(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Appends a JSON string literal: bytes are copied in runs; only `"`, `\`, C0 and C1 controls, DEL,
  /// U+2028/U+2029 (JavaScript line ends), every bidi control and every invisible format character
  /// (`isInvisible`: ALM, LRM, RLM, the embeddings, overrides and isolates, zero-width characters,
  /// U+FEFF, soft hyphen, fillers, variation selectors, tags, …) are escaped, so the text is the same
  /// JSON and nothing a server sent can hide or reorder what a terminal shows.
  static func writeString<Out: ByteOutput>(_ s: String, to out: inout Out) {
    out.append(UInt8(ascii: "\""))
    writeStringContents(s, to: &out)
    out.append(UInt8(ascii: "\""))
  }

  /// `writeString(_:to:)` for text already in UTF-8 (well formed). Eight bytes at a time are checked
  /// for a byte that may need an escape (below 0x20, `"`, `\`, DEL and above); text with none is
  /// appended whole. Text with some is escaped into a scratch buffer of the worst case's size (every
  /// byte a six-byte `\u00XX`), on the stack when small, through a cursor, and appended once: an
  /// `Array.append` per escaped byte checks uniqueness and capacity each time (a megabyte of
  /// controls is six megabytes of escapes).
  static func writeString<Out: ByteOutput>(utf8 u: UnsafeBufferPointer<UInt8>, to out: inout Out) {
    out.append(UInt8(ascii: "\""))
    writeStringContents(utf8: u, to: &out)
    out.append(UInt8(ascii: "\""))
  }

  /// `writeString(utf8:to:)` without the quotes: a string written in pieces (`JSONFieldWriter`'s
  /// `field(_:pieces:)`) is escaped piece by piece, the same JSON as the joined text's.
  static func writeStringContents<Out: ByteOutput>(utf8 u: UnsafeBufferPointer<UInt8>, to out: inout Out) {
    let first = skipUnescaped(u, from: 0)
    guard first < u.count else {
      out.append(bytes: u)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: u.count * 6) { scratch in
      var w = EscapeCursor(base: scratch.baseAddress!)
      escape(u, from: first, into: &w)
      out.append(bytes: UnsafeBufferPointer(start: scratch.baseAddress, count: w.count))
    }
  }

  /// `writeStringContents(utf8:to:)` of a string's UTF-8. A native or small string lends its
  /// UTF-8 without a copy; only a bridged one is copied.
  static func writeStringContents<Out: ByteOutput>(_ s: String, to out: inout Out) {
    if s.utf8.withContiguousStorageIfAvailable({ writeStringContents(utf8: $0, to: &out) }) != nil { return }
    var copy = s
    copy.withUTF8 { writeStringContents(utf8: $0, to: &out) }
  }

  /// The escaping loop of `writeString(utf8:to:)`, from `first`, the first byte that may need one.
  private static func escape(_ u: UnsafeBufferPointer<UInt8>, from first: Int, into w: inout EscapeCursor) {
    var runStart = 0
    var i = first
    while i < u.count {
      i = skipUnescaped(u, from: i)
      guard i < u.count else { break }
      let b = u[i]
      var width = 1
      switch b {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        w.run(u, runStart, i)
        w.put(UInt8(ascii: "\\"))
        w.put(b)
      case 0x0A, 0x0D, 0x09:
        w.run(u, runStart, i)
        w.put(UInt8(ascii: "\\"))
        w.put(b == 0x0A ? UInt8(ascii: "n") : b == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t"))
      case 0x00..<0x20, 0x7F:
        w.run(u, runStart, i)
        w.escape(0x00, b)
      case 0xC2...0xF4:
        guard i + 1 < u.count, mayBeInvisible(lead: b, second: u[i + 1]) else {
          // The whole sequence is plain: step over it (the text is well formed).
          i += sequenceWidth(lead: b)
          continue
        }
        let (v, n) = JSONValue.decodeScalar(u, at: i)
        guard n > 0, JSONValue.isInvisible(v) else {
          i += max(n, 1)
          continue
        }
        w.run(u, runStart, i)
        w.scalarEscape(v)
        width = n
      default:
        i += 1
        continue
      }
      i += width
      runStart = i
    }
    w.run(u, runStart, u.count)
  }

  /// The first index at or after `start` whose byte may start an escape: below 0x20, `"`, `\\`, DEL,
  /// or a lead byte of a block with an escaped scalar (`mayStartInvisible`); `u.count` if none.
  /// Words of eight bytes with nothing at or above 0x7F and no specials are skipped whole; a word that
  /// has some is looked at byte by byte, and other non-ASCII text (CJK, accents) does not stop the scan.
  @inline(__always)
  private static func skipUnescaped(_ u: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    if let base = u.baseAddress {
      let raw = UnsafeRawPointer(base)
      while i + 8 <= u.count {
        let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if SWAR.hasStringSpecial(w) || SWAR.has(w, 0x7F) {
          for k in i..<(i + 8) where mayEscape(u[k]) { return k }
        }
        i += 8
      }
    }
    while i < u.count && !mayEscape(u[i]) { i += 1 }
    return i
  }

  @inline(__always)
  private static func mayEscape(_ b: UInt8) -> Bool {
    b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0x7F || mayStartInvisible(b)
  }

  /// Lead bytes of the blocks that hold an escaped scalar (see `isInvisible`): C2 (C1, U+00AD),
  /// CD (U+034F), D8 DB DC (Arabic and Syriac format characters), E0 (U+0890–U+08E2), E1 (Hangul
  /// fillers, Khmer, Mongolian), E2 (U+200B–U+206F), E3 (U+3164), EF (U+FE00–U+FFFB), F0 (U+110BD…
  /// U+1D17A), F3 (U+E0000–U+E0FFF).
  @inline(__always)
  private static func mayStartInvisible(_ b: UInt8) -> Bool {
    switch b {
    case 0xC2, 0xCD, 0xD8, 0xDB, 0xDC, 0xE0, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3: return true
    default: return false
    }
  }

  /// Whether a scalar whose UTF-8 begins with `lead`, `second` may be one `isInvisible` escapes: in
  /// the three-byte blocks, only some second bytes lead there (E0 A2-A3: U+0890-U+08E2; E1 85, 9E,
  /// A0: the Hangul fillers, Khmer, Mongolian; E2 80-81: U+2000-U+207F; E3 85: U+3164; EF B8, BB,
  /// BE, BF: U+FE00-U+FE3F, U+FEC0-U+FEFF, U+FF80-U+FFFF), so kana, half-width forms and other text
  /// in those blocks is copied without being decoded.
  @inline(__always)
  private static func mayBeInvisible(lead: UInt8, second: UInt8) -> Bool {
    switch lead {
    case 0xE0: return second == 0xA2 || second == 0xA3
    case 0xE1: return second == 0x85 || second == 0x9E || second == 0xA0
    case 0xE2: return second == 0x80 || second == 0x81
    case 0xE3: return second == 0x85
    case 0xEF: return second == 0xB8 || second == 0xBB || second >= 0xBE
    default: return true
    }
  }

  /// The length of the well-formed UTF-8 sequence that `lead` (0xC2-0xF4) begins.
  @inline(__always)
  private static func sequenceWidth(lead b: UInt8) -> Int { b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2 }

  /// The scalar at `i` of well-formed UTF-8 and its length; (0, 0) when the bytes end early.
  private static func decodeScalar(_ u: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let b = u[i]
    let n = sequenceWidth(lead: b)
    guard i + n <= u.count else { return (0, 0) }
    var v = UInt32(b) & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07)
    for k in 1..<n { v = v << 6 | UInt32(u[i + k] & 0x3F) }
    return (v, n)
  }

  /// C1 controls and the scalars that show nothing or reorder what is around them: every
  /// Default_Ignorable_Code_Point a terminal would not draw and every format character (Cf) that
  /// hides or moves text — bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
  /// zero-width characters, U+FEFF, soft hyphen, CGJ, Hangul and Khmer fillers, Mongolian
  /// selectors, variation selectors, Arabic/Syriac/Egyptian/shorthand/musical format characters,
  /// interlinear annotations, tags — plus U+2028/U+2029.
  static func isInvisible(_ v: UInt32) -> Bool {
    switch v {
    case 0x80...0x9F, 0xAD, 0x34F, 0x600...0x605, 0x61C, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x115F...0x1160,
      0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F,
      0xFEFF, 0xFFA0, 0xFFF0...0xFFFB, 0x110BD, 0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
      0xE0000...0xE0FFF:
      return true
    default: return false
    }
  }

  /// Writes escaped JSON text into a buffer `writeString(utf8:to:)` sized for the worst case.
  private struct EscapeCursor {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always) mutating func put(_ b: UInt8) {
      base[count] = b
      count += 1
    }

    /// `u[start..<end]`, copied whole.
    @inline(__always) mutating func run(_ u: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
      guard end > start, let from = u.baseAddress else { return }
      (base + count).update(from: from + start, count: end - start)
      count += end - start
    }

    /// `\uHHLL` (lowercase hex).
    mutating func escape(_ high: UInt8, _ low: UInt8) {
      let digits: StaticString = "0123456789abcdef"
      let d = digits.utf8Start
      put(UInt8(ascii: "\\"))
      put(UInt8(ascii: "u"))
      put(d[Int(high >> 4)])
      put(d[Int(high & 15)])
      put(d[Int(low >> 4)])
      put(d[Int(low & 15)])
    }

    /// `\uXXXX` for a BMP scalar, or its UTF-16 surrogate pair as two escapes.
    mutating func scalarEscape(_ v: UInt32) {
      guard v > 0xFFFF else {
        escape(UInt8(v >> 8), UInt8(v & 0xFF))
        return
      }
      let w = v - 0x10000
      let high = 0xD800 + (w >> 10)
      let low = 0xDC00 + (w & 0x3FF)
      escape(UInt8(high >> 8), UInt8(high & 0xFF))
      escape(UInt8(low >> 8), UInt8(low & 0xFF))
    }
  }

  /// Appends a literal's bytes (no `String`, no generic `UTF8View` append: this runs for every key).
  @inline(__always)
  static func appendLiteral<Out: ByteOutput>(_ s: StaticString, to out: inout Out) {
    out.append(bytes: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8 as it is (a number's digits: nothing to escape).
  static func appendText<Out: ByteOutput>(_ s: String, to out: inout Out) {
    var s = s
    s.withUTF8 { out.append(bytes: $0) }
  }

}
