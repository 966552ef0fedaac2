import CCharsetModel

/// The plausibility model of the charset detector: for each language, what its text costs in bits.
///
/// Learnt from real words of each language (see `Scripts/extract-language-data.py` for the sources
/// and `Scripts/generate-charset-model.py` for the estimates): a character bigram model with
/// Witten-Bell interpolation over lower-cased characters, the word boundary (space, digits,
/// punctuation, start and end) being a symbol of its own; in the CJK languages an unseen pair
/// backs off through the script classes of its characters (kana, Han, Hangul, boundary). Outside CJK
/// the counts mix a dictionary (each word once) with running text (each word as often as it is
/// written: `Scripts/extract-text-counts.py`), and each language lists its frequent words with the
/// bits a reading saves for holding one (`wordBonus`). The generator writes the model as one byte
/// blob in a C module of its own (`Sources/CCharsetModel`, so the core compiles none of it): a
/// directory, small fixed tables and, per language, perfect-hash tables of its characters, pairs and
/// words (`Table`). The blob is read in place: loading the model reads the directory and checks every
/// extent once; scoring a character is at most three table reads and never allocates.
struct CharsetModel: Sendable {
  /// The generated blob (`ccharsetmodel_bytes`), laid out as the comment above `LAYOUT_VERSION` in
  /// Scripts/generate-charset-model.py describes; every integer little-endian.
  enum Blob {
    static let layoutVersion: UInt32 = 1
    /// The fixed sections: header (4 x u32), ASCII reference (26 x 26 u8), lower-case map
    /// (`lowercaseLimit` x u16), then the single-byte tables.
    static let referenceOffset = 16
    static let lowercaseOffset = referenceOffset + 26 * 26
    static let lowercaseLimit: UInt32 = 0x590
    static let singleByteOffset = lowercaseOffset + 2 * Int(lowercaseLimit)
    static let nameSize = 16
    static let singleByteSize = nameSize + 2 * 128
    static let codeSize = 8
    static let classShifts = 25
    static let tableSize = 20
    static let languageSize = codeSize + 4 + 28 + 3 * tableSize

    @inline(__always)
    static var start: UnsafePointer<UInt8> { ccharsetmodel_start() }

    @inline(__always)
    static var count: Int { ccharsetmodel_length }

    /// The `T` at `offset`, which must lie inside the blob (checked: for reading the directory).
    static func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
      precondition(offset >= 0 && offset <= count - MemoryLayout<T>.size, "charset model: offset outside the blob")
      return UnsafeRawPointer(start + offset).loadUnaligned(as: T.self).littleEndian
    }

    /// The NUL-padded ASCII text of `size` bytes at `offset`.
    static func text(at offset: Int, size: Int) -> String {
      precondition(offset >= 0 && offset <= count - size, "charset model: text outside the blob")
      let bytes = UnsafeBufferPointer(start: start + offset, count: size)
      return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// One perfect-hash table of the blob (`hash_table` in the generator: hash and displace, the
  /// displacement re-hashing as in CHD): a key's bucket gives a displacement, and the key's record, if
  /// the table has the key, is in the slot that the key's hash and that displacement give; a key that
  /// is absent finds another key there (or the empty key 0). A record is the key (u32) then the value.
  struct Table<Value: FixedWidthInteger & UnsignedInteger>: @unchecked Sendable {
    // @unchecked: the two pointers point into `ccharsetmodel_bytes`, constant data of the process
    // that nothing writes or frees.
    private let records: UnsafePointer<UInt8>
    private let displacements: UnsafePointer<UInt8>
    private let slots: UInt64
    private let buckets: UInt64
    private let seed: UInt32

    private static var recordSize: Int { 4 + MemoryLayout<Value>.size }

    /// The table described at `offset` of the directory: slots, buckets, seed, records offset,
    /// displacements offset (u32 each). Checks that its records and displacements lie inside the blob;
    /// a bucket and a slot are `h * count >> 32` for a 32-bit `h`, so always below their counts.
    init(at offset: Int) {
      let slots = Int(Blob.read(UInt32.self, at: offset))
      let buckets = Int(Blob.read(UInt32.self, at: offset + 4))
      let recordsOffset = Int(Blob.read(UInt32.self, at: offset + 12))
      let displacementsOffset = Int(Blob.read(UInt32.self, at: offset + 16))
      precondition(slots > 0 && buckets > 0, "charset model: empty table")
      precondition(recordsOffset <= Blob.count - slots * Self.recordSize, "charset model: records outside the blob")
      precondition(displacementsOffset <= Blob.count - 2 * buckets, "charset model: buckets outside the blob")
      self.slots = UInt64(slots)
      self.buckets = UInt64(buckets)
      seed = Blob.read(UInt32.self, at: offset + 8)
      records = Blob.start + recordsOffset
      displacements = Blob.start + displacementsOffset
    }

    /// MurmurHash3's 32-bit finalizer (`fmix32` in the generator), a bijection.
    @inline(__always)
    private static func mix(_ key: UInt32) -> UInt32 {
      var h = key
      h ^= h &>> 16
      h &*= 0x85EB_CA6B
      h ^= h &>> 13
      h &*= 0xC2B2_AE35
      return h ^ (h &>> 16)
    }

    /// The value of `key`, if the table has it.
    @inline(__always)
    func value(_ key: UInt32) -> Value? {
      let h = Self.mix(key) ^ seed
      let bucket = Int(truncatingIfNeeded: (UInt64(h) &* buckets) &>> 32)
      assert(bucket < Int(buckets))
      let d = UnsafeRawPointer(displacements + 2 &* bucket).loadUnaligned(as: UInt16.self).littleEndian
      let slot = Int(truncatingIfNeeded: (UInt64((h ^ UInt32(d)) &* 0x9E37_79B1) &* slots) &>> 32)
      assert(slot < Int(slots))
      let record = UnsafeRawPointer(records + slot &* Self.recordSize)
      guard record.loadUnaligned(as: UInt32.self).littleEndian == key else { return nil }
      return record.loadUnaligned(fromByteOffset: 4, as: Value.self).littleEndian
    }

    /// Every key of the table with its value, in slot order (for the tests: `value` must find each).
    var entries: [(key: UInt32, value: Value)] {
      (0..<Int(slots)).compactMap { slot in
        let record = UnsafeRawPointer(records + slot * Self.recordSize)
        let key = record.loadUnaligned(as: UInt32.self).littleEndian
        return key == 0 ? nil : (key, record.loadUnaligned(fromByteOffset: 4, as: Value.self).littleEndian)
      }
    }
  }

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
    /// Characters: key `symbolKey(c)`, value unigram << 8 | backoff (quarter bits).
    let symbols: Table<UInt16>
    /// Character pairs: key `a << 16 | b`, value the pair's cost (quarter bits).
    let pairs: Table<UInt8>
    /// The language's frequent words: key `wordKey` of the word's lower-cased characters, value the
    /// bits (quarter) its reading saves (`word_bonuses` in the generator).
    let words: Table<UInt16>

    /// Symbol keys are tagged with 0xFFFF in the high half (U+FFFF is a noncharacter, never a
    /// pair's first element); pair keys are `a << 16 | b`.
    private static func symbolKey(_ c: UInt32) -> UInt32 { 0xFFFF_0000 | c }

    /// Signed quarter bits added to an unlisted pair by the script classes of its characters
    /// (`scriptClass(a) * 5 + scriptClass(b)`), a class-based backoff; empty outside CJK.
    private let classShift: [Int8]

    /// The language of the directory entry at `offset` (see `Blob`).
    init(at offset: Int) {
      code = Blob.text(at: offset, size: Blob.codeSize)
      oov = UInt16(Blob.read(UInt8.self, at: offset + Blob.codeSize))
      let shifts = Int(Blob.read(UInt8.self, at: offset + Blob.codeSize + 1))
      precondition(shifts == 0 || shifts == Blob.classShifts, "charset model: class shifts")
      classShift = (0..<shifts).map { Blob.read(Int8.self, at: offset + Blob.codeSize + 4 + $0) }
      let tables = offset + Blob.codeSize + 4 + 28
      symbols = Table(at: tables)
      pairs = Table(at: tables + Blob.tableSize)
      words = Table(at: tables + 2 * Blob.tableSize)
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

    /// Quarter bits a reading saves for holding the word with `key` (`CharsetModel.wordKey` of its
    /// lower-cased characters), a frequent word of the language; 0 for any other word.
    func wordBonus(_ key: UInt32) -> UInt32 { words.value(key).map { UInt32($0) } ?? 0 }

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
      if a <= 0xFFFF, b <= 0xFFFF, let p = pairs.value(a << 16 | b) { return UInt32(p) }
      let backoff = symbols.value(Self.symbolKey(a)).map { UInt32($0 & 0xFF) } ?? 8
      let unigram = symbols.value(Self.symbolKey(b)).map { UInt32($0 >> 8) } ?? UInt32(oov)
      guard !classShift.isEmpty else { return backoff + unigram }
      let total = Int(backoff + unigram) + Int(classShift[Self.scriptClass(a) * 5 + Self.scriptClass(b)])
      return UInt32(max(0, total))
    }

    /// Whether the language's text has `c` at all.
    func knows(_ c: UInt32) -> Bool { symbols.value(Self.symbolKey(c)) != nil }
  }

  let languages: [Language]
  /// Single-byte charsets by WHATWG name: code points of bytes 0x80-0xFF (0: undefined).
  let singleByte: [String: [UInt16]]

  /// The model, its directory read from the blob on first use.
  static let shared = CharsetModel()

  private init() {
    precondition(Blob.read(UInt32.self, at: 0) == Blob.layoutVersion, "charset model: layout version")
    let languageCount = Int(Blob.read(UInt32.self, at: 4))
    let singleByteCount = Int(Blob.read(UInt32.self, at: 8))
    var tables: [String: [UInt16]] = [:]
    for i in 0..<singleByteCount {
      let offset = Blob.singleByteOffset + i * Blob.singleByteSize
      tables[Blob.text(at: offset, size: Blob.nameSize)] = (0..<128).map {
        Blob.read(UInt16.self, at: offset + Blob.nameSize + 2 * $0)
      }
    }
    singleByte = tables
    let directory = Blob.singleByteOffset + singleByteCount * Blob.singleByteSize
    languages = (0..<languageCount).map { Language(at: directory + $0 * Blob.languageSize) }
  }

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
    let index = Int(a &- 0x61) * 26 + Int(b &- 0x61)
    precondition(index >= 0 && index < 26 * 26, "not a pair of lower-case ASCII letters")
    return UInt32(Blob.start[Blob.referenceOffset + index])
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
    guard c < Blob.lowercaseLimit else { return c }  // the tables' cased letters are all below Hebrew
    let lower = UnsafeRawPointer(Blob.start + Blob.lowercaseOffset + 2 * Int(c)).loadUnaligned(as: UInt16.self)
    return lower == 0 ? c : UInt32(lower.littleEndian)
  }
}
