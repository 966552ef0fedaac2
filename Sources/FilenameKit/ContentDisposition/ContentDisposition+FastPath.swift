// A fast path for the shapes nearly every server sends: `attachment` or `inline`, alone
// or with one `filename` whose value is a quoted-string of plain printable ASCII or a token, and/or
// one `filename*=UTF-8''…` of attr-chars and %-escapes whose decoded text is valid UTF-8 without
// separators or controls (the Rails/Django form: an ASCII fallback and the real name). For
// these the full parser finds no problem to report, and a plain value is the name.
// The fast path builds exactly the value the full parser builds (the `fuzz-disposition-fast`
// target and `DispositionFastPathTests` check that on every input they see) and returns nil on
// anything else, so the full parser runs then.
//
// What makes a value "plain" here is what the full parser would act on, left out:
//   - `"` and `\` (quoting and escapes), controls, DEL and 8-bit bytes (raw-8bit decodings, obs-fold);
//   - `%` (%-escapes) and `=?` (RFC 2047 words), which `compatible` decodes in a `filename`;
//   - `/` and `\` (path separators), and a token that starts with `'` (a single-quoted value,
//     which `compatible` notes);
//   - an empty value (`empty-filename`).

extension DispositionParser {
  /// The parse of `input` when it has one of the common shapes, else nil (run the full parser).
  /// The result is the full parser's in both profiles: these shapes read the same in both.
  static func fastPath(_ input: UnsafeBufferPointer<UInt8>) -> ContentDisposition? {
    var i = 0
    let n = input.count
    func skipOWS() { while i < n && ASCII.isOWS(input[i]) { i += 1 } }
    skipOWS()
    let typeStart = i
    while i < n && isPlainTypeByte(input[i]) { i += 1 }
    let type: ContentDisposition.DispositionType
    let typeBytes = UnsafeBufferPointer(rebasing: input[typeStart..<i])
    if ASCII.equalsLowercased(typeBytes, "attachment") {
      type = .attachment
    } else if ASCII.equalsLowercased(typeBytes, "inline") {
      type = .inline
    } else {
      return nil
    }
    skipOWS()
    if i == n {
      return ContentDisposition(type: type, form: .bare)
    }
    // Up to two parameters: `filename` and `filename*`, once each, in either order.
    var plain: (offset: Int, value: Range<Int>)? = nil
    var extended: (offset: Int, value: ExtendedValue)? = nil
    while i < n {
      guard input[i] == UInt8(ascii: ";") else { return nil }
      i += 1
      skipOWS()
      let nameStart = i
      guard n - i >= 8, ASCII.equalsLowercased(UnsafeBufferPointer(rebasing: input[i..<(i + 8)]), "filename")
      else { return nil }
      i += 8
      let isExtended = i < n && input[i] == UInt8(ascii: "*")
      if isExtended { i += 1 }
      skipOWS()
      guard i < n, input[i] == UInt8(ascii: "=") else { return nil }
      i += 1
      skipOWS()
      if isExtended {
        guard extended == nil, let value = utf8ExtValue(input, &i) else { return nil }
        extended = (nameStart, value)
      } else {
        guard plain == nil, let value = plainValue(input, &i) else { return nil }
        plain = (nameStart, value)
      }
      skipOWS()
    }
    let plainName = plain.map { String(decoding: UnsafeBufferPointer(rebasing: input[$0.value]), as: UTF8.self) }
    guard let extended else {
      guard let plain, let plainName else { return nil }
      return ContentDisposition(type: type, form: .soleFilename(offset: plain.offset, name: plainName))
    }
    return withExtended(type, input, extended, plain: plain.map { ($0.offset, plainName!) })
  }

  /// The parse of a header with a plain `filename*=UTF-8''…` (see `utf8ExtValue`) and maybe a
  /// plain `filename`: what the resolver builds for them (RFC 6266 §4.3: `filename*` first).
  private static func withExtended(
    _ type: ContentDisposition.DispositionType, _ input: UnsafeBufferPointer<UInt8>,
    _ extended: (offset: Int, value: ExtendedValue), plain: (offset: Int, name: String)?
  ) -> ContentDisposition? {
    guard let extendedOffset = UInt32(exactly: extended.offset) else { return nil }
    var plainForm: (offset: UInt32, name: String)? = nil
    if let plain {
      guard let offset = UInt32(exactly: plain.offset) else { return nil }
      plainForm = (offset, plain.name)
    }
    let value = extended.value
    // The raw value is attr-chars and %-escapes: ASCII, so a string holds it exactly; kept only
    // when it is not the canonical encoding of the name (rebuilt from the name on demand).
    let raw = value.canonical ? nil : String(decoding: UnsafeBufferPointer(rebasing: input[value.raw]), as: UTF8.self)
    return ContentDisposition(
      type: type,
      form: .extendedFilename(
        .init(
          name: value.text, raw: raw, hasNonASCII: value.hasNonASCII, extendedOffset: extendedOffset,
          plain: plainForm)))
  }

  /// A `filename*` value the fast path takes, decoded.
  private struct ExtendedValue {
    /// Where the value (`UTF-8''` included) lies in the header.
    var raw: Range<Int>
    /// The decoded name.
    var text: String
    var hasNonASCII: Bool
    /// Whether the value is `ExtendedFilename.canonicalRaw` of the name.
    var canonical: Bool
  }

  /// A `filename*` value of the commonest form, `UTF-8''` (any case, no language) and then one
  /// or more attr-chars and well-formed %-escapes (RFC 8187 §3.2.1), read the same in both
  /// profiles, decoded in the same pass, with `i` after the value. Nil when the value has another
  /// form, or its name is not one the resolver takes as it is: empty, with a separator (a path)
  /// or a control, or not valid UTF-8.
  private static func utf8ExtValue(_ input: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> ExtendedValue? {
    let n = input.count
    guard n - i > 7, ASCII.equalsLowercased(UnsafeBufferPointer(rebasing: input[i..<(i + 7)]), "utf-8''")
    else { return nil }
    let rawStart = i
    let start = i + 7
    // Whether the value is `canonicalRaw` of its name, judged token by token as it is decoded.
    let canonicalPrefix = ContentDisposition.ExtendedFilename.hasCanonicalPrefix(
      UnsafeBufferPointer(rebasing: input[i..<(i + 7)]))
    // Decoded on the stack, then made a string once: a name of up to 15 bytes is then stored
    // inline (a string built in place with the escaped length as capacity was allocated first).
    // The loop's state is the closure's own (captured variables would live in memory, not
    // registers).
    let decoded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(n - start, 1)) {
      out -> (value: ExtendedValue, end: Int)? in
      var j = start
      var k = 0
      var hasNonASCII = false
      var valid = true
      var canonical = canonicalPrefix
      while j < n {
        var b = input[j]
        if b == UInt8(ascii: "%") {
          guard j + 2 < n, let hi = ASCII.hexValue(input[j + 1]), let lo = ASCII.hexValue(input[j + 2]) else {
            return nil
          }
          b = hi << 4 | lo
          canonical =
            canonical
            && ContentDisposition.ExtendedFilename.isCanonicalSpelling(
              of: b, escapeDigits: (input[j + 1], input[j + 2]))
          j += 3
        } else if HTTPToken.isAttrChar(b) {
          canonical = canonical && ContentDisposition.ExtendedFilename.isCanonicalSpelling(of: b, escapeDigits: nil)
          j += 1
        } else {
          break
        }
        // What the resolver would act on, left out: separators (a path in the name) and controls.
        if b < 0x20 || b == 0x7F || b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") { valid = false }
        if b >= 0x80 { hasNonASCII = true }
        out[k] = b
        k += 1
      }
      let text = UnsafeBufferPointer(rebasing: out[..<k])
      guard valid, k > 0, !hasNonASCII || UTF8Validation.isWellFormed(text) else { return nil }
      let value = ExtendedValue(
        raw: rawStart..<j, text: String(decoding: text, as: UTF8.self), hasNonASCII: hasNonASCII,
        canonical: canonical)
      return (value, j)
    }
    guard let decoded else { return nil }
    i = decoded.end
    return decoded.value
  }

  /// The bytes of a disposition type the fast path knows (`attachment`, `inline`: letters).
  @inline(__always) private static func isPlainTypeByte(_ b: UInt8) -> Bool {
    (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
  }

  /// A plain value at `i` (see the file's comment): where its text lies, with `i` after it; nil
  /// when the value is anything else.
  private static func plainValue(_ input: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Range<Int>? {
    let n = input.count
    guard i < n else { return nil }
    if input[i] == UInt8(ascii: "\"") {
      let start = i + 1
      // Whole words of plain quoted bytes first (0x20-0x7E other than `"`, `%`, `/`, `\\`, `?`):
      // the usual name is a few words, so this is most of the scan at a few instructions a byte.
      var j = ByteScan.plainWordsEnd(
        input, from: start, lowest: 0x20, stops: (0x22, 0x25, 0x2F, 0x5C, 0x3F))
      while j < n && isPlainQuotedByte(input[j]) {
        // `=?` starts an RFC 2047 word.
        if input[j] == UInt8(ascii: "?") && j > start && input[j - 1] == UInt8(ascii: "=") { return nil }
        j += 1
      }
      guard j < n, input[j] == UInt8(ascii: "\""), j > start else { return nil }
      i = j + 1
      return start..<j
    }
    let start = i
    guard input[start] != UInt8(ascii: "'") else { return nil }
    var j = start
    while j < n && HTTPToken.isTokenChar(input[j]) {
      if input[j] == UInt8(ascii: "%") { return nil }
      j += 1
    }
    guard j > start else { return nil }
    i = j
    return start..<j
  }

  /// Printable ASCII (0x20-0x7E) other than `"` (0x22), `%` (0x25), `/` (0x2F) and `\\` (0x5C):
  /// one bit per byte of 0-63 and of 64-127, as `HTTPToken.isTokenChar`.
  @inline(__always) private static func isPlainQuotedByte(_ b: UInt8) -> Bool {
    ASCIISet(low: 0xFFFF_7FDB_0000_0000, high: 0x7FFF_FFFF_EFFF_FFFF).contains(b)
  }
}

extension ContentDisposition {
  /// A parse the fast path built (a compact form).
  init(type: DispositionType, form: Form) {
    self.type = type
    self.form = form
  }

  /// The fast path's parse of `bytes`, or nil when it does not take this header (for the fuzz
  /// target and tests that check it against the full parser).
  package static func fastPathParse(_ bytes: [UInt8]) -> ContentDisposition? {
    bytes.withUnsafeBufferPointer { DispositionParser.fastPath($0) }
  }

  /// The full parser's parse of `bytes`, never the fast path (for the same checks).
  package static func fullParse(_ bytes: [UInt8], options: Options) -> ContentDisposition {
    bytes.withUnsafeBufferPointer { DispositionParser.run($0, options, fastPath: false) }
  }
}
