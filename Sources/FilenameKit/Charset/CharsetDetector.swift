/// One reading of bytes in a legacy charset, with how plausible it is.
public struct CharsetGuess: Sendable, Hashable {
  /// The charset that decoded the bytes.
  public let charset: Charset
  /// The bytes decoded (strictly) with `charset`.
  public let text: String
  /// How sure the detector is, 0-100 (100: valid UTF-8).
  public let confidence: Int

  /// Creates a guess.
  public init(charset: Charset, text: String, confidence: Int) {
    self.charset = charset
    self.text = text
    self.confidence = confidence
  }
}

/// Guesses the charset of a short byte string such as a file name.
///
/// ICU's detector (`ucsdet`) is built for documents and names the right charset for very few
/// short names. This one is a plausibility model for names: the bytes are decoded strictly with
/// every candidate (`Charset.detectionCandidates`), each reading gets a cost in bits from
/// character-frequency classes (generated from Unihan, see `CharsetDetector+Tables.swift`) and
/// script consistency (Hangul for Korean, kana with kanji for Japanese, common hanzi for Chinese,
/// letters of one case pattern for single-byte charsets), and the costs turn into confidences.
///
/// Valid UTF-8 always wins with confidence 100: the detector never guesses away from it.
///
/// ```swift
/// CharsetDetector.detect([0xBB, 0xE1, 0xD2, 0xE9, 0xBC, 0xCD, 0xD2, 0xAA])?.text  // "会议纪要"
/// ```
public enum CharsetDetector {
  /// The language model a reading is scored with.
  enum Model: Sendable, Hashable {
    case simplifiedChinese, traditionalChinese, japanese, korean
    /// A single-byte charset whose letters are in `native` (nil: Latin).
    case singleByte(native: Script?)
  }

  /// The scripts the scorer tells apart.
  enum Script: Sendable, Hashable {
    case han, hiragana, katakana, halfwidthKatakana, hangul, hangulJamo, bopomofo, cjkPunctuation
    case latin, greek, cyrillic, hebrew, arabic, combining, symbol, privateUse, control, other
  }

  /// A charset the detector tries, with its model, its prior cost and the languages it serves.
  struct Candidate: Sendable {
    let charset: Charset
    let model: Model
    /// Extra cost in bits for a charset that is rarer in the wild.
    let prior: Double
    /// Language subtags (lowercase) for which this charset is the hinted one.
    let languages: [String]
  }

  /// The candidates in tie-break order.
  static let candidates: [Candidate] = {
    func c(_ label: String, _ model: Model, _ prior: Double, _ languages: [String]) -> Candidate? {
      Charset(label: label).map { Candidate(charset: $0, model: model, prior: prior, languages: languages) }
    }
    let list: [Candidate?] = [
      c("gbk", .simplifiedChinese, 0, ["zh", "zh-cn", "zh-sg", "zh-hans"]),
      c("shift_jis", .japanese, 0.5, ["ja"]),
      c("euc-kr", .korean, 0.5, ["ko"]),
      c("big5", .traditionalChinese, 0.5, ["zh-tw", "zh-hk", "zh-mo", "zh-hant"]),
      c("euc-jp", .japanese, 1.5, ["ja"]),
      c("windows-1252", .singleByte(native: nil), 0, ["en", "fr", "de", "es", "it", "pt", "nl", "da", "sv", "no", "nb", "nn", "fi", "is", "ca"]),
      c("windows-1251", .singleByte(native: .cyrillic), 0.5, ["ru", "uk", "bg", "be", "sr", "mk"]),
      c("windows-1250", .singleByte(native: nil), 1, ["pl", "cs", "sk", "hu", "hr", "sl", "ro", "bs"]),
      c("windows-1253", .singleByte(native: .greek), 1.5, ["el"]),
      c("windows-1254", .singleByte(native: nil), 1.5, ["tr", "az"]),
      c("windows-1255", .singleByte(native: .hebrew), 1.5, ["he", "iw", "yi"]),
      c("windows-1256", .singleByte(native: .arabic), 1.5, ["ar", "fa", "ur"]),
      c("windows-1257", .singleByte(native: nil), 2, ["lt", "lv", "et"]),
      c("windows-1258", .singleByte(native: nil), 2, ["vi"]),
    ]
    return list.compactMap { $0 }
  }()

  /// The cost of the null hypothesis (the bytes are no text in any candidate), per byte.
  /// A reading must be cheaper than this to be believed.
  static let nullBitsPerByte: Double = 8

  /// Bits subtracted from readings in a charset the caller's language hints at: a hint beats a guess.
  static let hintBonus: Double = 64

  /// Inputs longer than this (bytes) are not names: the model does not score them.
  public static let maxNameLength = 1024

  /// Every strict reading of `bytes`, most plausible first, with confidences.
  ///
  /// Valid UTF-8 (including pure ASCII) yields just UTF-8 at confidence 100. `language` is a
  /// BCP 47 tag (`zh-TW`, `ja`, `ko`, `ru`); readings in the charsets it implies rank first.
  /// Other input longer than `maxNameLength` yields no guesses.
  public static func guesses(for bytes: some Collection<UInt8>, language: String? = nil) -> [CharsetGuess] {
    let array = Array(bytes)
    if let s = UTF8Validation.string(array) {
      return [CharsetGuess(charset: .utf8, text: s, confidence: 100)]
    }
    guard array.count <= maxNameLength else { return [] }
    let hint = language.map(normalizedLanguage)
    var scored: [(charset: Charset, text: String, cost: Double)] = []
    for candidate in candidates {
      guard let text = candidate.charset.decode(array) else { continue }
      let cost = self.cost(of: text, model: candidate.model).bits
      var total = cost + candidate.prior
      if let hint, matches(hint, candidate.languages) { total -= hintBonus }
      scored.append((charset(for: candidate, bytes: array), text, total))
    }
    guard let bestReading = scored.min(by: { $0.cost < $1.cost }) else { return [] }
    let best = bestReading.cost
    // Posterior over the readings and a null hypothesis (random bytes, `nullBitsPerByte` for each
    // byte the best reading spends on non-ASCII characters, ASCII trail bytes of Big5 and
    // Shift_JIS included), from their costs in bits. Charsets that read the bytes as the same text
    // (windows-1250 and windows-1252 for "Résumé") are one reading: the cheapest reports it.
    var asciiCharacters = 0
    for s in bestReading.text.unicodeScalars where s.value < 0x80 { asciiCharacters += 1 }
    let nullCost = nullBitsPerByte * Double(max(0, array.count - asciiCharacters))
    let reference = min(best, nullCost)
    var sum = pow2(reference - nullCost)
    for s in scored { sum += pow2(reference - s.cost) }
    let order = scored.indices.sorted { scored[$0].cost != scored[$1].cost ? scored[$0].cost < scored[$1].cost : $0 < $1 }
    var result: [CharsetGuess] = []
    var seen: Set<String> = []
    for i in order where !seen.contains(scored[i].text) {
      seen.insert(scored[i].text)
      var posterior = 0.0
      for s in scored where s.text == scored[i].text { posterior += pow2(reference - s.cost) / sum }
      let confidence = Int(posterior * 99 + 0.5)
      result.append(CharsetGuess(charset: scored[i].charset, text: scored[i].text, confidence: max(0, min(99, confidence))))
    }
    return result
  }

  /// The best guess at or above `threshold`, or nil. Valid UTF-8 always returns UTF-8 at 100.
  ///
  /// When no reading of the model reaches `threshold`, ICU's document detector (`ucsdet`) is the
  /// last resort: its best match among the candidates that decodes strictly, at or above
  /// `threshold` (it rarely is, for names; it helps with longer text).
  public static func detect(_ bytes: some Collection<UInt8>, language: String? = nil, threshold: Int = 50) -> CharsetGuess? {
    let array = Array(bytes)
    if let best = guesses(for: array, language: language).first, best.confidence >= threshold { return best }
    let matches = array.withUnsafeBufferPointer { TextServices.detectCharsets($0) }
    for m in matches where m.confidence >= threshold {
      guard let charset = Charset(label: m.icuName),
            candidates.contains(where: { $0.charset == charset }),
            let text = charset.decode(array) else { continue }
      return CharsetGuess(charset: charset, text: text, confidence: min(m.confidence, 99))
    }
    return nil
  }

  /// The charset to report: `gb18030` rather than `GBK` when four-byte GB18030 sequences occur.
  static func charset(for candidate: Candidate, bytes: [UInt8]) -> Charset {
    guard candidate.model == .simplifiedChinese else { return candidate.charset }
    var i = 0
    while i + 1 < bytes.count {
      if bytes[i] >= 0x81, bytes[i] != 0xFF {
        if bytes[i + 1] >= 0x30, bytes[i + 1] <= 0x39 { return Charset(label: "gb18030") ?? candidate.charset }
        i += 2
      } else {
        i += 1
      }
    }
    return candidate.charset
  }

  /// Lowercased language tag with `_` as `-`.
  static func normalizedLanguage(_ tag: String) -> String {
    var s = ""
    for b in tag.utf8 { s.unicodeScalars.append(Unicode.Scalar(b == 0x5F ? 0x2D : ASCII.lowercase(b))) }
    return s
  }

  /// Whether `tag` (normalized) selects one of `languages`: the longest listed prefix decides, so
  /// `zh-TW` picks Big5 over the `zh` of GBK.
  static func matches(_ tag: String, _ languages: [String]) -> Bool {
    guard let mine = longestMatch(tag, languages) else { return false }
    for other in candidates {
      if let theirs = longestMatch(tag, other.languages), theirs.count > mine.count { return false }
    }
    return true
  }

  private static func longestMatch(_ tag: String, _ languages: [String]) -> String? {
    var best: String? = nil
    for l in languages where tag == l || tag.hasPrefix(l + "-") {
      if l.count > (best?.count ?? -1) { best = l }
    }
    return best
  }

  /// 2^x for x <= 0, without Foundation.
  static func pow2(_ x: Double) -> Double {
    if x < -60 { return 0 }
    var r = 1.0
    var e = x
    while e <= -1 { r *= 0.5; e += 1 }
    // 2^e for e in (-1, 0]: a short series is exact enough for a confidence.
    let t = e * 0.6931471805599453
    return r * (1 + t + t * t / 2 + t * t * t / 6 + t * t * t * t / 24)
  }
}

extension Charset {
  /// The charsets `CharsetDetector` tries, in its tie-break order: GBK (decoded as GB18030),
  /// Shift_JIS, EUC-KR, Big5, EUC-JP and windows-1250 to windows-1258. UTF-8 is always tried first.
  public static var detectionCandidates: [Charset] {
    [.utf8] + CharsetDetector.candidates.map(\.charset)
  }
}
