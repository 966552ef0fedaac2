import Testing

@testable import FilenameKit

/// The compiled-in media type <-> extension registry, and the filename pipeline's extension rules.
@Suite("MediaTypeRegistry")
struct MediaTypeRegistryTests {
  struct TypeCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let essence: String
    let canonical: String?
    let preferred: String?
    let also: [String]
    var description: String { id }
  }

  struct ExtensionCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let `extension`: String
    let first: String?
    var description: String { id }
  }

  struct NameCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let content_type: String
    let name: String
    let agrees: Bool?
    let add: String?
    var description: String { id }
  }

  static let typeCases: [TypeCase] = FixtureLoader.load("mime-types/registry-types.json")
  static let extensionCases: [ExtensionCase] = FixtureLoader.load("mime-types/registry-extensions.json")
  static let nameCases: [NameCase] = FixtureLoader.load("mime-types/filename-extensions.json")

  @Test func fixturesLoad() {
    // Issue 3 asks for at least 50 common types.
    #expect(Self.typeCases.filter { $0.preferred != nil }.count >= 50)
    #expect(Self.extensionCases.count >= 20)
    #expect(Self.nameCases.count >= 40)
  }

  @Test("Type lookups", arguments: typeCases)
  func type(_ c: TypeCase) {
    let canonical = c.canonical ?? c.essence
    #expect(MediaTypeRegistry.canonicalEssence(c.essence) == canonical, "\(c.id)")
    #expect(MediaTypeRegistry.canonicalEssence(c.essence.uppercased()) == canonical, "\(c.id) uppercased")
    #expect(MediaTypeRegistry.preferredExtension(for: c.essence) == c.preferred, "\(c.id)")
    let all = MediaTypeRegistry.extensions(for: c.essence)
    #expect(all.first == c.preferred, "\(c.id): \(all)")
    for ext in c.also { #expect(all.contains(ext), "\(c.id): \(ext) in \(all)") }
    for ext in ([c.preferred].compactMap { $0 } + c.also) {
      let types = MediaTypeRegistry.mediaTypes(forExtension: ext.uppercased())
      #expect(types.contains(canonical), "\(c.id): .\(ext) -> \(types)")
    }
  }

  @Test("Extension lookups", arguments: extensionCases)
  func ext(_ c: ExtensionCase) {
    #expect(MediaTypeRegistry.mediaTypes(forExtension: c.extension).first == c.first, "\(c.id)")
  }

  @Test("Name and type agreement", arguments: nameCases)
  func name(_ c: NameCase) throws {
    let t = try #require(MediaType(c.content_type))
    #expect(t.agrees(withName: c.name) == c.agrees, "\(c.id) agrees")
    #expect(t.extensionToAdd(toName: c.name) == c.add, "\(c.id) add")
    #expect(t.canonicalEssence == MediaTypeRegistry.canonicalEssence(t.essence))
    if c.agrees == nil, c.add != nil { #expect(t.preferredExtension == c.add, "\(c.id) preferred") }
  }

  @Test func everyTableEntryIsReachable() {
    // Each stored essence and extension is found by its hash lookup.
    for k in 0..<MediaTypeRegistry.Table.essenceName.count {
      let name = MediaTypeRegistry.withName(MediaTypeRegistry.Table.essenceName[k]) {
        String(decoding: $0, as: UTF8.self)
      }
      #expect(MediaTypeRegistry.typeIndex(name) == Int(MediaTypeRegistry.Table.essenceType[k]), "\(name)")
    }
    for e in 0..<MediaTypeRegistry.Table.extensionName.count {
      let name = MediaTypeRegistry.extensionName(e)
      #expect(MediaTypeRegistry.extensionIndex(name) == e, "\(name)")
      #expect(!MediaTypeRegistry.mediaTypes(forExtension: name).isEmpty, "\(name)")
    }
  }

  @Test func extensionsAreConsistentBothWays() {
    // Every extension of a type lists that type among its own types.
    for t in 0..<MediaTypeRegistry.Table.typeName.count {
      let essence = MediaTypeRegistry.typeName(t)
      for ext in MediaTypeRegistry.extensions(for: essence) {
        #expect(MediaTypeRegistry.mediaTypes(forExtension: ext).contains(essence), "\(essence) .\(ext)")
      }
    }
  }

  @Test func lookupsNeverCrashOnOddInput() {
    for s in [
      "", "/", ".", "..", "a/b/c", "\u{0}", String(repeating: "x", count: 10_000), "日本/語", "tar.gz.", ".tar.gz",
    ] {
      _ = MediaTypeRegistry.preferredExtension(for: s)
      _ = MediaTypeRegistry.extensions(for: s)
      _ = MediaTypeRegistry.mediaTypes(forExtension: s)
      _ = MediaTypeRegistry.canonicalEssence(s)
    }
    #expect(MediaTypeRegistry.canonicalEssence("X-Unknown/Thing") == "x-unknown/thing")
  }

  @Test func aliasAndGenericFacts() {
    #expect(MediaTypeRegistry.canonicalEssence("application/x-zip-compressed") == "application/zip")
    #expect(
      MediaTypeRegistry.ancestors(of: "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        .contains("application/zip"))
    #expect(!MediaTypeRegistry.ancestors(of: "text/csv").contains("application/octet-stream"))
    #expect(MediaTypeRegistry.extensions(for: "application/octet-stream").isEmpty)
    #expect(MediaTypeRegistry.mediaTypes(forExtension: "bin").contains("application/octet-stream"))
  }
}
