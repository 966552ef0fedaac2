/// One run of the suggestion pipeline, accumulating the trace when `tracing` (a run that
/// nobody reads the trace of builds no entries; `Suggestion.trace` replays the run with tracing on).
/// The pipeline is pure, so both runs take the same decisions; the fuzzers check they agree.
struct SuggestionRun {
  let options: SuggestionOptions
  /// Whether entries are recorded; every `log` is a no-op otherwise (its event is not even built).
  let tracing: Bool
  var trace: [Suggestion.TraceEntry] = []
  /// The `response-content-disposition` of a presigned URL whose name was taken (`urlQuery`).
  var queryDisposition: ContentDisposition? = nil
  /// Set by `fixExtension` when it keeps an extension the media type does not claim.
  var extensionMismatch: Suggestion.ExtensionMismatch? = nil

  init(options: SuggestionOptions, tracing: Bool) {
    self.options = options
    self.tracing = tracing
    if tracing { trace.reserveCapacity(24) }  // a typical run logs about 15 entries
  }

  @inline(__always)
  mutating func log(_ code: Suggestion.TraceCode, _ event: @autoclosure () -> TraceEvent) {
    if tracing { trace.append(.init(code, event())) }
  }

  @inline(__always)
  mutating func log(_ code: Suggestion.TraceCode, _ text: @autoclosure () -> String) {
    if tracing { trace.append(.init(code, .text(text()))) }
  }

  /// A candidate name and where it came from.
  struct Candidate {
    var name: String
    var source: Suggestion.Source
  }

  /// The candidate taken so far, and the sanitizer's probe of it when one was run.
  struct Choice {
    var taken: Candidate? = nil
    var probed: SanitizedFilename? = nil
  }

  /// The pipeline of DESIGN.md, one function per arrow: media type, Content-Disposition, pick a
  /// candidate (precedence), fix the extension, sanitize, decide download or display.
  mutating func suggest(_ m: DownloadMetadata) -> Suggestion {
    var mediaType = parseMediaType(m.contentType)
    var disposition: ContentDisposition? = nil
    if let bytes = m.contentDisposition {
      disposition = parseDisposition(bytes)
    } else {
      log(.dispositionAbsent, "no Content-Disposition")
    }
    var choice = Choice()
    pickCandidate(m, disposition: disposition, mediaType: &mediaType, into: &choice)
    let taken = choice.taken ?? Candidate(name: "download", source: .fallback)
    if choice.taken == nil { log(.candidate, "fallback: \"download\" (no candidate survived)") }
    log(.candidateTaken, .taken(taken.source, taken.name))

    // The extension from the media type, or from the content when the type is generic or absent.
    var name = taken.name
    // The media type's essence, genericness and registry index, found once for every step below.
    let registered = mediaType.map(RegisteredMediaType.init)
    let sniffed = sniffContent(m.leadingBytes, declared: registered, declaredType: mediaType)
    if let mediaType, let registered, !registered.isGeneric {
      let (type, entry) = typeForExtension(name, mediaType, registered, sniffed)
      name = fixExtension(name, mediaType: type, registered: entry, source: taken.source)
    } else if let sniffed {
      name = extensionFromContent(name, sniffed, source: taken.source)
    }
    let disguisedExecutable = flagExecutableContent(
      sniffed, name: &name, declared: registered, declaredType: mediaType)
    // The probe's result stands when the extension step changed nothing (sanitizing is pure).
    let sanitized = sanitize(name, probe: choice.probed.flatMap { ASCII.sameUTF8(name, taken.name) ? $0 : nil })
    var disguise = sanitized.disguise
    if disguisedExecutable.mismatch {
      disguise.append(.contentMismatch)
      log(.disguise, SanitizedFilename.Disguise.contentMismatch.rawValue)
    }
    let risk = disguisedExecutable.flagged ?? sanitized.risk
    // The header the name came from: the response's, or a presigned URL's;
    // looked at only for a risky name (most names are ordinary: no copy of the header).
    if risk != .ordinary,
      let (cd, source) =
        taken.source == .urlQuery
        ? queryDisposition.flatMap({ cd in cd.firstCandidate.map { (cd, $0.source) } })
        : disposition.map({ ($0, taken.source) }),
      Self.hasHarmlessOtherName(cd, taken: source, on: options.platform)
    {
      disguise.append(.headerNameMismatch)
      log(.disguise, SanitizedFilename.Disguise.headerNameMismatch.rawValue)
    }
    log(.risk, .risk(risk))
    let decision = decide(
      disposition: disposition, mediaType: mediaType, registered: registered, filename: sanitized.name,
      dataURL: m.url.map(SuggestionRun.isDataURL) ?? false)
    log(.result, .result(sanitized.name))
    return Suggestion(
      filename: sanitized.filename, source: taken.source, mediaType: mediaType, risk: risk,
      disguise: disguise, decision: decision,
      traceStorage: tracing ? .recorded(trace) : .replay(m, options), contentDisposition: disposition,
      sniffed: sniffed, extensionMismatch: extensionMismatch)
  }

  /// Content-Type bytes → media type (nil when absent or invalid; both are logged).
  mutating func parseMediaType(_ bytes: [UInt8]?) -> MediaType? {
    guard let bytes else {
      log(.mediaTypeAbsent, "no Content-Type")
      return nil
    }
    guard let mt = MediaType.extract(fromContentTypeBytes: bytes) else {
      log(.mediaTypeInvalid, .mediaTypeInvalid(bytes))
      return nil
    }
    log(.mediaType, .mediaType(mt))
    return mt
  }

  /// Content-Disposition bytes → parsed header. Raw 8-bit bytes that are not UTF-8, with no
  /// fallback charset, get their charset guessed (a hint always beats a guess, so only without
  /// one), and the header is parsed again with the guess as fallback.
  mutating func parseDisposition(_ bytes: [UInt8]) -> ContentDisposition {
    let (cd, guess) = ContentDisposition.parseDetectingCharset(
      bytes,
      options: .init(
        profile: options.profile, fallbackCharset: options.fallbackCharset, detectCharset: options.detectCharset),
      language: options.url.language)
    if let guess { log(.dispositionCharsetDetected, .dispositionCharset(guess)) }
    if cd.isEmpty {
      log(.dispositionEmpty, "Content-Disposition is empty; treated as absent")
    } else if cd.isIgnored {
      let profile = options.profile  // not read inside the autoclosure, which `log` runs with `self` borrowed
      log(.dispositionIgnored, .dispositionIgnored(profile))
    } else {
      log(.disposition, .disposition(cd.type))
    }
    guard tracing else { return cd }
    for d in cd.diagnostics where d.code != .headerIgnored && d.code != .emptyHeader {
      log(.dispositionDiagnostic, .diagnostic(d))
    }
    return cd
  }

  /// Candidates in precedence order, considered one at a time: the first that survives sanitizing
  /// wins, and later ones are not even computed (a URL is parsed only when needed). The caller's
  /// default name beats the host, which is the last resort before `download`.
  mutating func pickCandidate(
    _ m: DownloadMetadata, disposition: ContentDisposition?, mediaType: inout MediaType?,
    into choice: inout Choice
  ) {
    func considerFromHeader(_ c: ContentDisposition.FilenameCandidate) {
      self.consider(
        Candidate(name: c.name, source: c.source),
        c.charset.map { .charset($0, how: c.decoding) } ?? .plain, &choice)
    }
    // The first candidate, then the rest only when it did not survive (no array of all of them;
    // the header is read in place, not copied).
    if let first = disposition?.firstCandidate {
      considerFromHeader(first)
      if choice.taken == nil, let others = disposition?.otherCandidates {
        for c in others where choice.taken == nil { considerFromHeader(c) }
      }
    }
    if choice.taken == nil, let s = m.suggestedName {
      consider(Candidate(name: s, source: .suggestedName), .plain, &choice)
    }
    var hostFromURL: Candidate? = nil
    if let url = m.url, choice.taken == nil || (mediaType == nil && SuggestionRun.isDataURL(url)) {
      hostFromURL = considerURL(url, mediaType: &mediaType, into: &choice)
    }
    if choice.taken == nil, let d = options.defaultName {
      consider(Candidate(name: d, source: .defaultName), .plain, &choice)
    }
    if choice.taken == nil, let host = hostFromURL {
      consider(host, .plain, &choice)
    }
  }

  /// The URL: a name from its query or path, or a `data:` URL's media type when there is no
  /// Content-Type. Returns the host candidate (when the URL names nothing else), to be considered
  /// after the caller's default name.
  mutating func considerURL(_ url: String, mediaType: inout MediaType?, into choice: inout Choice) -> Candidate? {
    var urlOptions = options.url
    urlOptions.detectCharset = options.detectCharset && options.fallbackCharset == nil
    let u = URLFilename.extract(from: url, options: urlOptions)
    if tracing { for d in u.diagnostics { log(.urlDiagnostic, .diagnostic(d)) } }
    if mediaType == nil, let dataType = u.mediaType, let mt = MediaType(dataType) {
      mediaType = mt
      log(.mediaType, .dataURLMediaType(mt))
    }
    guard choice.taken == nil, let name = u.filename, let src = u.source else { return nil }
    if src == .host { return Candidate(name: URLFilename.hostAsName(name), source: .host) }
    consider(
      Candidate(name: name, source: src),
      u.guess.map { .detected($0) } ?? u.charset.map { .escapes($0) } ?? .plain, &choice)
    if src == .urlQuery && choice.taken != nil { queryDisposition = u.contentDisposition }
    return choice.taken == nil
      ? URLFilename.hostName(of: url).map { Candidate(name: URLFilename.hostAsName($0), source: .host) } : nil
  }

  /// The sanitizer step, with every change and disguise logged (the risk is logged by the caller,
  /// after the content check).
  mutating func sanitize(_ name: String, probe: SanitizedFilename?) -> SanitizedFilename {
    let sanitized = probe ?? FilenameSanitizer.sanitize(name, for: options.platform, options: options.sanitizer)
    if tracing {
      for change in sanitized.changes { log(.sanitizerChange(change.code), .sanitizer(change)) }
      for d in sanitized.disguise { log(.disguise, d.rawValue) }
    }
    return sanitized
  }

  /// Download or display, logged with any conflict.
  mutating func decide(
    disposition: ContentDisposition?, mediaType: MediaType?, registered: RegisteredMediaType?, filename: String,
    dataURL: Bool
  ) -> DownloadDecision {
    let decision = DownloadDecision.decide(
      disposition: disposition, mediaType: mediaType, registered: registered, filename: filename,
      dataURL: dataURL, renderer: { options.renderer })
    log(.decision, .decision(decision))
    if let conflict = decision.conflict { log(.decisionConflict, conflict.detail) }
    return decision
  }

  /// Logs a candidate and takes it unless it sanitizes to nothing. A name with an ASCII letter or
  /// digit cannot (those survive every sanitizer rule), so only other names are probed.
  mutating func consider(_ c: Candidate, _ decoding: @autoclosure () -> TraceEvent.Decoding, _ choice: inout Choice) {
    log(.candidate, .candidate(c.source, c.name, decoding()))
    if ASCII.containsByte(in: c.name, where: SuggestionRun.isASCIIAlphanumeric) {
      choice.taken = c
      return
    }
    let probe = FilenameSanitizer.sanitize(c.name, for: options.platform, options: options.sanitizer)
    if probe.isFallback {
      log(.candidateSkipped, .skipped(c.source, c.name))
      return
    }
    choice.taken = c
    choice.probed = probe
  }

  /// Whether `url` is a `data:` URL (case-insensitive scheme).
  static func isDataURL(_ url: String) -> Bool {
    url.utf8.count >= 5 && ASCII.equalsLowercasedBytes(url.utf8.prefix(5), "data:")
  }

  /// Server-side script extensions that name the program, not the file it sent.
  static let scriptExtensions: Set<String> = [
    "php", "asp", "aspx", "jsp", "jspx", "cgi", "pl", "py", "do", "action", "cfm", "dll", "ashx", "axd",
  ]

  /// Adds or corrects the extension from the media type:
  /// - no extension, one no media type claims (`v1.2`), or a host name: the type's preferred
  ///   extension is appended;
  /// - a server-script extension (`download.php`) on a name from the URL is replaced;
  /// - any other registered extension is kept, and a mismatch is reported, not "fixed"
  ///   (`invoice.pdf` sent as text/html stays `invoice.pdf`).
  mutating func fixExtension(
    _ name: String, mediaType mt: MediaType, registered: RegisteredMediaType, source: Suggestion.Source
  ) -> String {
    let t = registered.extensionType
    // The extension is judged as the sanitizer will leave it: `invoice.pdf ` or `invoice.pd\u{200B}f`
    // is `invoice.pdf` once sanitized, so it is a PDF name, not one without a known extension to
    // which `.exe` is added.
    let judged = nameAsSanitized(name)
    // The usual case first, on the name's bytes: the extension fits, nothing to add (the
    // extension is split off as a string only for the trace, and for the other cases).
    if MediaType.agrees(name: judged, registeredType: t) == true {
      log(
        .extensionKept,
        .fileExtension(
          .kept, ext: FileExtension.of(judged).map(FileExtension.lowercasedASCII), added: nil, mediaType: mt))
      return name
    }
    let rawExt = FileExtension.of(judged)
    let ext = rawExt.map { FileExtension.lowercasedASCII($0) }
    guard let add = MediaType.extensionToAdd(toName: judged, registeredType: t) else {
      if let ext, let rawExt {
        switch MediaType.agrees(rawExt, registeredType: t) {
        case true?: log(.extensionKept, .fileExtension(.kept, ext: ext, added: nil, mediaType: mt))
        case false?:
          extensionMismatch = .init(fileExtension: ext, mediaType: mt)
          log(.extensionMismatch, .fileExtension(.mismatch, ext: ext, added: nil, mediaType: mt))
        case nil: break
        }
      }
      return name
    }
    if source == .host {
      // A host has no extension: its dots were replaced (`hostAsName`).
      log(.extensionAdded, .fileExtension(.addedHost, ext: ext, added: add, mediaType: mt))
      return Self.appending(add, to: name)
    }
    guard let ext else {
      log(.extensionAdded, .fileExtension(.addedNone, ext: nil, added: add, mediaType: mt))
      return Self.appending(add, to: name)
    }
    let fromURL = source == .urlPath || source == .urlQuery
    if SuggestionRun.scriptExtensions.contains(ext) {
      if fromURL {
        log(.extensionCorrected, .fileExtension(.correctedScript, ext: ext, added: add, mediaType: mt))
        return FileExtension.split(judged).stem + "." + add
      }
      log(.extensionAdded, .fileExtension(.addedAfterScript, ext: ext, added: add, mediaType: mt))
      return Self.appending(add, to: name)
    }
    if !MediaTypeRegistry.mediaTypes(forExtension: ext).isEmpty {
      extensionMismatch = .init(fileExtension: ext, mediaType: mt)
      log(.extensionMismatch, .fileExtension(.mismatch, ext: ext, added: nil, mediaType: mt))
      return name
    }
    log(.extensionAdded, .fileExtension(.addedUnknown, ext: ext, added: add, mediaType: mt))
    return Self.appending(add, to: name)
  }

  /// `name` as the sanitizer leaves it (dangerous types reported, not neutralized), without the
  /// trailing dots and spaces Windows ignores (as `risk` reads a name on every platform), for
  /// judging its extension. A name whose last dot is followed by ASCII letters and digits only, or
  /// that has no dot, has the same extension either way and is returned as is (most names: no
  /// second pass).
  func nameAsSanitized(_ name: String) -> String {
    var copy = name
    let plainTail = copy.withUTF8 { u -> Bool in
      guard let dot = u.lastIndex(of: UInt8(ascii: ".")) else { return true }
      return dot + 1 < u.count && u[(dot + 1)...].allSatisfy(Self.isASCIIAlphanumeric)
    }
    if plainTail { return name }
    var sanitizer = options.sanitizer
    sanitizer.dangerousTypes = .report
    let sanitized = FilenameSanitizer.sanitize(name, for: options.platform, options: sanitizer).name
    return String(DangerousTypes.trimmingWindowsEnd(sanitized[...]))
  }

  /// `name` + `.` + `ext`, without the dots and spaces `name` ends with: `invoice.pdf.` sent as an
  /// executable is `invoice.pdf.exe`, a double extension the disguise check sees, not
  /// `invoice.pdf..exe` (Explorer shows it as `invoice.pdf.`).
  static func appending(_ ext: String, to name: String) -> String {
    // Stepped back by index: `dropLast()` on the scalar view counts it each time, which made a
    // name of a million dots cost minutes.
    let scalars = name.unicodeScalars
    var end = scalars.endIndex
    while end > scalars.startIndex {
      let last = scalars[scalars.index(before: end)]
      guard last == "." || last == " " else { break }
      end = scalars.index(before: end)
    }
    return String(name[..<end]) + "." + ext
  }

  /// `[0-9A-Za-z]`.
  @inline(__always) static func isASCIIAlphanumeric(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
  }
}
