/// One reading of bytes in a legacy charset, with how plausible it is.
public struct CharsetGuess: Sendable, Hashable {
  /// The charset that decoded the bytes.
  public let charset: Charset
  /// The bytes decoded (strictly) with `charset`.
  public let text: String
  /// How sure the detector is, 0-100 (100: valid UTF-8): the posterior probability of this reading
  /// among every reading and the hypothesis that the bytes are no text, in percent.
  public let confidence: Int
  /// The language whose model found the reading most plausible (`ru`, `zh-hant`, …; nil for UTF-8).
  public let language: String?

  /// Creates a guess.
  public init(charset: Charset, text: String, confidence: Int, language: String? = nil) {
    self.charset = charset
    self.text = text
    self.confidence = confidence
    self.language = language
  }
}

/// Guesses the charset of a short byte string such as a file name.
///
/// ICU's detector (`ucsdet`) is built for documents and names the right charset for very few
/// short names. This one is a plausibility model for names (`CharsetModel`): the bytes are
/// decoded strictly with every candidate (`Charset.detectionCandidates`), each reading costs
/// -log2 of its probability under the character-pair model of each language the charset serves
/// (learnt from real words, not hand-tuned), the ASCII around the legacy bytes included, and the
/// costs turn into posterior probabilities against every other reading and against the
/// hypothesis that the bytes are no text at all (8 bits a byte). Only the first `maxNameLength`
/// bytes are scored, so detection is bounded; the chosen charset then decodes the whole input.
///
/// Valid UTF-8 always wins with confidence 100: the detector never guesses away from it.
///
/// ```swift
/// CharsetDetector.detect([0xBB, 0xE1, 0xD2, 0xE9, 0xBC, 0xCD, 0xD2, 0xAA])?.text  // "会议纪要"
/// CharsetDetector.detect(bytes, language: "ru")  // a hint re-weights, it never overrides
/// ```
public enum CharsetDetector {
  /// A charset the detector tries, with the languages its readings are scored in, its prior cost
  /// and the language tags a caller's hint selects it with.
  struct Candidate: Sendable {
    let charset: Charset
    /// Model language codes (`CharsetModel.Language.code`).
    let models: [String]
    /// Extra cost in bits for a charset that is rarer in the wild (half of what it was before the
    /// languages of a charset became a mixture: flatter priors recovered more held-out names).
    /// windows-1257 costs what windows-1250 and windows-1254 do: it is the Windows code page of its
    /// languages as they are of theirs (at 1 bit, short held-out Baltic names 169/180; at 0.5, 172/180).
    let prior: Double
    /// Language subtags (lowercase) for which this charset is the hinted one.
    let languages: [String]
    /// Whether the charset has one byte per character (decoded from `CharsetModel.singleByte`).
    let singleByte: Bool
  }

  /// The candidates in tie-break order.
  static let candidates: [Candidate] = {
    func c(_ label: String, _ models: [String], _ prior: Double, _ languages: [String], single: Bool = true)
      -> Candidate?
    {
      Charset(label: label).map {
        Candidate(charset: $0, models: models, prior: prior, languages: languages, singleByte: single)
      }
    }
    let central = ["pl", "cs", "sk", "hu", "ro", "hr", "sl"]
    let centralTags = central + ["bs", "sr-latn"]
    let list: [Candidate?] = [
      c("gbk", ["zh-hans"], 0, ["zh", "zh-cn", "zh-sg", "zh-hans"], single: false),
      c("shift_jis", ["ja"], 0.25, ["ja"], single: false),
      c("euc-kr", ["ko"], 0.25, ["ko"], single: false),
      c("big5", ["zh-hant"], 0.25, ["zh-tw", "zh-hk", "zh-mo", "zh-hant"], single: false),
      c("euc-jp", ["ja"], 0.75, ["ja"], single: false),
      c(
        "windows-1252", ["fr", "de", "es", "it", "pt", "nl", "da", "sv", "nb", "is", "ca", "fi"], 0,
        ["en", "fr", "de", "es", "it", "pt", "nl", "da", "sv", "no", "nb", "nn", "fi", "is", "ca"]),
      c("windows-1251", ["ru", "uk", "bg", "sr"], 0.25, ["ru", "uk", "bg", "be", "sr", "mk"]),
      c("windows-1250", central, 0.5, centralTags),
      c("windows-1253", ["el"], 0.5, ["el"]),
      c("windows-1254", ["tr"], 0.5, ["tr", "az"]),
      c("windows-1255", ["he"], 0.5, ["he", "iw", "yi"]),
      c("windows-1256", ["ar", "fa"], 0.5, ["ar", "fa", "ur"]),
      c("windows-874", ["th"], 0.5, ["th"]),
      c("windows-1257", ["lt", "lv", "et"], 0.5, ["lt", "lv", "et"]),
      c("windows-1258", ["vi"], 1, ["vi"]),
      c("koi8-r", ["ru"], 1, ["ru"]),
      c("koi8-u", ["uk", "ru"], 1.5, ["uk"]),
      c("iso-8859-2", central, 1.25, centralTags),
      c("iso-8859-5", ["ru", "bg", "sr"], 2, ["ru", "bg", "sr", "mk"]),
      c("iso-8859-7", ["el"], 1, ["el"]),
      c("iso-8859-8", ["he"], 1.25, ["he", "iw"]),
    ]
    return list.compactMap { $0 }
  }()

  /// For each candidate, the indices in `CharsetModel.shared.languages` of its `models` (those the
  /// model has), found once rather than by code on every name.
  static let candidateLanguages: [[Int]] = candidates.map { candidate in
    candidate.models.compactMap { code in CharsetModel.shared.languages.firstIndex { $0.code == code } }
  }

  /// For each candidate, its high-byte table in `CharsetModel.shared.singleByte` when it is a
  /// single-byte charset the model has (looked up once, not by name on every name).
  static let candidateTables: [[UInt16]?] = candidates.map { candidate in
    candidate.singleByte ? CharsetModel.shared.singleByte[candidate.charset.name] : nil
  }

  /// The cost of the null hypothesis (the bytes are no text in any candidate), per byte.
  /// A reading must be cheaper than this to be believed.
  static let nullBitsPerByte: Double = 8
  /// The null hypothesis's cost of the text resuming after a run of high bytes.
  static let nullBitsPerRun: Double = 5
  /// The null hypothesis's prior: a name that is not UTF-8 is far more often text in a legacy
  /// charset than random bytes (on the held-out names, readings under 50% were still right 4 times
  /// in 5). A single high byte only inside a word (`Anyżkowy`: without the prior most such names
  /// were kept as bytes although their reading was right); a lone one (`foo-ä.html`) is as often
  /// a stray Latin-1 byte of a header (RFC 9110 obs-text) as a letter of any single-byte charset.
  static let nullPriorBits: Double = 6

  /// The confidence at or above which `detect` applies a guess: on the held-out names, guesses at
  /// or above it were right at least 97 times in 100.
  public static let defaultThreshold = 55

  /// Confidence calibration: cost differences are scaled by this before they become probabilities
  /// (the model's costs are over-sure; on the held-out names 0.8 brought each confidence band
  /// closer to how often its guesses were right).
  static let temperature: Double = 0.8

  /// Bits subtracted from readings in a charset the caller's language hints at: a hint re-weights
  /// (a factor of 2^10), it does not override a reading that is far more plausible.
  static let hintBonus: Double = 10

  /// Only this many leading bytes are scored (a name is shorter; longer input is not scanned
  /// further, so detection costs the same on 1 KiB and on 1 MiB).
  public static let maxNameLength = 1024

  /// Every strict reading of `bytes`, most plausible first, with calibrated confidences.
  ///
  /// Valid UTF-8 (including pure ASCII) yields just UTF-8 at confidence 100. `language` is a
  /// BCP 47 tag (`zh-TW`, `ja`, `ko`, `ru`; the page's `lang`) or a whole `Accept-Language` value
  /// (`zh-TW,zh;q=0.9,en;q=0.8`: its most preferred tag counts): readings in
  /// the charsets it implies gain `hintBonus` bits, which re-weights but never makes bytes that
  /// decode only one way read another. Only the first `maxNameLength` bytes are scored; longer
  /// input yields only the most plausible reading, decoded whole.
  public static func guesses(for bytes: some Collection<UInt8>, language: String? = nil) -> [CharsetGuess] {
    let array = Array(bytes)
    let (guesses, whole) = prefixGuesses(array, language: language)
    guard !whole else { return guesses }
    // Longer than a name: only the most plausible reading, decoded whole (each further reading
    // would cost a decode of the whole input).
    guard let best = guesses.first, let text = best.charset.decode(array) else { return [] }
    return [CharsetGuess(charset: best.charset, text: text, confidence: best.confidence, language: best.language)]
  }

  /// The readings of `guesses(for:language:)` without decoding more than the scored prefix:
  /// `whole` is false when `bytes` are longer than `maxNameLength` and each guess's text is then
  /// only its prefix's (charset, confidence and language are the same). For a caller that decodes
  /// the whole input itself with the chosen charset (a header parsed again with it as fallback).
  static func prefixGuesses(_ bytes: [UInt8], language: String?) -> (guesses: [CharsetGuess], whole: Bool) {
    if let s = UTF8Validation.string(bytes) {
      return ([CharsetGuess(charset: .utf8, text: s, confidence: 100)], true)
    }
    let prefix = scoredPrefix(bytes)
    let hint = language.map { normalizedLanguage(preferredTag($0)) }
    return (posterior(score(prefix, hint: hint), prefix: prefix), bytes.count == prefix.count)
  }

  /// The best guess at or above `threshold`, or nil (then keep the bytes or escapes visible:
  /// no reading is plausible enough to be worth inventing text). Valid UTF-8 always returns
  /// UTF-8 at 100.
  public static func detect(_ bytes: some Collection<UInt8>, language: String? = nil, threshold: Int = defaultThreshold)
    -> CharsetGuess?
  {
    guard let best = guesses(for: bytes, language: language).first, best.confidence >= threshold else { return nil }
    return best
  }

  /// Whether `charset` decodes all of `bytes` strictly, without building the text when it is a
  /// single-byte charset of the model whose table maps every high byte present (the table maps a
  /// byte only where the decoder does: `CharsetDetectorTests`); otherwise by decoding.
  static func decodes(_ bytes: [UInt8], as charset: Charset) -> Bool {
    if let high = CharsetModel.shared.singleByte[charset.name],
      !bytes.contains(where: { $0 >= 0x80 && high[Int($0) - 0x80] == 0 })
    {
      return true
    }
    return charset.decode(bytes) != nil
  }

  /// At most `maxNameLength` leading bytes, cut before a run of high bytes that the limit would split.
  static func scoredPrefix(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    guard bytes.count > maxNameLength else { return bytes[...] }
    var end = maxNameLength
    while end > maxNameLength - 16, bytes[end - 1] >= 0x80 { end -= 1 }
    return bytes[..<(end > maxNameLength - 16 ? end : maxNameLength)]
  }

  /// A scored reading: candidate index, cost in bits, the winning language, and its text (decoded
  /// once, for scoring; the posterior pools readings by it).
  struct Reading {
    let candidate: Int
    let bits: Double
    let language: String
    let nonASCII: Int
    let text: String
  }

  /// The cost of every candidate that reads `prefix` strictly.
  static func score(_ prefix: ArraySlice<UInt8>, hint: String?) -> [Reading] {
    let model = CharsetModel.shared
    var scalars: [UInt32] = []
    scalars.reserveCapacity(prefix.count)
    var readings: [Reading] = []
    var prepared = PreparedReading()
    for (index, candidate) in candidates.enumerated() {
      guard let text = decodeReading(prefix, candidate, candidateTables[index], into: &scalars) else { continue }
      prepare(scalars, into: &prepared)
      // The charset's text is a mixture of its languages, each equally likely: the reading costs
      // -log2 of the mean of their probabilities (taking the cheapest language instead would
      // favour a charset for serving many languages).
      var best = Double.infinity
      var bestLanguage = ""
      var count = 0
      var mass = 0.0  // sum of 2^(best - bits) over the languages so far
      for l in candidateLanguages[index] {
        let bits = cost(prepared, model.languages[l])
        count += 1
        if bits < best {
          mass = (best == .infinity ? 0 : mass * pow2(bits - best)) + 1
          best = bits
          bestLanguage = model.languages[l].code
        } else {
          mass += pow2(best - bits)
        }
      }
      guard count > 0 else { continue }
      var total = best + log2(Double(count) / mass) + candidate.prior
      if let hint, matches(hint, candidate.languages) { total -= hintBonus }
      var nonASCII = 0
      for s in scalars where s >= 0x80 { nonASCII += 1 }
      readings.append(Reading(candidate: index, bits: total, language: bestLanguage, nonASCII: nonASCII, text: text))
    }
    return readings
  }

  /// Decodes `bytes` with `candidate` into `scalars` and returns the text, as the charset's
  /// `decode` gives it (windows-1258's in NFC); nil when the bytes are not strictly text in it.
  /// A single-byte charset of the model is read from its `table` (`candidateTables`, which maps a
  /// byte exactly as the decoder does: `CharsetDetectorTests`), not through ICU.
  static func decodeReading(
    _ bytes: ArraySlice<UInt8>, _ candidate: Candidate, _ table: [UInt16]?, into scalars: inout [UInt32]
  ) -> String? {
    scalars.removeAll(keepingCapacity: true)
    if let high = table {
      for b in bytes {
        if b < 0x80 {
          scalars.append(UInt32(b))
          continue
        }
        let v = high[Int(b) - 0x80]
        guard v != 0 else { return nil }
        scalars.append(UInt32(v))
      }
      if candidate.charset.name == "windows-1258" { return candidate.charset.decode(bytes) }
      return bytes.withUnsafeBufferPointer { Charset.decodeSingleByte($0) { high[Int($0) - 0x80] } }
    }
    guard let text = candidate.charset.decode(bytes) else { return nil }
    for s in text.unicodeScalars { scalars.append(s.value) }
    return text
  }

  /// Turns costs into guesses: the posterior of each distinct text among the readings and the null
  /// hypothesis.
  /// `null: false` leaves the null hypothesis out (only which of the readings is meant is asked).
  static func posterior(_ readings: [Reading], prefix: ArraySlice<UInt8>, null: Bool = true) -> [CharsetGuess] {
    guard let best = readings.min(by: { $0.bits < $1.bits }) else { return [] }
    let nullCost = nullBits(prefix, best: best)
    let reference = null ? min(best.bits, nullCost) : best.bits
    let order = readings.indices.sorted {
      readings[$0].bits != readings[$1].bits ? readings[$0].bits < readings[$1].bits : $0 < $1
    }
    var result: [(guess: CharsetGuess, weight: Double)] = []
    var texts: [String] = []  // result's texts, searched without copying the guesses
    var sum = null ? pow2((reference - nullCost) * temperature) : 0
    for i in order {
      let r = readings[i]
      let candidate = candidates[r.candidate]
      let charset = charset(for: candidate, bytes: prefix)
      // The reading's own text unless the charset reported is another (`gb18030` for `GBK`).
      guard let text = charset.name == candidate.charset.name ? r.text : charset.decode(prefix) else { continue }
      let w = pow2((reference - r.bits) * temperature)
      sum += w
      // Compared as bytes: every text here comes from a decoder in NFC or is the only one of its
      // script with combining marks (Hebrew points, Arabic and Thai marks), so canonically
      // equivalent texts are the same bytes (String's == would normalize to find out).
      if let j = texts.firstIndex(where: { ASCII.sameUTF8($0, text) }) {
        result[j].weight += w
        continue
      }
      texts.append(text)
      result.append((CharsetGuess(charset: charset, text: text, confidence: 0, language: r.language), w))
    }
    // Most plausible text first: the pooled weight of the readings that agree on it decides (`ü` is
    // `ü` in windows-1252, -1254, -1257 and -1258: together they outweigh a reading that alone costs less).
    let ranked = result.indices.sorted {
      result[$0].weight != result[$1].weight ? result[$0].weight > result[$1].weight : $0 < $1
    }
    return ranked.map { result[$0] }.map { g, w in
      let confidence = Int(w / sum * 99 + 0.5)
      return CharsetGuess(
        charset: g.charset, text: g.text, confidence: max(0, min(99, confidence)), language: g.language)
    }
  }

  /// The cost of the null hypothesis (the bytes are no text): it pays for every byte the best reading
  /// spends on non-ASCII characters (ASCII trail bytes of Big5 and Shift_JIS included) and, as a
  /// reading does, for what follows each run of them.
  static func nullBits(_ prefix: ArraySlice<UInt8>, best: Reading) -> Double {
    var highBytes = 0
    var runs = 0
    var inRun = false
    for b in prefix {
      if b >= 0x80 {
        highBytes += 1
        if !inRun { runs += 1 }
      }
      inRun = b >= 0x80
    }
    return nullBitsPerByte * Double(max(1, highBytes + trailBytes(highBytes, best))) + nullBitsPerRun * Double(runs)
      + (highBytes > 1 || touchesLetter(prefix) ? nullPriorBits : 0)
  }

  /// The Latin-script code pages a lone high byte is weighed among (`loneByteReading`).
  static let latinPages: Set<String> = [
    "windows-1252", "windows-1250", "windows-1254", "windows-1257", "windows-1258", "ISO-8859-2",
  ]

  /// For a lone high byte touching no letter (`isLoneHighByte`: `foo-ä.html`, `Faktura č.pdf`), the
  /// reading RFC 6266's ISO-8859-1 default would give, with a confidence, when the evidence
  /// supports it: the readings of the Latin-script code pages (the script of the name around the
  /// byte) are scored as any name's, and windows-1252's text must take at least `threshold` of
  /// their posterior. `ä` is `ä` in all of them and is kept; `è` (windows-1250 `č`) or `Ð`
  /// (windows-1254 `Ğ`) is one of several and is not. Nil otherwise (keep the byte visible).
  public static func loneByteReading(_ bytes: some Collection<UInt8>, threshold: Int = defaultThreshold)
    -> CharsetGuess?
  {
    let array = Array(bytes)
    guard isLoneHighByte(array) else { return nil }
    let western = Charset.windows1252
    let prefix = scoredPrefix(array)
    let latin = score(prefix, hint: nil).filter { latinPages.contains(candidates[$0.candidate].charset.name) }
    guard let best = posterior(latin, prefix: prefix, null: false).first, best.confidence >= threshold,
      best.text == western.decode(prefix)
    else { return nil }
    return CharsetGuess(charset: western, text: best.text, confidence: best.confidence, language: best.language)
  }

  /// Whether `bytes` hold exactly one byte >= 0x80 and it touches no ASCII letter (`foo-ä.html`):
  /// as often a stray Latin-1 byte of a header (RFC 9110 obs-text) as a letter of any script.
  static func isLoneHighByte(_ bytes: [UInt8]) -> Bool {
    var high = 0
    for b in bytes where b >= 0x80 { high += 1 }
    return high == 1 && !touchesLetter(bytes[...])
  }

  /// Whether a byte >= 0x80 has an ASCII letter right before or after it.
  static func touchesLetter(_ bytes: ArraySlice<UInt8>) -> Bool {
    var i = bytes.startIndex
    while i < bytes.endIndex {
      if bytes[i] >= 0x80 {
        if i > bytes.startIndex, isASCIILetter(UInt32(bytes[i - 1])) { return true }
        if i + 1 < bytes.endIndex, isASCIILetter(UInt32(bytes[i + 1])) { return true }
      }
      i += 1
    }
    return false
  }

  /// ASCII bytes a double-byte reading spends as trail bytes (Big5, Shift_JIS, GBK): each of its
  /// `nonASCII` characters takes two bytes, and what the high bytes do not cover is ASCII.
  static func trailBytes(_ highBytes: Int, _ reading: Reading) -> Int {
    candidates[reading.candidate].singleByte ? 0 : max(0, 2 * reading.nonASCII - highBytes)
  }

  /// The charset to report: `gb18030` rather than `GBK` when four-byte GB18030 sequences occur.
  static func charset(for candidate: Candidate, bytes: ArraySlice<UInt8>) -> Charset {
    guard candidate.models == ["zh-hans"] else { return candidate.charset }
    var i = bytes.startIndex
    while i + 1 < bytes.endIndex {
      if bytes[i] >= 0x81, bytes[i] != 0xFF {
        if bytes[i + 1] >= 0x30, bytes[i + 1] <= 0x39 { return Charset(label: "gb18030") ?? candidate.charset }
        i += 2
      } else {
        i += 1
      }
    }
    return candidate.charset
  }

  /// The most preferred tag of an `Accept-Language`-like value (`zh-TW,zh;q=0.9,en;q=0.8` gives
  /// `zh-TW`; the first of equal weights wins, `*` and `q=0` never); a plain tag is itself. Only
  /// the items within the first `maxHintBytes` count.
  static func preferredTag(_ value: String) -> String {
    var best = ""
    var bestQ = 0.0
    for item in hintItems(value).split(separator: ",") {
      let parts = item.split(separator: ";")
      guard let tag = parts.first?.trimmingSpaces, !tag.isEmpty, tag != "*" else { continue }
      var q = 1.0
      for p in parts.dropFirst() {
        let kv = p.trimmingSpaces
        if kv.hasPrefix("q=") || kv.hasPrefix("Q=") { q = Double(kv.dropFirst(2)) ?? 0 }
      }
      if q > bestQ {
        best = String(tag)
        bestQ = q
      }
    }
    return best
  }

  /// How much of a language hint is read: a real preference list is a few dozen bytes, and a
  /// megabyte of one (a client-controlled `Accept-Language` in a proxy) would cost
  /// a String per item.
  static let maxHintBytes = 1024

  /// The whole items of `value` within its first `maxHintBytes` bytes.
  static func hintItems(_ value: String) -> Substring {
    let utf8 = value.utf8
    guard utf8.count > maxHintBytes else { return value[...] }
    let head = utf8.prefix(maxHintBytes)
    let end = head.lastIndex(of: UInt8(ascii: ",")) ?? head.startIndex
    return value[..<end]
  }

  /// Lowercased language tag with `_` as `-`.
  static func normalizedLanguage(_ tag: String) -> String {
    var s = ""
    for b in tag.utf8.prefix(64) { s.unicodeScalars.append(Unicode.Scalar(b == 0x5F ? 0x2D : ASCII.lowercase(b))) }
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

  /// log2(x) for x >= 1 (a count over a mass in (1, count]), without Foundation.
  static func log2(_ x: Double) -> Double {
    var r = 0.0
    var v = x
    while v >= 2 {
      v *= 0.5
      r += 1
    }
    // ln(v) for v in [1, 2) by the series of atanh: ln v = 2 atanh((v-1)/(v+1)).
    let t = (v - 1) / (v + 1)
    let t2 = t * t
    let ln = 2 * t * (1 + t2 / 3 + t2 * t2 / 5 + t2 * t2 * t2 / 7 + t2 * t2 * t2 * t2 / 9)
    return r + ln / 0.6931471805599453
  }

  /// 2^x for x <= 0, without Foundation.
  static func pow2(_ x: Double) -> Double {
    if x < -60 { return 0 }
    var r = 1.0
    var e = x
    while e <= -1 {
      r *= 0.5
      e += 1
    }
    // 2^e for e in (-1, 0]: a short series is exact enough for a confidence.
    let t = e * 0.6931471805599453
    return r * (1 + t + t * t / 2 + t * t * t / 6 + t * t * t * t / 24)
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    var s = self
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return s
  }
}

extension Charset {
  /// The charsets `CharsetDetector` tries, in its tie-break order: GBK (decoded as GB18030),
  /// Shift_JIS, EUC-KR, Big5, EUC-JP, windows-1250 to windows-1258, windows-874, KOI8-R, KOI8-U and
  /// ISO-8859-2, -5, -7 and -8. UTF-8 is always tried first.
  public static var detectionCandidates: [Charset] {
    [.utf8] + CharsetDetector.candidates.map(\.charset)
  }
}
