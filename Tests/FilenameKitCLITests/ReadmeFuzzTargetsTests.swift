import Foundation
import Testing

/// The DocC article HostileInput.md names every fuzz target there is (`Sources/Fuzz/fuzz-*`), and counts
/// them right, and Architecture.md names each too, so a new target cannot be left out of them.
@Suite("HostileInput.md: fuzz targets")
struct ReadmeFuzzTargetsTests {
  static let numbers = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]

  @Test("the article lists every fuzz target, with their number")
  func listed() throws {
    let root = FixtureLoader.packageRoot
    let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/Fuzz").path)
      .filter { $0.hasPrefix("fuzz-") }.sorted()
    #expect(targets.count >= 7)
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/FilenameKit/FilenameKit.docc/HostileInput.md"), encoding: .utf8)
    let sentence = try #require(
      article.components(separatedBy: "\n\n").first {
        $0.range(of: #"^[A-Z][a-z]+ libFuzzer targets \("#, options: .regularExpression) != nil
      },
      "no paragraph lists the libFuzzer targets")
    let listed = sentence.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      .filter { $0.hasPrefix("fuzz-") }
    #expect(listed.sorted() == targets)
    let count = targets.count <= Self.numbers.count ? Self.numbers[targets.count - 1] : String(targets.count)
    #expect(sentence.hasPrefix("\(count) libFuzzer targets"), "\(sentence.prefix(40))")
    // The Architecture article's table of targets names each one too.
    let architecture = try String(
      contentsOf: root.appendingPathComponent("Sources/FilenameKit/FilenameKit.docc/Architecture.md"), encoding: .utf8)
    for target in targets { #expect(architecture.contains("`\(target)`"), "Architecture.md does not name \(target)") }
  }
}
