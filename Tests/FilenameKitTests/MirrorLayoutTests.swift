import Testing

@testable import FilenameKit

/// `MirrorLayout`: a file needed as a directory moves into it, URLs on one path are told apart,
/// whatever the order they were added in.
@Suite("MirrorLayout")
struct MirrorLayoutTests {
  static func layout(_ urls: [String], platform: Platform = .linux, foldsCase: Bool = false) throws -> [String: String]
  {
    var l = MirrorLayout(platform: platform, foldsCase: foldsCase)
    for u in urls { try l.add(url: u, options: MirrorPathOptions(platform: platform)) }
    return Dictionary(uniqueKeysWithValues: l.resolved().map { ($0.url, $0.path) })
  }

  @Test func fileNeededAsDirectoryMovesIn() throws {
    let urls = ["http://h/a", "http://h/a/b"]
    let forward = try Self.layout(urls)
    #expect(forward["http://h/a"] == "h/a/index.html")
    #expect(forward["http://h/a/b"] == "h/a/b")
    #expect(try Self.layout(urls.reversed()) == forward)
  }

  @Test func directoryIndexKeepsItsName() throws {
    let urls = ["http://h/a", "http://h/a/b", "http://h/a/"]
    let r = try Self.layout(urls)
    #expect(r["http://h/a/"] == "h/a/index.html")
    #expect(r["http://h/a"] == "h/a/index~\(PathHash.hex(Array("http://h/a".utf8), digits: 8)).html")
    for order in [[2, 1, 0], [1, 0, 2], [0, 2, 1]] {
      #expect(try Self.layout(order.map { urls[$0] }) == r)
    }
  }

  @Test func sanitizedNamesThatMeetAreSuffixed() throws {
    // `a?b` folds to `a@b` on windows; `a@b` is that name already. `?` (0x3F) sorts before `@`.
    let r = try Self.layout(["http://h/a@b", "http://h/a?b"], platform: .windows)
    #expect(r["http://h/a?b"] == "h/a@b")
    #expect(r["http://h/a@b"] == "h/a@b~\(PathHash.hex(Array("http://h/a@b".utf8), digits: 8))")
  }

  @Test func caseFoldingFileSystem() throws {
    let r = try Self.layout(["http://h/Report.pdf", "http://h/report.pdf"], foldsCase: true)
    #expect(r["http://h/Report.pdf"] == "h/Report.pdf")
    #expect(r["http://h/report.pdf"] == "h/report~\(PathHash.hex(Array("http://h/report.pdf".utf8), digits: 8)).pdf")
    let kept = try Self.layout(["http://h/Report.pdf", "http://h/report.pdf"], foldsCase: false)
    #expect(kept["http://h/report.pdf"] == "h/report.pdf")
  }

  @Test func movesStayWithinTheRoom() throws {
    let platform = Platform.windows
    var l = MirrorLayout(platform: platform)
    let long = String(repeating: "n", count: 240)
    let urls = ["http://h/\(long)", "http://h/\(long)/x", "http://h/\(long)/"]
    for u in urls { try l.add(url: u, options: MirrorPathOptions(platform: platform)) }
    for e in l.resolved() {
      let length = e.segments.reduce(e.segments.count - 1) { $0 + platform.length(of: $1) }
      #expect(length <= 259, "\(e.url)")
      for s in e.segments { #expect(FilenameSanitizer.isSafe(s, for: platform, options: .init(fallbackName: "_"))) }
    }
    #expect(Set(l.resolved().map(\.path)).count == urls.count)
  }
}
