import Foundation
import Testing

/// The committed `CharsetDetector+Tables.swift` must be what `Scripts/generate-charset-tables.py`
/// produces from its committed inputs (Scripts/data/*.tsv).
@Suite("CharsetDetector tables staleness")
struct CharsetDetectorTablesTests {
  static let table = GeneratedTable(
    table: "Sources/FilenameKit/Generated/CharsetDetector+Tables.swift", generator: "Scripts/generate-charset-tables.py")

  @Test func headerRecordsEveryInputWithItsHash() throws {
    try Self.table.checkHashes(labels: ["unihan"])
  }

  @Test(.enabled(if: GeneratedTable.pythonAvailable, "python3 is not on PATH"))
  func regeneratingReproducesTheCommittedTables() throws {
    try Self.table.checkRegeneration()
  }
}
