import Foundation
import Testing

/// The committed `Sources/CCharsetModel/CharsetModel.c` must be what `Scripts/generate-charset-model.py`
/// produces from its committed inputs (Scripts/data/charset-model/*.tsv and text/*.tsv).
@Suite("CharsetDetector tables staleness")
struct CharsetDetectorTablesTests {
  static let table = GeneratedTable(
    table: "Sources/CCharsetModel/CharsetModel.c", generator: "Scripts/generate-charset-model.py")

  @Test func headerRecordsEveryInputWithItsHash() throws {
    // Each language's dictionary counts, then its running-text counts where it has them (Finnish has only those).
    let dictionaryOnly: Set = ["zh-hans", "zh-hant", "ja", "ko"]
    let languages = [
      "zh-hans", "zh-hant", "ja", "ko", "ru", "uk", "bg", "sr", "el", "he", "ar", "th", "vi", "tr", "pl", "cs", "sk",
      "hu", "ro", "hr", "sl", "lt", "lv", "et", "fa", "fr", "de", "es", "it", "pt", "nl", "da", "sv", "nb", "is", "ca",
    ]
    let labels = languages.flatMap { dictionaryOnly.contains($0) ? [$0] : [$0, $0 + "-text"] }
    try Self.table.checkHashes(labels: labels + ["fi", "unihan"])
  }

  @Test(.enabled(if: GeneratedTable.pythonAvailable, "python3 is not on PATH"))
  func regeneratingReproducesTheCommittedTables() throws {
    try Self.table.checkRegeneration()
  }
}
