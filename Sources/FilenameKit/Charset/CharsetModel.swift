/// The plausibility model of the charset detector: for each language, what its text costs in bits.
///
/// Learnt from real words of each language (see `Scripts/extract-language-data.py` for the sources
/// and `Scripts/generate-charset-model.py` for the estimates): a character bigram model with
/// Witten-Bell interpolation over lower-cased characters, the word boundary (space, digits,
/// punctuation, start and end) being a symbol of its own; in the CJK languages an unseen pair
/// backs off through the script classes of its characters (kana, Han, Hangul, boundary). Outside CJK
/// the counts mix a dictionary (each word once) with running text (each word as often as it is
/// written: `Scripts/extract-text-counts.py`), and each language lists its frequent words with the
/// bits a reading saves for holding one (`wordBonus`). The generated tables
/// (`CharsetModel+Tables.swift`) are open-addressing hash tables laid out by the generator in string
/// literals and read in place: loading the model parses nothing, and scoring a character is two
/// probes and never allocates.
struct CharsetModel: Sendable {
  /// One language's tables.
  struct Language: Sendable {
    /// BCP 47 language code (`zh-hans`, `ru`, …).
    let code: String
    /// Quarter bits of a character the language never showed.
    let oov: UInt16
    /// Which of kana, Hangul and Han the language's text holds (`Script.cjkKana` … bits): a
    /// character of a CJK script the language never writes costs more than an unseen character of
    /// a script it does write.
    private(set) var cjkScripts: UInt8 = 0
    /// Whether the language is written in the Latin alphabet (its model knows ASCII letters).
    private(set) var writesLatin = false
    /// The hash table as the generator laid it out: `slots` records of 9 base-64 digits (key 6, value 3),
    /// `recordsPerLine` to a line (see `hash_table` in Scripts/generate-charset-model.py).
    private let table: StaticString
    private let slots: Int
    /// The language's frequent words, laid out as `table`: key `wordKey` of the word's lower-cased
    /// characters, value the bits (quarter) its reading saves (`word_bonuses` in the generator).
    private let words: StaticString
    private let wordSlots: Int

    /// Symbol keys are tagged with 0xFFFF in the high half (U+FFFF is a noncharacter, never a
    /// pair's first element); pair keys are `a << 16 | b`.
    private static func symbolKey(_ c: UInt32) -> UInt32 { 0xFFFF_0000 | c }

    /// Signed quarter bits added to an unlisted pair by the script classes of its characters
    /// (`scriptClass(a) * 5 + scriptClass(b)`), a class-based backoff; empty outside CJK.
    private let classShift: [Int8]

    init(
      code: String, oov: UInt8, classShift: [Int8], slots: Int, table: StaticString, wordSlots: Int, words: StaticString
    ) {
      self.code = code
      self.oov = UInt16(oov)
      self.classShift = classShift
      self.slots = slots
      self.table = table
      self.wordSlots = wordSlots
      self.words = words
      writesLatin = knows(0x61) && knows(0x65)  // a e
      if knows(0x3042) || knows(0x30A2) { cjkScripts |= Self.kana }  // あ ア
      if knows(0xAC00) || knows(0xD55C) { cjkScripts |= Self.hangul }  // 가 한
      if knows(0x4E00) || knows(0x4EBA) { cjkScripts |= Self.han }  // 一 人
      // Korean is written with Hanja too (KS X 1001 encodes 4,888 of them for Korean text, and names
      // lead with them: `新`, `第`, `(株)`): a Hanja character is a rare character of a Korean reading,
      // not a script the language never writes, though a word list of Hangul words shows none.
      if cjkScripts & Self.hangul != 0 { cjkScripts |= Self.han }
    }

    static let kana: UInt8 = 1
    static let hangul: UInt8 = 2
    static let han: UInt8 = 4

    /// The CJK script bit of `c` (0 for any other character).
    @inline(__always)
    static func cjkScript(_ c: UInt32) -> UInt8 {
      switch c {
      case 0x3041...0x30FA: return kana
      case 0x1100...0x11FF, 0x3131...0x318E, 0xAC00...0xD7A3: return hangul
      case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return han
      default: return 0
      }
    }

    static let recordsPerLine = 13
    static let recordLength = 9

    /// `key` as its record spells it: 6 base-64 digits (digit d is the byte 0x3F + d), most
    /// significant first, packed in memory order into the low 48 bits (as an unaligned load reads them).
    @inline(__always)
    private static func spelled(_ key: UInt32) -> UInt64 {
      var v: UInt64 = 0
      var shift: UInt32 = 30
      for i in 0..<6 {
        v |= UInt64((key &>> shift) & 63 &+ 0x3F) &<< UInt64(8 * i)
        shift &-= 6
      }
      return v
    }

    /// The record key spelt at `p`: its first 8 bytes (key and two value digits) loaded at once, the
    /// value digits masked off.
    @inline(__always)
    private static func spelledKey(at p: UnsafePointer<UInt8>) -> UInt64 {
      UnsafeRawPointer(p).loadUnaligned(as: UInt64.self).littleEndian & 0xFFFF_FFFF_FFFF
    }

    /// The value (3 base-64 digits) of the record at `p`.
    @inline(__always)
    private static func value(at p: UnsafePointer<UInt8>) -> UInt16 {
      UInt16(truncatingIfNeeded: UInt32(p[6] &- 0x3F) &<< 12 | UInt32(p[7] &- 0x3F) &<< 6 | UInt32(p[8] &- 0x3F))
    }

    /// The empty record's key, "??????".
    private static let emptyKey: UInt64 = 0x3F3F_3F3F_3F3F

    /// The first byte of record `slot` of `table` (each line of records ends in a newline).
    @inline(__always)
    private static func record(_ slot: Int, in table: StaticString) -> UnsafePointer<UInt8> {
      let line = slot / Self.recordsPerLine
      let lineLength = Self.recordsPerLine * Self.recordLength + 1
      return table.utf8Start + line * lineLength + (slot - line * Self.recordsPerLine) * Self.recordLength
    }

    private static func lookup(_ key: UInt32, in table: StaticString, slots: Int) -> UInt16? {
      var i = Int((UInt64(key &* 0x9E37_79B1) &* UInt64(slots)) >> 32)
      let wanted = Self.spelled(key)
      while true {
        let r = record(i, in: table)
        let k = Self.spelledKey(at: r)
        if k == wanted { return Self.value(at: r) }
        if k == Self.emptyKey { return nil }
        i = i + 1 == slots ? 0 : i + 1
      }
    }

    private func lookup(_ key: UInt32) -> UInt16? { Self.lookup(key, in: table, slots: slots) }

    /// Quarter bits a reading saves for holding the word with `key` (`CharsetModel.wordKey` of its
    /// lower-cased characters), a frequent word of the language; 0 for any other word.
    func wordBonus(_ key: UInt32) -> UInt32 { Self.lookup(key, in: words, slots: wordSlots).map { UInt32($0) } ?? 0 }

    /// The script class of `c` for the class-based backoff: 0 word boundary, 1 kana, 2 Han,
    /// 3 Hangul, 4 anything else (as `script_class` in Scripts/generate-charset-model.py).
    @inline(__always)
    static func scriptClass(_ c: UInt32) -> Int {
      if c == 0 { return 0 }
      if c == 0x30FC { return 1 }
      switch cjkScript(c) {
      case kana: return 1
      case han: return 2
      case hangul: return 3
      default: return 4
      }
    }

    /// Quarter bits of `b` following `a` (0 = word boundary), backing off to `b` alone, shifted by
    /// how often `b`'s script class follows `a`'s.
    func cost(_ a: UInt32, _ b: UInt32) -> UInt32 {
      if a <= 0xFFFF, b <= 0xFFFF, let p = lookup(a << 16 | b) { return UInt32(p) }
      let backoff = lookup(Self.symbolKey(a)).map { UInt32($0 & 0xFF) } ?? 8
      let unigram = lookup(Self.symbolKey(b)).map { UInt32($0 >> 8) } ?? UInt32(oov)
      guard !classShift.isEmpty else { return backoff + unigram }
      let total = Int(backoff + unigram) + Int(classShift[Self.scriptClass(a) * 5 + Self.scriptClass(b)])
      return UInt32(max(0, total))
    }

    /// Whether the language's text has `c` at all.
    func knows(_ c: UInt32) -> Bool { lookup(Self.symbolKey(c)) != nil }
  }

  let languages: [Language]
  /// Single-byte charsets by WHATWG name: code points of bytes 0x80-0xFF (0: undefined).
  let singleByte: [String: [UInt16]]

  /// The model, parsed from the generated tables on first use.
  static let shared = CharsetModel(
    languages: languageTables.map {
      Language(
        code: $0.code, oov: $0.oov, classShift: $0.classShift, slots: $0.slots, table: $0.table,
        wordSlots: $0.wordSlots, words: $0.words)
    },
    singleByte: Dictionary(uniqueKeysWithValues: singleByteTables.map { ($0.name, $0.high) }))

  /// The key of a word in the languages' word tables: FNV-1a (32 bits) over its characters' code
  /// points, folded in one at a time from `wordKeyStart` (`word_key` in the generator); never 0.
  static let wordKeyStart: UInt32 = 0x811C_9DC5

  @inline(__always)
  static func wordKey(_ h: UInt32, _ c: UInt32) -> UInt32 { (h ^ c) &* 0x0100_0193 }

  /// The language with `code`, if the model has it.
  func language(_ code: String) -> Language? { languages.first { $0.code == code } }

  /// Quarter bits of lower-case ASCII letter `b` after `a` in some Latin-script word (the mean over
  /// every Latin-script language): the reference a language's own cost of the pair is weighed against.
  @inline(__always)
  static func asciiReference(_ a: UInt32, _ b: UInt32) -> UInt32 {
    UInt32(asciiReferencePairs[Int(a &- 0x61) * 26 + Int(b &- 0x61)])
  }

  /// Quarter bits of a word starting with lower-case ASCII letter `b` in some Latin-script word, as
  /// `asciiReference` weighs a pair (the mean probability over the Latin-script languages).
  @inline(__always)
  static func asciiStartReference(_ b: UInt32) -> UInt32 { boundaryReference.start[Int(b &- 0x61)] }

  /// Quarter bits of a word ending after lower-case ASCII letter `a`, as `asciiStartReference`.
  @inline(__always)
  static func asciiEndReference(_ a: UInt32) -> UInt32 { boundaryReference.end[Int(a &- 0x61)] }

  /// The word-boundary pairs of `asciiReference`, worked out from the languages' tables once.
  static let boundaryReference: (start: [UInt32], end: [UInt32]) = {
    let latin = shared.languages.filter(\.writesLatin)
    func reference(_ pair: (UInt32) -> (UInt32, UInt32)) -> [UInt32] {
      (UInt32(0x61)...0x7A).map { c in
        var total = 0.0
        for l in latin {
          let (a, b) = pair(c)
          total += CharsetDetector.pow2(-Double(l.cost(a, b)) / 4)
        }
        let mean = total / Double(max(1, latin.count))
        return UInt32((CharsetDetector.log2(1 / mean) * 4).rounded())
      }
    }
    return (reference { (0, $0) }, reference { ($0, 0) })
  }()

  /// The lower-case form of a letter of the single-byte charsets (Latin, Greek, Cyrillic), or `c`.
  static func lowercase(_ c: UInt32) -> UInt32 {
    if c < 0x80 { return c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
    guard c < 0x590 else { return c }  // the tables' cased letters are all below Hebrew
    var lo = 0
    var hi = lowercasePairs.count
    let v = UInt16(c)
    while lo < hi {
      let mid = (lo + hi) / 2
      if lowercasePairs[mid].0 < v { lo = mid + 1 } else { hi = mid }
    }
    return lo < lowercasePairs.count && lowercasePairs[lo].0 == v ? UInt32(lowercasePairs[lo].1) : c
  }
}
