extension ContentDisposition {
  /// Parses `bytes`, and when a raw 8-bit `filename` is not UTF-8 and no fallback
  /// charset was given, guesses its charset and parses again with the guess as the fallback: the
  /// rule `suggestFilename`, the CLI's `disposition` and the batch `disposition` op share. Only in
  /// `.compatible` with `detectCharset` on; a hint always beats a guess, and valid UTF-8 is never
  /// re-read. `language` (a BCP 47 tag or an `Accept-Language` value) re-weights the guess.
  ///
  /// A guess below `CharsetDetector.defaultThreshold` is not applied, a Western one (windows-1252,
  /// what the ISO-8859-1 default gives) included; one stray byte touching no letter is read as
  /// Latin-1 (as RFC 6266 reads it and tc2231 shows browsers do: `foo-ä.html`) only when the
  /// Latin-script code pages agree on it (`CharsetDetector.loneByteReading`, with its confidence).
  /// Otherwise the name keeps its bytes visible, each byte >= 0x80 as a `%XX` escape (as URL names
  /// keep theirs), with the diagnostic `raw-8bit-undetected`. Returns the guess when it was used.
  @inlinable
  public static func parseDetectingCharset(
    _ bytes: some Collection<UInt8>, options: Options, language: String? = nil
  ) -> (disposition: ContentDisposition, guess: CharsetGuess?) {
    // Inlinable, so only the buffer crosses the module boundary (as `init(parsing:options:)`).
    if let r = bytes.withContiguousStorageIfAvailable({ parseDetectingCharset(buffer: $0, options, language) }) {
      return r
    }
    return Array(bytes).withUnsafeBufferPointer { parseDetectingCharset(buffer: $0, options, language) }
  }

  /// `parseDetectingCharset` of contiguous bytes.
  @usableFromInline static func parseDetectingCharset(
    buffer bytes: UnsafeBufferPointer<UInt8>, _ options: Options, _ language: String?
  ) -> (disposition: ContentDisposition, guess: CharsetGuess?) {
    let cd = ContentDisposition(parsing: bytes, options: options)
    guard options.fallbackCharset == nil, options.detectCharset, options.profile == .compatible,
      let at = cd.diagnostics.first(where: { $0.code == .raw8bitLatin1 })
    else { return (cd, nil) }
    let parameterName = "filename"
    // The name the parse chose: RFC 2231 continuations are guessed on their joined bytes, as one
    // name (each section alone is too short to read, or splits a character).
    let continued = cd.firstCandidate?.source == .dispositionContinuation
    guard let raw = continued ? cd.plainContinuationBytes() : cd.parameter(parameterName)?.rawValue else {
      return (cd, nil)
    }
    // The detector scores only the name's first KiB and decodes no more of it: the parse below
    // decodes the whole name once, with the charset chosen (a 1 MiB name was decoded
    // by the detector and then again by the parse).
    let (guesses, whole) = CharsetDetector.prefixGuesses(raw, language: language)
    guard let best = guesses.first, best.charset != .utf8,
      whole || best.confidence >= CharsetDetector.defaultThreshold || CharsetDetector.decodes(raw, as: best.charset)
    else { return (cd, nil) }
    var applied = best
    if best.confidence < CharsetDetector.defaultThreshold {
      guard let latin = CharsetDetector.loneByteReading(raw) else {
        return (cd.keepingRawBytesVisible(best, at: at.offset), nil)
      }
      // A byte 0xA0-0xFF reads the same in Latin-1 and windows-1252: the parse's text is the reading.
      guard raw.contains(where: { $0 >= 0x80 && $0 < 0xA0 }) else { return (cd, latin) }
      applied = latin
    }
    var guessed = options
    guessed.fallbackCharset = applied.charset
    let reparsed = ContentDisposition(parsing: bytes, options: guessed)
    guard !whole else { return (reparsed, applied) }
    // A longer name: the guess's text is the parse's, when the chosen charset read all of it
    // (a name it does not read is no guess, as `CharsetDetector.guesses` gives none for it).
    let read =
      continued
      ? reparsed.firstCandidate.map { ($0.charset, $0.name) }
      : reparsed.parameter(parameterName).map { ($0.charset, $0.value) }
    guard let (charset, value) = read, charset == applied.charset, let text = value else { return (cd, nil) }
    return (
      reparsed,
      CharsetGuess(charset: applied.charset, text: text, confidence: applied.confidence, language: applied.language)
    )
  }

  /// This disposition with every candidate read from raw 8-bit bytes as ISO-8859-1 spelt instead as
  /// its bytes, those >= 0x80 `%XX`-escaped, and a `raw-8bit-undetected` diagnostic naming the
  /// detector's unsure best reading.
  func keepingRawBytesVisible(_ best: CharsetGuess, at offset: Int) -> ContentDisposition {
    var copy = self
    func visible(_ c: FilenameCandidate) -> FilenameCandidate {
      guard c.decoding == nil, c.charset == .isoLatin1 || c.charset == .windows1252,
        c.source == .disposition,
        let p = parameter(c.source.rawValue), p.rawStorage != nil
      else { return c }
      // One pass straight into the String's storage, sized first (a 1 MiB raw name was appended to
      // a String scalar by scalar, then to a growing array byte by byte).
      let raw = p.rawValue
      var length = raw.count
      for b in raw where b >= 0x80 { length += 2 }
      let name = String(unsafeUninitializedCapacity: length) { out in
        var i = 0
        for b in raw {
          if b < 0x80 {
            out[i] = b
            i += 1
          } else {
            (out[i], out[i + 1], out[i + 2]) = PercentEncoding.escape(b)
            i += 3
          }
        }
        return i
      }
      return FilenameCandidate(name: name, source: c.source, charset: nil, decoding: nil)
    }
    var fields = copy.fields
    fields.firstCandidate = firstCandidate.map(visible)
    fields.otherCandidates = otherCandidates.map(visible)
    fields.diagnostics.append(
      Diagnostic(.raw8bitUndetected, at: offset, "\(best.charset.name) \(best.confidence)"))
    copy.fields = fields
    return copy
  }
}

extension ContentDisposition {
  /// The bytes of `filename*0`, `filename*1`, … joined in order, when every section is plain (no
  /// ext-value), each number is given once, and they run from 0 without a gap; else nil.
  func plainContinuationBytes() -> [UInt8]? {
    var sections: [(index: Int, parameter: Parameter)] = []
    for p in parameters {
      guard p.name.utf8.count > 9, p.name.utf8.starts(with: "filename*".utf8) else { continue }
      // A section number is digits without a leading zero (RFC 2231 §3); `filename*0*` is an ext-value.
      let digits = p.name.dropFirst(9)
      guard digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), digits == "0" || digits.first != "0",
        let n = Int(digits)
      else { return nil }
      sections.append((n, p))
    }
    sections.sort { $0.index < $1.index }
    var joined: [UInt8] = []
    for (k, section) in sections.enumerated() {
      guard section.index == k else { return nil }
      joined += section.parameter.rawValue
    }
    return sections.isEmpty ? nil : joined
  }
}
