/// One run of the suggestion pipeline, accumulating the trace.
struct SuggestionRun {
  let options: SuggestionOptions
  var trace: [Suggestion.TraceEntry] = []

  init(options: SuggestionOptions) {
    self.options = options
    trace.reserveCapacity(24)  // a typical run logs about 15 entries
  }

  mutating func log(_ code: String, _ event: TraceEvent) { trace.append(.init(code, event)) }

  mutating func log(_ code: String, _ text: String) { trace.append(.init(code, .text(text))) }

  /// A candidate name and where it came from.
  struct Candidate {
    var name: String
    var source: Suggestion.Source
  }

  mutating func suggest(_ m: DownloadMetadata) -> Suggestion {
    // 1. Media type.
    var mediaType: MediaType? = nil
    if let ct = m.contentType {
      mediaType = MediaType.extract(fromContentTypeBytes: ct)
      if let mt = mediaType {
        log("media-type", .mediaType(mt))
      } else {
        log("media-type-invalid", .mediaTypeInvalid(ct))
      }
    } else {
      log("media-type-absent", "no Content-Type")
    }

    // 2. Content-Disposition.
    var disposition: ContentDisposition? = nil
    if let cdBytes = m.contentDisposition {
      var cd = ContentDisposition(parsing: cdBytes, options: .init(profile: options.profile, fallbackCharset: options.fallbackCharset))
      // Raw 8-bit bytes that are not UTF-8, with no fallback charset: guess the charset (a hint
      // always beats a guess, so only without one), and parse again with the guess as fallback.
      if options.fallbackCharset == nil, options.detectCharset, options.profile == .compatible,
         cd.diagnostics.contains(where: { $0.code == .raw8bitLatin1 }),
         let raw = cd.parameter("filename")?.rawValue ?? cd.parameter("name")?.rawValue,
         let guess = CharsetDetector.detect(raw), guess.charset != .utf8 {
        log("disposition-charset-detected", .dispositionCharset(guess))
        cd = ContentDisposition(parsing: cdBytes, options: .init(profile: options.profile, fallbackCharset: guess.charset))
      }
      disposition = cd
      if cd.isEmpty {
        log("disposition-empty", "Content-Disposition is empty; treated as absent")
      } else if cd.isIgnored {
        log("disposition-ignored", .dispositionIgnored(options.profile))
      } else {
        log("disposition", .disposition(cd.type))
      }
      for d in cd.diagnostics where d.code != .headerIgnored && d.code != .emptyHeader {
        log("disposition-diagnostic", .diagnostic(d))
      }
    } else {
      log("disposition-absent", "no Content-Disposition")
    }

    // 3. Candidates in precedence order, considered one at a time: the first that survives
    //    sanitizing wins, and later ones are not even computed (a URL is parsed only when needed).
    var chosen: Candidate? = nil
    var probed: SanitizedFilename? = nil
    for c in disposition?.candidates ?? [] where chosen == nil {
      let source: Suggestion.Source
      switch c.source {
      case .extended: source = .dispositionExtended
      case .continuation: source = .dispositionContinuation
      case .plain: source = .disposition
      case .name: source = .dispositionName
      }
      consider(Candidate(name: c.name, source: source), c.charset.map { .charset($0, how: c.decoding) } ?? .plain,
               &chosen, &probed)
    }
    if chosen == nil, let s = m.suggestedName {
      consider(Candidate(name: s, source: .suggestedName), .plain, &chosen, &probed)
    }
    // The URL: for a name, or for a `data:` URL's media type when there is no Content-Type.
    var urlName: URLFilename? = nil
    if let url = m.url, chosen == nil || (mediaType == nil && SuggestionRun.isDataURL(url)) {
      let u = URLFilename.extract(from: url, options: URLFilenameOptions(
        fallbackCharset: options.fallbackCharset, detectCharset: options.detectCharset && options.fallbackCharset == nil,
        queryKeys: options.queryKeys))
      urlName = u
      for d in u.diagnostics { log("url-diagnostic", .diagnostic(d)) }
      if mediaType == nil, let dataType = u.mediaType, let mt = MediaType(dataType) {
        mediaType = mt
        log("media-type", .dataURLMediaType(mt))
      }
      if chosen == nil, let name = u.filename, let src = u.source {
        let source: Suggestion.Source = src == .query ? .urlQuery : src == .path ? .urlPath : .host
        let decoding: TraceEvent.Decoding = u.guess.map { .detected($0) } ?? u.charset.map { .escapes($0) } ?? .plain
        consider(Candidate(name: name, source: source), decoding, &chosen, &probed)
      }
    }
    if chosen == nil, urlName?.source != .host, let url = m.url, let host = SuggestionRun.hostName(of: url) {
      consider(Candidate(name: host, source: .host), .plain, &chosen, &probed)
    }
    if chosen == nil, let d = options.defaultName {
      consider(Candidate(name: d, source: .defaultName), .plain, &chosen, &probed)
    }
    let taken = chosen ?? Candidate(name: "download", source: .fallback)
    if chosen == nil { log("candidate", "fallback: \"download\" (no candidate survived)") }
    log("candidate-taken", .taken(taken.source, taken.name))

    // 4. Extension from the media type, or from the content when the type is generic or absent.
    var name = taken.name
    let sniffed = sniffContent(m.leadingBytes, declared: mediaType)
    if let mt = mediaType, !mt.isGeneric {
      name = fixExtension(name, mediaType: mt, source: taken.source)
    } else if let sniffed {
      name = extensionFromContent(name, sniffed, source: taken.source)
    }
    let disguisedExecutable = flagExecutableContent(sniffed, name: &name, declared: mediaType)

    // 5. Sanitize (the probe's result stands when the extension step changed nothing).
    let sanitized = probed.flatMap { name.utf8.elementsEqual(taken.name.utf8) ? $0 : nil }
      ?? FilenameSanitizer.sanitize(name, for: options.platform, options: options.sanitizerOptions)
    for change in sanitized.changes { log("sanitize-" + change.code, .sanitizer(change)) }
    for d in sanitized.disguise { log("disguise", d) }
    if disguisedExecutable.mismatch { log("disguise", "content-mismatch") }
    let risk = disguisedExecutable.flagged ? FileRisk.executable : sanitized.risk
    log("risk", .risk(risk))

    // 6. Download or display.
    let decision = DownloadDecision.decide(disposition: disposition, mediaType: mediaType, filename: sanitized.name,
                                           renderer: options.renderer)
    log("decision", .decision(decision))
    if let conflict = decision.conflict { log("decision-conflict", conflict) }
    log("result", .result(sanitized.name))

    return Suggestion(filename: sanitized.name, source: taken.source, mediaType: mediaType, risk: risk,
                      decision: decision, trace: trace, contentDisposition: disposition, sniffed: sniffed)
  }

  /// Logs a candidate and takes it unless it sanitizes to nothing. A name with an ASCII letter or
  /// digit cannot (those survive every sanitizer rule), so only other names are probed.
  mutating func consider(_ c: Candidate, _ decoding: TraceEvent.Decoding, _ chosen: inout Candidate?,
                         _ probed: inout SanitizedFilename?) {
    log("candidate", .candidate(c.source, c.name, decoding))
    if c.name.utf8.contains(where: SuggestionRun.isASCIIAlphanumeric) {
      chosen = c
      return
    }
    let probe = FilenameSanitizer.sanitize(c.name, for: options.platform, options: options.sanitizerOptions)
    if probe.changes.contains(where: { $0.code == "fallback-name" }) {
      log("candidate-skipped", .skipped(c.source, c.name))
      return
    }
    chosen = c
    probed = probe
  }

  /// Whether `url` is a `data:` URL (case-insensitive scheme).
  static func isDataURL(_ url: String) -> Bool {
    url.utf8.count >= 5 && ASCII.equalsLowercasedBytes(url.utf8.prefix(5), "data:")
  }

  /// Server-side script extensions that name the program, not the file it sent.
  static let scriptExtensions: Set<String> = ["php", "asp", "aspx", "jsp", "jspx", "cgi", "pl", "py", "do", "action", "cfm", "dll", "ashx", "axd"]

  /// Adds or corrects the extension from the media type:
  /// - no extension, one no media type claims (`v1.2`), or a host name: the type's preferred
  ///   extension is appended;
  /// - a server-script extension (`download.php`) on a name from the URL is replaced;
  /// - any other registered extension is kept, and a mismatch is reported, not "fixed"
  ///   (`invoice.pdf` sent as text/html stays `invoice.pdf`).
  mutating func fixExtension(_ name: String, mediaType mt: MediaType, source: Suggestion.Source) -> String {
    let ext = FileExtension.of(name).map { FileExtension.lowercasedASCII($0) }
    // The usual case first: the extension fits, nothing to add.
    if ext != nil, mt.agrees(withName: name) == true {
      log("extension-kept", .fileExtension(.kept, ext: ext, added: nil, mediaType: mt))
      return name
    }
    guard let add = mt.extensionToAdd(toName: name) else {
      if let ext {
        switch mt.agrees(withName: name) {
        case true?: log("extension-kept", .fileExtension(.kept, ext: ext, added: nil, mediaType: mt))
        case false?: log("extension-mismatch", .fileExtension(.mismatch, ext: ext, added: nil, mediaType: mt))
        case nil: break
        }
      }
      return name
    }
    guard let ext else {
      log("extension-added", .fileExtension(.addedNone, ext: nil, added: add, mediaType: mt))
      return name + "." + add
    }
    if source == .host {
      // A host's last label is a top-level domain, not an extension.
      log("extension-added", .fileExtension(.addedHost, ext: ext, added: add, mediaType: mt))
      return name + "." + add
    }
    let fromURL = source == .urlPath || source == .urlQuery || source == .host
    if SuggestionRun.scriptExtensions.contains(ext) {
      if fromURL {
        log("extension-corrected", .fileExtension(.correctedScript, ext: ext, added: add, mediaType: mt))
        return FileExtension.split(name).stem + "." + add
      }
      log("extension-added", .fileExtension(.addedAfterScript, ext: ext, added: add, mediaType: mt))
      return name + "." + add
    }
    if !MediaTypeRegistry.mediaTypes(forExtension: ext).isEmpty {
      log("extension-mismatch", .fileExtension(.mismatch, ext: ext, added: nil, mediaType: mt))
      return name
    }
    log("extension-added", .fileExtension(.addedUnknown, ext: ext, added: add, mediaType: mt))
    return name + "." + add
  }

  /// The host of an absolute URL (IDNA shown in Unicode), or nil.
  static func hostName(of url: String) -> String? {
    var bytes = Array(url.utf8)
    if bytes.count > 5, FileExtension.lowercasedASCII(url.prefix(5)) == "blob:" { bytes.removeFirst(5) }
    // scheme "://"
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
          bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return nil }
    var start = colon + 3
    var end = start
    while end < bytes.count {
      let b = bytes[end]
      if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") || b == UInt8(ascii: "\\") { break }
      end += 1
    }
    if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
    guard start < end, bytes[start] != UInt8(ascii: "[") else { return nil }
    if let portColon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) { end = portColon }
    while end > start && bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
    guard start < end else { return nil }
    let host = String(decoding: bytes[start..<end].map(ASCII.lowercase), as: UTF8.self)
    if host.utf8.count > 4, SuggestionRun.hasACELabel(host), let unicode = TextServices.idnaToUnicode(host) { return unicode }
    return host
  }

  /// `[0-9A-Za-z]`.
  @inline(__always) static func isASCIIAlphanumeric(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
  }

  /// Whether `host` (already lowercased) contains `xn--`, by bytes (String.contains is slow here).
  static func hasACELabel(_ host: String) -> Bool {
    var window: UInt32 = 0  // the last four bytes
    for b in host.utf8 {
      window = window << 8 | UInt32(b)
      if window == 0x786E_2D2D { return true }  // "xn--"
    }
    return false
  }
}
