import FilenameKit

/// `--reserve N` of `sanitize` and `suggest`: room kept free, in the platform's length unit, for a
/// uniqueness suffix such as ` (12)` (`SanitizerOptions.reservedSuffixLength`).
enum ReserveArgument {
  /// The reserve given (0 when none): a whole number below the length limit (the platform's, or
  /// `maxLength` when lower). A reserve at or above the limit leaves no room for any name: a mistake,
  /// not a request, so it is a usage error rather than silently reduced.
  static func value(_ a: Arguments, platform: Platform, maxLength: Int?) throws(UsageError) -> Int {
    guard let s = a.value("--reserve") else { return 0 }
    guard let n = Int(s), n >= 0 else {
      throw UsageError("--reserve needs a whole number, 0 or more (got '\(TerminalText.escape(s))')")
    }
    let limit = min(platform.maxLength, maxLength ?? platform.maxLength)
    guard n < limit else {
      throw UsageError(
        "--reserve \(n) leaves no room for the name: it must be below the length limit (\(limit) \(platform.lengthUnitName))"
      )
    }
    return n
  }
}
