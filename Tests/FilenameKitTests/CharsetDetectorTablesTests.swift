import Foundation
import Testing

@testable import FilenameKit

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

  /// The reader's hash (`CharsetModel.Table.value`) is the generator's (`hash_table`): every key the
  /// blob holds is found with its value, in every table of every language.
  @Test func everyKeyOfTheBlobIsFound() {
    var keys = 0
    var missed: [String] = []
    func check<V>(_ table: CharsetModel.Table<V>, _ name: String) {
      for (key, value) in table.entries {
        keys += 1
        if table.value(key) != value, missed.count < 10 { missed.append("\(name) 0x\(String(key, radix: 16))") }
      }
    }
    for language in CharsetModel.shared.languages {
      check(language.symbols, "\(language.code) symbols")
      check(language.pairs, "\(language.code) pairs")
      check(language.words, "\(language.code) words")
    }
    #expect(missed.isEmpty, "\(missed)")
    #expect(keys > 400_000, "\(keys) keys")
  }

  @Test(.enabled(if: GeneratedTable.pythonAvailable, "python3 is not on PATH"))
  func regeneratingReproducesTheCommittedTables() throws {
    try Self.table.checkRegeneration()
  }
}
