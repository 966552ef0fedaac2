// The cost of a reading under one language's model: -log2 of its probability, in bits. Every
// character is a symbol (lower-cased; ASCII digits, spaces and punctuation are the word boundary,
// symbol 0), and the cost of a character given the one before comes from the language's
// character-pair table (`CharsetModel`). Pairs of two ASCII characters are not scored: they are the
// same in every reading, so only the legacy characters and the ASCII around them (an extension, a
// digit, a Latin letter glued to a Cyrillic one) tell readings apart. The few costs below that are
// not learnt are for what a word list cannot show: letter case, symbols and control characters.
extension CharsetDetector {
  /// Bits for a C1 control or private-use character: text does not hold them.
  static let controlBits: UInt32 = 30 * 4
  /// Bits for a symbol or punctuation character outside ASCII (©, «, •, ・, 「): names hold a few.
  static let symbolBits: UInt32 = 22 * 4
  /// Bits for CJK punctuation and full-width forms (、「」・ＡＢ１), common in CJK names; a word boundary.
  static let fullwidthBits: UInt32 = 6 * 4
  /// Bits for a full-width Latin letter or digit (ＡＢ１): rarer in names than CJK punctuation.
  static let fullwidthLetterBits: UInt32 = 12 * 4
  /// Bits for an upper-case letter after a lower-case one inside a word (`ÏðèâÅò`), the shape of
  /// misread bytes; after a boundary or another capital, a capital costs `capitalBits`.
  static let caseBreakBits: UInt32 = 7 * 4
  static let capitalBits: UInt32 = 1 * 4
  /// Bits for a small letter of a cased alphabet starting a word (`бочен`): with `capitalBits`, the case of a
  /// word's first letter costs a bit either way, so a caseless script's reading is not dearer for having none.
  static let lowercaseStartBits: UInt32 = 1 * 4
  /// Bits for a capital after a capital (all-caps words are rarer than capitalized ones).
  static let capsRunBits: UInt32 = 2 * 4
  /// Bits for a word that is one non-ASCII letter (`foo-ä.html`): the word lists hold no such word
  /// in any language, and a character-pair model alone would find them as likely as real words.
  static let oneLetterWordBits: UInt32 = 8 * 4
  /// Bits for starting a run of half-width katakana (Shift_JIS names from older systems are written
  /// in them: a way of writing katakana, paid once a run, not a rarer letter paid each character);
  /// each is then scored as its full-width form, and a voiced sound mark after one costs nothing.
  static let halfwidthRunBits: UInt32 = 3 * 4

  /// Bits for a change of script inside a word between CJK and Latin (`年度总结v2`): common in CJK
  /// names, which have no spaces; scored as a word boundary plus this.
  static let cjkSwitchBits: UInt32 = 2 * 4
  /// Bits for letters of two alphabets glued together (`uю`, `Ïð` is not: both Latin): the shape of
  /// a misreading; scored as a word boundary plus this.
  static let scriptMixBits: UInt32 = 12 * 4

  /// Bits for a CJK character of a script the language does not write (kana read as Korean,
  /// Hangul read as Chinese), on top of its unseen-character cost.
  static let foreignScriptBits: UInt32 = 10 * 4

  /// The evidence of a word of ASCII letters only (`pending`, the log-likelihood ratio of its
  /// pairs, quarter bits): a word that looks like the language makes its reading cheaper (`skaitant-iš`,
  /// `kiekio iš`: Lithuanian, not Icelandic `ið`); one that does not (an English word, a name) is no
  /// evidence against it (held-out text names: counted both ways, English words cost Vietnamese
  /// readings 2 names and Polish 4), nor is an acronym or an identifier (`XML`, `defaultTo`).
  @inline(__always)
  static func otherWordEvidence(_ pending: Int32, innerCapital: Bool) -> Int32 {
    innerCapital ? 0 : min(0, pending)
  }

  /// The writing system of a letter, for telling a change of script inside a word.
  enum Script: UInt8 {
    case none, latin, greek, cyrillic, hebrew, arabic, thai, cjk
  }

  @inline(__always)
  static func script(_ s: UInt32) -> Script {
    switch s {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
    case 0x370...0x3FF: return .greek
    case 0x400...0x52F: return .cyrillic
    case 0x590...0x5FF, 0xFB1D...0xFB4F: return .hebrew
    case 0x600...0x6FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
    case 0xE00...0xE7F: return .thai
    case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF,
      0xF900...0xFAFF, 0xFF66...0xFF9D:
      return .cjk
    default: return .none
    }
  }

  /// A reading's characters as every language scores them, worked out once a reading (not once a
  /// language): each character's symbol (lower-cased; `voicedMark` for a half-width sound mark), whether
  /// it is a capital, and its cost that no language's table decides (case, symbols, half-width runs).
  struct PreparedReading {
    var scalars: [UInt32] = []
    var symbols: [UInt32] = []
    var uppers: [Bool] = []
    var extras: [UInt32] = []
    /// Where the name's extension begins (its dot), or the count: letters from there on are no
    /// evidence of the language (`pptx`, `docx` are the same in every language).
    var extensionStart = 0
  }

  /// The symbol of a half-width voiced sound mark (its cost is in `extras`; it is no character).
  static let voicedMark = UInt32.max

  /// Fills `prepared` from `scalars`.
  static func prepare(_ scalars: [UInt32], into prepared: inout PreparedReading) {
    prepared.scalars = scalars
    prepared.symbols.removeAll(keepingCapacity: true)
    prepared.uppers.removeAll(keepingCapacity: true)
    prepared.extras.removeAll(keepingCapacity: true)
    var previous: UInt32 = 0
    var previousUpper = false
    var previousHalfwidth = false
    for (index, s) in scalars.enumerated() {
      // Half-width voiced sound marks (ﾃﾞ) belong to the half-width katakana before them; anywhere
      // else they are not text.
      if s == 0xFF9E || s == 0xFF9F {
        prepared.symbols.append(voicedMark)
        prepared.uppers.append(false)
        prepared.extras.append(previousHalfwidth && previous >= 0x30A1 && previous <= 0x30FA ? 0 : controlBits)
        continue
      }
      var symbol: UInt32
      var upper = false
      var extra: UInt32 = 0
      if s < 0x80 {
        symbol = isASCIILetter(s) ? s | 0x20 : 0
        upper = s >= 0x41 && s <= 0x5A
      } else {
        symbol = s
        extra = extraCost(s, &symbol, &upper, previous: previous, previousUpper: previousUpper)
        if s >= 0xFF61, s <= 0xFF9F {
          if previousHalfwidth { extra -= halfwidthRunBits }
          if index + 1 < scalars.count { symbol = voiced(symbol, mark: scalars[index + 1]) }
        }
      }
      prepared.symbols.append(symbol)
      prepared.uppers.append(upper)
      prepared.extras.append(extra)
      previous = symbol
      previousUpper = upper
      previousHalfwidth = s >= 0xFF61 && s <= 0xFF9F
    }
    prepared.extensionStart = extensionStart(scalars)
  }

  /// The index of the dot of a trailing extension (1-5 ASCII letters or digits after the last dot),
  /// or the count when there is none.
  static func extensionStart(_ scalars: [UInt32]) -> Int {
    var i = scalars.count
    while i > 0, scalars.count - i <= 5, isASCIILetter(scalars[i - 1]) || (0x30...0x39).contains(scalars[i - 1]) {
      i -= 1
    }
    return i > 0 && i < scalars.count && scalars[i - 1] == 0x2E ? i - 1 : scalars.count
  }

  /// The cost in bits of `scalars` under `language` (preparing them first).
  static func cost(_ scalars: [UInt32], _ language: CharsetModel.Language) -> Double {
    var prepared = PreparedReading()
    prepare(scalars, into: &prepared)
    return cost(prepared, language)
  }

  /// The cost in bits of a prepared reading under `language`.
  ///
  /// One pass over the characters with a little state (case, word length, script); long because
  /// each rule is a line or two and splitting it would pass all of that state around.
  static func cost(_ prepared: PreparedReading, _ language: CharsetModel.Language) -> Double {
    var quarterBits: UInt32 = 0
    var previous: UInt32 = 0
    var previousASCII = true
    var previousScript = Script.none
    // In a Latin-script language, the ASCII letter pairs of a word that holds a legacy letter are
    // evidence too (`đarmas` is no Vietnamese word, `šarmas` is Lithuanian, `wiczenia` is Polish): a
    // log-likelihood ratio, the language's cost of each pair less its cost in some Latin-script word
    // (`CharsetModel.asciiReference`), so a word that looks like the language makes the reading
    // cheaper and one that does not makes it dearer; held until the word shows a legacy letter.
    let latin = language.writesLatin
    var wordHasLegacy = false
    var pendingASCII: Int32 = 0
    // The evidence of the word's first letter when it is ASCII (how often the language starts a word
    // with it), counted only once the word shows a legacy letter; the last ASCII letter's before the
    // word ends counts then too (`şurubun`: Turkish ends words in -un, Lithuanian hardly ever).
    var pendingStart: Int32 = 0
    // Whether the word has a capital after its first letter (`XML`, `defaultTo`): an acronym or an
    // identifier, no word of the language.
    var innerCapital = false
    var asciiEvidence: Int32 = 0
    // Whether the current run of CJK characters began right after a Latin letter.
    var cjkRunFollowsLatin = false
    // CJK characters in a row so far.
    var cjkRun = 0
    var previousHalfwidth = false
    // Half-width katakana in a row so far.
    var halfwidthRun = 0
    var capitals = 0
    // Letters in the current word, and whether its only letter so far is non-ASCII.
    var wordLength = 0
    var wordIsOneLegacyLetter = false
    // The current word as a key of the language's frequent words (`CharsetModel.wordKey`), whether it
    // holds a non-ASCII letter, and whether it cannot be one of them (it changes script or runs
    // into the extension); what listed words save (`lexicon`), and the saving of the ASCII word just
    // ended (weighed with the ASCII evidence).
    var wordKey = CharsetModel.wordKeyStart
    var wordLegacy = false
    var wordUnlisted = false
    var lexicon: UInt32 = 0
    var asciiWordBonus: UInt32 = 0
    for index in prepared.scalars.indices {
      let s = prepared.scalars[index]
      let symbol = prepared.symbols[index]
      quarterBits += prepared.extras[index]
      if symbol == voicedMark { continue }
      let ascii = s < 0x80
      let upper = prepared.uppers[index]
      // Kana in a Korean reading, Hangul in a Chinese one: a script the language never writes.
      if symbol != 0, case let k = CharsetModel.Language.cjkScript(symbol), k != 0, language.cjkScripts & k == 0 {
        quarterBits += foreignScriptBits
      }
      // Combining marks (Vietnamese tones) belong to the letter before them.
      let current = symbol == 0 ? Script.none : (s >= 0x300 && s <= 0x36F ? previousScript : script(s))
      if symbol == 0 {
        if wordLength == 1 && wordIsOneLegacyLetter { quarterBits += oneLetterWordBits }
        let bonus = wordLength > 0 && !wordUnlisted ? language.wordBonus(wordKey == 0 ? 1 : wordKey) : 0
        if wordLegacy { lexicon += bonus }
        asciiWordBonus = wordLegacy ? 0 : bonus
        wordKey = CharsetModel.wordKeyStart
        wordLegacy = false
        wordUnlisted = false
        wordLength = 0
      } else {
        if wordLength > 0, current != previousScript, current != .none, previousScript != .none { wordUnlisted = true }
        if index >= prepared.extensionStart { wordUnlisted = true }
        wordKey = CharsetModel.wordKey(wordKey, symbol)
        if !ascii { wordLegacy = true }
        wordLength += 1
        wordIsOneLegacyLetter = wordLength == 1 && !ascii && s < 0x1100  // alphabets, not CJK
      }
      // A lower-case letter after two or more capitals (`ЗТец`): all-caps words stay all caps.
      if !upper && symbol != 0 && capitals >= 2 && !(ascii && previousASCII) { quarterBits += caseBreakBits }
      capitals = upper ? capitals + 1 : 0
      if upper && wordLength > 1 { innerCapital = true }
      defer {
        cjkRun = current == .cjk ? (previousScript == .cjk ? cjkRun + 1 : 1) : 0
        previousHalfwidth = isHalfwidth(s)
        halfwidthRun = previousHalfwidth ? halfwidthRun + 1 : 0
        previous = symbol
        previousASCII = ascii
        previousScript = current
      }
      if symbol == 0 {
        if latin, wordHasLegacy, previousASCII, previous != 0, index - 1 < prepared.extensionStart {
          asciiEvidence += Int32(language.cost(previous, 0)) - Int32(CharsetModel.asciiEndReference(previous))
        }
        pendingStart = 0
        // A word of ASCII letters only is evidence of the name's language too (`otherWordEvidence`).
        if !wordHasLegacy {
          asciiEvidence += min(otherWordEvidence(pendingASCII, innerCapital: innerCapital), -Int32(asciiWordBonus))
        }
        wordHasLegacy = false
        innerCapital = false
        pendingASCII = 0
      } else if latin && !ascii && current == .latin && !wordHasLegacy {
        wordHasLegacy = true
        asciiEvidence += pendingASCII + pendingStart
      }
      if ascii && previousASCII {
        if latin, symbol != 0, previous == 0, index < prepared.extensionStart {
          pendingStart = Int32(language.cost(0, symbol)) - Int32(CharsetModel.asciiStartReference(symbol))
        }
        if latin, symbol != 0, previous != 0, index < prepared.extensionStart {
          let evidence = Int32(language.cost(previous, symbol)) - Int32(CharsetModel.asciiReference(previous, symbol))
          if wordHasLegacy { asciiEvidence += evidence } else { pendingASCII += evidence }
        }
        continue
      }
      if symbol == 0 && previous == 0 { continue }
      if symbol != 0, previous != 0, current != previousScript, current != .none, previousScript != .none {
        // A change of script inside a word: the word ends and another begins.
        // Into CJK or out of it is common (`年度总结v2`, `v2年度`); CJK wedged inside a Latin word
        // (`Gｱsiorek`, `ob章kowaty`) is the shape of a misread single-byte name.
        // Half-width katakana are the bytes 0xA1-0xDF, Latin-1's accented letters: one glued to a Latin
        // letter is the shape of a misread Latin name (`ﾄrztliche`, `Gｱsiorek`); a run of two or more
        // is a katakana word, and a Latin letter after it is as common as after any CJK word (`ｶﾘｳﾑv2`).
        let next = index + 1 < prepared.scalars.count ? prepared.scalars[index + 1] : 0
        let halfwidthGlue =
          (previousHalfwidth && halfwidthRun == 1) || (isHalfwidth(s) && !isHalfwidth(next))
        // So is one CJK character leading a lower-case Latin word (`謀ash`, `憑d`: an accented capital
        // or a punctuation byte of windows-125x read with the letter after it as one character).
        let loneLead = cjkRun == 1 && ascii && !upper && (next < 0x80 ? next >= 0x61 && next <= 0x7A : false)
        let wedged =
          (previousScript == .cjk && current == .latin && (cjkRunFollowsLatin || loneLead)) || halfwidthGlue
        let touchesCJK = current == .cjk || previousScript == .cjk
        quarterBits += touchesCJK && !wedged ? cjkSwitchBits : scriptMixBits
        if current == .cjk { cjkRunFollowsLatin = previousScript == .latin }
        if !previousASCII { quarterBits += language.cost(previous, 0) }
        if !ascii { quarterBits += language.cost(0, symbol) }
        continue
      }
      quarterBits += language.cost(previous, symbol)
    }
    if !previousASCII && previous != 0 { quarterBits += language.cost(previous, 0) }
    let bonus = wordLength > 0 && !wordUnlisted ? language.wordBonus(wordKey == 0 ? 1 : wordKey) : 0
    if wordLegacy { lexicon += bonus }
    if !wordHasLegacy {
      asciiEvidence += min(otherWordEvidence(pendingASCII, innerCapital: innerCapital), -Int32(wordLegacy ? 0 : bonus))
    }
    if wordLength == 1 && wordIsOneLegacyLetter { quarterBits += oneLetterWordBits }
    return (Double(quarterBits) + Double(asciiEvidence) - Double(lexicon)) / 4
  }

  /// The cost of a non-ASCII character beyond its pair cost; sets its symbol and case.
  @inline(__always)
  static func extraCost(_ s: UInt32, _ symbol: inout UInt32, _ upper: inout Bool, previous: UInt32, previousUpper: Bool)
    -> UInt32
  {
    switch s {
    case 0x80...0x9F, 0xE000...0xF8FF:
      symbol = 0
      return controlBits
    case 0xFF61...0xFF9F:
      symbol = halfwidthKatakana[Int(s - 0xFF61)]
      return halfwidthRunBits
    case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
      symbol = 0
      return fullwidthLetterBits
    case 0x3000...0x3004, 0x3008...0x303F, 0xFF01...0xFF5E:
      symbol = 0
      return fullwidthBits
    default:
      break
    }
    guard let scalar = Unicode.Scalar(s) else {
      symbol = 0
      return controlBits
    }
    switch ScalarTraits(scalar).category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      let lower = CharsetModel.lowercase(s)
      // A word of a cased alphabet starts with a capital or a small letter (`capitalBits` either way); one of
      // a caseless script (Hebrew, Arabic, Thai) has no such choice to pay for.
      guard lower != s else { return previous == 0 && scalar.properties.isLowercase ? lowercaseStartBits : 0 }
      symbol = lower
      upper = true
      if previous == 0 { return capitalBits }
      return previousUpper ? capsRunBits : caseBreakBits
    default:
      symbol = 0
      return symbolBits
    }
  }

  /// The full-width katakana `k` with the half-width sound `mark` after it (ﾃﾞ is デ, ﾊﾟ is パ), or
  /// `k` when the mark does not apply (Unicode's compatibility compositions).
  @inline(__always)
  static func voiced(_ k: UInt32, mark: UInt32) -> UInt32 {
    switch (k, mark) {
    case (0x30A6, 0xFF9E): return 0x30F4  // ウ ヴ
    case (0x30AB...0x30C2, 0xFF9E) where k % 2 == 1: return k + 1  // カ-チ
    case (0x30C4...0x30C8, 0xFF9E) where k % 2 == 0: return k + 1  // ツ テ ト
    case (0x30CF...0x30DD, 0xFF9E) where (k - 0x30CF) % 3 == 0: return k + 1  // ハ-ホ
    case (0x30CF...0x30DD, 0xFF9F) where (k - 0x30CF) % 3 == 0: return k + 2
    default: return k
    }
  }

  /// Whether `s` is half-width katakana or its punctuation and sound marks (U+FF61-U+FF9F).
  @inline(__always)
  static func isHalfwidth(_ s: UInt32) -> Bool { s >= 0xFF61 && s <= 0xFF9F }

  static func isASCIILetter(_ s: UInt32) -> Bool {
    (s >= 0x41 && s <= 0x5A) || (s >= 0x61 && s <= 0x7A)
  }

  /// U+FF61-U+FF9F (half-width katakana and punctuation) as their full-width forms (Unicode
  /// compatibility decompositions).
  static let halfwidthKatakana: [UInt32] = [
    0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7,
    0x30C3,
    0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9,
    0x30BB,
    0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5,
    0x30D8,
    0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED,
    0x30EF,
    0x30F3, 0x3099, 0x309A,
  ]
}
