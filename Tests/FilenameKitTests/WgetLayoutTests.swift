import Testing

@testable import FilenameKit

/// `MirrorPath` beside `wget -x --restrict-file-names=…` on the same URLs
/// (Fixtures/paths/wget-layouts.json, recorded by Scripts/compare-wget-paths.py): our answers as
/// recorded, and every one that differs from wget's with its difference explained.
@Suite("wget layouts")
struct WgetLayoutTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let url: String
    let mode: String
    let platform: String
    let wget: String?
    let filenamekit: String
    let difference: String?
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("paths/wget-layouts.json", as: Case.self)

  @Test func fixtureFileIsComplete() {
    #expect(Self.cases.count >= 100)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
    #expect(Self.cases.allSatisfy { $0.source.hasPrefix("GNU Wget ") })
    #expect(Set(Self.cases.map(\.mode)) == ["unix", "windows", "ascii"])
    // The comparison is worth having only if many layouts agree.
    #expect(Self.cases.filter { $0.wget == $0.filenamekit }.count >= 40)
  }

  @Test(arguments: cases)
  func layout(_ c: Case) throws {
    let platform = try #require(Platform(rawValue: c.platform))
    // The batch op's defaults: no charset detection.
    let p = try MirrorPath.make(url: c.url, options: MirrorPathOptions(platform: platform))
    #expect(p.path == c.filenamekit, "\(c.id)")
    if c.wget == c.filenamekit {
      #expect(c.difference == nil, "\(c.id): the same as wget, yet a difference is listed")
    } else {
      #expect((c.difference ?? "").count > 20, "\(c.id): differs from wget (\(c.wget ?? "no file")) unexplained")
    }
  }
}
