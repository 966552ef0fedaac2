// Per-scalar rules: which scalars are removed, replaced or kept, and the context rule for
// invisible characters a script or an emoji sequence needs.

extension FilenameSanitizer {
  /// What the sanitizer does with one scalar (before context is considered).
  enum ScalarKind: UInt8, Equatable {
    /// C0 and C1 controls and DEL: removed (tab and newline too).
    case control
    /// Bidi controls U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: removed.
    case bidiControl
    /// U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR: removed.
    case lineSeparator
    /// Other Default_Ignorable_Code_Point scalars (and U+FEFF): removed unless the context keeps them.
    case invisible
    /// Any other Unicode White_Space, and U+2800 BRAILLE PATTERN BLANK (a braille word space):
    /// becomes U+0020, except the visible spaces of `isKeptSpace`, which stay themselves.
    case whitespace
    /// `/` and `\`, on every platform: a path separator (see `ScalarFilter`).
    case separator
    /// The platform's forbidden characters: replaced.
    case forbidden
    /// On windows and portable, lookalikes that Windows' best-fit mapping to an ANSI code page
    /// turns into `/ \ : * ? " < > |` (`isBestFitHazard`): replaced.
    case bestFit
    /// Blank-looking symbols that are neither whitespace nor Default_Ignorable (U+1D159, U+FFFC),
    /// private-use and unassigned code points (`isBlank`): removed.
    case blank
    /// Everything else: kept.
    case plain
  }

  /// `kind(of:on:)` for one platform, remembering the answers for the last two non-ASCII scalars:
  /// names repeat scalars in runs (a megabyte of one filler, or of a mark pair), and a non-ASCII
  /// lookup costs a few hundred instructions.
  struct ScalarKinds {
    let platform: Platform
    private var last: (value: UInt32, kind: ScalarKind) = (0, .control)
    private var before: (value: UInt32, kind: ScalarKind) = (0, .control)
    /// Misses of the two-entry cache; past `missesBeforeTable`, `table` is made.
    private var misses = 0
    /// A direct-mapped cache of 256 entries (`value << 8 | kind`), for text of many distinct
    /// scalars: empty (no allocation) until the two-entry cache has missed often (a
    /// megabyte of random private-use scalars, classified by several passes).
    private var table: [UInt32] = []
    private static let missesBeforeTable = 64

    init(platform: Platform) { self.platform = platform }

    mutating func kind(of s: Unicode.Scalar) -> ScalarKind {
      let v = s.value
      if v <= 0x9F { return FilenameSanitizer.kind(of: s, on: platform) }  // ASCII and C1: a few compares
      if v == last.value { return last.kind }
      if v == before.value {
        swap(&last, &before)
        return last.kind
      }
      let k = tableKind(of: s)
      (before, last) = (last, (v, k))
      return k
    }

    /// The kind of a non-ASCII `s` from `table` when it is made, else computed.
    private mutating func tableKind(of s: Unicode.Scalar) -> ScalarKind {
      let v = s.value
      guard !table.isEmpty else {
        misses += 1
        if misses > Self.missesBeforeTable { table = [UInt32](repeating: .max, count: 256) }
        return FilenameSanitizer.kind(of: s, on: platform)
      }
      let slot = Int(v & 0xFF)
      let entry = table[slot]
      if entry >> 8 == v, let k = ScalarKind(rawValue: UInt8(truncatingIfNeeded: entry)) { return k }
      let k = FilenameSanitizer.kind(of: s, on: platform)
      table[slot] = v << 8 | UInt32(k.rawValue)
      return k
    }
  }

  /// Classifies a scalar for `platform`.
  static func kind(of s: Unicode.Scalar, on platform: Platform) -> ScalarKind {
    let v = s.value
    if v < 0x80 {
      if v < 0x20 || v == 0x7F { return .control }
      if v == 0x20 { return .whitespace }
      if v == 0x2F || v == 0x5C { return .separator }
      return platform.forbids(v) ? .forbidden : .plain
    }
    if v <= 0x9F { return .control }
    // One table lookup (a megabyte of private-use scalars is classified by
    // several passes). Every bidi control is Default_Ignorable, and the line and paragraph
    // separators are White_Space and not Default_Ignorable (ScalarTraitsTests checks both), so they are told apart inside those
    // branches.
    let p = ScalarTraits(s)
    if p.isDefaultIgnorableCodePoint || v == 0xFEFF { return isBidiControl(v) ? .bidiControl : .invisible }
    if p.isWhitespace { return v == 0x2028 || v == 0x2029 ? .lineSeparator : .whitespace }
    if v == 0x2800 { return .whitespace }
    if platform.hasWindowsRules && isBestFitHazard(v) { return .bestFit }
    if ScalarTraits.isBlank(v, p) { return .blank }
    return .plain
  }

  /// Whether `s` is blank-looking but neither whitespace nor Default_Ignorable
  /// (`ScalarTraits.isBlank`): removed from names.
  static func isBlank(_ s: Unicode.Scalar) -> Bool { ScalarTraits.isBlank(s.value, ScalarTraits(s)) }

  /// Whether `s` can pad a name without being seen: whitespace, Default_Ignorable, U+2800 and
  /// the blank class (`isBlank`). Used by the disguise report on the raw input.
  static func isBlankPadding(_ s: Unicode.Scalar) -> Bool {
    let p = ScalarTraits(s)
    return p.isWhitespace || p.isDefaultIgnorableCodePoint || s.value == 0x2800 || (s.value >= 0x80 && isBlank(s))
  }

  /// U+0020 or a kept visible space (`ScalarTraits.isKeptSpace`).
  static func isSpaceLike(_ s: Unicode.Scalar) -> Bool { s == " " || ScalarTraits.isKeptSpace(s) }

  /// U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069.
  static func isBidiControl(_ v: UInt32) -> Bool {
    v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
  }

  /// A combining mark for the Stream-Safe limit: a nonzero combining class or category M*.
  @inline(__always)
  static func isMark(_ s: Unicode.Scalar) -> Bool {
    s.value >= 0x300 && hasMarkTraits(s)
  }

  /// `isMark` for a scalar at or above U+0300, from its traits.
  static func hasMarkTraits(_ s: Unicode.Scalar) -> Bool {
    let p = ScalarTraits(s)
    if p.isReordered { return true }
    switch p.category {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// At most this many marks in a row survive (UAX #15 Stream-Safe Text Format: 30 non-starters).
  static let maxMarksInARow = 30

  /// Whether an invisible (Default_Ignorable) scalar is kept because its neighbours need it.
  ///
  /// The rule, decided on the previous kept scalar and the next scalar:
  /// - ZWJ U+200D between two emoji (a ZWJ sequence: 👩‍💻, 🏳️‍🌈) is kept; `previous` may be an
  ///   emoji, an emoji modifier or VS16.
  /// - ZWJ and ZWNJ U+200C between two letters or marks of a script that uses them to control
  ///   joining or conjuncts (Arabic and Syriac incl. Persian `می‌خواهم`, the Indic scripts incl.
  ///   Sinhala, Myanmar, Khmer, Mongolian) are kept.
  /// - VS15/VS16 (U+FE0E, U+FE0F) are kept after an emoji-capable scalar (`❤️`, keycaps `1️⃣`).
  /// - VS1–VS14 are kept after a non-ASCII letter, number or symbol (standardized variants);
  ///   VS17–VS256 (U+E0100–U+E01EF) after an ideograph (ideographic variation sequences).
  /// - Mongolian free variation selectors (U+180B–U+180D, U+180F) are kept after a Mongolian letter.
  /// Tag characters U+E0020–U+E007F never come here: they are kept only in a whole emoji tag
  /// sequence (the Scotland flag), which needs more than the neighbours (`EmojiTagSequence`).
  /// Everything else that is Default_Ignorable (ZWSP, soft hyphen, word joiner, BOM, Hangul
  /// fillers, CGJ, …) is removed. A ZWJ or ZWNJ at the start or end is never kept.
  static func keepsInvisible(_ s: Unicode.Scalar, previous: Unicode.Scalar?, next: Unicode.Scalar?) -> Bool {
    guard let previous else { return false }
    let v = s.value
    switch v {
    case 0x200D:
      guard let next else { return false }
      if isEmojiLike(previous) && isEmoji(next) { return true }
      return isJoiningScriptLetterOrMark(previous) && isJoiningScriptLetterOrMark(next)
    case 0x200C:
      guard let next else { return false }
      return isJoiningScriptLetterOrMark(previous) && isJoiningScriptLetterOrMark(next)
    case 0xFE0E, 0xFE0F:
      return ScalarTraits(previous).isEmoji && !isVariationSelector(previous.value)
    case 0xFE00...0xFE0D:
      guard previous.value >= 0x80, !isVariationSelector(previous.value) else { return false }
      switch ScalarTraits(previous).category {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        return true
      default: return false
      }
    case 0xE0100...0xE01EF:
      return ScalarTraits(previous).isIdeographic
    case 0x180B...0x180D, 0x180F:
      return (0x1820...0x18AA).contains(previous.value)
    default:
      return false
    }
  }

  /// U+FE00–U+FE0F, U+E0100–U+E01EF.
  static func isVariationSelector(_ v: UInt32) -> Bool {
    (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
  }

  /// An emoji, an emoji modifier or VS16 (ASCII digits, `#` and `*` are not emoji here).
  static func isEmojiLike(_ s: Unicode.Scalar) -> Bool {
    if s.value == 0xFE0F { return true }
    return s.value > 0x7F && ScalarTraits(s).isEmoji
  }

  /// An emoji that is never removed itself (not a variation selector or other invisible).
  static func isEmoji(_ s: Unicode.Scalar) -> Bool {
    s.value > 0x7F && ScalarTraits(s).isEmoji && !ScalarTraits(s).isDefaultIgnorableCodePoint
  }

  /// A letter or mark in a script that uses ZWJ/ZWNJ to control joining or conjunct forms
  /// (never an invisible one such as a Mongolian variation selector, which may itself be removed).
  static func isJoiningScriptLetterOrMark(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    let inScript =
      (0x0600...0x08FF).contains(v)  // Arabic, Syriac, Arabic Supplement, Thaana, NKo, Extended-A/B
      || (0x0900...0x0DFF).contains(v)  // Devanagari … Sinhala
      || (0x0F00...0x0FFF).contains(v)  // Tibetan
      || (0x1000...0x109F).contains(v)  // Myanmar
      || (0x1780...0x18AF).contains(v)  // Khmer, Mongolian
      || (0xA8E0...0xA8FF).contains(v)  // Devanagari Extended
      || (0xFB50...0xFDFF).contains(v) || (0xFE70...0xFEFE).contains(v)  // Arabic presentation forms
    // The ranges first: they rule out most scalars without a table lookup.
    guard inScript else { return false }
    let traits = ScalarTraits(s)
    guard !traits.isDefaultIgnorableCodePoint else { return false }
    switch traits.category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default: return false
    }
  }
}
