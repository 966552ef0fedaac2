// The sanitizer's guarantees as a predicate, for fuzzers, tests and callers who check names
// they did not produce.

extension FilenameSanitizer {
  /// Whether `name` already satisfies every guarantee of `sanitize(_:for:options:)`, so that
  /// sanitizing it would change nothing: non-empty, not `.` or `..`, one path component, in
  /// `options.normalization`, free of controls, bidi controls, line separators and invisible
  /// characters (except where `keepsInvisible` keeps them, and tags in a whole emoji tag sequence), with no forbidden characters, only
  /// U+0020 or kept visible spaces (U+3000, U+1680) with no runs and none at the ends, no more than 30 marks in a row, no
  /// leading dot or combining mark, no trailing dot (or U+FF0E) on windows/portable, not a reserved device name or shell name
  /// (`desktop.ini`, …) nor 8.3 short-name alias (`SETUP~1.EXE`) there, no shortcut extension the platform's shell follows (`.lnk`, `.webloc`, …), no leading
  /// `-` on portable, within the length budget (the limit less `reservedSuffixLength`, which never cuts an
  /// extension off: see `lengthBudget`), and,
  /// with `.neutralize`, not an executable or shortcut; with `asciiOnly`, plain ASCII.
  public static func isSafe(_ name: String, for platform: Platform, options: SanitizerOptions = .init()) -> Bool {
    guard !name.isEmpty else { return false }
    if options.asciiOnly && ASCII.containsByte(in: name[...], where: { $0 >= 0x80 }) { return false }
    guard platform.length(of: name) <= lengthBudget(ofFinal: name, platform: platform, options: options) else {
      return false
    }
    var copy = name
    let normalized = copy.withUTF8 { TextServices.isNormalized($0, form: options.normalization) }
    guard normalized else { return false }

    let scalars = name.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return false }
    if first == "." || isSpaceLike(first) || isMark(first) || isSpaceLike(last) { return false }
    if platform.hasWindowsRules && isDotLike(last, on: platform) { return false }

    var previous: Unicode.Scalar? = nil
    var marksInARow = 0
    var tags = EmojiTagSequence()
    var i = scalars.startIndex
    while i < scalars.endIndex {
      let s = scalars[i]
      let nextIndex = scalars.index(after: i)
      if EmojiTagSequence.isTag(s) {
        if case .broken = tags.read(s, previous: previous) { return false }
        (previous, marksInARow, i) = (s, 0, nextIndex)
        continue
      }
      guard tags.end() == 0 else { return false }
      switch kind(of: s, on: platform) {
      case .control, .bidiControl, .lineSeparator, .separator, .forbidden, .bestFit, .blank:
        return false
      case .invisible:
        let next = nextIndex < scalars.endIndex ? scalars[nextIndex] : nil
        guard keepsInvisible(s, previous: previous, next: next) else { return false }
      case .whitespace:
        guard isSpaceLike(s), !(previous.map(isSpaceLike) ?? false) else { return false }
      case .plain:
        break
      }
      if isMark(s) {
        marksInARow += 1
        if marksInARow > maxMarksInARow { return false }
      } else {
        marksInARow = 0
      }
      previous = s
      i = nextIndex
    }
    guard tags.held == 0 else { return false }
    if platform.hasWindowsRules && (isReservedOnWindows(name) || isShellNameOnWindows(name)) { return false }
    if platform.hasWindowsRules && shortNameAliasTilde(name[...]) != nil { return false }
    if platform == .portable
      && (startsWithBestFit(name, UInt8(ascii: "-")) || startsWithBestFit(name, UInt8(ascii: "~")))
    {
      return false
    }
    if mustNeutralize(name, risk: risk(of: name, for: platform), platform: platform, options: options) { return false }
    return true
  }
}
