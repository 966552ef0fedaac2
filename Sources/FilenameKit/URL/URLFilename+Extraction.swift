// Splitting a URL string into scheme, host, path and query (after the WHATWG URL Standard, only
// as far as a file name needs), and choosing the candidate.
struct URLNameExtractor {
  let bytes: [UInt8]
  let options: URLFilenameOptions
  var diagnostics = DiagnosticList()
  var depth = 0

  init(bytes: [UInt8], options: URLFilenameOptions) {
    self.bytes = bytes
    self.options = options
  }

  /// Schemes whose paths treat `\` as `/` (WHATWG "special" schemes).
  static func isSpecialScheme(_ s: String) -> Bool {
    // A switch, not a Set: these are small Strings, compared by their bits without hashing.
    switch s {
    case "http", "https", "ftp", "file", "ws", "wss": return true
    default: return false
    }
  }
  /// Schemes with no file name at all.
  static func isOpaqueScheme(_ s: String) -> Bool {
    switch s {
    case "mailto", "javascript", "about", "tel", "sms", "urn", "news", "magnet": return true
    default: return false
    }
  }
  /// Query keys that carry a whole Content-Disposition header (S3 and GCS; Azure SAS uses `rscd`).
  static let dispositionKeys: [String] = ["response-content-disposition", "rscd"]

  mutating func run() -> URLFilename { extract(normalizedInput()) }

  /// WHATWG basic URL parser, first steps: leading and trailing C0 controls and spaces stripped,
  /// tabs and newlines removed anywhere; every byte keeps its offset for diagnostics.
  func normalizedInput() -> [(byte: UInt8, offset: Int)] {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] <= 0x20 { start += 1 }
    while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
    var input: [(byte: UInt8, offset: Int)] = []
    input.reserveCapacity(end - start)
    for i in start..<end where bytes[i] != 0x09 && bytes[i] != 0x0A && bytes[i] != 0x0D {
      input.append((bytes[i], i))
    }
    return input
  }

  private func result(
    _ name: String? = nil, _ source: URLFilename.Source? = nil, charset: Charset? = nil, guess: CharsetGuess? = nil,
    mediaType: String? = nil, disposition: ContentDisposition? = nil
  ) -> URLFilename {
    URLFilename(
      filename: name, source: source, charset: charset, guess: guess, mediaType: mediaType,
      contentDisposition: disposition, diagnostics: diagnostics.finished)
  }

  /// Bytes of the input with their offsets in the original string (tabs and newlines removed).
  typealias Input = ArraySlice<(byte: UInt8, offset: Int)>

  /// A URL split as far as a file name needs: scheme, query, host and path (the fragment dropped).
  struct Parts {
    var scheme = ""
    /// Whether the scheme is WHATWG-special (`\` counts as `/`).
    var special = false
    /// After the scheme's `:` (the whole input when there is no scheme).
    var rest: Input = []
    var query: Input = []
    var host: Input = []
    var path: Input = []

    func isSlash(_ b: UInt8) -> Bool { b == UInt8(ascii: "/") || (special && b == UInt8(ascii: "\\")) }
  }

  /// The steps of reading a name from a URL, in order: scheme (data, blob and opaque schemes end
  /// here), authority, presigned query, opted-in query key, last path segment, host.
  mutating func extract(_ input: [(byte: UInt8, offset: Int)]) -> URLFilename {
    let startOffset = input.first?.offset ?? 0
    var parts = scheme(input[...])
    switch parts.scheme {
    case "data":
      return dataURL(parts.rest, at: startOffset)
    case "blob":
      diagnostics.append(Diagnostic(.urlBlob, at: startOffset))
      guard depth < 4 else { return result() }
      depth += 1
      return extract(Array(parts.rest))
    case let s where URLNameExtractor.isOpaqueScheme(s):
      diagnostics.append(Diagnostic(.urlUnsupportedScheme, at: startOffset, s))
      return result()
    default:
      break
    }
    splitQueryAndAuthority(&parts)
    let mayName = URLNameExtractor.queryMayName(parts.query.lazy.map(\.byte), optedInKeys: !options.queryKeys.isEmpty)
    let params = mayName ? queryParameters(parts.query) : []
    let presigned = presignedDisposition(params)
    if let found = presigned.found { return found }
    if let found = queryKeyName(params, disposition: presigned.disposition) { return found }
    if let found = pathName(parts, disposition: presigned.disposition) { return found }
    return hostFallback(parts.host, at: startOffset, disposition: presigned.disposition)
  }

  /// Scheme: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, lowercased; a URL without one is
  /// read as a path and reported.
  mutating func scheme(_ input: Input) -> Parts {
    var parts = Parts()
    var schemeEnd: Int? = nil
    if let first = input.first, isAlpha(first.byte) {
      var i = input.startIndex + 1
      while i < input.endIndex, isSchemeChar(input[i].byte) { i += 1 }
      if i < input.endIndex, input[i].byte == UInt8(ascii: ":") { schemeEnd = i }
    }
    guard let schemeEnd else {
      diagnostics.append(Diagnostic(.urlNotAbsolute, at: input.first?.offset ?? 0))
      parts.rest = input
      return parts
    }
    let schemeBytes = input[..<schemeEnd]
    // Scheme bytes are ASCII: one String (inline when short), not one append per scalar.
    parts.scheme = String(unsafeUninitializedCapacity: schemeBytes.count) { out in
      for (k, e) in schemeBytes.enumerated() { out[k] = ASCII.lowercase(e.byte) }
      return schemeBytes.count
    }
    parts.rest = input[(schemeEnd + 1)...]
    parts.special = URLNameExtractor.isSpecialScheme(parts.scheme)
    if !parts.special, !URLNameExtractor.isOpaqueScheme(parts.scheme), parts.scheme != "data",
      parts.scheme != "blob"
    {
      diagnostics.append(Diagnostic(.urlUnknownScheme, at: input.first?.offset ?? 0, parts.scheme))
    }
    return parts
  }

  /// Fragment dropped, query split off, then the authority: after `//` (special schemes but
  /// `file` tolerate any run of slashes and backslashes; others need exactly `//`).
  func splitQueryAndAuthority(_ parts: inout Parts) {
    var body = parts.rest
    if let hash = body.firstIndex(where: { $0.byte == UInt8(ascii: "#") }) { body = body[..<hash] }
    if let q = body.firstIndex(where: { $0.byte == UInt8(ascii: "?") }) {
      parts.query = body[(q + 1)...]
      body = body[..<q]
    }
    parts.path = body
    let leadingSlashes = body.prefix(while: { parts.isSlash($0.byte) }).count
    let authorityStart: Int? =
      parts.special && parts.scheme != "file"
      ? body.startIndex + leadingSlashes
      : leadingSlashes >= 2 ? body.startIndex + 2 : nil
    if let authStart = authorityStart {
      let authEnd = body[authStart...].firstIndex(where: { parts.isSlash($0.byte) }) ?? body.endIndex
      parts.host = hostPart(body[authStart..<authEnd])
      parts.path = body[authEnd...]
    }
  }

  /// Presigned object-store URLs carry the real header in the query (`response-content-disposition`,
  /// Azure's `rscd`); its name wins over the path.
  mutating func presignedDisposition(_ params: [QueryParameter]) -> (
    found: URLFilename?, disposition: ContentDisposition?
  ) {
    for key in URLNameExtractor.dispositionKeys {
      guard let p = params.first(where: { equalsIgnoringCase($0.key, key) }) else { continue }
      let cd = ContentDisposition(parsing: p.value, options: .init(fallbackCharset: options.fallbackCharset))
      if let candidate = cd.candidates.first, !candidate.name.isEmpty {
        diagnostics.append(Diagnostic(.urlPresignedDisposition, at: p.offset, key))
        return (result(candidate.name, .urlQuery, charset: candidate.charset, disposition: cd), cd)
      }
      diagnostics.append(Diagnostic(.urlPresignedNoFilename, at: p.offset, key))
      return (nil, cd)
    }
    return (nil, nil)
  }

  /// The value of the first opted-in query key that has one; only literal slashes are structure,
  /// so the last piece of the raw value is kept.
  mutating func queryKeyName(_ params: [QueryParameter], disposition: ContentDisposition?) -> URLFilename? {
    guard !options.queryKeys.isEmpty else { return nil }
    // The first parameter with a value, by key without case, found in one pass: thousands of keys
    // against thousands of parameters were compared pairwise.
    var firstWithValue: [[UInt8]: Int] = [:]
    for (k, p) in params.enumerated() where !p.rawValue.isEmpty {
      let key = p.key.map(ASCII.lowercase)
      if firstWithValue[key] == nil { firstWithValue[key] = k }
    }
    for key in options.queryKeys {
      guard let k = firstWithValue[key.utf8.map(ASCII.lowercase)] else { continue }
      let p = params[k]
      var raw = p.rawValue[...]
      if let cut = raw.lastIndex(where: { $0.byte == UInt8(ascii: "/") || $0.byte == UInt8(ascii: "\\") }) {
        raw = raw[(cut + 1)...]
        diagnostics.append(Diagnostic(.urlQueryPathStripped, at: p.offset))
      }
      guard !raw.isEmpty else { continue }
      diagnostics.append(Diagnostic(.urlQueryFilename, at: p.offset, key))
      let name = decodeName(raw, plusIsSpace: true)
      return result(name.text, .urlQuery, charset: name.charset, guess: name.guess, disposition: disposition)
    }
    return nil
  }

  /// The last non-empty path segment after dot segments are resolved. A `;` is part of the name
  /// (`a.pdf;.exe` is saved as `a.pdf;.exe` by browsers: the URL Standard gives `;` no meaning, and
  /// a name cut at it would hide the `.exe`); only an `ftp` URL's `;type=` is cut (RFC 1738 §3.2.2).
  mutating func pathName(_ parts: Parts, disposition: ContentDisposition?) -> URLFilename? {
    let path = parts.path
    if parts.special, let backslash = path.first(where: { $0.byte == UInt8(ascii: "\\") }) {
      diagnostics.append(Diagnostic(.urlBackslash, at: backslash.offset))
    }
    var sawTrailingEmpty = false
    for segment in resolvedSegments(parts).reversed() {
      if segment.isEmpty {
        sawTrailingEmpty = true
        continue
      }
      var name = path[segment]
      if parts.scheme == "ftp", let semi = name.firstIndex(where: { $0.byte == UInt8(ascii: ";") }) {
        diagnostics.append(
          Diagnostic(.urlPathParams, at: name[semi].offset, String(decoding: name[semi...].map(\.byte), as: UTF8.self)))
        name = name[..<semi]
      }
      if name.isEmpty {
        sawTrailingEmpty = true
        continue
      }
      if sawTrailingEmpty { diagnostics.append(Diagnostic(.urlTrailingSlash, at: name.last?.offset ?? 0)) }
      let decoded = decodeName(name, plusIsSpace: false)
      return result(decoded.text, .urlPath, charset: decoded.charset, guess: decoded.guess, disposition: disposition)
    }
    return nil
  }

  /// The ranges in `parts.path` of its segments, with `.` removed and `..` popping the previous one
  /// (WHATWG path state). Ranges, not slices: a path of a million separators would otherwise retain
  /// the input once per segment.
  mutating func resolvedSegments(_ parts: Parts) -> [Range<Int>] {
    let path = parts.path
    var segments: [Range<Int>] = []
    var sawDotSegment = false
    var segStart = path.startIndex
    var i = path.startIndex
    while i <= path.endIndex {
      defer { i += 1 }
      guard i == path.endIndex || parts.isSlash(path[i].byte) else { continue }
      defer { segStart = i + 1 }
      guard segStart < i else {
        segments.append(segStart..<i)  // an empty segment: no dots to look at
        continue
      }
      let seg = path[segStart..<i]
      let dots = URLNameExtractor.dotKind(seg.lazy.map(\.byte))
      if dots > 0, !sawDotSegment {
        sawDotSegment = true
        diagnostics.append(Diagnostic(.urlDotSegment, at: seg.first?.offset ?? 0))
      }
      switch dots {
      case 1: break
      case 2: if !segments.isEmpty { segments.removeLast() }
      default: segments.append(seg.indices)
      }
    }
    return segments
  }

  /// No name in the path: the host, in Unicode when it is IDNA.
  mutating func hostFallback(_ host: Input, at startOffset: Int, disposition: ContentDisposition?) -> URLFilename {
    guard !host.isEmpty else {
      diagnostics.append(Diagnostic(.urlNoName, at: startOffset))
      return result(disposition: disposition)
    }
    diagnostics.append(Diagnostic(.urlHostFallback, at: host.first?.offset ?? 0))
    let name = hostName(host)  // logs IDNA diagnostics, so before `result` reads them
    return result(name, .host, disposition: disposition)
  }

  /// The host name of a URL for display, or nil (no authority); `blob:` URLs give their inner URL's.
  mutating func hostOnly(_ input: [(byte: UInt8, offset: Int)]) -> String? {
    var parts = scheme(input[...])
    if parts.scheme == "blob", depth < 4 {
      depth += 1
      return hostOnly(Array(parts.rest))
    }
    guard parts.special || !parts.scheme.isEmpty else { return nil }
    splitQueryAndAuthority(&parts)
    guard !parts.host.isEmpty, parts.host.first?.byte != UInt8(ascii: "[") else { return nil }
    return hostName(parts.host)
  }

  /// The host of an authority: userinfo and port removed, lowercased, trailing dot removed.
  func hostPart(_ auth: ArraySlice<(byte: UInt8, offset: Int)>) -> ArraySlice<(byte: UInt8, offset: Int)> {
    var h = auth
    if let at = h.lastIndex(where: { $0.byte == UInt8(ascii: "@") }) { h = h[(at + 1)...] }
    if h.first?.byte == UInt8(ascii: "[") {
      if let close = h.firstIndex(where: { $0.byte == UInt8(ascii: "]") }) { h = h[...close] }
    } else if let colon = h.lastIndex(where: { $0.byte == UInt8(ascii: ":") }) {
      h = h[..<colon]
    }
    if h.last?.byte == UInt8(ascii: ".") { h = h.dropLast() }
    return h
  }

  /// The host for display: ASCII lowercased; `xn--` labels and Unicode hosts through IDNA.
  mutating func hostName(_ host: ArraySlice<(byte: UInt8, offset: Int)>) -> String {
    let lowered = host.map { ASCII.lowercase($0.byte) }
    let ascii = String(decoding: lowered, as: UTF8.self)
    // IDNA applies to `xn--` labels and to hosts written in Unicode (UTS #46 maps their case).
    guard lowered.contains(where: { $0 >= 0x80 }) || Self.hasPunycodeLabel(lowered) else { return ascii }
    if let unicode = TextServices.idnaToUnicode(ascii), !unicode.isEmpty {
      diagnostics.append(Diagnostic(.urlIDNAHost, at: host.first?.offset ?? 0, ascii))
      return unicode
    }
    diagnostics.append(Diagnostic(.urlIDNAInvalid, at: host.first?.offset ?? 0, ascii))
    return ascii
  }

  /// Whether a label of the lowercased `host` begins with `xn--` (an IDNA A-label), found in one
  /// pass without splitting the host (a megabyte of dots was a million slices).
  static func hasPunycodeLabel(_ host: [UInt8]) -> Bool {
    let prefix: [UInt8] = Array("xn--".utf8)
    var labelStart = 0
    while labelStart + prefix.count <= host.count {
      if host[labelStart..<labelStart + prefix.count].elementsEqual(prefix) { return true }
      guard let dot = host[labelStart...].firstIndex(of: UInt8(ascii: ".")) else { return false }
      labelStart = dot + 1
    }
    return false
  }

  /// A `data:` URL: no name, the media type essence (`text/plain` when absent).
  mutating func dataURL(_ rest: ArraySlice<(byte: UInt8, offset: Int)>, at offset: Int) -> URLFilename {
    guard let comma = rest.firstIndex(where: { $0.byte == UInt8(ascii: ",") }) else {
      diagnostics.append(Diagnostic(.urlDataInvalid, at: offset))
      return result()
    }
    var type = rest[..<comma]
    if let semi = type.firstIndex(where: { $0.byte == UInt8(ascii: ";") }) { type = type[..<semi] }
    let trimmed = type.map { ASCII.lowercase($0.byte) }.drop(while: { ASCII.isHTTPWhitespace($0) })
    var essence = Array(trimmed)
    while let l = essence.last, ASCII.isHTTPWhitespace(l) { essence.removeLast() }
    let slash = essence.firstIndex(of: UInt8(ascii: "/"))
    let valid =
      slash.map { s in
        s > 0 && s < essence.count - 1 && essence[..<s].allSatisfy(HTTPToken.isTokenChar)
          && essence[(s + 1)...].allSatisfy(HTTPToken.isTokenChar)
      } ?? false
    let mediaType: String
    if valid {
      mediaType = String(decoding: essence, as: UTF8.self)
    } else {
      if !essence.isEmpty { diagnostics.append(Diagnostic(.urlDataInvalid, at: offset)) }
      mediaType = "text/plain"
    }
    diagnostics.append(Diagnostic(.urlData, at: offset, mediaType))
    return result(mediaType: mediaType)
  }

  /// 1 for a `.` segment, 2 for `..` (with `%2e` spellings), 0 otherwise.
  static func dotKind<Segment: RandomAccessCollection<UInt8>>(_ seg: Segment) -> Int where Segment.Index == Int {
    var dots = 0
    var i = seg.startIndex
    while i < seg.endIndex {
      if seg[i] == UInt8(ascii: ".") {
        dots += 1
        i += 1
      } else if seg[i] == UInt8(ascii: "%"), i + 2 < seg.endIndex, seg[i + 1] == UInt8(ascii: "2"),
        ASCII.lowercase(seg[i + 2]) == UInt8(ascii: "e")
      {
        dots += 1
        i += 3
      } else {
        return 0
      }
      if dots > 2 { return 0 }
    }
    return dots
  }

  /// Whether the query can hold a name: an opted-in key, or a presigned-disposition key. Keys are
  /// compared after %-decoding, so a query with a `%` is always parsed; without one, a key is the
  /// bytes before a `=`, a `&` or the end (`+` decodes to a space, never to a letter), so it can only
  /// be `rscd` or `response-content-disposition` if those four letters (any case) end there.
  static func queryMayName<Query: RandomAccessCollection<UInt8>>(_ query: Query, optedInKeys: Bool) -> Bool
  where Query.Index == Int {
    guard !query.isEmpty else { return false }
    if optedInKeys { return true }
    if let found = query.withContiguousStorageIfAvailable({ queryMayName(bytes: $0) }) { return found }
    return Array(query).withUnsafeBufferPointer { queryMayName(bytes: $0) }
  }

  /// `queryMayName` of contiguous bytes: from one `%`, `=` or `&` to the next eight bytes at a time
  /// (a signature's hex digits are most of a presigned URL's query).
  private static func queryMayName(bytes query: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = ByteScan.firstIndex(of: (0x25, 0x3D, 0x26), in: query, from: 0)
    while i < query.count {
      if query[i] == UInt8(ascii: "%") || endsDispositionKey(query, at: i) { return true }
      i = ByteScan.firstIndex(of: (0x25, 0x3D, 0x26), in: query, from: i + 1)
    }
    return endsDispositionKey(query, at: query.count)
  }

  /// Whether the four bytes before `end` are `rscd` or `tion` (the end of
  /// `response-content-disposition`), any case.
  @inline(__always)
  private static func endsDispositionKey(_ query: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
    guard end >= 4 else { return false }
    // `| 0x20` lowercases exactly the letters compared (no other byte becomes one of them).
    let last4 =
      UInt32(query[end - 4] | 0x20) << 24 | UInt32(query[end - 3] | 0x20) << 16 | UInt32(query[end - 2] | 0x20) << 8
      | UInt32(query[end - 1] | 0x20)
    return last4 == 0x7273_6364 || last4 == 0x7469_6F6E  // `rscd`, `tion`
  }

  /// A query's `key=value` pairs: keys and values percent-decoded (`+` as space).
  /// One `key=value` pair of a query.
  typealias QueryParameter = (key: [UInt8], value: [UInt8], rawValue: Input, offset: Int)

  func queryParameters(_ query: Input) -> [QueryParameter] {
    var out: [QueryParameter] = []
    var start = query.startIndex
    var i = query.startIndex
    while i <= query.endIndex {
      if i == query.endIndex || query[i].byte == UInt8(ascii: "&") {
        let pair = query[start..<i]
        if !pair.isEmpty {
          let eq = pair.firstIndex(where: { $0.byte == UInt8(ascii: "=") }) ?? pair.endIndex
          let key = PercentEncoding.decodeLenient(pair[..<eq].map { $0.byte == UInt8(ascii: "+") ? 0x20 : $0.byte })
            .bytes
          let raw = pair[(eq < pair.endIndex ? eq + 1 : pair.endIndex)...]  // a view, not a copy
          let value = PercentEncoding.decodeLenient(raw.map { $0.byte == UInt8(ascii: "+") ? 0x20 : $0.byte }).bytes
          out.append((key, value, raw, pair.first?.offset ?? 0))
        }
        start = i + 1
      }
      i += 1
    }
    return out
  }

  func equalsIgnoringCase(_ bytes: [UInt8], _ key: String) -> Bool {
    bytes.count == key.utf8.count && zip(bytes, key.utf8).allSatisfy { ASCII.lowercase($0) == ASCII.lowercase($1) }
  }

  func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
  func isSchemeChar(_ b: UInt8) -> Bool {
    isAlpha(b) || ASCII.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
  }
}
