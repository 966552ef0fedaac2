// RFC 2047 encoded words, as some servers put them inside `filename`:
//   encoded-word = "=?" charset [ "*" language ] "?" encoding "?" encoded-text "?="
//   encoding     = "B" / "Q"
// Whitespace between two adjacent encoded words is dropped (§6.2); other text is kept.
enum RFC2047 {
  enum Result {
    /// At least one word decoded; every word decoded.
    case decoded(String, Charset)
    /// Something shaped like an encoded word did not decode, or a word's head has no `?=`.
    case invalid
  }

  /// Decodes the encoded words in ASCII `bytes`; nil when there are none.
  static func decode(_ bytes: [UInt8], steps: inout StepCount) -> Result? {
    steps.add(bytes.count)
    var out = ""
    var i = 0
    var found = false
    var firstCharset: Charset? = nil
    var lastWasWord = false
    var literalStart = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "="), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") {
        let parsed = word(bytes, at: i, steps: &steps)
        guard case .word(let text, let charset, let end) = parsed else {
          // A word's head with no "?=" after it is a broken word, not text (issue 14 item 3).
          if case .unterminated = parsed { return .invalid }
          i += 1
          continue
        }
        // Flush the literal text before this word (dropping whitespace between two words).
        let literal = bytes[literalStart..<i]
        if !(lastWasWord && literal.allSatisfy(ASCII.isHTTPWhitespace)) {
          out += String(decoding: literal, as: UTF8.self)
        }
        if charset == nil { return .invalid }
        out += text
        firstCharset = firstCharset ?? charset
        found = true
        lastWasWord = true
        i = end
        literalStart = end
        continue
      }
      if !ASCII.isHTTPWhitespace(bytes[i]) { lastWasWord = false }
      i += 1
    }
    guard found, let firstCharset else {
      steps.add(bytes.count)
      return bytes.count > 2 && containsWordShape(bytes) ? .invalid : nil
    }
    out += String(decoding: bytes[literalStart...], as: UTF8.self)
    return .decoded(out, firstCharset)
  }

  /// `=?` … `?=` with two inner `?`: looks like an encoded word even if it fails to decode.
  /// Only the first `=?` needs checking: it has the most text after it. One pass.
  static func containsWordShape(_ bytes: [UInt8]) -> Bool {
    var i = 0
    while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "=") && bytes[i + 1] == UInt8(ascii: "?")) { i += 1 }
    guard i + 1 < bytes.count else { return false }
    var q = 0
    var j = i + 2
    while j + 1 < bytes.count {
      if bytes[j] == UInt8(ascii: "?") {
        if bytes[j + 1] == UInt8(ascii: "=") && q >= 2 { return true }
        q += 1
      }
      j += 1
    }
    return false
  }

  /// What `word(_:at:)` found.
  enum Word {
    /// Not an encoded word at this position.
    case notWord
    /// The start of a word with no `?=` anywhere after it.
    case unterminated
    /// A word: its text, its charset (nil when it did not decode) and where it ends.
    case word(String, Charset?, Int)
  }

  /// Parses one word at `start`.
  static func word(_ b: [UInt8], at start: Int, steps: inout StepCount) -> Word {
    var i = start + 2
    defer { steps.add(i - start) }
    let csStart = i
    while i < b.count && b[i] != UInt8(ascii: "?") && b[i] > 0x20 { i += 1 }
    guard i < b.count, b[i] == UInt8(ascii: "?"), i > csStart else { return .notWord }
    // RFC 2231 §5 lets a language follow the charset after `*`; the label is cut there (by byte).
    let labelEnd = b[csStart..<i].firstIndex(of: UInt8(ascii: "*")) ?? i
    let label = String(decoding: b[csStart..<labelEnd], as: UTF8.self)
    i += 1
    guard i + 1 < b.count, b[i + 1] == UInt8(ascii: "?") else { return .notWord }
    let encoding = ASCII.lowercase(b[i])
    guard encoding == UInt8(ascii: "b") || encoding == UInt8(ascii: "q") else { return .notWord }
    i += 2
    let textStart = i
    while i + 1 < b.count && !(b[i] == UInt8(ascii: "?") && b[i + 1] == UInt8(ascii: "=")) { i += 1 }
    guard i + 1 < b.count else { return .unterminated }
    let encoded = b[textStart..<i]
    let end = i + 2
    let raw: [UInt8]? =
      encoding == UInt8(ascii: "b") ? encoded.withUnsafeBufferPointer(Base64.decode) : decodeQ(encoded)
    // Labels resolve as browsers resolve them (WHATWG: `iso-8859-1` is windows-1252; issue 14 item 5).
    guard let raw, let charset = ParameterResolver.charset(label: label.utf8, strict: false),
      let text = charset.decode(raw)
    else {
      return .word("", nil, end)
    }
    return .word(text, charset, end)
  }

  /// Q encoding (§4.2): `_` is a space, `=XX` a byte.
  static func decodeQ(_ s: ArraySlice<UInt8>) -> [UInt8]? {
    PercentEncoding.decodeStrict(s, marker: UInt8(ascii: "="), literal: { $0 == UInt8(ascii: "_") ? 0x20 : $0 })?.bytes
  }
}

/// Base64 (RFC 4648 §4) decoding, tolerant of missing padding.
enum Base64 {
  static func decode(_ s: some Collection<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(s.count / 4 * 3 + 2)
    var acc: UInt32 = 0
    var bits = 0
    var padding = false
    for c in s {
      let v: UInt32
      switch c {
      case 0x41...0x5A: v = UInt32(c - 0x41)
      case 0x61...0x7A: v = UInt32(c - 0x61 + 26)
      case 0x30...0x39: v = UInt32(c - 0x30 + 52)
      case UInt8(ascii: "+"), UInt8(ascii: "-"): v = 62
      case UInt8(ascii: "/"), UInt8(ascii: "_"): v = 63
      case UInt8(ascii: "="):
        padding = true
        continue
      default: return nil
      }
      if padding { return nil }
      acc = acc << 6 | v
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8((acc >> UInt32(bits)) & 0xFF))
      }
    }
    return out
  }
}
