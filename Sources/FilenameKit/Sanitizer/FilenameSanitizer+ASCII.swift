extension FilenameSanitizer {
  /// Step 2's end with ``SanitizerOptions/asciiOnly``: the cleaned text transliterated to ASCII by
  /// ICU's `Any-Latin; Latin-ASCII` transform (CLDR's romanizations: Han to pinyin, kana to
  /// Hepburn romaji, Hangul to the Revised Romanization, Cyrillic, Greek, Arabic and Hebrew to
  /// Latin, then Latin without diacritics) [`transliterated`]; each scalar still not ASCII (emoji,
  /// most symbols) becomes the replacement [`replaced-non-ascii`], or, when ICU's transliteration
  /// cannot be loaded, every scalar that is not ASCII does [`transliteration-unavailable`]. The
  /// ASCII text then goes through step 2 once more: a transliteration can itself make a separator,
  /// a forbidden character or a run of spaces (`½` is ` 1/2`).
  static func asciiOnlyText(
    _ text: String, form: NormalizationForm, platform: Platform, replacement: String, log: inout SanitizerChangeLog
  ) -> String {
    guard ASCII.containsByte(in: text[...], where: { $0 >= 0x80 }) else { return text }
    let replacement = asciiReplacement(replacement)
    let ascii = plainASCII(text, replacement: replacement, log: &log)
    return cleanScalars(ascii, form: form, platform: platform, replacement: replacement, log: &log).text
  }

  /// `replacement` when it is ASCII itself, else `_`.
  static func asciiReplacement(_ replacement: String) -> String {
    replacement.utf8.allSatisfy({ $0 < 0x80 }) ? replacement : "_"
  }

  /// `text` transliterated to ASCII, each scalar still not ASCII replaced by the ASCII
  /// `replacement`; nothing else changed (the rest of `asciiOnlyText`, for text that is not a name
  /// on its own, such as a template's fixed text).
  static func plainASCII(_ text: String, replacement: String, log: inout SanitizerChangeLog) -> String {
    guard ASCII.containsByte(in: text[...], where: { $0 >= 0x80 }) else { return text }
    var source = text
    if let transliterated = TextServices.transliteratedToASCII(text) {
      if !ASCII.sameUTF8(transliterated, text) {
        log.record(.transliterated, "transliterated to ASCII")
      }
      source = transliterated
    }
    let unavailable = source.utf8.elementsEqual(text.utf8)
    var tally = ScalarTally()
    var ascii = String.UnicodeScalarView()
    for s in source.unicodeScalars {
      if s.isASCII {
        ascii.append(s)
      } else {
        tally.add(s)
        ascii.append(contentsOf: replacement.unicodeScalars)
      }
    }
    if tally.count > 0 {
      if unavailable, let problem = TextServicesStatus.transliterationProblem {
        log.record(
          .transliterationUnavailable,
          "replaced \(tally.describe("character")) with \"\(replacement)\": \(problem)")
      } else {
        log.record(.replacedNonASCII, "replaced \(tally.describe("character")) with no ASCII transliteration")
      }
    }
    return String(ascii)
  }
}
