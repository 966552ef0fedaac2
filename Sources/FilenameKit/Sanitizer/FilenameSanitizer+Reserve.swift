// The length budget of one name: the limit less the room reserved for a uniqueness suffix, never
// so little that the reserve alone would cut the extension off.

extension FilenameSanitizer {
  /// The trailer step 7 appends to a dangerous name.
  static let neutralizingTrailer = ".download"

  /// The budget for `text` (followed by `trailer`, which is never cut): `options.budget(for:)`,
  /// raised up to the limit (`maxLength` or the platform's) when the reserved room would leave
  /// less than one grapheme cluster of the stem plus the extension, so that
  /// `reservedSuffixLength` never makes an extension vanish (`b…b.pdf` with a reserve of 300
  /// becomes `b.pdf`, not `b`). A limit too small for the extension drops it whatever the
  /// reserve: then the reserve stands. Records `reduced-reserve` when the raise changes the
  /// result, that is, when the name is cut all the same.
  static func lengthBudget(
    _ text: String, trailer: String, platform: Platform, options: SanitizerOptions, log: inout SanitizerChangeLog
  ) -> Int {
    let requested = options.budget(for: platform)
    // Without a reserve the budget is the limit, which nothing raises: no extra pass over the name.
    guard options.reservedSuffixLength > 0 else { return requested }
    let length = platform.length(of: text) + platform.length(of: trailer)
    guard length > requested, let kept = lengthKeepingExtension(text[...], on: platform) else { return requested }
    let limit = Swift.min(platform.maxLength, Swift.max(options.maxLength ?? platform.maxLength, 1))
    let needed = kept + platform.length(of: trailer)
    // A limit too small for the extension drops it whatever the reserve: then the reserve stands.
    guard needed <= limit, needed > requested else { return requested }
    if length > needed {
      log.record(
        .reducedReserve,
        "reserved \(limit - needed) of the \(options.reservedSuffixLength) \(platform.lengthUnitName) asked, to keep the extension"
      )
    }
    return needed
  }

  /// The budget `isSafe` checks a final name against: the same rule as `lengthBudget`.
  static func lengthBudget(ofFinal name: String, platform: Platform, options: SanitizerOptions) -> Int {
    var log = SanitizerChangeLog()
    return lengthBudget(name, trailer: "", platform: platform, options: options, log: &log)
  }

  /// The length of the shortest name `fit` can make from `name` that keeps its extension: the
  /// first grapheme cluster of the stem, a dot and the first extension `fit` would keep (a
  /// compound one whole, else its last part); nil when there is no extension to keep. A name
  /// step 7 made under a reduced reserve (`a.exe.download`: one cluster, a dangerous extension,
  /// `.download`) counts whole, so sanitizing it again changes nothing.
  static func lengthKeepingExtension(_ name: Substring, on platform: Platform) -> Int? {
    let tail = name.utf8.suffix(neutralizingTrailer.utf8.count)
    // Bytes, ASCII case folded: the tail may start inside a multi-byte scalar (then it differs).
    if name.utf8.count > tail.count, tail.map(ASCII.lowercase).elementsEqual(neutralizingTrailer.utf8) {
      let before = name[..<tail.startIndex]
      if DangerousTypes.risk(of: before, on: platform) != .ordinary,
        let kept = lengthKeepingOwnExtension(before, on: platform),
        kept == platform.length(of: before)
      {
        return kept + platform.length(of: neutralizingTrailer)
      }
    }
    return lengthKeepingOwnExtension(name, on: platform)
  }

  /// `lengthKeepingExtension` without the `.download` rule.
  private static func lengthKeepingOwnExtension(_ name: Substring, on platform: Platform) -> Int? {
    let (stem, ext) = FileExtension.split(name)
    guard let ext, !ext.isEmpty, !ext.contains(" "), let first = stem.first else { return nil }
    var candidates: [Substring] = [ext]
    if let dot = ext.lastIndex(of: ".") { candidates.append(ext[ext.index(after: dot)...]) }
    for candidate in candidates {
      let extLength = platform.length(of: candidate) + 1
      guard extLength <= maxKeptExtensionLength else { continue }
      return platform.length(of: first) + extLength
    }
    return nil
  }
}
