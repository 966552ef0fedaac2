// Turns raw parameters into decoded ones and resolves the file name:
// duplicates (RFC 6266 §4.1), ext-values (RFC 8187), continuations (RFC 2231 §3-4),
// and the `compatible` decodings of plain values (raw 8-bit, RFC 2047, %-escaped UTF-8).

struct ParameterResolver {
  let options: ContentDisposition.Options
  /// The header being parsed: unescaped values are ranges into it.
  let input: UnsafeBufferPointer<UInt8>
  /// The own bytes of quoted values that held escapes (`RawParameter.escapedRange`).
  let escapedBytes: UnsafeBufferPointer<UInt8>
  /// The legacy charsets quoted values were read in (`RawParameter.legacyIndex`).
  let legacyCharsets: [Charset]
  var diagnostics = DiagnosticList()
  var invalid = false
  /// Work done, for the linear-work tests (debug builds only).
  var steps = StepCount()

  init(
    options: ContentDisposition.Options, input: UnsafeBufferPointer<UInt8>,
    escapedBytes: UnsafeBufferPointer<UInt8>, legacyCharsets: [Charset]
  ) {
    self.options = options
    self.input = input
    self.escapedBytes = escapedBytes
    self.legacyCharsets = legacyCharsets
  }

  var strict: Bool { options.profile == .strict }

  mutating func note(_ code: Diagnostic.Code, _ offset: Int, _ detail: String? = nil) {
    diagnostics.append(Diagnostic(code, at: offset, detail))
  }

  /// A continuation section of a parameter (`name*3` or `name*3*`).
  struct Section {
    var index: Int
    var encoded: Bool
    var raw: RawParameter
  }

  /// The unquoted bytes of a parameter: its own copy when it had escapes, else its range of the
  /// header. (A buffer, not a closure: a closure that mutates the resolver would copy it per call.)
  func rawBytes(_ p: RawParameter) -> UnsafeBufferPointer<UInt8> {
    if let own = p.escapedRange { return UnsafeBufferPointer(rebasing: escapedBytes[own]) }
    return UnsafeBufferPointer(rebasing: input[p.rawRange])
  }

  /// The legacy charset a quoted value was read in, if any.
  func legacyCharset(_ p: RawParameter) -> Charset? {
    p.legacyIndex >= 0 ? legacyCharsets[p.legacyIndex] : nil
  }

  /// A parameter's lowercased name (for diagnostics of parameters whose name is not at hand).
  func name(of p: RawParameter) -> String {
    ASCII.lowercasedString(UnsafeBufferPointer(rebasing: input[p.nameRange]))
  }

  /// The file name candidates found while decoding, by source.
  struct Found {
    var extended: ContentDisposition.FilenameCandidate?
    var plain: ContentDisposition.FilenameCandidate?
    /// Where a `name` parameter was seen (it names no file; reported when nothing else does).
    var nameOffset: Int?
    var sections: [Section] = []
  }

  /// Decodes every parameter (dropping repeated ones, or marking the header invalid in `strict`)
  /// and returns them with the file name candidates in precedence order: the first, and the rest.
  /// Each public `Parameter` is built once, from its raw record.
  mutating func resolve(_ raw: RawParameterList) -> (
    parameters: [ContentDisposition.Parameter], first: ContentDisposition.FilenameCandidate?,
    others: [ContentDisposition.FilenameCandidate]
  ) {
    var duplicates = DuplicateFilter(count: raw.count)
    var found = Found()
    var parameters: [ContentDisposition.Parameter] = []
    parameters.reserveCapacity(Swift.min(raw.count, Self.maxKeptParameters))
    var dropped = 0
    var firstDropped = 0
    for k in 0..<raw.count {
      let r = raw[k]
      let name = self.name(of: r)
      let kind = self.kind(of: r)
      steps.add(name.utf8.count)
      if duplicates.isRepeated(name, kind: kind, among: parameters, steps: &steps) {
        note(.duplicateParameter, r.offset, name)
        if strict {
          invalid = true
          return ([], nil, [])
        }
        continue
      }
      if parameters.count >= Self.maxKeptParameters, !kind.isAlwaysKept {
        if dropped == 0 { firstDropped = r.offset }
        dropped += 1
        continue
      }
      decode(r, name: name, kind: kind, into: &found, appendingTo: &parameters)
    }
    if dropped > 0 {
      note(.parametersDropped, firstDropped, "\(dropped) after the first \(Self.maxKeptParameters)")
    }
    let (first, others) = rank(found)
    return (parameters, first, others)
  }

  /// How many parameters a header keeps decoded: far more than any server sends (a real header
  /// has one to five), few enough that a megabyte of distinct parameters (149,000 of
  /// them) costs no String, decoding or output per parameter. Those after them are still checked
  /// for repeats, and any that names the file (`filename`, `filename*`, a `filename*N` section)
  /// or the form field (`name`) is still decoded and kept, wherever it stands.
  static let maxKeptParameters = 64

  /// RFC 6266 §4.1: a parameter name must not repeat. A look-back for the usual handful of
  /// parameters, a `NameSet` beyond that (a look-back over thousands is quadratic),
  /// over every name seen, kept or not.
  struct DuplicateFilter {
    var seen: NameSet?
    /// Every name seen, in order, when `seen` is in use (parameters past `maxKeptParameters` are
    /// not kept, so their names are not in the caller's array).
    var names: [String] = []
    /// With `seen`: the `filename*N` / `filename*N*` sections seen, by `sectionKey` (a section's
    /// name is its number and whether it is encoded: no hashing of the name: a
    /// megabyte of sections once spent a tenth of its time hashing here).
    var sections: [Bool] = []

    init(count: Int) {
      seen = count <= 8 ? nil : NameSet(capacity: count)
      if seen != nil { sections = [Bool](repeating: false, count: 2 * count) }
    }

    /// The slot in `sections` of a `filename` section whose name is spelt one way only (no leading
    /// zero), when it is below the slot count; nil for every other name.
    func sectionKey(_ kind: NameKind) -> Int? {
      guard case .section(let s) = kind, s.isFilename, s.digitCount <= 9, s.digitCount == 1 || !s.leadingZero
      else { return nil }
      let key = 2 * s.number + (s.encoded ? 1 : 0)
      return key < sections.count ? key : nil
    }

    /// Whether `name` is among the names seen (`kept`, while there are at most 8); if not, it is
    /// recorded as seen.
    mutating func isRepeated(
      _ name: String, kind: NameKind, among kept: [ContentDisposition.Parameter],
      steps: inout StepCount
    ) -> Bool {
      guard seen != nil else {
        steps.add(kept.count)
        return kept.contains { $0.name == name }
      }
      steps.add(1)
      if let key = sectionKey(kind) {
        defer { sections[key] = true }
        return sections[key]
      }
      let inserted: Bool
      do {
        // A copy of the array for the closure, released before the append (which would
        // otherwise copy the whole array each time).
        let all = names
        inserted = seen!.insert(name, at: all.count, names: { all[$0] })
      }
      if inserted { names.append(name) }
      return !inserted
    }
  }

  /// What a parameter's name makes it, read from its bytes once.
  enum NameKind: Equatable {
    case filename, filenameExtended, name
    case section(SectionName)
    case extended, other

    /// Whether the parameter is kept wherever it stands: `filename`, `filename*`, a section of
    /// `filename*N`, and `name` (no file name, but what a form-data reader shows).
    var isAlwaysKept: Bool {
      switch self {
      case .filename, .filenameExtended, .name: return true
      case .section(let section): return section.isFilename
      case .extended, .other: return false
      }
    }
  }

  /// The kind of `r`'s name (the bytes are compared without building the lowercased name).
  func kind(of r: RawParameter) -> NameKind {
    let bytes = UnsafeBufferPointer(rebasing: input[r.nameRange])
    if ASCII.equalsLowercased(bytes, "filename") { return .filename }
    if ASCII.equalsLowercased(bytes, "filename*") { return .filenameExtended }
    if ASCII.equalsLowercased(bytes, "name") { return .name }
    if let section = splitSection(r.nameRange) { return .section(section) }
    return bytes[bytes.count - 1] == UInt8(ascii: "*") ? .extended : .other
  }

  /// Decodes one parameter by its kind (section, ext-value or plain value), records it when it is
  /// a file name candidate, and appends its public value to `parameters`.
  mutating func decode(
    _ r: RawParameter, name: String, kind: NameKind, into found: inout Found,
    appendingTo parameters: inout [ContentDisposition.Parameter]
  ) {
    var value: String? = nil
    var charset: Charset? = nil
    var language: String? = nil
    // Whether `value` is the raw bytes read as they are (no copy of them is kept then).
    var verbatim = false
    switch kind {
    case .section(let section):
      if let index = sectionIndex(section, r, name) {
        if section.isFilename { found.sections.append(Section(index: index, encoded: section.encoded, raw: r)) }
        if !section.encoded {
          let plain = decodePlain(r, name: name, isFilename: false)
          (value, verbatim) = (plain.text, plain.verbatim)
        }
      }
    case .extended, .filenameExtended:
      let ext = decodeExtValue(r, name)
      value = ext?.text
      charset = ext?.charset
      language = ext?.language
      // `name*` (RFC 8187 form of the form field's name) is no file name either, but is seen.
      if kind == .extended, r.nameRange.count == 5,
        ASCII.equalsLowercased(UnsafeBufferPointer(rebasing: input[r.nameRange]), "name*")
      {
        found.nameOffset = found.nameOffset ?? r.offset
      }
      if kind == .filenameExtended, let ext {
        let c = ext.charset.kind == .utf8 && isASCII(ext.text) ? nil : ext.charset
        found.extended = candidate(ext.text, .dispositionExtended, c, nil, r.offset)
      }
    case .filename, .name, .other:
      // `name` is a form field's name (RFC 7578 §4.2), not a file name: read as any parameter.
      let plain = decodePlain(r, name: name, isFilename: kind == .filename)
      (value, charset, verbatim) = (plain.text, plain.charset, plain.verbatim)
      if kind == .filename {
        found.plain = candidate(plain.text, .disposition, plain.charset, plain.decoding, r.offset)
      } else if kind == .name {
        found.nameOffset = found.nameOffset ?? r.offset
      }
    }
    let raw = verbatim ? nil : rawStorage(r, value: value)
    parameters.append(
      ContentDisposition.Parameter(
        name: name, offset: r.offset, value: value, charset: charset, language: language, rawStorage: raw))
  }

  /// The unquoted bytes to keep: only when the decoded value does not already hold them.
  mutating func rawStorage(_ r: RawParameter, value: String?) -> [UInt8]? {
    if r.escapedRange != nil { return Array(rawBytes(r)) }
    steps.add(r.rawRange.count)
    let raw = UnsafeBufferPointer(rebasing: input[r.rawRange])
    if var v = value, v.withUTF8({ ASCII.bytesEqual($0, raw) }) { return nil }
    return Array(raw)
  }

  /// RFC 6266 §4.3 precedence: `filename*`, then continuations, then `filename`. `name` is never a
  /// file name (RFC 6266 §4.3 defines only these; Chromium never reads `name`, Firefox no longer
  /// does): with no file name, a diagnostic says one was seen, and the URL or default name wins.
  mutating func rank(_ found: Found)
    -> (first: ContentDisposition.FilenameCandidate?, others: [ContentDisposition.FilenameCandidate])
  {
    var first: ContentDisposition.FilenameCandidate? = nil
    var others: [ContentDisposition.FilenameCandidate] = []
    func add(_ c: ContentDisposition.FilenameCandidate?) {
      guard let c else { return }
      if first == nil { first = c } else { others.append(c) }
    }
    add(found.extended)
    if !found.sections.isEmpty { add(joinContinuations(found.sections)) }
    add(found.plain)
    if first == nil, let offset = found.nameOffset { note(.nameParameterIgnored, offset) }
    return (first, others)
  }

  /// Builds a candidate from a decoded value (`strict`: its last path segment; `compatible`: the
  /// whole path), or nil when nothing of a name is left.
  mutating func candidate(
    _ text: String?, _ source: ContentDisposition.FilenameSource, _ charset: Charset?,
    _ decoding: ContentDisposition.Decoding?, _ offset: Int
  ) -> ContentDisposition.FilenameCandidate? {
    guard let text else { return nil }
    steps.add(2 * text.utf8.count)
    // The common name is the value itself (no separator): no second copy, no comparison.
    var value = text
    let hasSeparator = value.withUTF8 { u in
      u.contains { $0 == UInt8(ascii: "/") || (!strict && $0 == UInt8(ascii: "\\")) }
    }
    let name =
      !hasSeparator ? text : strict ? String(lastPathSegment(text, offset, source)) : wholePath(text, offset, source)
    if name.isEmpty {
      note(.emptyFilename, offset, source.rawValue)
      return nil
    }
    return .init(name: name, source: source, charset: charset, decoding: decoding)
  }

  /// `strict`, RFC 6266 §4.3: use only the last path segment; a trailing "/" means the one before
  /// it. Only "/" separates, as tc2231 expects of non-Windows agents, and not inside an encoded
  /// word, which `strict` keeps as the literal text it is (a "/" of its base64 is no directory; the
  /// sanitizer replaces it).
  mutating func lastPathSegment(_ text: String, _ offset: Int, _ source: ContentDisposition.FilenameSource) -> Substring
  {
    // Split UTF-8 bytes, not Characters: a combining mark or emoji modifier after "/" would
    // otherwise hide the separator inside one grapheme cluster ("/\u{301}", "/🏻"). "/" is ASCII,
    // so every byte boundary next to one is a scalar boundary. One pass keeps the last non-empty
    // segment.
    var text = text
    let (segment, cut) = text.withUTF8 { u -> (Range<Int>, Bool) in
      var last = 0..<0
      var segmentStart = 0
      var cut = false
      var k = 0
      while k < u.count {
        if u[k] == UInt8(ascii: "="), let end = RFC2047.literalWordEnd(u, at: k) {
          k = end
          continue
        }
        if u[k] == UInt8(ascii: "/") {
          cut = true
          if k > segmentStart { last = segmentStart..<k }
          segmentStart = k + 1
        }
        k += 1
      }
      if u.count > segmentStart { last = segmentStart..<u.count }
      steps.add(u.count)
      return (last, cut)
    }
    guard cut else { return Substring(text) }
    note(.pathStripped, offset, source.rawValue)
    let u = text.utf8
    let lower = u.index(u.startIndex, offsetBy: segment.lowerBound)
    return text[lower..<u.index(lower, offsetBy: segment.count)]
  }

  /// `compatible`: a path in a name keeps its information, as Chromium, Firefox and
  /// Edge keep it (`reports/2024/q3.pdf` is saved as `reports_2024_q3.pdf`). Here, in the parser,
  /// "/" and "\\" become "/" and empty and dot segments (`.`, `..`, `....`) go; the sanitizer then
  /// replaces the separators that remain. `path-in-name` reports it.
  mutating func wholePath(_ text: String, _ offset: Int, _ source: ContentDisposition.FilenameSource) -> String {
    func isSeparator(_ b: UInt8) -> Bool { b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") }
    guard ASCII.containsByte(in: text, where: isSeparator) else { return text }
    note(.pathInName, offset, source.rawValue)
    // Separators are ASCII, so splitting the UTF-8 bytes splits between scalars: a combining mark
    // after "/" cannot hide it (as in `lastPathSegment`). One pass, one output buffer.
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var text = text
    text.withUTF8 { u in
      var k = 0
      while k < u.count {
        if isSeparator(u[k]) {
          k += 1
          continue
        }
        let start = k
        var onlyDots = true
        while k < u.count && !isSeparator(u[k]) {
          if u[k] != UInt8(ascii: ".") { onlyDots = false }
          k += 1
        }
        if onlyDots { continue }
        if !out.isEmpty { out.append(UInt8(ascii: "/")) }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: u[start..<k]))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  func isASCII(_ s: String) -> Bool { !ASCII.containsByte(in: s, where: { $0 >= 0x80 }) }

  /// A section name read from its bytes (`filename*12*`: base `filename`, digits `12`, encoded).
  struct SectionName: Equatable {
    var isFilename: Bool
    var encoded: Bool
    var digitCount: Int
    var leadingZero: Bool
    /// The section number; meaningful only for at most 9 digits.
    var number: Int
  }

  /// `filename*12*` -> base "filename", number 12, encoded; nil for names without a section. Read
  /// from the header's bytes: no Substring or String is built per parameter.
  func splitSection(_ nameRange: Range<Int>) -> SectionName? {
    let u = UnsafeBufferPointer(rebasing: input[nameRange])
    guard let star = u.firstIndex(of: UInt8(ascii: "*")) else { return nil }
    var end = u.count
    var encoded = false
    if end > star + 1 && u[end - 1] == UInt8(ascii: "*") {
      encoded = true
      end -= 1
    }
    guard end > star + 1 else { return nil }
    var number = 0
    for k in (star + 1)..<end {
      guard ASCII.isDigit(u[k]) else { return nil }
      if k - star <= 9 { number = number * 10 + Int(u[k] &- UInt8(ascii: "0")) }
    }
    let isFilename = ASCII.equalsLowercased(UnsafeBufferPointer(rebasing: u[..<star]), "filename")
    return SectionName(
      isFilename: isFilename, encoded: encoded, digitCount: end - star - 1,
      leadingZero: u[star + 1] == UInt8(ascii: "0"), number: number)
  }

  /// Validates a section number: no leading zeros, not absurdly large.
  mutating func sectionIndex(_ section: SectionName, _ p: RawParameter, _ name: String) -> Int? {
    if section.digitCount > 1 && section.leadingZero {
      note(.continuationLeadingZero, p.offset, name)
      return nil
    }
    guard section.digitCount <= 9 else {
      note(.continuationIndexTooLarge, p.offset, name)
      return nil
    }
    return section.number
  }

  // MARK: - RFC 8187 ext-value

  struct ExtValue {
    var text: String
    var charset: Charset
    var language: String?
  }

  /// ext-value = charset "'" [ language ] "'" value-chars (RFC 8187 §3.2.1).
  mutating func decodeExtValue(_ p: RawParameter, _ name: String) -> ExtValue? {
    if p.quoted {
      // Real servers quote it; both major browsers accept that.
      note(.extValueQuoted, p.offset, name)
      if strict { return nil }
    }
    let v = Array(rawBytes(p))
    steps.add(2 * v.count)
    guard let parts = extValueParts(v[...], p.offset, name) else { return nil }
    guard let bytes = percentDecodeExt(parts.value) else {
      note(.extValueBadEscape, p.offset, name)
      return nil
    }
    guard let charset = extCharset(parts.charset, p.offset, name) else { return nil }
    guard let text = charset.decode(bytes) else {
      note(.extValueDecodeFailed, p.offset, charset.name)
      return nil
    }
    return ExtValue(text: text, charset: charset, language: parts.language.map { String(decoding: $0, as: UTF8.self) })
  }

  /// The `charset'language'` prefix of an ext-value (RFC 8187 §3.2.1), split once for ext-values
  /// and the first section of encoded continuations (RFC 2231 §4.1).
  struct ExtValueParts {
    var charset: ArraySlice<UInt8>
    var language: ArraySlice<UInt8>?
    var value: ArraySlice<UInt8>

    /// Nil when the two `'` are missing.
    init?(_ v: ArraySlice<UInt8>) {
      guard let q1 = v.firstIndex(of: UInt8(ascii: "'")),
        let q2 = v[(q1 + 1)...].firstIndex(of: UInt8(ascii: "'"))
      else { return nil }
      charset = v[..<q1]
      language = q2 > q1 + 1 ? v[(q1 + 1)..<q2] : nil
      value = v[(q2 + 1)...]
    }

    /// `charset'value`: one `'`, after a charset-shaped label (letters, digits, `-`, `_`).
    init?(missingLanguageQuote v: ArraySlice<UInt8>) {
      guard let q = v.firstIndex(of: UInt8(ascii: "'")), q > v.startIndex,
        v[..<q].allSatisfy({ ASCII.isDigit($0) || (0x41...0x5A).contains($0 & 0xDF) || $0 == 0x2D || $0 == 0x5F })
      else { return nil }
      charset = v[..<q]
      language = nil
      value = v[(q + 1)...]
    }
  }

  /// Splits an ext-value; `compatible` reads a value with a single `'` as `charset'value`.
  mutating func extValueParts(_ v: ArraySlice<UInt8>, _ offset: Int, _ name: String) -> ExtValueParts? {
    if let parts = ExtValueParts(v) { return parts }
    if !strict, let parts = ExtValueParts(missingLanguageQuote: v) {
      note(.extValueMissingQuote, offset, name)
      return parts
    }
    note(.extValueMalformed, offset, name)
    return nil
  }

  /// Resolves an ext-value's charset label. Empty: `compatible` assumes UTF-8 (RFC 8187 requires
  /// one; tc2231 attwithfn2231noc leaves it undefined). Unknown: nil, with a diagnostic.
  mutating func extCharset(_ label: ArraySlice<UInt8>, _ offset: Int, _ parameterName: String) -> Charset? {
    if label.isEmpty {
      note(.extValueMissingCharset, offset, parameterName)
      return strict ? nil : .utf8
    }
    // `UTF-8`, the label nearly every server sends, is the registered name in both profiles: no
    // table lookup, no alias to report.
    if ASCII.equalsLowercasedBytes(label, "utf-8") { return .utf8 }
    // `strict` reads RFC 8187's own labels (ISO-8859-1 is Latin-1); `compatible` the WHATWG
    // Encoding Standard's table, as browsers do (iso-8859-1 is windows-1252).
    let name = String(decoding: label, as: UTF8.self)
    guard let c = Self.charset(label: label, strict: strict) else {
      note(.extValueUnknownCharset, offset, name)
      return nil
    }
    if !strict, label.count <= 64, Charset(rfc8187Name: name) == nil { note(.extValueCharsetAlias, offset, name) }
    return c
  }

  /// A charset label of an ext-value or an encoded word. `strict` reads `ISO-8859-1` as true
  /// Latin-1 (RFC 8187 §3.2.1); `compatible` resolves every label as the WHATWG Encoding Standard
  /// does, as browsers do (`iso-8859-1`, `latin1` and `us-ascii` are windows-1252). No label is
  /// longer than 64 bytes, so a longer one is not looked up (and costs no trimming).
  static func charset(label: some Collection<UInt8>, strict: Bool) -> Charset? {
    guard label.count <= 64 else { return nil }
    let name = String(decoding: label, as: UTF8.self)
    // `strict` reads RFC 8187's own labels (ISO-8859-1 is Latin-1); `compatible` the WHATWG
    // Encoding Standard's table, as browsers do (iso-8859-1 is windows-1252).
    return strict ? Charset(rfc8187Name: name) : Charset(mimeName: name)
  }

  /// value-chars = *( pct-encoded / attr-char ). `compatible` also lets other visible bytes
  /// through (servers send unescaped spaces and parentheses); `strict` rejects them.
  func percentDecodeExt(_ s: ArraySlice<UInt8>) -> [UInt8]? {
    let strict = self.strict
    return PercentEncoding.decodeStrict(s) { b in
      HTTPToken.isAttrChar(b) || (!strict && b >= 0x20 && b != 0x7F) ? b : nil
    }?.bytes
  }

  // MARK: - RFC 2231 continuations

  /// RFC 2231 §3: sections in index order; a gap ends the name, a repeated index is ignored, and
  /// section 0 must be there. Indexes are bucketed, not sorted: an index at or past the number of
  /// sections can only come after a gap.
  /// Returns positions in `sections`, so no section (and its parameter) is copied.
  mutating func orderSections(_ sections: [Section]) -> [Int]? {
    var slots = [Int](repeating: -1, count: sections.count)
    var repeated: [Int] = []
    var outOfOrder = false
    for k in sections.indices {
      steps.add(1)
      let index = sections[k].index
      if k > 0 && sections[k - 1].index > index { outOfOrder = true }
      guard index < slots.count else { continue }
      if slots[index] < 0 { slots[index] = k } else { repeated.append(k) }
    }
    if outOfOrder { note(.continuationOutOfOrder, sections[0].raw.offset) }
    guard slots[0] >= 0 else {
      if let lowest = sections.min(by: { $0.index < $1.index }) {
        note(.continuationMissingStart, lowest.raw.offset)
      }
      return nil
    }
    var ordered = [slots[0]]
    for slot in slots.dropFirst() {
      guard slot >= 0 else { break }
      ordered.append(slot)
    }
    for k in repeated where sections[k].index < ordered.count {
      note(.continuationDuplicate, sections[k].raw.offset, name(of: sections[k].raw))
    }
    if ordered.count < sections.count, let next = firstAfterGap(sections, ordered.count) {
      note(.continuationGap, next.raw.offset, name(of: next.raw))
    }
    return ordered
  }

  /// The lowest-indexed section past `expected` (the one a gap cut off), if any.
  func firstAfterGap(_ sections: [Section], _ expected: Int) -> Section? {
    sections.filter { $0.index > expected }.min { $0.index < $1.index }
  }

  /// Joins the sections' bytes (RFC 2231 §4.1: encoded sections are %-decoded, section 0 carries
  /// the charset) and decodes the name.
  mutating func joinContinuations(_ sections: [Section]) -> ContentDisposition.FilenameCandidate? {
    guard let ordered = orderSections(sections) else { return nil }
    var bytes: [UInt8] = []
    var capacity = 0
    for k in ordered { capacity += rawBytes(sections[k].raw).count }
    bytes.reserveCapacity(capacity)
    var charset: Charset? = nil
    var anyEncoded = false
    for k in ordered {
      let section = sections[k]
      steps.add(2 * section.raw.rawRange.count + (section.raw.escapedRange?.count ?? 0) + 1)
      if section.encoded {
        anyEncoded = true
        guard let decoded = decodeSection(section, charset: &charset) else { return nil }
        bytes.append(contentsOf: decoded)
      } else {
        bytes.append(contentsOf: rawBytes(section.raw))
      }
    }
    let offset = sections[ordered[0]].raw.offset
    if anyEncoded, let charset {
      guard let text = charset.decode(bytes) else {
        note(.extValueDecodeFailed, offset, charset.name)
        return nil
      }
      return candidate(text, .dispositionContinuation, isASCII(text) ? nil : charset, nil, offset)
    }
    var ascii = false
    let plain = bytes.withUnsafeBufferPointer {
      decodePlain($0, name: "filename", offset: offset, legacy: nil, isFilename: true, ascii: &ascii)
    }
    return candidate(plain.text, .dispositionContinuation, plain.charset, plain.decoding, offset)
  }

  /// %-decodes one encoded section; section 0 also gives the charset (`charset'lang'value`).
  mutating func decodeSection(_ section: Section, charset: inout Charset?) -> [UInt8]? {
    let p = section.raw
    let own = Array(rawBytes(p))
    var value = own[...]
    if section.index == 0 {
      guard let parts = ExtValueParts(value) else {
        note(.extValueMalformed, p.offset, name(of: p))
        return nil
      }
      guard let c = extCharset(parts.charset, p.offset, name(of: p)) else { return nil }
      charset = c
      value = parts.value
    }
    guard !p.quoted, let decoded = percentDecodeExt(value) else {
      note(.extValueBadEscape, p.offset, name(of: p))
      return nil
    }
    return decoded
  }

  // MARK: - plain values

  /// A decoded plain value: nil text when the value is not usable as a name (`compatible`).
  typealias PlainValue = (text: String?, charset: Charset?, decoding: ContentDisposition.Decoding?)

  /// Decodes a parameter's plain value; `verbatim` when the text is the header's bytes read as
  /// they are (ASCII, nothing unescaped or decoded), so no copy of them need be kept.
  mutating func decodePlain(_ p: RawParameter, name: String, isFilename: Bool) -> (
    text: String?, charset: Charset?, decoding: ContentDisposition.Decoding?, verbatim: Bool
  ) {
    let legacy = legacyCharset(p)
    var ascii = false
    let plain = decodePlain(
      rawBytes(p), name: name, offset: p.offset, legacy: legacy, isFilename: isFilename, ascii: &ascii)
    let verbatim = ascii && p.escapedRange == nil && plain.decoding == nil && plain.text != nil
    return (plain.text, plain.charset, plain.decoding, verbatim)
  }

  /// Decodes a plain value's bytes (see `decodeBytes`); a file name then gets RFC 2047 and
  /// %-escape decoding in `compatible`. `ascii` tells whether the bytes were all ASCII.
  mutating func decodePlain(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, offset: Int, legacy: Charset?, isFilename: Bool,
    ascii: inout Bool
  ) -> PlainValue {
    let decoded = decodeBytes(bytes, name: name, offset: offset, legacy: legacy)
    ascii = decoded.ascii
    guard isFilename && !strict && decoded.ascii && bytes.count >= 3 else {
      return (decoded.text, decoded.charset, nil)
    }
    return decodeFilenameEncodings(bytes, text: decoded.text, charset: decoded.charset, name: name, offset: offset)
  }

  /// Decodes raw bytes. ASCII is taken as is. `strict`: 8-bit bytes are ISO-8859-1 (RFC 6266 §4.3).
  /// `compatible`: UTF-8, then the legacy charset the quoted-string was read in, then the fallback
  /// charset, then ISO-8859-1 (windows-1252 for C1 bytes).
  mutating func decodeBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, offset: Int,
    legacy: Charset?
  ) -> (text: String, charset: Charset?, ascii: Bool) {
    steps.add(3 * bytes.count)
    if !bytes.contains(where: { $0 >= 0x80 }) { return (String(decoding: bytes, as: UTF8.self), nil, true) }
    if strict {
      note(.raw8bitLatin1, offset, name)
      return (Charset.decodeLatin1(bytes), .isoLatin1, false)
    }
    if let s = Charset.utf8.decode(buffer: bytes) {
      note(.raw8bitUTF8, offset, name)
      return (s, .utf8, false)
    }
    if let legacy, let s = legacy.decode(buffer: bytes) {
      note(legacy == options.fallbackCharset ? .raw8bitFallback : .raw8bitDetected, offset, legacy.name)
      return (s, legacy, false)
    }
    if let fallback = options.fallbackCharset, let s = fallback.decode(buffer: bytes) {
      note(.raw8bitFallback, offset, fallback.name)
      return (s, fallback, false)
    }
    // A 0x5C after a high byte is likely the second byte of a Shift_JIS / Big5 / GBK character:
    // decode it with the detected charset before anything treats it as a `\\`.
    if options.fallbackCharset == nil, options.detectCharset, Self.hasBackslashAfterHighByte(bytes),
      let detected = Self.detectedBackslashCharset(Array(bytes)), let s = detected.decode(buffer: bytes)
    {
      note(.raw8bitDetected, offset, detected.name)
      return (s, detected, false)
    }
    note(.raw8bitLatin1, offset, name)
    if let s = Charset.isoLatin1.decode(buffer: bytes) {
      // ISO-8859-1 maps each byte to the scalar of its value, so its C1 scalars are the C1 bytes:
      // scanned as bytes, not by a walk of the scalar view, which decodes every scalar again.
      return (s, bytes.contains { $0 >= 0x80 && $0 < 0xA0 } ? .windows1252 : .isoLatin1, false)
    }
    if let s = Charset.windows1252.decode(buffer: bytes) {
      return (s, s.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) } ? .windows1252 : .isoLatin1, false)
    }
    return (Charset.decodeLatin1(bytes), .isoLatin1, false)
  }

  /// `compatible`, an ASCII file name: RFC 2047 encoded words, then %-escapes. A value whose words
  /// or escapes do not decode is not a name: nil text, so the next candidate wins.
  mutating func decodeFilenameEncodings(
    _ bytes: UnsafeBufferPointer<UInt8>, text: String, charset: Charset?,
    name: String, offset: Int
  ) -> PlainValue {
    // Most names hold neither "=?" nor "%": then both decoders are skipped without allocating.
    var wordStart = false
    var percent = false
    for k in bytes.indices {
      if bytes[k] == UInt8(ascii: "%") {
        percent = true
      } else if bytes[k] == UInt8(ascii: "="), k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: "?") {
        wordStart = true
      }
    }
    if wordStart, let words = RFC2047.decode(Array(bytes), steps: &steps) {
      switch words {
      case .decoded(let s, let wordCharset, let replaced):
        note(.rfc2047Decoded, offset, wordCharset.name)
        if replaced { note(.rfc2047Replaced, offset, wordCharset.name) }
        return (s, wordCharset, .rfc2047)
      case .invalid:
        note(.rfc2047Invalid, offset, name)
        return (nil, nil, nil)
      }
    }
    guard percent else { return (text, charset, nil) }
    return decodePercentEscapes(bytes, text: text, charset: charset, name: name, offset: offset)
  }

  /// %-escapes in a plain name are decoded when every `%` starts an escape, no
  /// escape is a control character, and the bytes are UTF-8 (else in the fallback charset, else in a
  /// detected one). Escapes of non-ASCII bytes that are truncated (`%E4%B8%A`) or decode in no
  /// charset make the value unusable (item 3); anything else (`50%.html`) stays as written.
  mutating func decodePercentEscapes(
    _ bytes: UnsafeBufferPointer<UInt8>, text: String, charset: Charset?,
    name: String, offset: Int
  ) -> PlainValue {
    steps.add(3 * bytes.count)
    guard let decoded = PercentEncoding.decodeStrict(bytes, literal: { $0 }) else {
      if Self.hasHighEscape(bytes) && Self.hasTruncatedEscape(bytes) {
        note(.percentUndecodable, offset, name)
        return (nil, nil, nil)
      }
      return (text, charset, nil)
    }
    if decoded.bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return (text, charset, nil) }
    if let s = UTF8Validation.string(decoded.bytes) {
      note(decoded.sawHighEscape ? .percentDecodedUTF8 : .percentDecoded, offset, name)
      return (s, decoded.sawHighEscape ? .utf8 : nil, decoded.sawHighEscape ? .percentUTF8 : .percent)
    }
    if let fallback = options.fallbackCharset, let s = fallback.decode(decoded.bytes) {
      note(.percentDecodedCharset, offset, fallback.name)
      return (s, fallback, .percent)
    }
    if options.fallbackCharset == nil, options.detectCharset, decoded.bytes.count <= Self.detectionLimit,
      let guess = CharsetDetector.detect(decoded.bytes), guess.charset != .utf8
    {
      note(.percentDecodedCharset, offset, guess.charset.name)
      return (guess.text, guess.charset, .percent)
    }
    note(.percentUndecodable, offset, name)
    return (nil, nil, nil)
  }

  /// Whether an escape is cut short: `%` and one hex digit, then a non-hex byte or the end, or a
  /// `%` that ends the value.
  static func hasTruncatedEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for k in bytes.indices where bytes[k] == UInt8(ascii: "%") {
      if k + 1 == bytes.count { return true }
      if ASCII.hexValue(bytes[k + 1]) != nil && (k + 2 == bytes.count || ASCII.hexValue(bytes[k + 2]) == nil) {
        return true
      }
    }
    return false
  }

  /// Whether a well-formed escape of a byte >= 0x80 occurs (`%E4`): the value was meant as %-encoded.
  static func hasHighEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for k in bytes.indices where bytes[k] == UInt8(ascii: "%") {
      if let v = PercentEncoding.escapedByte(bytes, at: k), v >= 0x80 { return true }
    }
    return false
  }

  /// Whether a byte 0x5C follows a byte >= 0x81.
  static func hasBackslashAfterHighByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for k in bytes.indices.dropFirst() where bytes[k] == UInt8(ascii: "\\") && bytes[k - 1] >= 0x81 { return true }
    return false
  }

  /// Detection looks at names, not documents: a file name is at most 255 bytes on every file system,
  /// and detecting a megabyte costs far more than the name can be worth.
  static let detectionLimit = 4096

  /// The detected charset of `bytes` when it is one whose two-byte characters can end in 0x5C.
  static func detectedBackslashCharset(_ bytes: [UInt8]) -> Charset? {
    guard bytes.count <= detectionLimit, let guess = CharsetDetector.detect(bytes),
      hasBackslashTrailBytes(guess.charset)
    else { return nil }
    return guess.charset
  }

  /// Whether a charset's two-byte characters can end in 0x5C: Shift_JIS, Big5, GBK and gb18030.
  static func hasBackslashTrailBytes(_ charset: Charset) -> Bool {
    ["Shift_JIS", "Big5", "GBK", "gb18030"].contains(charset.name)
  }
}
