// Unique names on a file system that folds case: `Report.pdf` is taken when `report.pdf` is.

extension UniqueFilename {
  /// The first of `name`, `stem (1).ext`, … (the sequence of `firstAvailable(_:for:maxAttempts:exists:)`)
  /// that none of `taken` already names, compared as the file system compares names: with
  /// `foldsCase`, case and canonical equivalence aside (`caseFoldingKey`), as FAT, exFAT, NTFS,
  /// SMB, APFS and HFS+ compare them by default; otherwise byte for byte, as ext4 does.
  ///
  /// ```swift
  /// UniqueFilename.firstAvailable("report.pdf", for: .windows, foldsCase: true, taken: ["REPORT.PDF"])
  /// // "report (1).pdf"
  /// ```
  ///
  /// `claim(directory:name:for:maxAttempts:)` needs no such help: `O_EXCL` asks the file system
  /// itself, which folds as it folds.
  public static func firstAvailable(
    _ name: String, for platform: Platform = .current, foldsCase: Bool, taken: some Sequence<String>,
    maxAttempts: Int = 10_000
  ) -> String? {
    if foldsCase {
      let keys = Set(taken.map(caseFoldingKey))
      return firstAvailable(name, for: platform, maxAttempts: maxAttempts) { keys.contains(caseFoldingKey($0)) }
    }
    let exact = Set(taken.map { Array($0.utf8) })
    return firstAvailable(name, for: platform, maxAttempts: maxAttempts) { exact.contains(Array($0.utf8)) }
  }

  /// The key two names share when a case-folding file system takes them for one file: the name
  /// lowercased by Unicode's full mappings (compared as `String`s, so canonical equivalence aside
  /// too). File systems fold with their own tables (NTFS's `$UpCase`, exFAT's up-case table, HFS+'s
  /// fold table), which agree with this on the letters of the common scripts; a letter a table
  /// folds another way (`ß`, the Turkish dotted I) may compare otherwise here.
  public static func caseFoldingKey(_ name: String) -> String { name.lowercased() }
}
