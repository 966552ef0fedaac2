// The answer for a name that no step of the pipeline changes (most names a download
// gets, `report.pdf`, `résumé.pdf`), found from the steps' own predicates without the pipeline's
// bookkeeping (its change log, replacement check, window, substrings and copies). Anything a step
// could act on takes the pipeline. `unchangedNameAgrees` (the `fuzz-sanitize` target) checks that
// both give the same answer.

extension FilenameSanitizer {
  /// The pipeline's result for `name` when no step changes it, else nil:
  /// - steps 1–2: `isPlainText` (nothing to normalize, remove, replace or trim);
  /// - step 3: `hasNothingToTrim`; on portable a first byte other than `-` and `~`;
  /// - step 5: the name fits the limit (then no reserve changes the budget, `lengthBudget`);
  /// - steps 6–7: no reserved, shell or short-alias name on windows/portable, nothing to neutralize.
  /// The name is short, so the window (step 0) does not apply.
  static func unchangedName(_ name: String, platform: Platform, options: SanitizerOptions) -> SanitizedFilename? {
    guard hasNothingToTrim(name, on: platform),
      !options.asciiOnly || !ASCII.containsByte(in: name[...], where: { $0 >= 0x80 }),
      platform != .portable || (name.utf8.first != UInt8(ascii: "-") && name.utf8.first != UInt8(ascii: "~")),
      isPlainText(name, form: options.normalization, platform: platform),
      platform.length(of: name) <= options.budget(for: platform)
    else { return nil }
    let (risk, followedByShell) = DangerousTypes.assess(name[...], on: platform)
    guard !followedByShell, !mustNeutralize(risk: risk, options: options) else { return nil }
    if platform.hasWindowsRules {
      let whole = name[...]
      guard reservedBaseEnd(whole) == nil, shellNameBaseEnd(whole) == nil, shortNameAliasTilde(whole) == nil
      else { return nil }
    }
    let disguise = DangerousTypes.disguises(sanitized: name, raw: name, risk: risk, hadBidiOverride: false)
    return SanitizedFilename(
      name: name, platform: platform, options: options, changes: [], risk: risk, disguise: disguise)
  }

  /// For the fuzzers: false when `unchangedName` answers for `name` and the pipeline gives another
  /// name, change list, risk or disguise.
  @_spi(Checks) public static func unchangedNameAgrees(
    _ name: String, platform: Platform, options: SanitizerOptions
  ) -> Bool {
    guard let shortcut = unchangedName(name, platform: platform, options: options) else { return true }
    let full = run(name, platform: platform, options: options, depth: 0, shortcut: false)
    return ASCII.sameUTF8(full.name, shortcut.name) && full.changes == shortcut.changes && full.risk == shortcut.risk
      && full.disguise == shortcut.disguise
  }
}
