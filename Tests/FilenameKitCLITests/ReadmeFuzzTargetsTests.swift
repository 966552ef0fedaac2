import Foundation
import Testing

/// README.md's "Hostile input and fuzzing" names every fuzz target there is (`Sources/Fuzz/fuzz-*`),
/// and counts them right, so a new target cannot be left out of it.
@Suite("README: fuzz targets")
struct ReadmeFuzzTargetsTests {
  static let numbers = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]

  @Test("the README lists every fuzz target, with their number")
  func listed() throws {
    let root = FixtureLoader.packageRoot
    let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/Fuzz").path)
      .filter { $0.hasPrefix("fuzz-") }.sorted()
    #expect(targets.count >= 7)
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let sentence = try #require(
      readme.components(separatedBy: "\n\n").first {
        $0.range(of: #"^[A-Z][a-z]+ libFuzzer targets \("#, options: .regularExpression) != nil
      },
      "no paragraph lists the libFuzzer targets")
    let listed = sentence.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      .filter { $0.hasPrefix("fuzz-") }
    #expect(listed.sorted() == targets)
    let count = targets.count <= Self.numbers.count ? Self.numbers[targets.count - 1] : String(targets.count)
    #expect(sentence.hasPrefix("\(count) libFuzzer targets"), "\(sentence.prefix(40))")
  }
}
