import Testing

@testable import FilenameKit

/// The WHATWG MIME Sniffing Standard's pattern tables and its rules for identifying a resource with
/// an unknown MIME type, against web-platform-tests' `mimesniff/mime-type-sniffing` expectations.
@Suite("sniff: WHATWG rules and WPT expectations")
struct SniffWHATWGTests {
  struct Case: Decodable, Sendable {
    let id: String
    let source: String
    let hex: String
    let sniff_scriptable: Bool
    let expect_type: String
  }

  @Test func wptExpectations() throws {
    let cases: [Case] = FixtureLoader.load("sniff/wpt-unknown.json")
    #expect(cases.count >= 800)
    var failed: [String] = []
    var rules = Set<SniffRule>()
    for c in cases {
      let r = ContentSniffer.whatwgUnknownType(FixtureHex.decode(c.hex), sniffScriptable: c.sniff_scriptable)
      rules.insert(r.rule)
      if r.mediaType != c.expect_type {
        failed.append("\(c.id) \(c.source): got \(r.mediaType), want \(c.expect_type)")
      }
    }
    // Every step of §7.1 is reached, the MP4 and WebM signatures included.
    let steps: [SniffRule] = [.scriptable, .nonScriptable, .image, .audioVideo, .mp4, .webm, .archive, .text, .binary]
    for step in steps { #expect(rules.contains(step), "no WPT case reaches \(step.rawValue)") }
    #expect(failed.isEmpty, "\(failed.count) of \(cases.count) fail:\n\(failed.prefix(10).joined(separator: "\n"))")
  }

  @Test func tablesHaveTheStandardsRows() {
    // Row counts of §6.1–6.4 and §7.1's two tables.
    #expect(SniffPatternTables.image.count == 8)
    #expect(SniffPatternTables.audioVideo.count == 6)
    #expect(SniffPatternTables.font.count == 6)
    #expect(SniffPatternTables.archive.count == 3)
    #expect(SniffPatternTables.scriptable.count == 19)
    #expect(SniffPatternTables.nonScriptable.count == 4)
    let all =
      SniffPatternTables.image + SniffPatternTables.audioVideo + SniffPatternTables.font + SniffPatternTables.archive
      + SniffPatternTables.scriptable + SniffPatternTables.nonScriptable
    for row in all {
      #expect(row.pattern.count == row.mask.count, "\(row.note)")
      // A pattern byte is never outside its mask (the standard's tables are written that way).
      for (p, m) in zip(row.pattern, row.mask) { #expect(p & m == p, "\(row.note)") }
    }
  }

  @Test func theFontTableIsNotPartOfTheUnknownTypeRules() {
    // §7.1 leaves the font step commented out: a TrueType header is binary, not a font, there.
    let ttf: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0x00, 0x10]
    #expect(ContentSniffer.whatwgUnknownType(ttf).mediaType == "application/octet-stream")
    #expect(ContentSniffer.sniff(ttf)?.mediaType == "font/ttf")
  }

  @Test func scriptableRowsNeedTheFlag() {
    let html = Array("<html>".utf8)
    #expect(ContentSniffer.whatwgUnknownType(html, sniffScriptable: true).mediaType == "text/html")
    #expect(ContentSniffer.whatwgUnknownType(html, sniffScriptable: false).mediaType == "text/plain")
  }
}
