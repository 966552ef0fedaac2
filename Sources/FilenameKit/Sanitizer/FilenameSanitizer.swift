/// Turns any string into a safe file name for a platform, and reports every change.
///
/// ```swift
/// FilenameSanitizer.sanitize("../../etc/passwd", for: .linux).name   // "_.._etc_passwd"
/// FilenameSanitizer.sanitize("CON.txt", for: .windows).name          // "CON_.txt"
/// FilenameSanitizer.sanitize("a:b?.pdf", for: .portable).name        // "a_b_.pdf"
/// FilenameSanitizer.sanitize("", for: .linux).name                   // "download"
/// ```
///
/// The pipeline, in order (each step's change code in brackets):
/// 0. A name of more than 16 KiB whose first kilobytes alone are already longer than the limit
///    after cleaning never survives whole: only its head and its tail are examined, the middle
///    dropped unexamined (see `FilenameSanitizer+Window.swift` for the rule and why the answer is
///    the whole name's) [`skipped-middle`].
/// 1. Unicode normalization through ICU, NFC unless `options.normalization` says NFD [`normalized`].
/// 2. Per scalar: C0/C1 controls and DEL removed [`removed-control`]; bidi controls removed
///    [`removed-bidi-control`]; U+2028/U+2029 removed [`removed-line-separator`]; other
///    Default_Ignorable scalars (Hangul fillers included) and U+FEFF removed unless emoji or a
///    script needs them (see `keepsInvisible`), tag characters unless in an emoji tag sequence (see
///    `EmojiTagSequence`) [`removed-invisible`]; more than 30 marks in a row
///    cut (UAX #15 Stream-Safe) [`removed-excess-marks`]; blank-looking symbols, private-use and
///    unassigned code points removed (see `isBlank`) [`removed-blank`]; `/` (and `\` on
///    windows/portable) replaced [`replaced-separator`]; the platform's forbidden characters
///    replaced [`replaced-forbidden`]; on windows/portable, lookalikes that Windows' best-fit
///    mapping turns into `/ \ : * ? " < > |` replaced (see `isBestFitHazard`) [`replaced-best-fit`]; every
///    other White_Space and U+2800 BRAILLE PATTERN BLANK becomes U+0020 [`replaced-whitespace`],
///    runs collapse [`collapsed-whitespace`] and ends are trimmed [`trimmed-whitespace`].
///    With `options.asciiOnly`, the text is then transliterated to ASCII [`transliterated`], what
///    has no transliteration replaced [`replaced-non-ascii`, `transliteration-unavailable`], and
///    step 2 run again on the ASCII text (see `asciiOnlyText`).
/// 3. Leading dots removed, so no name is hidden by accident [`removed-leading-dots`], except
///    where step 2 removed the whole stem (`\u{0}.exe`): the stem becomes `_` and the extension
///    keeps its dot (`_.exe`, still executable, not `exe`); on
///    windows/portable trailing dots (U+FF0E FULLWIDTH FULL STOP too) removed [`removed-trailing-dots`]; on portable a leading
///    `-` becomes `_` [`replaced-leading-hyphen`], and then a leading `~` [`replaced-leading-tilde`].
/// 4. An empty result becomes `options.fallbackName`, itself sanitized [`fallback-name`].
/// 5. The length limit (`Platform.maxLength` or `options.maxLength`, less
///    `options.reservedSuffixLength`, reduced when all of it would cut the extension off
///    [`reduced-reserve`]): the stem is cut at a grapheme cluster boundary and the extension kept
///    [`truncated`].
/// 6. On windows/portable, a reserved device name gets `_` after its base name [`reserved-name`],
///    and so does a file the shell reads by itself (`desktop.ini`, `Thumbs.db`, `autorun.inf`, `ehthumbs.db`, `folder.htt`, …)
///    [`shell-name`].
/// 7. With `DangerousTypePolicy.neutralize`, an executable or shortcut gets `.download`;
///    whatever the policy, so does a shortcut the platform's shell follows by itself: on windows
///    the Windows ones (`.lnk`, `.local`, `.url`, `.scf`, `.search-ms`, `.library-ms`, `{CLSID}`,
///    …), on macos the Apple location files (`.webloc`, `.inetloc`, `.fileloc`, …), on portable
///    both [`neutralized`].
///
/// The result is never empty, is one path component, is in the requested normalization form,
/// has none of the removed scalars, fits the limit, is not reserved, and sanitizing it again
/// changes nothing (`isSafe(_:for:options:)` checks these).
public enum FilenameSanitizer {
  /// Sanitizes `name` for `platform`; see the type's documentation for the rules.
  public static func sanitize(
    _ name: String, for platform: Platform = .current, options: SanitizerOptions = .init()
  ) -> SanitizedFilename {
    run(name, platform: platform, options: options, depth: 0)
  }

  /// Sanitizes a name given as bytes that ought to be UTF-8 (a command line's, a file system's):
  /// each byte outside a well-formed sequence is kept visible as `%XX`
  /// [`escaped-invalid-utf8`] rather than lost to U+FFFD without a word; the text is then
  /// `sanitize(_:for:options:)`'s.
  ///
  /// ```swift
  /// FilenameSanitizer.sanitize(utf8: [0x61, 0xFF, 0x2E, 0x74, 0x78, 0x74], for: .linux).name  // "a%FF.txt"
  /// ```
  public static func sanitize(
    utf8 bytes: some Collection<UInt8>, for platform: Platform = .current, options: SanitizerOptions = .init()
  ) -> SanitizedFilename {
    let (text, escaped) = Array(bytes).withUnsafeBufferPointer { UTF8Validation.escapingIllFormed($0) }
    let r = run(text, platform: platform, options: options, depth: 0)
    guard escaped > 0 else { return r }
    let change = SanitizerChange(
      code: .escapedInvalidUTF8,
      detail: escaped == 1 ? "kept 1 byte that is not UTF-8 as %XX" : "kept \(escaped) bytes that are not UTF-8 as %XX")
    return SanitizedFilename(r, prepending: [change])
  }

  /// The risk of a name's extension: executable or installer, shell-integrated shortcut, or ordinary.
  /// Trailing dots and spaces are ignored first, as Windows ignores them. Platform-free: the types
  /// only one platform runs (`.xml` on Windows, `.dart` on macOS, `.out` on Linux) are ordinary
  /// here; `risk(of:for:)` counts them.
  public static func risk(of name: String) -> FileRisk {
    DangerousTypes.risk(of: name[...])
  }

  /// The risk of a name's extension on `platform`, as `sanitize(_:for:options:)` reports it: what
  /// `risk(of:)` says, and executable for the types only that platform's handlers run or mount
  /// (every platform's on portable).
  public static func risk(of name: String, for platform: Platform) -> FileRisk {
    DangerousTypes.risk(of: name[...], on: platform)
  }

  // MARK: - Pipeline

  /// The pipeline of the type's documentation, one function per step. `depth` is 1 while the
  /// fallback name itself is sanitized.
  static func run(
    _ input: String, platform: Platform, options: SanitizerOptions, depth: Int, windowed: Bool = true,
    shortcut: Bool = true
  ) -> SanitizedFilename {
    // A name no step changes is answered from the steps' predicates alone (most names).
    if shortcut, depth == 0, let unchanged = unchangedName(input, platform: platform, options: options) {
      return unchanged
    }
    var log = SanitizerChangeLog()
    let replacement = safeReplacement(options.replacement, on: platform)
    let window =
      depth > 0 || !windowed
      ? nil
      : Self.window(
        of: input, form: options.normalization, platform: platform, replacement: replacement, options: options)
    if let window { log.record(.skippedMiddle, window.detail) }
    let examined = window?.text ?? input
    var cleaned = cleanScalars(
      examined, form: options.normalization, platform: platform, replacement: replacement, log: &log)
    if window?.middleHadBidiOverride == true { cleaned.hadBidiOverride = true }
    // Whether step 2 removed the stem is read before the ASCII step: a dot that transliteration
    // made of a lookalike (U+FF0E) leads a hidden name like any other leading dot.
    let removedStem = stemRemoved(examined, cleaned.text)
    if options.asciiOnly {
      cleaned.text = asciiOnlyText(
        cleaned.text, form: options.normalization, platform: platform, replacement: replacement, log: &log)
    }
    var text = trimDots(
      cleaned.text, platform: platform, stemRemoved: removedStem, replacement: replacement, log: &log)
    if platform == .portable {
      text = replaceLeadingHyphen(text, log: &log)
      text = replaceLeadingTilde(text, log: &log)
    }
    if text.isEmpty {
      text = fallback(options, platform: platform, depth: depth)
      log.record(.fallbackName, "nothing usable was left; used \"\(text)\"")
    }
    let risk = DangerousTypes.risk(of: text[...], on: platform)
    // The padding rules read the input as given, the whole of it: padding after a decoy anywhere in
    // a long name is the whole name's, and the window's head and tail side by side are not text
    // the name has (fuzz-sanitize: the junction made `….pd.` + RLO + `.` read as padding after a
    // decoy the whole name does not show). One linear pass, only for a risky name.
    let disguise = DangerousTypes.disguises(
      sanitized: text, raw: input, risk: risk, hadBidiOverride: cleaned.hadBidiOverride)
    let changesBeforeFinish = log.changes.count
    let name = finish(text, risk: risk, platform: platform, options: options, log: &log)
    // Cutting can drop the extension: report what the final name is, unless it was neutralized
    // (then the risk of the name before `.download`, as documented on `SanitizedFilename.risk`).
    // A finish that recorded no change left the name as it was, and so its risk (finish records
    // only codes no earlier step records: neutralized, truncated, reserved-name, shell-name).
    let unchanged = log.changes.count == changesBeforeFinish
    let finalRisk = unchanged || log.contains(.neutralized) ? risk : DangerousTypes.risk(of: name[...], on: platform)
    return SanitizedFilename(
      name: name, platform: platform, options: options, changes: log.changes, risk: finalRisk,
      disguise: unchanged ? disguise : disguisesAfterFinish(disguise, name: name, risk: finalRisk))
  }

  /// The disguises of the name before the finish step, with those of the finished name: cutting to
  /// the length limit can itself put a dangerous extension after a decoy (`invoice.pdf.scr.bbbb…`
  /// cut to `invoice.pdf.scr`). A neutralized name is judged without its `.download`.
  private static func disguisesAfterFinish(
    _ before: [SanitizedFilename.Disguise], name: String, risk: FileRisk
  ) -> [SanitizedFilename.Disguise] {
    var finished = name[...]
    if finished.hasSuffix(neutralizingTrailer) { finished = finished.dropLast(neutralizingTrailer.count) }
    let after = DangerousTypes.disguises(
      sanitized: String(finished), raw: String(finished), risk: risk, hadBidiOverride: false)
    return SanitizedFilename.Disguise.allCases.filter { before.contains($0) || after.contains($0) }
  }

  /// Steps 1 and 2: cap runs of non-starters (see `capNonStarterRuns`), normalize, filter the
  /// scalars, and repeat while renormalizing changes the text.
  ///
  /// Removing scalars can bring a base and a mark together again, and renormalizing can reorder
  /// marks, which changes the neighbours the ZWJ/ZWNJ rules look at: filter again until nothing
  /// changes, so that sanitizing the result again changes nothing. Each pass only removes or
  /// replaces, so this ends quickly; the bound is a guard. (Compared by bytes: String's == is
  /// canonical equivalence, blind to exactly these changes.)
  static func cleanScalars(
    _ input: String, form: NormalizationForm, platform: Platform, replacement: String, log: inout SanitizerChangeLog
  ) -> (text: String, hadBidiOverride: Bool) {
    if isPlainText(input, form: form, platform: platform) { return (input, false) }
    return fullyCleanScalars(input, form: form, platform: platform, replacement: replacement, log: &log)
  }

  /// Steps 1 and 2 scalar by scalar (`cleanScalars` without its fast path).
  private static func fullyCleanScalars(
    _ input: String, form: NormalizationForm, platform: Platform, replacement: String, log: inout SanitizerChangeLog
  ) -> (text: String, hadBidiOverride: Bool) {
    let capped = capNonStarterRuns(input)
    guard var text = normalized(capped.text, form: form) else {
      return ("", false)  // ICU refused (an input beyond 500 MB): nothing usable is left.
    }
    if !ASCII.sameUTF8(text, capped.text) {
      log.record(.normalized, "normalized to \(form.rawValue.uppercased())")
    }
    if capped.removed > 0 {
      log.record(
        .removedExcessMarks,
        "removed \(capped.removed) combining mark\(capped.removed == 1 ? "" : "s") beyond \(maxNonStartersBeforeNormalizing) in a row before normalizing"
      )
    }
    var filtered = ScalarFilter.run(text, platform: platform, replacement: replacement, log: &log)
    var hadBidiOverride = filtered.hadBidiOverride
    var passes = 0
    while !ASCII.sameUTF8(filtered.text, text) {
      text = filtered.text
      guard passes < 8, let n = normalized(text, form: form), !ASCII.sameUTF8(n, text) else { break }
      text = n
      filtered = ScalarFilter.run(text, platform: platform, replacement: replacement, log: &log)
      hadBidiOverride = hadBidiOverride || filtered.hadBidiOverride
      passes += 1
    }
    return (text, hadBidiOverride)
  }

  /// Whether steps 1 and 2 provably leave `text` as it is, so it skips the scalar-by-scalar pass
  /// (most names): printable ASCII and, in NFC, Latin-1 letters and symbols U+00A1-U+00FF; no
  /// scalar the filter removes or replaces (`kind` is `.plain`: not a control, separator, forbidden
  /// character, U+00A0 (whitespace), U+00AD (invisible), nor U+00A5 on windows/portable (best
  /// fit)); no mark, so nothing to cap; every scalar below U+0300, so NFC leaves it alone; and
  /// single spaces only between other scalars, so none to trim or collapse. CJK, kana and Hangul
  /// letters (`isCJKLetter`) pass too, in the forms that leave them alone. The fuzzers check
  /// that the full pass agrees (`fastPathAgrees`).
  static func isPlainText(_ text: String, form: NormalizationForm, platform: Platform) -> Bool {
    var copy = text
    return copy.withUTF8 { u in
      guard let first = u.first, let last = u.last, first != 0x20, last != 0x20 else { return false }
      // Whole words of printable ASCII other than separators and what the platform forbids are
      // skipped eight bytes at a time (windows and portable forbid more bytes than a scan stops at).
      let stops: (UInt8, UInt8, UInt8, UInt8, UInt8)? =
        switch platform {
        case .linux: (0x2F, 0x5C, 0x2F, 0x2F, 0x2F)
        case .macos: (0x2F, 0x5C, 0x3A, 0x2F, 0x2F)
        case .windows, .portable: nil
        }
      let plain = platform.plainASCII
      var previous: UInt8 = 0
      var i = 0
      while i < u.count {
        if let stops {
          let j = ByteScan.plainWordsEnd(u, from: i, lowest: 0x21, stops: stops)
          if j > i { (i, previous) = (j, 0x21) }
        }
        // Then printable ASCII the platform allows (nothing to change) a byte at a time, and the
        // scalar that stopped it.
        let runStart = i
        while i < u.count && plain.contains(u[i]) { i += 1 }
        if i > runStart { previous = 0x21 }
        guard i < u.count else { break }
        let b = u[i]
        if b == 0x20 {
          if previous == 0x20 { return false }
        } else if b >= 0xE0 {
          // Three bytes (valid UTF-8: a String's), a CJK letter both forms leave alone.
          guard b < 0xF0, i + 2 < u.count else { return false }
          let v = threeByteScalar(b, u[i + 1], u[i + 2])
          guard isCJKLetter(v), form == .nfc || isCJKIdeograph(v) else { return false }
          i += 2
        } else if b >= 0x80 {
          // C2 A1-BF or C3 80-BF: U+00A1-U+00FF.
          guard form == .nfc, i + 1 < u.count, b == 0xC2 || b == 0xC3 else { return false }
          let c = u[i + 1]
          guard c & 0xC0 == 0x80, b == 0xC3 || (c >= 0xA1 && c != 0xAD) else { return false }
          if platform.hasWindowsRules && isBestFitHazard(b == 0xC2 ? UInt32(c) : 0xC0 | UInt32(c & 0x3F)) {
            return false
          }
          i += 1
        } else {
          return false  // a control, DEL, a separator or a character the platform forbids
        }
        previous = b
        i += 1
      }
      return true
    }
  }

  /// For the fuzzers and tests: false when examining `name` through its window (step 0) gives
  /// another name, risk or disguise than examining it whole. Only names the window applies to
  /// can differ; see `FilenameSanitizer+Window.swift`.
  @_spi(Checks) public static func windowAgrees(_ name: String, platform: Platform, options: SanitizerOptions) -> Bool {
    let windowed = run(name, platform: platform, options: options, depth: 0)
    guard windowed.changes.first?.code == .skippedMiddle else { return true }
    let whole = run(name, platform: platform, options: options, depth: 0, windowed: false)
    return windowed.name == whole.name && windowed.risk == whole.risk && windowed.disguise == whole.disguise
  }

  /// For the fuzzers: false when the fast path of steps 1 and 2 (`isPlainText`) takes `name` but
  /// the full pass would change it, log a change or see a bidi override.
  @_spi(Checks) public static func fastPathAgrees(_ name: String, platform: Platform, form: NormalizationForm) -> Bool {
    guard isPlainText(name, form: form, platform: platform) else { return true }
    var log = SanitizerChangeLog()
    let full = fullyCleanScalars(
      name, form: form, platform: platform, replacement: safeReplacement("_", on: platform), log: &log)
    return ASCII.sameUTF8(full.text, name) && log.changes.isEmpty && !full.hadBidiOverride
  }

  /// Steps 5–7 on a non-empty name whose extension risk is `risk`: neutralizing, the length
  /// limit, reserved and shell names, and neutralizing again what cutting exposed.
  private static func finish(
    _ text: String, risk: FileRisk, platform: Platform, options: SanitizerOptions, log: inout SanitizerChangeLog
  ) -> String {
    let changesBefore = log.changes.count
    let neutralize = mustNeutralize(text, risk: risk, platform: platform, options: options)
    let budget = lengthBudget(
      text, trailer: neutralize ? neutralizingTrailer : "", platform: platform, options: options, log: &log)
    let (stem, trailer) =
      neutralize ? neutralizeTrailer(text, platform: platform, budget: budget, log: &log) : (text, "")
    var result = truncate(stem, trailer: trailer, platform: platform, budget: budget, options: options, log: &log)
    if platform.hasWindowsRules, let end = reservedBaseEnd(result[...]) {
      result = fixReserved(result, baseEnd: end, budget: budget, platform: platform)
      log.record(.reservedName, "a Windows device name; appended \"_\" to its base name")
    }
    if platform.hasWindowsRules, let end = shellNameBaseEnd(result[...]) {
      result = fixReserved(result, baseEnd: end, budget: budget, platform: platform)
      log.record(.shellName, "a file the Windows shell reads by itself; appended \"_\" to its base name")
    }
    if platform.hasWindowsRules, let tilde = shortNameAliasTilde(result[...]) {
      result.replaceSubrange(tilde...tilde, with: "_")
      log.record(.shortNameAlias, "an NTFS 8.3 short name (NAME~1.EXT) that can alias another file; replaced its \"~\"")
    }
    // Cutting can also expose a dangerous extension that was not the last one before
    // (`p.exe …` cut to `p.exe`): break it too, as the policy says; and whatever the policy when
    // the name was ordinary, since then the cut made it dangerous (`setup.exeXXXX…` cut to
    // `setup.exe`), not the server.
    // A finish that changed nothing left the name, its risk and `neutralize` (false) as they were.
    if trailer.isEmpty && log.changes.count != changesBefore {
      let exposed = DangerousTypes.risk(of: result[...], on: platform)
      let madeByCut = risk == .ordinary && exposed != .ordinary
      if madeByCut || mustNeutralize(result, risk: exposed, platform: platform, options: options) {
        result = breakingDots(result)
        log.record(.neutralized, "replaced the dots of a dangerous name")
      }
    }
    return result
  }

  /// Whether `name` (whose risk is `risk`) is neutralized: under `.neutralize` when it is not
  /// ordinary; whatever the policy, when it is a shortcut the platform's shell follows by itself
  /// (see `DangerousTypes.isFollowedByShell`), as Chromium does for `.lnk`, `.url`, `.scf`, ….
  static func mustNeutralize(_ name: String, risk: FileRisk, platform: Platform, options: SanitizerOptions) -> Bool {
    mustNeutralize(risk: risk, options: options) || DangerousTypes.isFollowedByShell(name[...], on: platform)
  }

  /// `mustNeutralize` for a name the shell does not follow: whether the policy neutralizes `risk`.
  static func mustNeutralize(risk: FileRisk, options: SanitizerOptions) -> Bool {
    options.dangerousTypes == .neutralize && risk != .ordinary
  }

  /// Portable only: a leading `-` becomes `_`, so that a script which forgets `--` does not read
  /// the name as an option (`rm -rf` from a file called `-rf`). The other platforms keep it: it is
  /// a legal, ordinary name there, and `portable` is the profile for names that must be safe
  /// everywhere, careless shell scripts included. So does a scalar Windows' best-fit conversion
  /// turns into `-` (U+FF0D, U+2212, U+2010: `startsWithBestFit`), the argument injection of
  /// "WorstFit" (a program given the name on an ANSI command line reads `－rf` as `-rf`).
  private static func replaceLeadingHyphen(_ text: String, log: inout SanitizerChangeLog) -> String {
    guard startsWithBestFit(text, UInt8(ascii: "-")) else { return text }
    log.record(.replacedLeadingHyphen, "replaced a leading \"-\" with \"_\", so the name is not read as an option")
    return "_" + String(String.UnicodeScalarView(text.unicodeScalars.dropFirst()))
  }

  /// Whether `text`'s first scalar is `ascii` once Windows' best-fit conversion has folded it
  /// (`bestFitFolded`): `ascii` itself or a lookalike that some ANSI code page maps to it.
  static func startsWithBestFit(_ text: String, _ ascii: UInt8) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    return bestFitFolded(first) == UInt32(ascii)
  }

  /// Portable only: a leading `~` becomes `_`. An unquoted shell word that begins with `~` is a
  /// tilde-prefix (POSIX XCU §2.6.1, Tilde Expansion): `~` alone is `$HOME`, `~root` or `~alice.txt`
  /// the home directory of a user of that name if there is one, and bash reads `~+` and `~-` as the
  /// working directories. A script that writes `rm -r $name` or `mv $name …` without quotes would
  /// then act on a home directory. The rule is the leading hyphen's (a character a careless shell
  /// script reads as something other than a name), for the same profile; the other platforms keep
  /// the `~`, an ordinary character in a name there. Only the first character: a `~` later in a
  /// word is not expanded (outside assignments, which a file name is not). Its best-fit lookalikes
  /// too (U+FF5E, U+223C), as for the hyphen.
  private static func replaceLeadingTilde(_ text: String, log: inout SanitizerChangeLog) -> String {
    guard startsWithBestFit(text, UInt8(ascii: "~")) else { return text }
    log.record(
      .replacedLeadingTilde, "replaced a leading \"~\" with \"_\", so no shell expands the name to a home directory")
    return "_" + String(String.UnicodeScalarView(text.unicodeScalars.dropFirst()))
  }

  /// Step 7's first half: the `.download` trailer when it fits, else the name with its dots
  /// broken (`a.exe` -> `a_exe`) and no trailer.
  private static func neutralizeTrailer(
    _ text: String, platform: Platform, budget: Int, log: inout SanitizerChangeLog
  ) -> (text: String, trailer: String) {
    if platform.length(of: ".download") < budget {
      log.record(.neutralized, "appended .download to a dangerous name")
      return (text, ".download")
    }
    log.record(.neutralized, "replaced the dots of a dangerous name")
    return (breakingDots(text), "")
  }

  /// `text` with every `.`, and every scalar that best-fit folds to one (U+FF0E), replaced by `_`.
  private static func breakingDots(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.lazy.map { DangerousTypes.isExtensionDot($0) ? "_" : $0 }))
  }

  /// Step 5: `text` followed by `trailer`, fitted into `budget`, or the last-resort name when not
  /// even one cluster fits.
  private static func truncate(
    _ text: String, trailer: String, platform: Platform, budget: Int, options: SanitizerOptions,
    log: inout SanitizerChangeLog
  ) -> String {
    let before = platform.length(of: text) + platform.length(of: trailer)
    let unit = platform.lengthUnitName
    guard let fitted = fit(text, trailer: trailer, budget: budget, on: platform) else {
      let result = lastResort(options, platform: platform, budget: budget)
      log.record(.truncated, "no grapheme cluster of the name fits \(budget) \(unit); used \"\(result)\"")
      return result
    }
    switch fitted.outcome {
    case .unchanged: break
    case .keptExtension(let ext):
      log.record(.truncated, "truncated from \(before) to \(platform.length(of: fitted.name)) \(unit), keeping .\(ext)")
    case .droppedExtension:
      log.record(.truncated, "truncated from \(before) to \(platform.length(of: fitted.name)) \(unit)")
    }
    return fitted.name
  }

  /// `text` in `form`, or nil when ICU fails.
  static func normalized(_ text: String, form: NormalizationForm) -> String? {
    // Text made only of scalars that never change under `form` needs no ICU call.
    guard !text.isEmpty, !isTriviallyNormalized(text, form: form) else { return text }
    var copy = text
    return copy.withUTF8 { buf -> String? in
      if TextServices.isNormalized(buf, form: form) { return text }
      guard let bytes = TextServices.normalize(buf, form: form) else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Whether every scalar of `text` is one that `form` leaves alone whatever surrounds it, so the
  /// text is normalized without asking ICU. NFC: below U+0300 (no combining marks below it),
  /// kana other than the combining sound marks U+3099/U+309A, CJK Unified Ideographs, and Hangul
  /// syllables when no conjoining jamo follows (none can: jamo are outside every range here).
  /// NFD: below U+00C0, and CJK Unified Ideographs.
  static func isTriviallyNormalized(_ text: String, form: NormalizationForm) -> Bool {
    switch form {
    case .nfc:
      return text.unicodeScalars.allSatisfy { s in
        let v = s.value
        return v < 0x300 || (0x3041...0x3096).contains(v) || (0x309B...0x30FF).contains(v)
          || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v)
      }
    case .nfd:
      return text.unicodeScalars.allSatisfy { s in s.value < 0xC0 || (0x4E00...0x9FFF).contains(s.value) }
    }
  }

  /// The replacement to use: `options.replacement` when it is usable (`isUsableReplacement`), else `_`.
  static func safeReplacement(_ replacement: String, on platform: Platform) -> String {
    // The default, usable everywhere, without a scalar walk.
    if replacement.utf8.count == 1 && replacement.utf8.first == UInt8(ascii: "_") { return replacement }
    return isUsableReplacement(replacement, on: platform) ? replacement : "_"
  }

  /// Whether `replacement` can stand for a separator or forbidden character on `platform`: at most
  /// `maxReplacementLength` scalars (every separator of a long path gets one: a longer one makes a
  /// name the length limit then throws away), each plainly allowed there (not
  /// removed, replaced, whitespace, `.` or a mark). An empty replacement (deleting) is usable.
  public static func isUsableReplacement(_ replacement: String, on platform: Platform) -> Bool {
    var count = 0
    for s in replacement.unicodeScalars {
      count += 1
      guard count <= maxReplacementLength, kind(of: s, on: platform) == .plain, s != ".", s != "\\", !isMark(s)
      else { return false }
    }
    return true
  }

  /// The longest usable replacement, in scalars.
  public static let maxReplacementLength = 8

  /// Step 3: leading dots (and the spaces and combining marks they expose: a mark with nothing
  /// before it attaches to whatever a listing shows before the name)
  /// everywhere; trailing dots and spaces on
  /// windows/portable. When step 2 removed the whole stem (`\u{0}.exe`, `\u{3164}.txt`), the dot
  /// left in front is the extension's, not a hidden file's: the stem becomes `replacement`
  /// (`_.exe`, still an executable) rather than the extension becoming the name (`exe`).
  private static func trimDots(
    _ text: String, platform: Platform, stemRemoved: Bool, replacement: String, log: inout SanitizerChangeLog
  ) -> String {
    if hasNothingToTrim(text, on: platform) { return text }
    let t = dotTrimmed(text, leading: true, trailing: platform.hasWindowsRules)
    // The removed stem's place: the replacement and one dot, the extension's (already reported
    // by step 2's removal). With an empty replacement (removal asked for) the dot goes too.
    // Marks the name began with were its stem as well (`\u{301}.txt` is `_.txt`).
    let stemGone = stemRemoved || (t.leadingMarks > 0 && text.unicodeScalars.first.map(isMark) == true)
    let keepsExtensionDot = stemGone && !replacement.isEmpty && t.leadingDots > 0 && !t.bounds.isEmpty
    let leadingDots = t.leadingDots - (keepsExtensionDot ? 1 : 0)
    if leadingDots > 0 {
      log.record(.removedLeadingDots, "removed \(leadingDots) leading dot\(leadingDots == 1 ? "" : "s")")
    }
    if t.leadingMarks > 0 {
      log.record(
        .removedLeadingMarks,
        "removed \(t.leadingMarks) combining mark\(t.leadingMarks == 1 ? "" : "s") or joiner\(t.leadingMarks == 1 ? "" : "s") with no character before to attach to"
      )
    }
    if t.trailingDots > 0 {
      log.record(.removedTrailingDots, "removed \(t.trailingDots) trailing dot\(t.trailingDots == 1 ? "" : "s")")
    }
    if t.spaces > 0 { log.record(.trimmedWhitespace, "trimmed whitespace at the ends") }
    guard t.leadingDots + t.leadingMarks + t.trailingDots + t.spaces > 0 else { return text }
    return keepsExtensionDot ? replacement + "." + text[t.bounds] : String(text[t.bounds])
  }

  /// Whether step 3 provably leaves `text` as it is, read from its end bytes (the usual name, no
  /// scalar walk): an ASCII first byte other than a dot or space (so no mark or joiner either), or
  /// a CJK letter (`isCJKLetter`); and on windows/portable such a last byte or letter.
  static func hasNothingToTrim(_ text: String, on platform: Platform) -> Bool {
    var copy = text
    return copy.withUTF8 { u in
      guard let first = u.first, let last = u.last else { return false }
      let n = u.count
      let startsPlain =
        first < 0x80
        ? first != UInt8(ascii: ".") && first != UInt8(ascii: " ")
        : first >= 0xE0 && first < 0xF0 && n >= 3 && isCJKLetter(threeByteScalar(first, u[1], u[2]))
      guard startsPlain, platform.hasWindowsRules else { return startsPlain }
      if last < 0x80 { return last != UInt8(ascii: ".") && last != UInt8(ascii: " ") }
      return n >= 3 && u[n - 3] >= 0xE0 && u[n - 3] < 0xF0 && isCJKLetter(threeByteScalar(u[n - 3], u[n - 2], last))
    }
  }

  /// The scalar of the three-byte UTF-8 sequence `b0 b1 b2` (well formed: a String's).
  @inline(__always)
  static func threeByteScalar(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> UInt32 {
    UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
  }

  /// The letters of CJK names that no step of the pipeline acts on, whatever surrounds them:
  /// hiragana U+3041-U+3096, katakana U+30A1-U+30FA, CJK Unified Ideographs U+4E00-U+9FFF and
  /// Hangul syllables U+AC00-U+D7A3. Each is a `.plain` letter on every platform (no best fit to
  /// ASCII, no mark, space, dot or invisible) and NFC leaves it alone (a Hangul syllable could
  /// only compose with a conjoining jamo, which is not among them); NFD decomposes the kana with
  /// sound marks and the syllables, so there only the ideographs (`isCJKIdeograph`). Tested
  /// scalar by scalar (`FilenameSanitizerTests`, `cjkLettersArePlain`).
  @inline(__always)
  static func isCJKLetter(_ v: UInt32) -> Bool {
    (v >= 0x3041 && v <= 0x3096) || (v >= 0x30A1 && v <= 0x30FA) || isCJKIdeograph(v) || (v >= 0xAC00 && v <= 0xD7A3)
  }

  /// CJK Unified Ideographs, U+4E00-U+9FFF: unchanged by both normalization forms.
  @inline(__always)
  static func isCJKIdeograph(_ v: UInt32) -> Bool { v >= 0x4E00 && v <= 0x9FFF }

  /// Whether step 2 removed everything before the first dot of `cleaned`: the input began with
  /// something other than a dot, whitespace or a path separator (a control, an invisible, a blank
  /// symbol), and what is left begins with a dot.
  private static func stemRemoved(_ input: String, _ cleaned: String) -> Bool {
    guard cleaned.utf8.first == UInt8(ascii: "."), let first = input.unicodeScalars.first else { return false }
    return first != "." && first != "/" && first != "\\" && !first.properties.isWhitespace
  }

  /// Where `text` remains once its leading dots and spaces (with `leading`) and its trailing dots
  /// and spaces as Windows reads them (with `trailing`: `.` and U+FF0E, `isDotLike`) are set aside,
  /// and how many of each. Walked by index, not by removing scalars one at a time (which copies
  /// the rest of the string for each, quadratic in a long run of dots).
  static func dotTrimmed(_ text: String, leading: Bool, trailing: Bool) -> (
    bounds: Range<String.Index>, leadingDots: Int, leadingMarks: Int, trailingDots: Int, spaces: Int
  ) {
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    var leadingDots = 0
    var leadingMarks = 0
    var trailingDots = 0
    var spaces = 0
    while leading && start < end {
      let first = scalars[start]
      if first == "." {
        leadingDots += 1
      } else if isSpaceLike(first) {
        spaces += 1
      } else if isMark(first) || kind(of: first, on: .linux) == .invisible {
        // A mark, or a joiner or selector kept for the scalar before it (ZWJ after a virama),
        // with nothing before it now (found by fuzz-sanitize).
        leadingMarks += 1
      } else {
        break
      }
      scalars.formIndex(after: &start)
    }
    while trailing && start < end {
      let before = scalars.index(before: end)
      let last = scalars[before]
      guard isDotLike(last, on: .windows) || isSpaceLike(last) else { break }
      if isDotLike(last, on: .windows) { trailingDots += 1 } else { spaces += 1 }
      end = before
    }
    return (start..<end, leadingDots, leadingMarks, trailingDots, spaces)
  }

  /// The fallback name, sanitized with the same platform and form (`download` when it sanitizes
  /// to nothing itself).
  static func fallback(_ options: SanitizerOptions, platform: Platform, depth: Int) -> String {
    guard depth == 0 else { return "download" }
    var inner = options
    inner.fallbackName = "download"
    inner.maxLength = nil
    inner.reservedSuffixLength = 0
    inner.dangerousTypes = .report
    let r = run(options.fallbackName, platform: platform, options: inner, depth: depth + 1)
    return r.isFallback ? "download" : r.name
  }

  /// When not even one cluster of the name fits: as much of `download` as fits (at least `d`).
  private static func lastResort(_ options: SanitizerOptions, platform: Platform, budget: Int) -> String {
    let cut = prefix("download"[...], room: budget, on: platform)
    return cut.isEmpty ? "d" : String(cut)
  }

  /// Appends `_` to a reserved base name, dropping the base's last cluster when `_` would not fit.
  private static func fixReserved(_ name: String, baseEnd: String.Index, budget: Int, platform: Platform) -> String {
    var base = name[..<baseEnd]
    let rest = name[baseEnd...]
    if platform.length(of: name) + 1 > budget, !base.isEmpty { base = base.dropLast() }
    return String(base) + "_" + rest
  }
}
