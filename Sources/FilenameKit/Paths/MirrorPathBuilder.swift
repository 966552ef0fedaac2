// Reading a URL into mirror segments (`MirrorPath.make`): the URL parser's split, then one safe
// name per segment. The fit to the room is `MirrorPathBuilder+Fit`.
struct MirrorPathBuilder {
  /// One segment on its way: its safe text and the bytes its hash is taken over.
  struct Segment {
    var text: String
    var source: [UInt8]
  }

  var extractor: URLNameExtractor
  let options: MirrorPathOptions
  let platform: Platform
  var steps: [MirrorPathStep] = []

  init(url: some StringProtocol, options: MirrorPathOptions) {
    extractor = URLNameExtractor(bytes: Array(url.utf8), options: options.decoding)
    self.options = options
    platform = options.platform
  }

  /// The longest segment, in the platform's unit.
  var nameMax: Int { options.budget?.maxNameLength ?? platform.maxLength }

  /// The room of the whole path, in the platform's unit (never shorter than the path's own unit).
  var room: Int {
    guard let b = options.budget else { return PathBudget.maxPathLength(for: platform) }
    return b.maxPathLength - b.directoryLength
  }

  /// The scheme's default port (WHATWG URL "default port"), when it has one.
  static func defaultPort(_ scheme: String) -> String? {
    switch scheme {
    case "http", "ws": "80"
    case "https", "wss": "443"
    case "ftp": "21"
    default: nil
    }
  }

  mutating func run(name: String?) throws(MirrorPathError) -> MirrorPath {
    guard !options.indexName.isEmpty else { throw .emptyIndexName }
    let input = extractor.normalizedInput()
    var parts = extractor.scheme(input[...])
    switch parts.scheme {
    case "": throw .notAbsolute
    case "data", "blob", "file": throw .unsupportedScheme(parts.scheme)
    case let s where URLNameExtractor.isOpaqueScheme(s): throw .unsupportedScheme(s)
    default: break
    }
    let rest = parts.rest
    extractor.splitQueryAndAuthority(&parts)
    guard !parts.host.isEmpty else { throw .noHost }
    if rest.contains(where: { $0.byte == UInt8(ascii: "#") }) {
      steps.append(MirrorPathStep(.fragmentDropped, "the fragment is not part of the resource"))
    }
    var segments = [try hostSegment(parts, rest: rest)]
    let ranges = extractor.resolvedSegments(parts)
    let layout = Self.split(ranges, path: parts.path, special: parts.special)
    if layout.droppedEmpty > 0 {
      steps.append(MirrorPathStep(.emptySegmentsDropped, "left out \(layout.droppedEmpty) empty segments"))
    }
    // Only as many directories as the room could hold (each at least one unit and a separator)
    // are decoded; the others are always folded, and only hashed.
    let decodable = Swift.min(layout.directories.count, room / 2 + 1)
    for (k, r) in layout.directories.prefix(decodable).enumerated() {
      segments.append(segment(parts.path[r], index: k + 1))
    }
    segments.append(fileSegment(parts, file: layout.file, given: name, index: decodable + 1))
    let excess = Array(layout.directories.dropFirst(decodable))
    let fitted = try fit(segments, directories: layout.directories, path: parts.path, excess: excess.count)
    let length = fitted.reduce(fitted.count - 1) { $0 + platform.length(of: $1) }
    return MirrorPath(
      segments: fitted, isDirectory: layout.file == nil, platform: platform, length: length, room: room,
      steps: steps, diagnostics: extractor.diagnostics.finished)
  }

  /// The resolved segments as directories and a file: empty ones left out; no file for a
  /// directory URL (the path is empty or ends in `/`, or its last segment was `.` or `..`, after
  /// which WHATWG URL leaves an empty one).
  static func split(
    _ ranges: [Range<Int>], path: URLNameExtractor.Input, special: Bool
  ) -> (directories: [Range<Int>], file: Range<Int>?, droppedEmpty: Int) {
    var nonEmpty: [Range<Int>] = []
    nonEmpty.reserveCapacity(ranges.count)
    var empty = 0
    for (k, r) in ranges.enumerated() {
      if !r.isEmpty {
        nonEmpty.append(r)
      } else if k > 0 && k < ranges.count - 1 {
        empty += 1
      }
    }
    // The last raw segment: a dot segment leaves the path ending in `/`.
    let isSlash = { (b: UInt8) in b == UInt8(ascii: "/") || (special && b == UInt8(ascii: "\\")) }
    let lastStart = (path.lastIndex(where: { isSlash($0.byte) }) ?? path.startIndex - 1) + 1
    let lastDots = URLNameExtractor.dotKind(path[lastStart...].lazy.map(\.byte))
    let directoryURL = path.isEmpty || ranges.last?.isEmpty != false || lastDots > 0
    guard !directoryURL, let file = nonEmpty.last else { return (nonEmpty, nil, empty) }
    return (Array(nonEmpty.dropLast()), file, empty)
  }

  /// The host segment: the host as `URLFilename.hostName` gives it, with a port other than the
  /// default after `:` (linux) or `+` (elsewhere: `:` is forbidden on windows and macos).
  mutating func hostSegment(
    _ parts: URLNameExtractor.Parts, rest: URLNameExtractor.Input
  ) throws(MirrorPathError) -> Segment {
    let host = parts.host
    let authorityStart =
      rest.firstIndex(where: { !parts.isSlash($0.byte) }) ?? rest.endIndex
    if host.startIndex > authorityStart {
      steps.append(MirrorPathStep(.userinfoDropped, segment: 0, "user name and password are not part of the path"))
    }
    var text = extractor.hostName(host)
    // After the host: a dot the host part dropped, then `:port`.
    let tail = rest[host.endIndex..<Swift.max(host.endIndex, parts.path.startIndex)]
    if let colon = tail.firstIndex(where: { $0.byte == UInt8(ascii: ":") }), colon + 1 < tail.endIndex {
      let digits = tail[(colon + 1)...].map(\.byte)
      let written = String(decoding: digits, as: UTF8.self)
      let significant = digits.drop { $0 == UInt8(ascii: "0") }
      guard digits.allSatisfy(ASCII.isDigit), significant.count <= 5,
        let value = significant.isEmpty ? 0 : Int(String(decoding: significant, as: UTF8.self)), value <= 65_535
      else { throw .invalidPort(written) }
      let port = String(value)
      if port == Self.defaultPort(parts.scheme) {
        steps.append(MirrorPathStep(.defaultPortDropped, segment: 0, "port \(port) is \(parts.scheme)'s default"))
      } else {
        text += (platform == .linux ? ":" : "+") + port
        steps.append(MirrorPathStep(.portKept, segment: 0, "port \(port)"))
      }
    }
    return sanitized(text, source: Array(text.utf8), index: 0)
  }

  /// A directory segment: decoded as a URL name, then made safe.
  mutating func segment(_ raw: URLNameExtractor.Input, index: Int) -> Segment {
    let decoded = extractor.decodeName(raw, plusIsSpace: false)
    return sanitized(decoded.text, source: raw.map(\.byte), index: index)
  }

  /// The file segment: the caller's name, or the URL's last segment (the index name for a
  /// directory URL), with the query folded in.
  mutating func fileSegment(
    _ parts: URLNameExtractor.Parts, file: Range<Int>?, given: String?, index: Int
  ) -> Segment {
    if let given {
      steps.append(MirrorPathStep(.givenName, segment: index, "the caller's name replaced the URL's"))
      return sanitized(given, source: Array(given.utf8), index: index)
    }
    var source: [UInt8]
    var text: String
    if let file {
      let raw = parts.path[file]
      source = raw.map(\.byte)
      text = extractor.decodeName(raw, plusIsSpace: false).text
    } else {
      steps.append(MirrorPathStep(.indexName, segment: index, "a directory URL: \(options.indexName)"))
      source = Array(options.indexName.utf8)
      text = options.indexName
    }
    if !parts.query.isEmpty {
      let joiner = platform.hasWindowsRules ? "@" : "?"
      let rawQuery = parts.query.map(\.byte)
      let query = extractor.decodeName(parts.query, plusIsSpace: false).text
      let safe = FilenameSanitizer.sanitize(query, for: platform, options: segmentOptions(maxLength: nil)).name
      if platform.length(of: safe) > Swift.max(options.maxQueryLength, 0) {
        text += joiner + "~" + PathHash.hex(rawQuery)
        steps.append(
          MirrorPathStep(
            .queryHashed, segment: index,
            "\(platform.length(of: safe)) units over \(options.maxQueryLength): FNV-1a of the query"))
      } else {
        text += joiner + query
        steps.append(MirrorPathStep(.queryFolded, segment: index, "after '\(joiner)'"))
      }
      source += [UInt8(ascii: "?")] + rawQuery
    }
    return sanitized(text, source: source, index: index)
  }

  /// Sanitizer options for a segment: `_` when nothing is left, the name limit.
  func segmentOptions(maxLength: Int?) -> SanitizerOptions {
    SanitizerOptions(replacement: options.replacement, maxLength: maxLength ?? nameMax, fallbackName: "_")
  }

  /// `text` as one safe name within the name limit; a cut one ends in its hash (`cut`).
  mutating func sanitized(_ text: String, source: [UInt8], index: Int) -> Segment {
    let r = FilenameSanitizer.sanitize(text, for: platform, options: segmentOptions(maxLength: nil))
    let codes = r.changes.map(\.code).filter { $0 != .truncated }
    if !codes.isEmpty {
      steps.append(
        MirrorPathStep(.segmentSanitized, segment: index, codes.map(\.rawValue).joined(separator: ", ")))
    }
    guard r.changes.contains(where: { $0.code == .truncated }) else { return Segment(text: r.name, source: source) }
    let cut = Self.cut(r.name, to: nameMax, source: source, platform: platform, options: segmentOptions(maxLength: nil))
    steps.append(
      MirrorPathStep(
        .segmentShortened, segment: index,
        "over the name limit: to \(platform.length(of: cut)) \(platform.lengthUnitName)"))
    return Segment(text: cut, source: source)
  }
}
