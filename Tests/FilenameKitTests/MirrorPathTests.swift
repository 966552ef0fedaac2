import Testing

@testable import FilenameKit

/// `MirrorPath`: a URL's relative path in a mirror (Fixtures/paths/mirror-paths.json), and
/// `MirrorLayout`'s clash rules.
@Suite("MirrorPath")
struct MirrorPathTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let url: String
    let platform: String
    let path: String?
    let error: String?
    let name: String?
    let index_name: String?
    let referrer_charset: String?
    let max_query_length: Int?
    let budget_directory: String?
    let length: Int?
    let steps: [String]?
    let diagnostics: [String]?
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("paths/mirror-paths.json", as: Case.self)

  static func options(_ c: Case) throws -> MirrorPathOptions {
    let platform = try #require(Platform(rawValue: c.platform))
    var o = MirrorPathOptions(platform: platform)
    if let i = c.index_name { o.indexName = i }
    if let q = c.max_query_length { o.maxQueryLength = q }
    if let label = c.referrer_charset {
      o.decoding.fallbackCharset = Charset(label: label)
      #expect(o.decoding.fallbackCharset != nil, "\(label)")
    }
    if let d = c.budget_directory { o.budget = try PathBudget(directory: d, platform: platform) }
    return o
  }

  @Test func fixtureFileIsComplete() {
    #expect(Self.cases.count >= 80)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
    #expect(Self.cases.allSatisfy { ($0.path == nil) != ($0.error == nil) })
    for p in Platform.allCases { #expect(Self.cases.contains { $0.platform == p.rawValue }, "\(p)") }
  }

  @Test(arguments: cases)
  func mirrorPath(_ c: Case) throws {
    let options = try Self.options(c)
    let p: MirrorPath
    do {
      p = try MirrorPath.make(url: c.url, name: c.name, options: options)
    } catch {
      #expect(c.error == Self.name(of: error), "\(c.id): \(error)")
      #expect(!error.description.isEmpty)
      return
    }
    #expect(c.error == nil, "\(c.id): expected \(c.error ?? "") but got \(p.path)")
    #expect(p.path == c.path, "\(c.id)")
    #expect(p.path == p.segments.joined(separator: "/"))
    if let length = c.length { #expect(p.length == length, "\(c.id)") }
    let codes = p.steps.map(\.code.rawValue)
    for s in c.steps ?? [] { #expect(codes.contains(s), "\(c.id): \(codes)") }
    let diagnostics = p.diagnostics.map(\.code.rawValue)
    for d in c.diagnostics ?? [] { #expect(diagnostics.contains(d), "\(c.id): \(diagnostics)") }
    Self.checkSafe(p, options: options, id: c.id)
  }

  /// The case's name, as the fixtures write it.
  static func name(of error: MirrorPathError) -> String {
    switch error {
    case .notAbsolute: "notAbsolute"
    case .unsupportedScheme: "unsupportedScheme"
    case .noHost: "noHost"
    case .invalidPort: "invalidPort"
    case .emptyIndexName: "emptyIndexName"
    case .noRoom: "noRoom"
    }
  }

  /// Every segment one safe name, never `.`, `..` or empty; the whole within the room.
  static func checkSafe(_ p: MirrorPath, options: MirrorPathOptions, id: String) {
    let platform = options.platform
    #expect(p.segments.count >= 2, "\(id)")
    for s in p.segments {
      #expect(!s.isEmpty && s != "." && s != "..", "\(id): \(s)")
      #expect(!s.contains("/") && !s.contains("\\"), "\(id): \(s)")
      #expect(FilenameSanitizer.isSafe(s, for: platform, options: SanitizerOptions(fallbackName: "_")), "\(id): \(s)")
      #expect(platform.length(of: s) <= (options.budget?.maxNameLength ?? 255), "\(id): \(s)")
    }
    let measured = p.segments.reduce(p.segments.count - 1) { $0 + platform.length(of: $1) }
    #expect(p.length == measured, "\(id)")
    #expect(p.length <= p.room - options.reservedLength, "\(id)")
    if let b = options.budget {
      #expect(PathBudget.pathLength(of: p.path(in: b), on: platform) <= b.maxPathLength, "\(id)")
    }
  }

  @Test func sameURLSamePath() throws {
    for c in Self.cases where c.error == nil {
      let o = try Self.options(c)
      let a = try MirrorPath.make(url: c.url, name: c.name, options: o)
      let b = try MirrorPath.make(url: c.url, name: c.name, options: o)
      #expect(a == b, "\(c.id)")
    }
  }

  @Test func hashIsFNV1a64() {
    // FNV-1a's published test values (Fowler, Noll, Vo): "" and "a".
    #expect(PathHash.fnv1a64([]) == 0xcbf2_9ce4_8422_2325)
    #expect(PathHash.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    #expect(PathHash.hex(Array("a".utf8)) == "af63dc4c8601ec8c")
    #expect(PathHash.hex(Array("a".utf8), digits: 8) == "af63dc4c")
  }

  /// Two long names that share their first 300 characters stay apart.
  @Test func longSegmentsStayApart() throws {
    let base = "http://h.example/" + String(repeating: "x", count: 300)
    let a = try MirrorPath.make(url: base + "1.txt", options: .init(platform: .linux))
    let b = try MirrorPath.make(url: base + "2.txt", options: .init(platform: .linux))
    #expect(a.path != b.path)
    #expect(a.segments[1].utf8.count == 255 && b.segments[1].utf8.count == 255)
  }

  /// Every platform and budget: random URLs of hostile pieces give safe paths within the room.
  @Test func hostilePiecesStaySafe() throws {
    let pieces = [
      "%2e%2e", "..", ".", "%2F", "%5C", "CON", "aux.txt", "a.%20", "%00", "%E4%B8%AD", "%C4%E3", "?", "#", ";", "%3A",
      "\u{202E}", "x.lnk", String(repeating: "w", count: 120), "%F0%9F%98%80", "", "~", "-", " ",
    ]
    var rng = SplitMix64(seed: 7)
    for _ in 0..<400 {
      var url = "https://Ex.com:81/"
      for _ in 0..<Int(rng.next() % 12) {
        url += pieces[Int(rng.next() % UInt64(pieces.count))]
        if rng.next() % 3 != 0 { url += "/" }
      }
      let platform = Platform.allCases[Int(rng.next() % 4)]
      var o = MirrorPathOptions(platform: platform)
      if rng.next() % 2 == 0 {
        o.budget = try PathBudget(directory: "/" + String(repeating: "d", count: 200), platform: platform)
      }
      do {
        let p = try MirrorPath.make(url: url, options: o)
        Self.checkSafe(p, options: o, id: url)
      } catch {
        Issue.record("\(url): \(error)")
      }
    }
  }

  /// A megabyte-long URL (a million segments) is answered, its tail folded, within the room.
  @Test func hugeURLIsLinear() throws {
    let url = "http://h.example/" + String(repeating: "a/", count: 500_000) + "z"
    let p = try MirrorPath.make(url: url, options: .init(platform: .windows))
    #expect(p.length <= 259)
    #expect(p.steps.contains { $0.code == .directoriesFolded })
    let q = "http://h.example/x?" + String(repeating: "%41", count: 300_000)
    let r = try MirrorPath.make(url: q, options: .init(platform: .linux))
    #expect(r.steps.contains { $0.code == .queryHashed })
  }

  @Test func stepCodesAreStable() {
    #expect(Set(MirrorPathStep.Code.allCases.map(\.rawValue)).count == MirrorPathStep.Code.allCases.count)
    #expect(MirrorPathStep.Code.allCases.allSatisfy { $0.rawValue.hasPrefix("mirror-") })
  }
}
