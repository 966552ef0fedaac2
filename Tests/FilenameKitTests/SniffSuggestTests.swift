import Testing

@testable import FilenameKit

/// `suggestFilename` with leading bytes: `Fixtures/sniff/suggest.json` (issue 19's policy), bytes from
/// `Fixtures/sniff/cases.json`.
@Suite("sniff: suggestFilename with content")
struct SniffSuggestTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    /// The body's leading bytes (a case of cases.json), or nil for a case about the declared type alone.
    let content_case: String?
    let content_type: String?
    let content_disposition: String?
    let url: String?
    let neutralize: Bool?
    let expect_filename: String
    let expect_sniffed: String?
    let expect_risk: String
    let expect_content_mismatch: Bool
    let expect_download: Bool
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("sniff/suggest.json")
  static let content: [String: [UInt8]] = {
    let loaded: [SniffCasesTests.Case] = FixtureLoader.load("sniff/cases.json")
    return Dictionary(loaded.map { ($0.id, $0.bytes) }, uniquingKeysWith: { a, _ in a })
  }()

  @Test func fixturesLoad() throws {
    let loaded: [Case] = FixtureLoader.load("sniff/suggest.json")
    #expect(loaded.count >= 30)
    for c in loaded {
      guard let name = c.content_case else { continue }
      #expect(Self.content[name] != nil, "\(c.id): no case \(name)")
    }
  }

  @Test("suggest with content", arguments: cases)
  func suggest(_ c: Case) throws {
    var m = DownloadMetadata(url: c.url, contentDisposition: c.content_disposition, contentType: c.content_type)
    if let name = c.content_case {
      let bytes: [UInt8] = try #require(Self.content[name])
      m.leadingBytes = bytes
    }
    var o = SuggestionOptions(platform: .linux)
    if c.neutralize == true { o.dangerousTypes = .neutralize }
    let s = suggestFilename(for: m, options: o)
    let trace = s.trace.map(\.description).joined(separator: "\n")
    #expect(s.filename.string == c.expect_filename, "\(c.id):\n\(trace)")
    #expect(s.sniffed?.mediaType == c.expect_sniffed, "\(c.id):\n\(trace)")
    #expect(s.risk.rawValue == c.expect_risk, "\(c.id):\n\(trace)")
    let mismatch = s.disguise.contains(.contentMismatch)
    #expect(mismatch == c.expect_content_mismatch, "\(c.id):\n\(trace)")
    #expect(s.decision.isDownload == c.expect_download, "\(c.id):\n\(trace)")
    if let sniffed = s.sniffed {
      let entry = s.trace.first { $0.code == .contentSniffed }
      #expect(entry?.detail.contains("\(sniffed.bytesExamined) byte") == true, "\(c.id): bytes examined not traced")
    }
  }

  @Test func withoutBytesNothingChanges() throws {
    // The same metadata without leading bytes gives what it gave before content sniffing existed
    // (cases without bytes are about a declared executable type, flagged by `content-executable`).
    for c in Self.cases where c.content_case != nil {
      let m = DownloadMetadata(url: c.url, contentDisposition: c.content_disposition, contentType: c.content_type)
      let s = suggestFilename(for: m, options: SuggestionOptions(platform: .linux))
      #expect(s.sniffed == nil)
      #expect(!s.trace.contains { $0.code.rawValue.hasPrefix("content-") }, "\(c.id)")
    }
  }
}
