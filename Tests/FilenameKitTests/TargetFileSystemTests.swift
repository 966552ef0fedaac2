import Testing

@testable import FilenameKit

/// `TargetFileSystem`: the rules chosen from `statfs` values (Fixtures/paths/file-systems.json), and
/// case-folding unique names (Fixtures/paths/unique-folding.json).
@Suite("TargetFileSystem")
struct TargetFileSystemTests {
  struct BootSector: Decodable, Sendable {
    let offset: Int
    let text: String
  }

  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let f_type: String?
    let mount_type: String?
    let boot_sector: BootSector?
    let type_name_in: String?
    let case_sensitive: Bool?
    let name_max: Int?
    let type_name: String?
    let type_name_prefix: String?
    let platform: String
    let folds_case: Bool
    let max_name_length: Int
    let known: Bool?
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("paths/file-systems.json", as: Case.self)

  @Test func fixtureFileIsComplete() {
    #expect(Self.cases.count >= 30)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
  }

  @Test(arguments: cases)
  func classify(_ c: Case) throws {
    let fs: TargetFileSystem
    if let t = c.f_type {
      let magic = try #require(Int64(t.dropFirst(2), radix: 16))
      var boot: [UInt8]?
      if let b = c.boot_sector {
        var sector = [UInt8](repeating: 0, count: 512)
        sector.replaceSubrange(b.offset..<(b.offset + b.text.utf8.count), with: Array(b.text.utf8))
        boot = sector
      }
      fs = TargetFileSystem.classify(statfsType: magic, mountType: c.mount_type, bootSector: boot, nameMax: c.name_max)
    } else {
      let name = try #require(c.type_name_in)
      fs = TargetFileSystem.classify(typeName: name, nameMax: c.name_max, foldsCase: c.case_sensitive.map { !$0 })
    }
    let platform = c.platform == "current" ? Platform.current : Platform(rawValue: c.platform)
    #expect(fs.platform == platform, "\(c.id)")
    #expect(fs.foldsCase == c.folds_case, "\(c.id)")
    #expect(fs.maxNameLength == c.max_name_length, "\(c.id)")
    #expect(fs.isKnown == (c.known ?? true), "\(c.id)")
    if let n = c.type_name { #expect(fs.typeName == n, "\(c.id): \(fs.typeName)") }
    if let p = c.type_name_prefix { #expect(fs.typeName.hasPrefix(p), "\(c.id): \(fs.typeName)") }
  }

  /// A directory that does not exist is an error naming it.
  @Test func missingDirectoryIsNamed() {
    do {
      _ = try TargetFileSystem.detect(directory: "/nonexistent-filenamekit-dir")
      Issue.record("no error")
    } catch {
      #expect(error.description.contains("'/nonexistent-filenamekit-dir'"))
      #expect(error.description.contains("No such file or directory"))
    }
  }

  /// The mount table's octal escapes.
  @Test func mountTableEscapes() {
    #expect(TargetFileSystem.unescape(Array(#"/media/my\040stick"#.utf8)[...]) == "/media/my stick")
    #expect(TargetFileSystem.unescape(Array(#"a\134b\0"#.utf8)[...]) == #"a\b\0"#)
  }

  struct UniqueCase: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let name: String
    let platform: String
    let folds_case: Bool
    let taken: [String]
    let expected: String
    var testDescription: String { id }
  }

  static let uniqueCases: [UniqueCase] = FixtureLoader.load("paths/unique-folding.json", as: UniqueCase.self)

  @Test(arguments: uniqueCases)
  func firstAvailable(_ c: UniqueCase) throws {
    let platform = try #require(Platform(rawValue: c.platform))
    let got = UniqueFilename.firstAvailable(c.name, for: platform, foldsCase: c.folds_case, taken: c.taken)
    #expect(got == c.expected, "\(c.id)")
  }
}
