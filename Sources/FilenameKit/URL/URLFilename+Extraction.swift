// Splitting a URL string into scheme, host, path and query (after the WHATWG URL Standard, only
// as far as a file name needs), and choosing the candidate.
struct URLNameExtractor {
  let bytes: [UInt8]
  let options: URLFilenameOptions
  var diagnostics: [Diagnostic] = []
  var depth = 0

  init(bytes: [UInt8], options: URLFilenameOptions) {
    self.bytes = bytes
    self.options = options
  }

  /// Schemes whose paths treat `\` as `/` (WHATWG "special" schemes).
  static let specialSchemes: Set<String> = ["http", "https", "ftp", "file", "ws", "wss"]
  /// Schemes with no file name at all.
  static let opaqueSchemes: Set<String> = ["mailto", "javascript", "about", "tel", "sms", "urn", "news", "magnet"]
  /// Query keys that carry a whole Content-Disposition header (S3 and GCS; Azure SAS uses `rscd`).
  static let dispositionKeys: [String] = ["response-content-disposition", "rscd"]

  mutating func run() -> URLFilename {
    // WHATWG: strip leading/trailing C0 controls and spaces; remove tabs and newlines anywhere.
    var start = 0, end = bytes.count
    while start < end, bytes[start] <= 0x20 { start += 1 }
    while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
    var input: [(byte: UInt8, offset: Int)] = []
    input.reserveCapacity(end - start)
    for i in start..<end where bytes[i] != 0x09 && bytes[i] != 0x0A && bytes[i] != 0x0D {
      input.append((bytes[i], i))
    }
    return extract(input)
  }

  private func result(
    _ name: String? = nil, _ source: URLFilename.Source? = nil, charset: Charset? = nil, guess: CharsetGuess? = nil,
    mediaType: String? = nil, disposition: ContentDisposition? = nil
  ) -> URLFilename {
    URLFilename(filename: name, source: source, charset: charset, guess: guess, mediaType: mediaType,
                contentDisposition: disposition, diagnostics: diagnostics)
  }

  mutating func extract(_ input: [(byte: UInt8, offset: Int)]) -> URLFilename {
    let startOffset = input.first?.offset ?? 0
    // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
    var schemeEnd: Int? = nil
    if let first = input.first, isAlpha(first.byte) {
      var i = 1
      while i < input.count, isSchemeChar(input[i].byte) { i += 1 }
      if i < input.count, input[i].byte == UInt8(ascii: ":") { schemeEnd = i }
    }
    var scheme = ""
    var rest = input[...]
    if let schemeEnd {
      for e in input[..<schemeEnd] { scheme.unicodeScalars.append(Unicode.Scalar(ASCII.lowercase(e.byte))) }
      rest = input[(schemeEnd + 1)...]
    } else {
      diagnostics.append(Diagnostic(.urlNotAbsolute, at: startOffset))
    }

    switch scheme {
    case "data":
      return dataURL(rest, at: startOffset)
    case "blob":
      diagnostics.append(Diagnostic(.urlBlob, at: startOffset))
      guard depth < 4 else { return result() }
      depth += 1
      return extract(Array(rest))
    default:
      break
    }
    if URLNameExtractor.opaqueSchemes.contains(scheme) {
      diagnostics.append(Diagnostic(.urlUnsupportedScheme, at: startOffset, scheme))
      return result()
    }
    let special = URLNameExtractor.specialSchemes.contains(scheme)
    if !scheme.isEmpty, !special {
      diagnostics.append(Diagnostic(.urlUnknownScheme, at: startOffset, scheme))
    }
    func isSlash(_ b: UInt8) -> Bool { b == UInt8(ascii: "/") || (special && b == UInt8(ascii: "\\")) }

    // Fragment and query.
    var body = rest
    if let hash = body.firstIndex(where: { $0.byte == UInt8(ascii: "#") }) { body = body[..<hash] }
    var query: ArraySlice<(byte: UInt8, offset: Int)> = []
    if let q = body.firstIndex(where: { $0.byte == UInt8(ascii: "?") }) {
      query = body[(q + 1)...]
      body = body[..<q]
    }

    // Authority: after "//" (special schemes tolerate any mix of slashes and backslashes).
    var host: ArraySlice<(byte: UInt8, offset: Int)> = []
    var path = body
    let leadingSlashes = body.prefix(while: { isSlash($0.byte) }).count
    // Special schemes but file skip any run of slashes; others need exactly "//".
    let authorityStart: Int? = special && scheme != "file" ? body.startIndex + leadingSlashes
      : leadingSlashes >= 2 ? body.startIndex + 2 : nil
    if let authStart = authorityStart {
      let authEnd = body[authStart...].firstIndex(where: { isSlash($0.byte) }) ?? body.endIndex
      host = hostPart(body[authStart..<authEnd])
      path = body[authEnd...]
    }

    // Presigned object-store URLs carry the real header in the query; it wins over the path.
    var disposition: ContentDisposition? = nil
    let params = queryParameters(query)
    for key in URLNameExtractor.dispositionKeys {
      guard let p = params.first(where: { equalsIgnoringCase($0.key, key) }) else { continue }
      let cd = ContentDisposition(parsing: p.value, options: .init(fallbackCharset: options.fallbackCharset))
      disposition = cd
      if let candidate = cd.candidates.first, !candidate.name.isEmpty {
        diagnostics.append(Diagnostic(.urlPresignedDisposition, at: p.offset, key))
        return result(candidate.name, .query, charset: candidate.charset, disposition: cd)
      }
      diagnostics.append(Diagnostic(.urlPresignedNoFilename, at: p.offset, key))
      break
    }
    for key in options.queryKeys {
      guard let p = params.first(where: { equalsIgnoringCase($0.key, key) && !$0.rawValue.isEmpty }) else { continue }
      // Only literal slashes are structure: keep the last piece of the raw value.
      var raw = p.rawValue[...]
      if let cut = raw.lastIndex(where: { $0.byte == UInt8(ascii: "/") || $0.byte == UInt8(ascii: "\\") }) {
        raw = raw[(cut + 1)...]
        diagnostics.append(Diagnostic(.urlQueryPathStripped, at: p.offset))
      }
      guard !raw.isEmpty else { continue }
      diagnostics.append(Diagnostic(.urlQueryFilename, at: p.offset, key))
      let name = decodeName(raw, plusIsSpace: true)
      return result(name.text, .query, charset: name.charset, guess: name.guess, disposition: disposition)
    }

    // Path segments, with dot segments resolved.
    if path.contains(where: { $0.byte == UInt8(ascii: "\\") }) && special {
      diagnostics.append(Diagnostic(.urlBackslash, at: path.first(where: { $0.byte == UInt8(ascii: "\\") })?.offset ?? 0))
    }
    var segments: [ArraySlice<(byte: UInt8, offset: Int)>] = []
    var sawDotSegment = false
    var segStart = path.startIndex
    var i = path.startIndex
    while i <= path.endIndex {
      if i == path.endIndex || isSlash(path[i].byte) {
        let seg = path[segStart..<i]
        let dots = dotKind(seg)
        if dots > 0, !sawDotSegment {
          sawDotSegment = true
          diagnostics.append(Diagnostic(.urlDotSegment, at: seg.first?.offset ?? 0))
        }
        switch dots {
        case 1:
          break
        case 2:
          if !segments.isEmpty { segments.removeLast() }
        default:
          segments.append(seg)
        }
        segStart = i + 1
      }
      i += 1
    }
    var sawTrailingEmpty = false
    for seg in segments.reversed() {
      var name = seg
      if let semi = name.firstIndex(where: { $0.byte == UInt8(ascii: ";") }) {
        diagnostics.append(Diagnostic(.urlPathParams, at: name[semi].offset, String(decoding: name[semi...].map(\.byte), as: UTF8.self)))
        name = name[..<semi]
      }
      if name.isEmpty { sawTrailingEmpty = true; continue }
      if sawTrailingEmpty { diagnostics.append(Diagnostic(.urlTrailingSlash, at: name.last?.offset ?? 0)) }
      let decoded = decodeName(name, plusIsSpace: false)
      return result(decoded.text, .path, charset: decoded.charset, guess: decoded.guess, disposition: disposition)
    }

    // No name in the path: the host, in Unicode when it is IDNA.
    guard !host.isEmpty else {
      diagnostics.append(Diagnostic(.urlNoName, at: startOffset))
      return result(disposition: disposition)
    }
    diagnostics.append(Diagnostic(.urlHostFallback, at: host.first?.offset ?? 0))
    let name = hostName(host)
    return result(name, .host, disposition: disposition)
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
    var needsIDNA = lowered.contains { $0 >= 0x80 }
    for label in lowered.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    where label.starts(with: "xn--".utf8) {
      needsIDNA = true
    }
    guard needsIDNA else { return ascii }
    if let unicode = TextServices.idnaToUnicode(ascii), !unicode.isEmpty {
      diagnostics.append(Diagnostic(.urlIDNAHost, at: host.first?.offset ?? 0, ascii))
      return unicode
    }
    diagnostics.append(Diagnostic(.urlIDNAInvalid, at: host.first?.offset ?? 0, ascii))
    return ascii
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
    let valid = slash.map { s in
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
  func dotKind(_ seg: ArraySlice<(byte: UInt8, offset: Int)>) -> Int {
    var dots = 0
    var i = seg.startIndex
    while i < seg.endIndex {
      if seg[i].byte == UInt8(ascii: ".") {
        dots += 1; i += 1
      } else if seg[i].byte == UInt8(ascii: "%"), i + 2 < seg.endIndex, seg[i + 1].byte == UInt8(ascii: "2"),
                ASCII.lowercase(seg[i + 2].byte) == UInt8(ascii: "e") {
        dots += 1; i += 3
      } else {
        return 0
      }
      if dots > 2 { return 0 }
    }
    return dots
  }

  /// A query's `key=value` pairs: keys and values percent-decoded (`+` as space).
  func queryParameters(_ query: ArraySlice<(byte: UInt8, offset: Int)>)
    -> [(key: [UInt8], value: [UInt8], rawValue: [(byte: UInt8, offset: Int)], offset: Int)] {
    var out: [(key: [UInt8], value: [UInt8], rawValue: [(byte: UInt8, offset: Int)], offset: Int)] = []
    var start = query.startIndex
    var i = query.startIndex
    while i <= query.endIndex {
      if i == query.endIndex || query[i].byte == UInt8(ascii: "&") {
        let pair = query[start..<i]
        if !pair.isEmpty {
          let eq = pair.firstIndex(where: { $0.byte == UInt8(ascii: "=") }) ?? pair.endIndex
          let key = PercentEncoding.decodeLenient(pair[..<eq].map { $0.byte == UInt8(ascii: "+") ? 0x20 : $0.byte }).bytes
          let raw = eq < pair.endIndex ? Array(pair[(eq + 1)...]) : []
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
