import Foundation
import Testing

/// The table "Where Foundation's `suggestedFilename` differs" of the DocC article FoundationAdapter.md
/// is the fixture `Fixtures/foundation/side-by-side.json` (whose rows `FoundationAdapterTests` checks
/// against both libraries), row for row: a row whose answers differ is in the table, with the
/// fixture's names and reason; a row whose answers agree is in the "Same answer:" line. So the table
/// cannot show a name the library does not give.
@Suite("FoundationAdapter.md: the Foundation comparison table")
struct ReadmeComparisonTableTests {
  /// The table's rows (id, FilenameKit, Foundation, why) and the ids of the "Same answer:" line.
  static func articleTable() throws -> (rows: [[String]], same: [String]) {
    let article = try String(
      contentsOf: FixtureLoader.packageRoot.appendingPathComponent(
        "Sources/FilenameKit/FilenameKit.docc/FoundationAdapter.md"), encoding: .utf8)
    let lines = article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let heading = lines.firstIndex(of: "## Where Foundation's `suggestedFilename` differs") else {
      return ([], [])
    }
    var rows: [[String]] = []
    var same: [String] = []
    for line in lines[heading...].dropFirst() {
      if line.hasPrefix("#") { break }
      if line.hasPrefix("| `") {
        let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
          .map { $0.trimmingCharacters(in: .whitespaces) }
        rows.append(cells.enumerated().map { $0 == 0 ? String($1.dropFirst().dropLast()) : $1 })
      } else if line.hasPrefix("Same answer: ") {
        same = line.dropFirst("Same answer: ".count).split(separator: ",").map {
          $0.trimmingCharacters(in: CharacterSet(charactersIn: " `."))
        }
      }
    }
    return (rows, same)
  }

  @Test("every fixture row is in the table or the same-answer line, in order, with its names")
  func tableIsTheFixture() throws {
    let fixture = FoundationFixtures.sideBySide()
    let (rows, same) = try Self.articleTable()
    #expect(rows.count >= 10)
    #expect(rows.map { $0[0] } == fixture.filter { $0.filenamekit != $0.foundation }.map(\.id))
    #expect(same == fixture.filter { $0.filenamekit == $0.foundation }.map(\.id))
    for row in rows {
      guard let f = fixture.first(where: { $0.id == row[0] }) else { continue }
      try #require(row.count == 4, "\(row)")
      // A long name is shown cut, ending in "…".
      let shown = row[1]
      #expect(
        shown == f.filenamekit || (shown.hasSuffix("…") && f.filenamekit.hasPrefix(String(shown.dropLast()))),
        "\(f.id): the article shows \(shown), FilenameKit gives \(f.filenamekit)")
      #expect(row[2] == f.foundation, "\(f.id): the article shows \(row[2]), Foundation gives \(f.foundation)")
      #expect(row[3] == f.why, "\(f.id)")
    }
  }
}
