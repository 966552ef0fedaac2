import Foundation
import Testing

@testable import FilenameKit

/// One URL case (Fixtures/url/cases.json, Fixtures/url/legacy.json).
struct URLCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let url: String
  let fallback: String?
  let detect: Bool?
  let query_keys: [String]?
  let language: String?
  let filename: String?
  let charset: String?
  let from: String?
  let media_type: String?
  let diagnostics: [String]?
  /// A detection case counted toward the recovery rate instead of being asserted one by one.
  let recovery: Bool?
  /// The legacy bytes happen to be valid UTF-8 too (so UTF-8 wins).
  let valid_utf8: Bool?
  var testDescription: String { id }

  var options: URLFilenameOptions {
    URLFilenameOptions(
      fallbackCharset: fallback.flatMap { Charset(label: $0) },
      detectCharset: detect ?? false,
      queryKeys: query_keys ?? [],
      language: language
    )
  }
}

@Suite("URLFilename")
struct URLFilenameTests {
  static let handCases: [URLCase] = FixtureLoader.load("url/cases.json", as: URLCase.self)
  static let legacyCases: [URLCase] = FixtureLoader.load("url/legacy.json", as: URLCase.self)
  static let exactCases: [URLCase] = handCases + legacyCases.filter { $0.recovery != true }
  static let recoveryCases: [URLCase] = legacyCases.filter { $0.recovery == true }

  @Test func fixturesAreThere() {
    #expect(Self.handCases.count + Self.legacyCases.count >= 150)
    #expect(!Self.recoveryCases.isEmpty)
    let ids = (Self.handCases + Self.legacyCases).map(\.id)
    #expect(Set(ids).count == ids.count, "duplicate fixture ids")
    for c in Self.handCases + Self.legacyCases where c.fallback != nil {
      #expect(c.options.fallbackCharset != nil, "unknown fallback label in \(c.id)")
    }
  }

  @Test(arguments: exactCases)
  func extracts(_ c: URLCase) {
    let r = URLFilename.extract(from: c.url, options: c.options)
    #expect(r.filename == c.filename, "\(c.id): \(r.diagnostics)")
    #expect(r.charset?.name == c.charset)
    // The fixtures name URL sources as the batch `url` op does (`path`, `query`, `host`).
    #expect(r.source?.rawValue == c.from.map { ["path": "url-path", "query": "url-query"][$0] ?? $0 })
    #expect(r.mediaType == c.media_type)
    let codes = r.diagnostics.map(\.code.rawValue)
    for d in c.diagnostics ?? [] {
      #expect(codes.contains(d), "\(c.id): missing \(d) in \(codes)")
    }
    if r.charset == .utf8 || r.charset == nil {
      #expect(r.guess == nil, "\(c.id): a guess where no guess was needed")
    }
  }

  /// The fast path (issue 17) answers exactly as the full extractor on every fixture it takes,
  /// and takes the plain ones (so this compares something).
  @Test func fastPathAgreesWithFullExtractor() {
    var taken = 0
    // Opted-in query keys never take the fast path.
    for c in Self.handCases + Self.legacyCases where c.options.queryKeys.isEmpty {
      guard let fast = URLFilename.fastPathExtract(from: c.url) else { continue }
      taken += 1
      #expect(fast == URLFilename.extractFully(from: c.url, options: c.options), "\(c.id)")
    }
    #expect(taken >= 10, "the fast path took \(taken) fixture URLs")
  }

  /// Legacy-encoded CJK names with detection on and no hint: at least 90% recovered.
  @Test func recoversLegacyNamesWithoutHint() {
    var recovered = 0
    var misses: [String] = []
    for c in Self.recoveryCases {
      let r = URLFilename.extract(from: c.url, options: c.options)
      if r.filename == c.filename {
        recovered += 1
        #expect(r.guess != nil, "\(c.id): recovered without a recorded guess")
        #expect(r.diagnostics.contains { $0.code == .urlCharsetDetected })
      } else {
        if c.valid_utf8 == true { #expect(r.charset == .utf8 && r.guess == nil, "\(c.id): UTF-8 must win") }
        misses.append("\(c.id) -> \(r.filename ?? "nil") (\(r.charset?.name ?? "-"))")
      }
    }
    let rate = Double(recovered) / Double(max(Self.recoveryCases.count, 1))
    print(
      "URL legacy-name recovery: \(recovered)/\(Self.recoveryCases.count) = \(Int(rate * 1000) / 10)%; misses: \(misses)"
    )
    #expect(rate >= 0.9, "recovered \(recovered) of \(Self.recoveryCases.count): \(misses)")
  }

  /// Without detection the same URLs keep their escapes (nothing silently garbled).
  @Test func keepsEscapesWithoutDetection() {
    for c in Self.recoveryCases where c.valid_utf8 != true {
      let r = URLFilename.extract(from: c.url)
      #expect(r.charset == nil, "\(c.id)")
      #expect(r.filename?.contains("%") == true, "\(c.id)")
      #expect(r.diagnostics.contains { $0.code == .urlEscapesKept }, "\(c.id)")
    }
  }

  /// Bad input never crashes, and never yields structure from escapes.
  @Test func survivesHostileInput() {
    let inputs = [
      String(repeating: "%", count: 10_000), String(repeating: "/", count: 10_000),
      "https://" + String(repeating: "a.", count: 5_000), "blob:blob:blob:blob:blob:blob:https://x/y",
      "https://x/" + String(repeating: "%FF", count: 5_000), "data:", "?", "#", "//", "\u{0}\u{1}",
      "https://x/" + String(repeating: "%2e%2e/", count: 1_000), "https://[::1/a", "https://@:/",
    ]
    for s in inputs {
      let r = URLFilename.extract(from: s, options: .init(detectCharset: true, queryKeys: ["file"]))
      if r.source == .urlPath, let name = r.filename {
        #expect(!name.isEmpty)
      }
      #expect(r.diagnostics.count < 16, "diagnostics stay bounded: \(r.diagnostics.count)")
    }
    let r = URLFilename.extract(from: "https://x/" + String(repeating: "%2F", count: 100) + "a")
    #expect(r.filename == String(repeating: "/", count: 100) + "a")
  }
}
