/// Suggests a safe file name for a download, decides download-or-display, and explains both.
///
/// Candidates are tried in the order browsers use: a valid `filename*`, RFC 2231 continuations,
/// `filename` (and, in the compatible profile, `name`), the caller's suggested name, a name carried
/// in the URL query, the last URL path segment, the host, the default name, and finally `download`.
/// A candidate that sanitizes to nothing falls through to the next. The winner gets its extension
/// fixed from the media type (never from a generic type), is sanitized for the platform, and the
/// whole run is recorded in `trace`. Total: every input yields a safe name; nothing throws.
///
/// ```swift
/// let s = suggestFilename(for: DownloadMetadata(
///   url: "https://example.com/download.php?id=7",
///   contentDisposition: "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87",
///   contentType: "application/pdf"))
/// s.filename            // "中文.pdf"
/// s.source              // .dispositionExtended
/// s.decision.isDownload // true
/// ```
public func suggestFilename(for metadata: DownloadMetadata, options: SuggestionOptions = SuggestionOptions()) -> Suggestion {
  var run = SuggestionRun(options: options)
  return run.suggest(metadata)
}

/// One run of the suggestion pipeline, accumulating the trace.
struct SuggestionRun {
  let options: SuggestionOptions
  var trace: [Suggestion.TraceEntry] = []

  init(options: SuggestionOptions) {
    self.options = options
    trace.reserveCapacity(24)  // a typical run logs about 15 entries
  }

  mutating func log(_ code: String, _ detail: String) { trace.append(.init(code, detail)) }

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
        log("media-type", "Content-Type parsed as \(mt)" + (mt.isGeneric ? " (generic: no extension from it)" : ""))
      } else {
        log("media-type-invalid", "Content-Type \(printable(ct)) is not a valid MIME type; ignored")
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
        log("disposition-charset-detected", "raw filename bytes read as \(guess.charset.name) (confidence \(guess.confidence))")
        cd = ContentDisposition(parsing: cdBytes, options: .init(profile: options.profile, fallbackCharset: guess.charset))
      }
      disposition = cd
      if cd.isEmpty {
        log("disposition-empty", "Content-Disposition is empty; treated as absent")
      } else if cd.isIgnored {
        log("disposition-ignored", "Content-Disposition is invalid (\(options.profile.rawValue) profile); treated as absent")
      } else {
        log("disposition", "Content-Disposition type \(cd.type.name)" + (cd.type.isAttachmentLike && cd.type != .attachment ? " (treated as attachment)" : ""))
      }
      for d in cd.diagnostics where d.code != .headerIgnored && d.code != .emptyHeader {
        log("disposition-diagnostic", d.description)
      }
    } else {
      log("disposition-absent", "no Content-Disposition")
    }

    // 3. URL.
    var urlName: URLFilename? = nil
    if let url = m.url {
      let u = URLFilename.extract(from: url, options: URLFilenameOptions(
        fallbackCharset: options.fallbackCharset, detectCharset: options.detectCharset && options.fallbackCharset == nil,
        queryKeys: options.queryKeys))
      urlName = u
      for d in u.diagnostics { log("url-diagnostic", d.description) }
      if mediaType == nil, let dataType = u.mediaType, let mt = MediaType(dataType) {
        mediaType = mt
        log("media-type", "from the data: URL: \(mt.essence)")
      }
    }

    // 4. Candidates in precedence order; the first that survives sanitizing wins.
    var candidates: [Candidate] = []
    for c in disposition?.candidates ?? [] {
      let source: Suggestion.Source
      switch c.source {
      case .extended: source = .dispositionExtended
      case .continuation: source = .dispositionContinuation
      case .plain: source = .disposition
      case .name: source = .dispositionName
      }
      var how = ""
      if let charset = c.charset { how += ", decoded as \(charset.name)" }
      if let d = c.decoding { how += d == "rfc2047" ? ", RFC 2047 words decoded" : ", %-escaped UTF-8 decoded" }
      log("candidate", "\(source.rawValue): \(quoted(c.name))\(how)")
      candidates.append(Candidate(name: c.name, source: source))
    }
    if let s = m.suggestedName {
      log("candidate", "suggested-name: \(quoted(s))")
      candidates.append(Candidate(name: s, source: .suggestedName))
    }
    if let u = urlName, let name = u.filename, let src = u.source {
      let source: Suggestion.Source = src == .query ? .urlQuery : src == .path ? .urlPath : .host
      var how = ""
      if let g = u.guess { how = ", charset \(g.charset.name) detected (confidence \(g.confidence))" }
      else if let c = u.charset { how = ", escapes decoded as \(c.name)" }
      log("candidate", "\(source.rawValue): \(quoted(name))\(how)")
      candidates.append(Candidate(name: name, source: source))
    }
    if urlName?.source != .host, let url = m.url, let host = SuggestionRun.hostName(of: url) {
      log("candidate", "host: \(quoted(host))")
      candidates.append(Candidate(name: host, source: .host))
    }
    if let d = options.defaultName {
      log("candidate", "default-name: \(quoted(d))")
      candidates.append(Candidate(name: d, source: .defaultName))
    }

    var chosen = Candidate(name: "download", source: .fallback)
    // The winner's probe; reused below when the extension step leaves the name as it was.
    var chosenProbe: SanitizedFilename? = nil
    for c in candidates {
      let probe = FilenameSanitizer.sanitize(c.name, for: options.platform, options: options.sanitizerOptions)
      if probe.changes.contains(where: { $0.code == "fallback-name" }) {
        log("candidate-skipped", "\(c.source.rawValue): \(quoted(c.name)) sanitizes to nothing")
        continue
      }
      chosen = c
      chosenProbe = probe
      break
    }
    if chosen.source == .fallback { log("candidate", "fallback: \"download\" (no candidate survived)") }
    log("candidate-taken", "\(chosen.source.rawValue): \(quoted(chosen.name))")

    // 5. Extension from the media type.
    var name = chosen.name
    if let mt = mediaType, !mt.isGeneric {
      name = fixExtension(name, mediaType: mt, source: chosen.source)
    }

    // 6. Sanitize.
    // Sanitizing is a pure function of (name, platform, options): the same bytes give the same result.
    let sanitized = chosenProbe.flatMap { name.utf8.elementsEqual(chosen.name.utf8) ? $0 : nil }
      ?? FilenameSanitizer.sanitize(name, for: options.platform, options: options.sanitizerOptions)
    for change in sanitized.changes { log("sanitize-" + change.code, change.detail) }
    for d in sanitized.disguise { log("disguise", d) }
    log("risk", sanitized.risk.rawValue)

    // 7. Download or display.
    let decision = DownloadDecision.decide(disposition: disposition, mediaType: mediaType, filename: sanitized.name,
                                           renderer: options.renderer)
    log("decision", (decision.isDownload ? "download: " : "display: ") + decision.detail)
    if let conflict = decision.conflict { log("decision-conflict", conflict) }
    log("result", quoted(sanitized.name))

    return Suggestion(filename: sanitized.name, source: chosen.source, mediaType: mediaType, risk: sanitized.risk,
                      decision: decision, trace: trace, contentDisposition: disposition)
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
    guard let add = mt.extensionToAdd(toName: name) else {
      if let ext {
        switch mt.agrees(withName: name) {
        case true?: log("extension-kept", ".\(ext) fits \(mt.essence)")
        case false?: log("extension-mismatch", ".\(ext) does not fit \(mt.essence); kept")
        case nil: break
        }
      }
      return name
    }
    guard let ext else {
      log("extension-added", "no extension; .\(add) from \(mt.essence)")
      return name + "." + add
    }
    if source == .host {
      // A host's last label is a top-level domain, not an extension.
      log("extension-added", "the host name has no extension; .\(add) from \(mt.essence)")
      return name + "." + add
    }
    let fromURL = source == .urlPath || source == .urlQuery || source == .host
    if SuggestionRun.scriptExtensions.contains(ext) {
      if fromURL {
        log("extension-corrected", ".\(ext) names the server script; \(mt.essence) gives .\(add)")
        return FileExtension.split(name).stem + "." + add
      }
      log("extension-added", ".\(ext) is a server-script extension; .\(add) from \(mt.essence) appended")
      return name + "." + add
    }
    if !MediaTypeRegistry.mediaTypes(forExtension: ext).isEmpty {
      log("extension-mismatch", ".\(ext) does not fit \(mt.essence); kept")
      return name
    }
    log("extension-added", ".\(ext) is not a known extension; .\(add) from \(mt.essence) appended")
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

  /// Whether `host` (already lowercased) contains `xn--`, by bytes (String.contains is slow here).
  static func hasACELabel(_ host: String) -> Bool {
    var window: UInt32 = 0  // the last four bytes
    for b in host.utf8 {
      window = window << 8 | UInt32(b)
      if window == 0x786E_2D2D { return true }  // "xn--"
    }
    return false
  }

  /// Whether the trace shows `scalar` as `\u{…}`: controls, Default_Ignorable and format scalars.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) { return true }
    return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
  }

  func quoted(_ s: String) -> String {
    // The usual case, nothing to escape: one concatenation instead of a scalar-by-scalar copy.
    if !s.unicodeScalars.contains(where: SuggestionRun.needsEscape) { return "\"" + s + "\"" }
    var out = "\""
    for scalar in s.unicodeScalars {
      if SuggestionRun.needsEscape(scalar) {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  func printable(_ bytes: [UInt8]) -> String {
    quoted(String(decoding: bytes.prefix(200), as: UTF8.self))
  }
}
