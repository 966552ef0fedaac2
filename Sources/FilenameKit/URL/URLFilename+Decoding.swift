// Percent-decoding a name to bytes, then choosing how to read the bytes: UTF-8, the fallback
// charset, a detected charset, or (when none applies) keeping the name as written.
extension URLNameExtractor {
  /// A decoded name and what decoded it.
  struct DecodedName {
    var text: String
    var charset: Charset?
    var guess: CharsetGuess?
  }

  /// A name's escapes decoded, then its bytes read: UTF-8, the fallback charset, a detected charset,
  /// or (when none applies) the name kept as written.
  mutating func decodeName(_ raw: Input, plusIsSpace: Bool) -> DecodedName {
    let (decoded, nonASCII) = percentDecode(raw, plusIsSpace: plusIsSpace)
    if !nonASCII {
      return DecodedName(text: String(decoding: decoded, as: UTF8.self), charset: nil, guess: nil)
    }
    return read(decoded, raw: raw, plusIsSpace: plusIsSpace)
  }

  /// `%XX` escapes decoded to bytes (an invalid escape kept literally), reporting escaped
  /// separators, escaped controls and invalid escapes once each.
  mutating func percentDecode(_ raw: Input, plusIsSpace: Bool) -> (bytes: [UInt8], nonASCII: Bool) {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(raw.count)
    var nonASCII = false
    var sawSeparator = false
    var sawControl = false
    var sawInvalid = false
    let bytes = raw.lazy.map(\.byte)
    var i = raw.startIndex
    while i < raw.endIndex {
      let b = raw[i].byte
      if b == UInt8(ascii: "%") {
        if let v = PercentEncoding.escapedByte(bytes, at: i) {
          if (v == UInt8(ascii: "/") || v == UInt8(ascii: "\\")) && !sawSeparator {
            sawSeparator = true
            diagnostics.append(Diagnostic(.urlEscapedSeparator, at: raw[i].offset))
          }
          if (v < 0x20 || v == 0x7F) && !sawControl {
            sawControl = true
            diagnostics.append(Diagnostic(.urlEscapedControl, at: raw[i].offset))
          }
          if v >= 0x80 { nonASCII = true }
          decoded.append(v)
          i += 3
          continue
        }
        if !sawInvalid {
          sawInvalid = true
          diagnostics.append(Diagnostic(.urlInvalidEscape, at: raw[i].offset))
        }
      }
      if b >= 0x80 { nonASCII = true }
      decoded.append(plusIsSpace && b == UInt8(ascii: "+") ? 0x20 : b)
      i += 1
    }
    return (decoded, nonASCII)
  }

  /// Non-ASCII bytes read as UTF-8, else the fallback charset, else (when enabled) the detected
  /// charset; else the name as written.
  mutating func read(_ decoded: [UInt8], raw: Input, plusIsSpace: Bool) -> DecodedName {
    let at = raw.first?.offset ?? 0
    if let s = UTF8Validation.string(decoded) {
      diagnostics.append(Diagnostic(.urlUTF8, at: at))
      return DecodedName(text: s, charset: .utf8, guess: nil)
    }
    if let fallback = options.fallbackCharset {
      if let s = fallback.decode(decoded) {
        diagnostics.append(Diagnostic(.urlFallbackCharset, at: at, fallback.name))
        return DecodedName(text: s, charset: fallback, guess: nil)
      }
      diagnostics.append(Diagnostic(.urlFallbackCharsetFailed, at: at, fallback.name))
    }
    if options.detectCharset {
      if let best = CharsetDetector.detect(decoded, language: options.language, threshold: options.detectionThreshold) {
        diagnostics.append(Diagnostic(.urlCharsetDetected, at: at, "\(best.charset.name) \(best.confidence)"))
        return DecodedName(text: best.text, charset: best.charset, guess: best)
      }
      let top = CharsetDetector.guesses(for: decoded, language: options.language).first
      diagnostics.append(Diagnostic(.urlCharsetUndetected, at: at, top.map { "\($0.charset.name) \($0.confidence)" }))
    }
    // Nothing reads the bytes: keep the name as written, escapes and all (a trail byte of a
    // legacy character may be ASCII, so decoding only some escapes would split characters).
    diagnostics.append(Diagnostic(.urlEscapesKept, at: at))
    let kept = raw.map { plusIsSpace && $0.byte == UInt8(ascii: "+") ? 0x20 : $0.byte }
    return DecodedName(text: String(decoding: kept, as: UTF8.self), charset: nil, guess: nil)
  }
}
