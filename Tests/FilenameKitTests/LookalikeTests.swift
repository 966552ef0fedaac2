import Foundation
import Testing

@testable import FilenameKit

/// The lookalike table (UTS #39 confusables.txt and UnicodeData.txt names, by
/// Scripts/generate-lookalikes.py) and the double extensions it finds (Fixtures/sanitize/lookalikes.json).
@Suite("Lookalikes")
struct LookalikeTests {
  static let table = GeneratedTable(
    table: "Sources/FilenameKit/Generated/DangerousTypes+Lookalikes.swift", generator: "Scripts/generate-lookalikes.py")

  @Test func headerRecordsEveryInputWithItsHash() throws {
    try Self.table.checkHashes(labels: ["confusables", "dot-names"])
  }

  @Test(.enabled(if: GeneratedTable.pythonAvailable, "python3 is not on PATH"))
  func regeneratingReproducesTheCommittedTable() throws {
    try Self.table.checkRegeneration()
  }

  @Test func tableIsSortedAndNonASCII() {
    let t = DangerousTypes.lookalikeTable
    #expect(t.count > 1000)
    #expect(zip(t, t.dropFirst()).allSatisfy { $0 >> 8 < $1 >> 8 }, "sorted, one entry a code point")
    #expect(t.allSatisfy { $0 >> 8 >= 0x80 && $0 & 0xFF >= 0x21 && $0 & 0xFF < 0x7F })
  }

  struct Case: Decodable, Sendable {
    let id: String
    let source: String
    let name: String
    let risk: String
    let disguise: [String]
  }

  /// Every case on linux and windows; one test over all of them (2,000 and more), failures listed.
  /// On windows a lookalike that Windows' best fit turns into path syntax (`｜`, `∣`, `ǀ` into `|`)
  /// is replaced before the name is judged (`replaced-best-fit`): such a case is judged on linux
  /// only, and there are few of them.
  @Test func lookalikeDecoys() {
    let cases = FixtureLoader.load("sanitize/lookalikes.json", as: Case.self)
    #expect(cases.count > 2000)
    #expect(Set(cases.map(\.id)).count == cases.count)
    var failures: [String] = []
    var replaced = 0
    for c in cases {
      for platform in [Platform.linux, .windows] {
        let r = FilenameSanitizer.sanitize(c.name, for: platform)
        if platform == .windows && r.changes.map(\.code) == [.replacedBestFit] {
          replaced += 1
          continue
        }
        if r.risk.rawValue != c.risk || r.disguise.map(\.rawValue) != c.disguise {
          failures.append("\(c.id) on \(platform): risk \(r.risk), disguise \(r.disguise)")
        }
      }
    }
    #expect(replaced < cases.count / 50, "\(replaced) cases changed by best fit on windows")
    #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20).joined(separator: "; "))")
  }
}
