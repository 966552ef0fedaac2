import Testing

@testable import FilenameKit

/// An end-to-end row (Fixtures/suggest/*.json): inputs, options, and what must come out.
struct SuggestCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let url: String?
  let content_disposition: String?
  let content_disposition_hex: String?
  let content_type: String?
  let content_hex: String?
  let suggested_name: String?
  let default_name: String?
  let referrer_charset: String?
  let platform: String?
  let max_length: Int?
  let renderer: String?
  let profile: String?
  let detect: Bool?
  let ascii: Bool?
  let expect_filename: String?
  let expect_source: String?
  let expect_download: Bool?
  let expect_reason: String?
  let expect_risk: String?
  let expect_trace: [String]?
  let expect_disguise: [String]?
  /// `Suggestion.extensionMismatch`, when the row names one.
  let expect_extension_mismatch: ExpectedMismatch?
  /// The row must report no extension mismatch.
  let expect_no_extension_mismatch: Bool?
  var testDescription: String { id }

  /// An expected `Suggestion.ExtensionMismatch`.
  struct ExpectedMismatch: Decodable, Sendable {
    let `extension`: String
    let media_type: String
    let expected: String?
  }

  var metadata: DownloadMetadata {
    var m = DownloadMetadata(
      url: url, contentDisposition: content_disposition, contentType: content_type, suggestedName: suggested_name)
    if let hex = content_disposition_hex { m.contentDisposition = FixtureHex.decode(hex) }
    if let hex = content_hex { m.leadingBytes = FixtureHex.decode(hex) }
    return m
  }

  func options(platform override: Platform? = nil) -> SuggestionOptions {
    var o = SuggestionOptions()
    o.defaultName = default_name
    o.fallbackCharset = referrer_charset.flatMap { Charset(label: $0) }
    o.platform = override ?? platform.flatMap(Platform.init(rawValue:)) ?? .linux
    o.maxLength = max_length
    o.renderer = renderer == "none" ? .none : .webView
    o.profile = profile == "strict" ? .strict : .compatible
    o.detectCharset = detect ?? true
    o.asciiOnly = ascii ?? false
    return o
  }
}

@Suite("suggest: end-to-end fixtures")
struct FilenameSuggestionTests {
  static let cases: [SuggestCase] = FixtureLoader.files(in: "suggest", ext: "json").flatMap { url in
    FixtureLoader.load("suggest/" + url.lastPathComponent, as: SuggestCase.self)
  }

  @Test func enoughRows() {
    #expect(Self.cases.count >= 300)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count, "duplicate ids")
  }

  @Test(arguments: cases)
  func row(_ c: SuggestCase) {
    if let label = c.referrer_charset { #expect(Charset(label: label) != nil) }
    let s = suggestFilename(for: c.metadata, options: c.options())
    if let f = c.expect_filename { #expect(s.filename.string == f) }
    if let src = c.expect_source {
      #expect(s.source.rawValue == src)
      #expect("\(s.source)" == src, "a source prints as its published name")
    }
    if let d = c.expect_download { #expect(s.decision.isDownload == d) }
    if let r = c.expect_reason { #expect(s.decision.reason.rawValue == r) }
    if let r = c.expect_risk { #expect(s.risk.rawValue == r) }
    if let d = c.expect_disguise { #expect(s.disguise.map(\.rawValue) == d) }
    let codes = s.trace.map(\.code.rawValue)
    if let m = c.expect_extension_mismatch {
      #expect(s.extensionMismatch?.fileExtension == m.extension)
      #expect(s.extensionMismatch?.mediaType == m.media_type)
      #expect(s.extensionMismatch?.expected == m.expected)
    }
    if c.expect_no_extension_mismatch == true { #expect(s.extensionMismatch == nil) }
    // The typed result and the trace say the same, on every row.
    #expect((s.extensionMismatch != nil) == codes.contains("extension-mismatch"), "\(codes)")
    for t in c.expect_trace ?? [] { #expect(codes.contains(t), "trace lacks \(t): \(codes)") }
    #expect(codes.first?.hasPrefix("media-type") == true)
    #expect(codes.last == "result")
  }

  /// A run records its trace only when asked; otherwise `trace` replays the run with
  /// tracing on. Both give the same suggestion and the same trace on every row (the fuzzer checks
  /// the decisions on generated inputs).
  @Test("a replayed trace equals the recorded one", arguments: cases)
  func replayedTrace(_ c: SuggestCase) {
    var recording = c.options()
    recording.recordsTrace = true
    let recorded = suggestFilename(for: c.metadata, options: recording)
    let lazy = suggestFilename(for: c.metadata, options: c.options())
    #expect(lazy == recorded)
    #expect(lazy.trace.map(\.description) == recorded.trace.map(\.description))
  }

  @Test("every row yields a safe name on every platform", arguments: cases)
  func safeEverywhere(_ c: SuggestCase) {
    for p in Platform.allCases {
      let o = c.options(platform: p)
      let s = suggestFilename(for: c.metadata, options: o)
      #expect(
        FilenameSanitizer.isSafe(s.filename.string, for: p, options: o.sanitizer),
        "\(p): \(s.filename.string.debugDescription)")
    }
  }
}
