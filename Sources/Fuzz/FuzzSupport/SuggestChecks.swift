// Properties of `suggestFilename(for:options:)`: whatever a server sends, a safe name comes out.

import FilenameKit

/// Input: three option bytes, then NUL-separated fields: URL, Content-Disposition bytes,
/// Content-Type bytes, suggested name, default name (absent fields are nil).
enum SuggestChecks {
  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    var input = FuzzInput(bytes)
    let (metadata, options) = decode(&input)
    // The trace recorded in the run here; below, the same run without it, its trace replayed.
    var recording = options
    recording.recordsTrace = true
    let s = suggestFilename(for: metadata, options: recording)
    let context =
      "suggest(url: \(shown(metadata.url)), cd: \(metadata.contentDisposition.map { shown(String(decoding: $0, as: UTF8.self)) } ?? "nil"))"
    SanitizeChecks.checkSafeName(
      s.filename.string, platform: options.platform, options: options.sanitizer, context: context, &f)
    f.expect(s.trace.last?.code == .result, "trace does not end with result: \(s.trace.last?.code.rawValue ?? "none")")
    // Unless recorded, the trace is replayed on request by a tracing run, so a run
    // without tracing must decide exactly as one with it. Checked on inputs up to 1 KiB
    // (`FilenameSuggestionTests` compare the replayed traces of every fixture). The time property
    // is about one suggestion, so the second run is allowed a suggestion's time of its own: its
    // bytes and the base limit, expressed in bytes (a 999-byte legacy input took 81 ms for the two
    // runs under ASan against a 54 ms limit in CI's smoke run, and 40 ms for one).
    if bytes.count <= 1024 {
      let lazy = suggestFilename(for: metadata, options: options)
      f.derivedBytes += bytes.count + Int(FuzzDriver.timeLimitNanoseconds / max(FuzzDriver.timePerByteNanoseconds, 1))
      f.expect(
        lazy.filename == s.filename && lazy.source == s.source && lazy.mediaType == s.mediaType
          && lazy.risk == s.risk && lazy.disguise == s.disguise && lazy.decision == s.decision
          && lazy.contentDisposition == s.contentDisposition && lazy.sniffed == s.sniffed,
        "a run without tracing decides otherwise: \(context)")
    }
    if options.dangerousTypes == .neutralize {
      f.expect(
        FilenameSanitizer.risk(of: s.filename.string) == .ordinary,
        "neutralize left a risky name \(shown(s.filename.string))")
    }
  }

  /// The metadata and options an input encodes.
  static func decode(_ input: inout FuzzInput) -> (DownloadMetadata, SuggestionOptions) {
    let a = input.byte()
    let b = input.byte()
    let c = input.byte()
    var o = SuggestionOptions()
    o.platform = FuzzChoices.platform(a)
    o.profile = a & 0x04 != 0 ? .strict : .compatible
    o.normalization = a & 0x08 != 0 ? .nfd : .nfc
    o.dangerousTypes = a & 0x10 != 0 ? .neutralize : .report
    o.detectCharset = a & 0x20 == 0
    o.renderer = a & 0x40 != 0 ? .none : .webView
    if a & 0x80 != 0 { o.queryKeys = ["filename", "file", "name"] }
    if b & 0x80 != 0 { o.maxLength = Int(b & 0x7F) }
    o.reservedSuffixLength = Int(c & 0x0F)
    o.fallbackCharset = FuzzChoices.charset(c >> 4)
    let fields = input.fields(5)
    let text = { (i: Int) -> String? in fields[i].map { String(decoding: $0, as: UTF8.self) } }
    o.defaultName = text(4)
    let m = DownloadMetadata(
      url: text(0), contentDisposition: fields[1], contentType: fields[2], suggestedName: text(3))
    return (m, o)
  }
}
