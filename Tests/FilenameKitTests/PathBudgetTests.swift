import Testing

@testable import FilenameKit

/// `PathBudget`: the room a name has in a directory (Fixtures/paths/path-budget.json), and names and
/// templates fitted to it.
@Suite("PathBudget")
struct PathBudgetTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let directory: String
    let platform: String
    let long_paths: Bool?
    let name_max: Int?
    let room: Int?
    let error: String?
    let name: String?
    let template: String?
    let fields: [String: String]?
    let reserve: Int?
    let expected: String?
    let file_system: String?
    let mount_point: String?
    let rules: String?
    let volume_directory: String?
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("paths/path-budget.json", as: Case.self)

  @Test func fixtureFileIsComplete() {
    #expect(Self.cases.count >= 25)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
    #expect(Self.cases.allSatisfy { ($0.room == nil) != ($0.error == nil) })
  }

  @Test(arguments: cases)
  func budget(_ c: Case) throws {
    let platform = try #require(Platform(rawValue: c.platform))
    let b: PathBudget
    do {
      if let type = c.file_system {
        var fs = TargetFileSystem.classify(typeName: type, nameMax: c.name_max)
        fs.mountPoint = c.mount_point
        b = try PathBudget(
          directory: c.directory, on: fs, rules: c.rules.flatMap(Platform.init(rawValue:)), host: platform,
          longPaths: c.long_paths ?? false)
      } else {
        b = try PathBudget(
          directory: c.directory, platform: platform, longPaths: c.long_paths ?? false, maxNameLength: c.name_max)
      }
    } catch {
      switch error {
      case .emptyDirectory: #expect(c.error == "emptyDirectory", "\(c.id)")
      case .noRoom(let d, _, let limit, _):
        #expect(c.error == "noRoom", "\(c.id)")
        #expect(d == c.directory && limit == PathBudget.maxPathLength(for: platform, longPaths: c.long_paths ?? false))
        #expect(error.description.contains("leaves no room"))
      }
      return
    }
    #expect(c.error == nil, "\(c.id): expected \(c.error ?? "")")
    #expect(b.room == c.room, "\(c.id)")
    #expect(b.volumeDirectory == c.volume_directory, "\(c.id)")
    let options = b.options(SanitizerOptions(reservedSuffixLength: c.reserve ?? 0))
    var name: String?
    if let n = c.name { name = FilenameSanitizer.sanitize(n, for: platform, options: options).name }
    if let t = c.template {
      name = try FilenameTemplate(t).render(c.fields ?? [:], for: platform, options: options).name
    }
    if let name {
      #expect(name == c.expected, "\(c.id)")
      #expect(PathBudget.pathLength(of: b.path(for: name), on: platform) <= b.maxPathLength, "\(c.id)")
    }
  }

  /// Every name within the room keeps the path within the limit, whatever its script: the name's
  /// unit is never shorter than the path's.
  @Test(arguments: Platform.allCases)
  func roomKeepsThePathWithinTheLimit(_ platform: Platform) throws {
    let letters = ["a", "é", "ǘ", "漢", "😀", "👨‍👩‍👧", "e\u{301}"]
    for depth in stride(from: 1, to: 258, by: 37) {
      let dir = "/" + String(repeating: "d", count: depth)
      let b = try PathBudget(directory: dir, platform: platform)
      for l in letters {
        let name = FilenameSanitizer.sanitize(
          String(repeating: l, count: 300) + ".txt", for: platform, options: b.options(SanitizerOptions())
        ).name
        #expect(PathBudget.pathLength(of: b.path(for: name), on: platform) <= b.maxPathLength, "\(platform) \(l)")
      }
    }
  }
}
