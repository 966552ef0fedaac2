// The Content-Disposition tokenizer: one pass over the bytes, collecting raw parameters and
// diagnostics; the profile decides which problems make the whole header invalid.
//
// RFC 6266 §4.1:
//   content-disposition = "Content-Disposition" ":" disposition-type *( ";" disposition-parm )
//   disposition-type    = "inline" | "attachment" | disp-ext-type
//   disposition-parm    = filename-parm | disp-ext-parm
//   filename-parm       = "filename" "=" value | "filename*" "=" ext-value
//   value               = token | quoted-string

struct DispositionParser {
  let input: UnsafeBufferPointer<UInt8>
  let options: ContentDisposition.Options
  var i = 0
  var diagnostics = DiagnosticList()
  /// Parameters as found: byte ranges, nothing decoded (the resolver builds the public values).
  var parameters = RawParameterList()
  /// The own bytes of quoted values that held escapes, one after another (`RawParameter.escapedRange`).
  var escapedBytes: [UInt8] = []
  /// The legacy charsets quoted values were read in (`RawParameter.legacyIndex`).
  var legacyCharsets: [Charset] = []
  /// Bytes of quoted strings the charset detector may still read (`legacyCharset(from:)`).
  var legacyDetectionBudget = DispositionParser.legacyDetectionLimit
  /// The last legacy charset detection found in this header (position in `legacyCharsets`, structure).
  var lastDetectedLegacy: (Int, DoubleByteStructure)? = nil
  /// The fallback charset's position in `legacyCharsets` and structure, once a string needed it
  /// (nil structure: the charset has no second bytes 0x5C).
  var fallbackLegacy: (Int, DoubleByteStructure?)? = nil
  /// Set when the header must be ignored as a whole.
  var invalid = false
  /// Bytes examined, for the linear-work tests (debug builds only).
  var steps = StepCount()

  init(input: UnsafeBufferPointer<UInt8>, options: ContentDisposition.Options) {
    self.input = input
    self.options = options
  }

  /// Parses one header value: the common shapes by the fast path (unless `fastPath` is false, as
  /// when a test compares the two), the rest by the full parser.
  static func run(
    _ input: UnsafeBufferPointer<UInt8>, _ options: ContentDisposition.Options, fastPath: Bool = true
  ) -> ContentDisposition {
    if fastPath, let fast = Self.fastPath(input) {
      WorkMeter.report(input.count + 1)
      fast.checkInvariants(inputCount: input.count)
      return fast
    }
    // Line folds become spaces first (same offsets), so values and continuations read as one line.
    if let (unfolded, fold) = ObsFold.unfolded(input) {
      return unfolded.withUnsafeBufferPointer { bytes in
        var parser = DispositionParser(input: bytes, options: options)
        parser.note(.obsFold, fold)
        return parser.parse()
      }
    }
    var parser = DispositionParser(input: input, options: options)
    return parser.parse()
  }

  var strict: Bool { options.profile == .strict }
  var atEnd: Bool { i >= input.count }

  mutating func note(_ code: Diagnostic.Code, _ offset: Int, _ detail: String? = nil) {
    diagnostics.append(Diagnostic(code, at: offset, detail))
  }

  /// Records a problem that invalidates the header in `strict` (and in both, when `always`).
  /// Returns true when parsing must stop.
  mutating func fault(_ code: Diagnostic.Code, _ offset: Int, always: Bool = false) -> Bool {
    note(code, offset)
    if strict || always {
      invalid = true
      return true
    }
    return false
  }

  mutating func skipOWS() {
    let start = i
    while i < input.count && ASCII.isOWS(input[i]) { i += 1 }
    steps.add(i - start + 1)
  }

  mutating func tokenEnd(from start: Int) -> Int {
    var j = start
    while j < input.count && HTTPToken.isTokenChar(input[j]) { j += 1 }
    steps.add(j - start + 1)
    return j
  }

  /// The first index at or after `j` that is not OWS.
  mutating func owsEnd(from j: Int) -> Int {
    var k = j
    while k < input.count && ASCII.isOWS(input[k]) { k += 1 }
    steps.add(k - j + 1)
    return k
  }

  /// Skips to the next `;` (or the end). A `"` that starts a word (where the skip starts, after
  /// OWS or after `=`) opens a quoted-string, skipped whole with its `;` and quoted-pairs (RFC 9110
  /// §5.6.4); a `"` inside a word is an ordinary byte, as in an unquoted value, so a stray one
  /// cannot hide the `;` of a later parameter.
  mutating func skipToSemicolon() {
    var inQuote = false
    var wordStart = true
    let start = i
    defer { steps.add(i - start + 1) }
    while i < input.count {
      let b = input[i]
      if inQuote {
        if b == UInt8(ascii: "\"") {
          inQuote = false
        } else if b == UInt8(ascii: "\\") {
          i += 1
        }
      } else if b == UInt8(ascii: ";") {
        return
      } else if b == UInt8(ascii: "\"") && wordStart {
        inQuote = true
      }
      wordStart = !inQuote && (ASCII.isOWS(b) || b == UInt8(ascii: "="))
      i += 1
    }
  }

  /// Whether a `=` appears before the next `;` (outside quotes).
  mutating func equalsBeforeSemicolon(from start: Int) -> Bool {
    var j = start
    defer { steps.add(j - start + 1) }
    while j < input.count && input[j] != UInt8(ascii: ";") {
      if input[j] == UInt8(ascii: "=") { return true }
      j += 1
    }
    return false
  }

  /// Whether `token *( OWS ) "="` starts at `j` (a parameter where the type should be).
  mutating func parameterStarts(at j: Int) -> Bool {
    let end = tokenEnd(from: j)
    guard end > j else { return false }
    let k = owsEnd(from: end)
    return k < input.count && input[k] == UInt8(ascii: "=")
  }

  mutating func parse() -> ContentDisposition {
    skipOWS()
    if atEnd {
      note(.emptyHeader, 0)
      return finish(type: .inline, ignored: true, empty: true)
    }
    guard let type = parseType() else { return finish(type: .inline, ignored: true) }
    parseParameters(afterType: type.hadType)
    if invalid { return finish(type: .inline, ignored: true) }
    return finish(type: type.type, ignored: false)
  }

  /// Parses the disposition type. Returns nil when the header is invalid.
  mutating func parseType() -> (type: ContentDisposition.DispositionType, hadType: Bool)? {
    let start = i
    if input[i] == UInt8(ascii: "\"") {
      _ = fault(.quotedType, i, always: true)
      return nil
    }
    let end = tokenEnd(from: i)
    if end == start {
      // `; filename=…` (no type) is tolerated by `compatible`; anything else is not a header.
      if input[i] == UInt8(ascii: ";") && !fault(.missingType, i) {
        return (.attachment, false)
      }
      if input[i] != UInt8(ascii: ";") { _ = fault(.invalidType, i, always: true) }
      return nil
    }
    if parameterStarts(at: start) {
      // `filename=foo.html`: a parameter where the type should be.
      if fault(.missingType, start) { return nil }
      return (.attachment, false)
    }
    i = end
    let name = UnsafeBufferPointer(rebasing: input[start..<end])
    let type: ContentDisposition.DispositionType
    if ASCII.equalsLowercased(name, "inline") {
      type = .inline
    } else if ASCII.equalsLowercased(name, "attachment") {
      type = .attachment
    } else if ASCII.equalsLowercased(name, "form-data") {
      type = .formData
    } else {
      type = .other(ASCII.lowercasedString(name))
      note(.unknownType, start)
    }
    return (type, true)
  }

  /// Parses `*( ";" parameter )` after the type (or from the start when there was none).
  mutating func parseParameters(afterType: Bool) {
    // Whether a separator is owed before the next parameter.
    var needSeparator = afterType
    while !invalid {
      skipOWS()
      if atEnd { return }
      let b = input[i]
      if b == UInt8(ascii: ";") {
        let semicolon = i
        i += 1
        skipOWS()
        if atEnd {
          // A trailing ";": invalid in strict, harmless in compatible.
          _ = fault(.emptyParameter, semicolon)
          return
        }
        if input[i] == UInt8(ascii: ";") {
          if fault(.emptyParameter, i) { return }
          continue
        }
        needSeparator = false
      } else if needSeparator {
        if b == UInt8(ascii: ",") && secondInstanceStarts(after: i) {
          note(.multipleHeaders, i)
          if strict { invalid = true }
          i = input.count
          return
        }
        // Only `;` separates parameters (RFC 6266 §4.1, RFC 9110 §5.6.6), in both browsers too:
        // `attachment filename=c.pdf` has no parameter, and what follows the type is skipped.
        if fault(.missingSemicolon, i) { return }
        skipToSemicolon()
        continue
      }
      parseOneParameter()
      needSeparator = true
    }
  }

  /// Whether a comma at `j` joins a second header instance (`…, attachment; filename=…`).
  mutating func secondInstanceStarts(after j: Int) -> Bool {
    let k = owsEnd(from: j + 1)
    let end = tokenEnd(from: k)
    guard end > k else { return false }
    let word = UnsafeBufferPointer(rebasing: input[k..<end])
    let m = owsEnd(from: end)
    let next: UInt8? = m < input.count ? input[m] : nil
    if ASCII.equalsLowercased(word, "attachment") || ASCII.equalsLowercased(word, "inline") {
      return next == nil || next == UInt8(ascii: ";")
    }
    if ASCII.equalsLowercased(word, "filename") || ASCII.equalsLowercased(word, "filename*") {
      return next == UInt8(ascii: "=")
    }
    return false
  }

  /// Parses `name = value` at `i`.
  mutating func parseOneParameter() {
    let nameStart = i
    let nameEnd = tokenEnd(from: i)
    if nameEnd == nameStart {
      if fault(.trailingJunk, i) { return }
      skipToSemicolon()
      return
    }
    i = nameEnd
    skipOWS()
    guard !atEnd, input[i] == UInt8(ascii: "=") else {
      if equalsBeforeSemicolon(from: i) {
        // `filename *=…`: a broken parameter, ignored on its own (tc2231 attwithfn2231ws1).
        note(.malformedParameter, nameStart)
      } else {
        // `attachment; inline; …`: a bare token is not a parameter.
        if fault(.bareToken, nameStart) { return }
      }
      // Skipped from its name, so a `"` right after the name is inside the word (`ef"gh`).
      i = nameStart
      skipToSemicolon()
      return
    }
    i += 1
    skipOWS()
    if !atEnd && input[i] == UInt8(ascii: "\"") {
      guard let value = parseQuotedString() else { return }
      parameters.append(
        RawParameter(
          nameRange: nameStart..<nameEnd, rawRange: value.range, quoted: true, escapedRange: value.unescaped,
          legacyIndex: value.legacyIndex))
      // Only OWS may follow the closing quote before `;`.
      skipOWS()
      if !atEnd && input[i] != UInt8(ascii: ";") {
        if input[i] == UInt8(ascii: ",") && secondInstanceStarts(after: i) { return }
        if fault(.trailingJunk, i) { return }
        skipToSemicolon()
      }
    } else if let range = parseTokenValue() {
      parameters.append(
        RawParameter(nameRange: nameStart..<nameEnd, rawRange: range, quoted: false, escapedRange: nil, legacyIndex: -1)
      )
    }
  }

  /// One reading of a quoted-string: where its content lies, where its unescaped bytes lie in
  /// `escapedBytes` when they differ from that range, and where the string ends. Plain data: a
  /// reading is made per string, and copied.
  struct QuotedReading {
    var range: Range<Int>
    var unescaped: Range<Int>? = nil
    var end: Int
    var terminated = false
    var sawControl = false
    /// Whether the string held `\` escapes (in this reading).
    var escaped = false
    /// Whether a `\` followed a byte >= 0x81: it may be the second byte of a legacy character.
    var backslashAfterHigh = false
    /// The position in `legacyCharsets` of the charset the string was read in; -1 when none.
    var legacyIndex = -1
  }

  /// Parses a quoted-string at `i` (on the opening quote). Returns where its content lies and, only
  /// when it held `\x` escapes, where its unescaped bytes lie in `escapedBytes` (the one case that
  /// needs a copy).
  mutating func parseQuotedString() -> QuotedReading? {
    let open = i
    var reading = escapeReading(from: open)
    if reading.backslashAfterHigh && !strict, let legacy = legacyReading(from: open, instead: reading) {
      reading = legacy
    } else if reading.escaped {
      let copyStart = escapedBytes.count
      Self.withUnescaped(input, reading.range) { escapedBytes.append(contentsOf: $0) }
      steps.add(reading.range.count)
      reading.unescaped = copyStart..<escapedBytes.count
    }
    i = reading.end
    steps.add(reading.end - open)
    if reading.sawControl { note(.controlInValue, open) }
    if !reading.terminated && fault(.unterminatedQuotedString, open) { return nil }
    return reading
  }

  /// RFC 9110 §5.6.4: quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text ). Finds the string's end
  /// and what it holds; nothing is copied (`appendUnescaped` copies when the reading is kept).
  mutating func escapeReading(from open: Int) -> QuotedReading {
    var j = open + 1
    let start = j
    var reading = QuotedReading(range: start..<input.count, end: input.count)
    while j < input.count {
      let b = input[j]
      if b == UInt8(ascii: "\"") {
        reading.range = start..<j
        reading.end = j + 1
        reading.terminated = true
        break
      }
      if b == UInt8(ascii: "\\") && j + 1 < input.count {
        if j > start && input[j - 1] >= 0x81 { reading.backslashAfterHigh = true }
        reading.escaped = true
        j += 2
        continue
      }
      if (b < 0x20 && b != 0x09) || b == 0x7F { reading.sawControl = true }
      j += 1
    }
    return reading
  }

  /// Runs `body` on the content `range` of a quoted-string read with escapes (each `\x` as `x`),
  /// unescaped into temporary storage (on the stack when small): no array per string.
  static func withUnescaped<R>(
    _ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(range.count, 1)) { out in
      var n = 0
      var j = range.lowerBound
      while j < range.upperBound {
        if input[j] == UInt8(ascii: "\\") && j + 1 < input.count {
          out[n] = input[j + 1]
          j += 2
        } else {
          out[n] = input[j]
          j += 1
        }
        n += 1
      }
      return body(UnsafeBufferPointer(rebasing: out[..<n]))
    }
  }

  /// The same quoted-string read as a legacy multi-byte charset (Shift_JIS, Big5, GBK/gb18030),
  /// where a byte >= 0x81 may start a character whose second byte is 0x5C (`表` is 95 5C in
  /// Shift_JIS): the string is read this way only when its bytes are well formed in the caller's
  /// fallback charset or, without one, in a detected legacy charset, and the usual reading is not
  /// UTF-8. Decided by the charset's byte structure, nothing converted.
  mutating func legacyReading(from open: Int, instead usual: QuotedReading) -> QuotedReading? {
    guard let (index, structure) = legacyCharset(from: open),
      var reading = legacyWalk(from: open, structure, copy: false)
    else { return nil }
    // The usual reading must not be UTF-8.
    steps.add(usual.range.count)
    if Self.withUnescaped(input, usual.range, UTF8Validation.isWellFormed) { return nil }
    if reading.escaped {
      let copyStart = escapedBytes.count
      _ = legacyWalk(from: open, structure, copy: true)
      reading.unescaped = copyStart..<escapedBytes.count
    }
    reading.legacyIndex = index
    return reading
  }

  /// Reads the quoted-string at `open` in `structure`: a character of the charset is taken whole
  /// (its second byte is no escape), a `\` elsewhere escapes the next byte. Nil when a byte >= 0x80
  /// starts no character of the charset. `copy`: the unescaped bytes are appended to
  /// `escapedBytes`.
  mutating func legacyWalk(from open: Int, _ structure: DoubleByteStructure, copy: Bool) -> QuotedReading? {
    var j = open + 1
    var reading = QuotedReading(range: j..<input.count, end: input.count)
    defer { steps.add(j - open) }
    while j < input.count {
      let b = input[j]
      if b == UInt8(ascii: "\"") {
        reading.range = (open + 1)..<j
        reading.end = j + 1
        reading.terminated = true
        break
      }
      if b >= 0x80 {
        guard let n = structure.characterLength(input, at: j) else { return nil }
        if copy { escapedBytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[j..<(j + n)])) }
        j += n
      } else if b == UInt8(ascii: "\\") && j + 1 < input.count {
        reading.escaped = true
        if copy { escapedBytes.append(input[j + 1]) }
        j += 2
      } else {
        if (b < 0x20 && b != 0x09) || b == 0x7F { reading.sawControl = true }
        if copy { escapedBytes.append(b) }
        j += 1
      }
    }
    return reading
  }

  /// The charset a quoted-string at `open` may be read in as a legacy multi-byte name (its position
  /// in `legacyCharsets`, and its byte structure): the fallback charset, else a detected one (never
  /// UTF-8 or a single-byte charset, which have no second bytes). Detection looks at the strings of
  /// a header until `legacyDetectionBudget` bytes are spent; later strings take the last charset it
  /// found (one header, one server's charset), so a megabyte of such strings runs the detector a
  /// few dozen times, not once per string.
  mutating func legacyCharset(from open: Int) -> (Int, DoubleByteStructure)? {
    if let fallback = options.fallbackCharset {
      if fallbackLegacy == nil {
        fallbackLegacy = DoubleByteStructure(fallback).map { (legacyIndex(of: fallback), $0) } ?? (-1, nil)
      }
      guard let (index, structure) = fallbackLegacy, let structure else { return nil }
      return (index, structure)
    }
    guard options.detectCharset else { return nil }
    if legacyDetectionBudget > 0 {
      let bytes = pairedBytes(from: open)
      legacyDetectionBudget -= bytes.count + Self.detectionCallCost
      guard let c = ParameterResolver.detectedBackslashCharset(bytes), let structure = DoubleByteStructure(c) else {
        return nil
      }
      lastDetectedLegacy = (legacyIndex(of: c), structure)
      return lastDetectedLegacy
    }
    return lastDetectedLegacy
  }

  /// The position of `charset` in `legacyCharsets`, appended when it is not the last one.
  mutating func legacyIndex(of charset: Charset) -> Int {
    if legacyCharsets.last != charset { legacyCharsets.append(charset) }
    return legacyCharsets.count - 1
  }

  /// How many bytes of quoted strings a header may have the detector read (its own limit per name).
  static let legacyDetectionLimit = ParameterResolver.detectionLimit
  /// What one detector run counts against the budget beyond its bytes (its fixed cost).
  static let detectionCallCost = 64

  /// The quoted-string's bytes with every byte 0x81-0xFE taken with the next one (unescaped
  /// otherwise): what the detector reads to name the string's charset.
  mutating func pairedBytes(from open: Int) -> [UInt8] {
    var j = open + 1
    var bytes: [UInt8] = []
    while j < input.count && input[j] != UInt8(ascii: "\"") {
      let b = input[j]
      if b >= 0x81 && b != 0xFF && j + 1 < input.count {
        bytes.append(b)
        bytes.append(input[j + 1])
        j += 2
      } else if b == UInt8(ascii: "\\") && j + 1 < input.count {
        bytes.append(input[j + 1])
        j += 2
      } else {
        bytes.append(b)
        j += 1
      }
    }
    steps.add(j - open)
    return bytes
  }

  /// Parses an unquoted value at `i`. `strict`: a token. `compatible`: everything up to the next
  /// `;` (or a comma that joins a second header), without its trailing whitespace, as both browsers
  /// read it: whitespace does not start a parameter (`filename=a.pdf charset=x` is the name
  /// `a.pdf charset=x`), and `"` and `'` are ordinary bytes here (RFC 9110 §5.6.4: a quoted-string
  /// starts a value). Returns nil when the header is invalid.
  mutating func parseTokenValue() -> Range<Int>? {
    let start = i
    let end = tokenEnd(from: i)
    if strict {
      i = end
      skipOWS()
      if !atEnd && input[i] != UInt8(ascii: ";") {
        if input[i] == UInt8(ascii: ",") && secondInstanceStarts(after: i) { return start..<end }
        _ = fault(.invalidTokenChar, i)
        return nil
      }
      if end == start {
        _ = fault(.emptyParameter, start)
        return nil
      }
      return start..<end
    }
    // compatible
    var j = start
    var sawSpace = false
    var sawControl = false
    var firstQuote: Int? = nil
    var lastNonSpace = start
    while j < input.count {
      let b = input[j]
      if b == UInt8(ascii: ";") { break }
      if b == UInt8(ascii: ",") && secondInstanceStarts(after: j) { break }
      if ASCII.isOWS(b) {
        let k = owsEnd(from: j)
        if k < input.count && input[k] != UInt8(ascii: ";") { sawSpace = true }
        j = k
        continue
      }
      if b == UInt8(ascii: "\"") && firstQuote == nil { firstQuote = j }
      if b < 0x20 || b == 0x7F { sawControl = true }
      j += 1
      lastNonSpace = j
    }
    steps.add(j - start)
    i = j
    let value = start..<max(start, lastNonSpace)
    if value.isEmpty {
      _ = fault(.emptyParameter, start)
      return nil
    }
    if sawSpace { note(.unquotedWhitespace, start) }
    if sawControl { note(.controlInValue, start) }
    if end < lastNonSpace && !sawSpace { note(.invalidTokenChar, end) }
    // A `"` inside the value is kept (Firefox's reading; the sanitizer replaces it where a
    // platform forbids it). The value still ends at the next `;`.
    if let firstQuote { note(.strayQuote, firstQuote) }
    // Single quotes are token characters (RFC 9110 §5.6.2) and both browsers keep them.
    if value.count >= 2 && input[value.lowerBound] == UInt8(ascii: "'")
      && input[value.upperBound - 1] == UInt8(ascii: "'")
    {
      note(.singleQuotedValue, start)
    }
    return value
  }

  mutating func finish(type: ContentDisposition.DispositionType, ignored: Bool, empty: Bool = false)
    -> ContentDisposition
  {
    if ignored {
      if !empty { note(.headerIgnored, 0) }
      WorkMeter.report(steps.value)
      return checked(
        ContentDisposition(
          type: .inline, parameters: [], candidates: [], diagnostics: diagnostics.finished,
          isIgnored: true, isEmpty: empty))
    }
    let (parameters, first, others, resolver) = escapedBytes.withUnsafeBufferPointer { escaped in
      var resolver = ParameterResolver(
        options: options, input: input, escapedBytes: escaped, legacyCharsets: legacyCharsets)
      let (parameters, first, others) = resolver.resolve(self.parameters)
      return (parameters, first, others, resolver)
    }
    diagnostics.append(contentsOf: resolver.diagnostics)
    steps.add(resolver.steps.value)
    defer { WorkMeter.report(steps.value) }
    if resolver.invalid {
      return checked(
        ContentDisposition(
          type: .inline, parameters: [], candidates: [],
          diagnostics: diagnostics.finished + [Diagnostic(.headerIgnored, at: 0)],
          isIgnored: true, isEmpty: false))
    }
    var diagnostics = self.diagnostics.finished
    if diagnostics.count > 1 {
      var comparisons = 0
      diagnostics.sort {
        comparisons += 1
        return $0.offset < $1.offset
      }
      steps.add(comparisons)
    }
    return checked(
      ContentDisposition(
        type: type, parameters: parameters, firstCandidate: first, otherCandidates: others,
        diagnostics: diagnostics, isIgnored: false, isEmpty: false))
  }

  /// The result, after its post-conditions are checked (debug builds).
  func checked(_ result: ContentDisposition) -> ContentDisposition {
    result.checkInvariants(inputCount: input.count)
    return result
  }
}
