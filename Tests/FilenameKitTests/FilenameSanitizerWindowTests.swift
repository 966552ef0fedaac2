import Testing

@_spi(Checks) @testable import FilenameKit

/// Step 0 of the sanitizer, the window of a long name (Fixtures/sanitize/window.json): the window
/// applies exactly where the fixture says, and the windowed answer is the whole name's.
@Suite("FilenameSanitizer window")
struct FilenameSanitizerWindowTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let input: SanitizeFixtureText
    let platforms: [String]?
    let options: FilenameSanitizerTests.OptionsSpec?
    let windowed: Bool
    let disguise: [String]?
    var testDescription: String { id }
    var resolvedPlatforms: [Platform] { platforms.map { $0.compactMap(Platform.init(rawValue:)) } ?? Platform.allCases }
  }

  static let fixture = "sanitize/window.json"
  static let cases: [Case] = FixtureLoader.load(fixture, as: Case.self)

  @Test func fixtureLoads() {
    let cases = FixtureLoader.load(Self.fixture, as: Case.self)
    #expect(cases.count >= 15)
    #expect(Set(cases.map(\.id)).count == cases.count)
    #expect(cases.contains { $0.windowed } && cases.contains { !$0.windowed })
    for c in cases {
      #expect(!c.source.isEmpty, "\(c.id)")
      #expect(c.input.value.utf8.count > FilenameSanitizer.windowThreshold, "\(c.id): too short for the window")
    }
  }

  @Test(arguments: cases)
  func windowAgreesWithWholeName(_ c: Case) {
    let options = c.options?.options ?? SanitizerOptions()
    for platform in c.resolvedPlatforms {
      let r = FilenameSanitizer.sanitize(c.input.value, for: platform, options: options)
      #expect(r.changes.contains { $0.code == .skippedMiddle } == c.windowed, "\(c.id) on \(platform): \(r.changes)")
      #expect(
        FilenameSanitizer.windowAgrees(c.input.value, platform: platform, options: options),
        "\(c.id) on \(platform): the window changed the answer")
      if let disguise = c.disguise {
        #expect(Set(r.disguise.map(\.rawValue)) == Set(disguise), "\(c.id) on \(platform): \(r.disguise)")
      }
      #expect(FilenameSanitizer.isSafe(r.name, for: platform, options: options), "\(c.id) on \(platform)")
      #expect(FilenameSanitizer.sanitize(r.name, for: platform, options: options).changes.isEmpty, "\(c.id)")
    }
  }

  /// The middle's bidi scan finds exactly the scalars the filter reports as a spoof.
  @Test func bidiScanOfTheMiddle() {
    for v in [UInt32(0x0600)...0x0620, 0x2000...0x206F].joined() {
      let text = "a" + String(Unicode.Scalar(v)!) + "b"
      var log = SanitizerChangeLog()
      let filter = FilenameSanitizer.ScalarFilter.run(text, platform: .linux, replacement: "_", log: &log)
      var copy = text
      let found = copy.withUTF8 {
        FilenameSanitizer.middleHasBidiSpoof($0[...], platform: .linux, replacement: "_")
      }
      #expect(found == filter.hadBidiOverride, "U+\(String(v, radix: 16))")
    }
  }
}
