// RFC 2047 encoded words, as some servers put them inside `filename`:
//   encoded-word = "=?" charset [ "*" language ] "?" encoding "?" encoded-text "?="
//   encoding     = "B" / "Q"
// Whitespace between two adjacent encoded words is dropped (§6.2); other text is kept.
// Bytes a word's charset cannot read become U+FFFD, as Chromium and Firefox decode them (the
// WHATWG Encoding Standard's decoders replace errors); an unknown charset or a bad B or Q payload
// still leaves no text.
enum RFC2047 {
  enum Result {
    /// At least one word decoded; every word decoded. `replaced`: some word's bytes were not valid
    /// in its charset and were read as U+FFFD.
    case decoded(String, Charset, replaced: Bool)
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
    var replaced = false
    var lastWasWord = false
    var literalStart = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "="), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") {
        let parsed = word(bytes, at: i, steps: &steps)
        guard case .word(let text, let charset, let lossy, let end) = parsed else {
          // A word's head with no "?=" after it is a broken word, not text.
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
        replaced = replaced || lossy
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
    return .decoded(out, firstCharset, replaced: replaced)
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
    /// A word: its text, its charset (nil when it did not decode), whether bytes of it were read
    /// as U+FFFD, and where it ends.
    case word(String, Charset?, replaced: Bool, Int)
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
    // Labels resolve as browsers resolve them (WHATWG: `iso-8859-1` is windows-1252).
    guard let raw, let charset = ParameterResolver.charset(label: label.utf8, strict: false) else {
      return .word("", nil, replaced: false, end)
    }
    if let text = charset.decode(raw) { return .word(text, charset, replaced: false, end) }
    guard let text = decodeReplacing(raw, charset, steps: &steps) else { return .word("", nil, replaced: false, end) }
    return .word(text, charset, replaced: true, end)
  }

  /// How many bytes `decodeReplacing` converts at a time: a bad byte then costs at most one
  /// window's work, however long the word.
  static let replacementWindow = 1024

  /// `bytes` in `charset`, each byte where no character of the charset can start read as U+FFFD
  /// (UTF-8 by the maximal-subpart rule the WHATWG UTF-8 decoder uses). Nil when the charset has
  /// no converter. ICU charsets are converted a window at a time and restarted after each bad
  /// byte, so a stateful one (ISO-2022-JP) restarts in its initial state there.
  static func decodeReplacing(_ bytes: [UInt8], _ charset: Charset, steps: inout StepCount) -> String? {
    steps.add(bytes.count)
    guard case .icu(let icuName) = charset.kind else {
      if case .utf8 = charset.kind { return String(decoding: bytes, as: UTF8.self) }
      // windows-1252 and x-user-defined read every byte; strict Latin-1 is no encoded word's.
      return charset.decode(bytes)
    }
    return bytes.withUnsafeBufferPointer { all -> String? in
      var out = ""
      var start = 0
      while start < all.count {
        let end = min(all.count, start + replacementWindow)
        let piece = UnsafeBufferPointer(rebasing: all[start..<end])
        steps.add(2 * piece.count)
        if let text = charset.decode(buffer: piece) {
          out += text
          start = end
          continue
        }
        let lead = charset.firstInvalidLead(piece)
        let converter: Int? =
          if case .illegal(let at) = TextServices.decode(piece, icuName: icuName) { at } else { nil }
        guard let offset = [lead, converter].compactMap({ $0 }).min() else { return nil }
        let good = min(offset, piece.count)
        if good > 0 { out += charset.decode(buffer: UnsafeBufferPointer(rebasing: piece[..<good])) ?? "\u{FFFD}" }
        if end < all.count && good + 4 >= piece.count {
          // A character the window cut (no charset's is longer than 4 bytes): read it whole
          // at the start of the next window.
          start += good
        } else {
          out += "\u{FFFD}"
          start += good + 1
        }
      }
      return out
    }
  }

  /// The end of the encoded word that starts at `i` by RFC 2047 §2's grammar (`=?` charset `?`
  /// `B`/`Q` `?` encoded-text `?=`; a charset is a token without especials, encoded-text printable
  /// ASCII without `?` or space), or nil when none starts there. Each scan stops at its third `?`,
  /// so scanning from every `=?` of a name is linear.
  static func literalWordEnd(_ u: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    guard i + 1 < u.count, u[i] == UInt8(ascii: "="), u[i + 1] == UInt8(ascii: "?") else { return nil }
    var j = i + 2
    while j < u.count && isCharsetByte(u[j]) { j += 1 }
    guard j > i + 2, j + 2 < u.count, u[j] == UInt8(ascii: "?"), u[j + 2] == UInt8(ascii: "?") else { return nil }
    let encoding = ASCII.lowercase(u[j + 1])
    guard encoding == UInt8(ascii: "b") || encoding == UInt8(ascii: "q") else { return nil }
    j += 3
    let textStart = j
    while j < u.count && u[j] > 0x20 && u[j] < 0x7F && u[j] != UInt8(ascii: "?") { j += 1 }
    guard j > textStart, j + 1 < u.count, u[j] == UInt8(ascii: "?"), u[j + 1] == UInt8(ascii: "=") else { return nil }
    return j + 2
  }

  /// RFC 2047 §2: token = 1*<Any CHAR except SPACE, CTLs, and especials>, where
  /// especials = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / DQUOTE / "/" / "[" / "]" / "?" / "." / "=".
  static func isCharsetByte(_ b: UInt8) -> Bool {
    guard b > 0x20 && b < 0x7F else { return false }
    switch b {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "@"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\""), UInt8(ascii: "/"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "."), UInt8(ascii: "="):
      return false
    default: return true
    }
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
