// The plausibility model: a cost in bits (lower is more plausible) for each non-ASCII character
// of a reading, by the language model of the charset that produced it. The figures approximate
// -log2 of a character's share of file-name text in that language: the 500 most frequent hanzi
// cover about three quarters of Chinese text, so each costs about 9 bits; rarer classes cost more;
// characters of a script the language does not use in names cost the most. Script-consistency
// penalties catch readings that mix scripts the way misdecoded bytes do.
extension CharsetDetector {
  /// The total cost of `text` under `model`, and how many non-ASCII characters it has.
  static func cost(of text: String, model: Model) -> (bits: Double, characters: Int) {
    var bits = 0.0
    var count = 0
    var previous: (script: Script, scalar: Unicode.Scalar)? = nil
    var runLength = 0
    var afterASCIILetter = false
    for scalar in text.unicodeScalars {
      guard scalar.value >= 0x80 else {
        let letter = isASCIILetter(scalar)
        // A letter of a non-Latin script touching an ASCII letter is how misread bytes look.
        if letter, let p = previous, isForeignLetter(p.script, model: model) { bits += 6 }
        afterASCIILetter = letter
        previous = nil
        runLength = 0
        continue
      }
      count += 1
      runLength += 1
      let script = self.script(of: scalar)
      bits += characterCost(scalar, script: script, model: model)
      if afterASCIILetter, isForeignLetter(script, model: model) { bits += 6 }
      afterASCIILetter = false
      if let p = previous {
        bits += transitionCost(from: p.script, p.scalar, to: script, scalar, model: model, runLength: runLength)
      }
      previous = (script, scalar)
    }
    return (bits, count)
  }

  /// The cost of one character.
  static func characterCost(_ s: Unicode.Scalar, script: Script, model: Model) -> Double {
    switch script {
    case .privateUse, .control: return 30
    default: break
    }
    switch model {
    case .simplifiedChinese, .traditionalChinese:
      let hans = model == .simplifiedChinese
      switch script {
      case .han:
        let cls = s.value <= 0xFFFF ? frequencyClass(UInt16(s.value), in: hans ? hansClasses : hantClasses) : nil
        switch cls {
        case 1: return 9
        case 2: return 11
        case 3: return 12.5
        case 4: return 14
        case 5: return 16
        default: return 19
        }
      case .cjkPunctuation: return 9
      case .bopomofo: return hans ? 17 : 14
      case .hiragana, .katakana: return 17
      case .halfwidthKatakana: return 20
      case .hangul, .hangulJamo: return 20
      case .greek, .cyrillic: return 16
      case .latin, .symbol: return 14
      default: return 20
      }
    case .japanese:
      switch script {
      case .han:
        let cls = s.value <= 0xFFFF ? frequencyClass(UInt16(s.value), in: jaClasses) : nil
        switch cls {
        case 1: return 9.5
        case 2: return 12
        case 3: return 15
        default: return 18
        }
      case .hiragana: return 7
      case .katakana: return 7.5
      case .halfwidthKatakana: return 12
      case .cjkPunctuation: return 9
      case .hangul, .hangulJamo: return 20
      case .greek, .cyrillic: return 16
      case .latin, .symbol: return 14
      default: return 20
      }
    case .korean:
      switch script {
      case .hangul:
        switch s.value <= 0xFFFF ? frequencyClass(UInt16(s.value), in: koClasses) : nil {
        case 1: return 8.5
        case 2: return 10.5
        case 3: return 13
        default: return 18
        }
      case .hangulJamo: return 13
      case .han: return 16
      case .cjkPunctuation: return 9
      case .hiragana, .katakana: return 17
      case .greek, .cyrillic: return 16
      case .latin, .symbol: return 14
      default: return 20
      }
    case .singleByte(let native):
      switch script {
      case .latin: return native == nil ? (isRareLatin(s) ? 11 : 6) : 12
      case .cyrillic where native == .cyrillic:
        // Russian/Ukrainian letters; the rest (Ђ Ћ Љ Џ …) are rarer.
        return (0x410...0x44F).contains(s.value) || s.value == 0x401 || s.value == 0x451 || s.value == 0x456 || s.value == 0x457
          || s.value == 0x454 || s.value == 0x491 ? 6.5 : 11
      case .cyrillic, .greek, .hebrew, .arabic: return script == native ? 6.5 : 16
      case .combining: return 10
      case .symbol: return 11
      default: return 16
      }
    }
  }

  /// The cost of one character following another non-ASCII one.
  static func transitionCost(
    from a: Script, _ sa: Unicode.Scalar, to b: Script, _ sb: Unicode.Scalar, model: Model, runLength: Int
  ) -> Double {
    switch model {
    case .singleByte(let native):
      var bits = 0.0
      // Lowercase followed by uppercase inside a word: the shape of misread multibyte text.
      if isLetter(a), isLetter(b), sa.properties.isLowercase, sb.properties.isUppercase { bits += 5 }
      // Symbols glued to letters.
      if (a == .symbol) != (b == .symbol) { bits += 3 }
      // Long runs of accented Latin letters are rare; native-script words are normal.
      if native == nil, runLength >= 3 { bits += 3 }
      return bits
    case .japanese:
      func wide(_ s: Script) -> Bool { s == .han || s == .hiragana || s == .katakana }
      if (a == .halfwidthKatakana && wide(b)) || (b == .halfwidthKatakana && wide(a)) { return 6 }
      return 0
    case .korean:
      if (a == .hangul && b == .han) || (a == .han && b == .hangul) { return 4 }
      return 0
    case .simplifiedChinese, .traditionalChinese:
      if (a == .han) != (b == .han), a != .cjkPunctuation, b != .cjkPunctuation { return 3 }
      return 0
    }
  }

  /// Latin letters of few languages (Icelandic thorn and eth, Y with acute or diaeresis), which
  /// windows-1252 shows for bytes that are common letters in other code pages.
  static func isRareLatin(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0xD0, 0xDE, 0xF0, 0xFE, 0xDD, 0xFD, 0xFF, 0x178: return true
    default: return false
    }
  }

  static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
    (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x61 && s.value <= 0x7A)
  }

  /// Whether `s` is a letter of a non-Latin alphabet read by a single-byte model.
  static func isForeignLetter(_ s: Script, model: Model) -> Bool {
    guard case .singleByte = model else { return false }
    return s == .cyrillic || s == .greek || s == .hebrew || s == .arabic
  }

  static func isLetter(_ s: Script) -> Bool {
    switch s {
    case .latin, .greek, .cyrillic, .hebrew, .arabic: return true
    default: return false
    }
  }

  /// The frequency class (1 = most frequent) of `v` in a generated table, or nil.
  static func frequencyClass(_ v: UInt16, in classes: [[UInt16]]) -> Int? {
    for (i, table) in classes.enumerated() {
      var lo = 0, hi = table.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if table[mid] < v { lo = mid + 1 } else { hi = mid }
      }
      if lo < table.count, table[lo] == v { return i + 1 }
    }
    return nil
  }

  /// The script of a non-ASCII scalar, as far as the scorer cares.
  static func script(of s: Unicode.Scalar) -> Script {
    switch s.value {
    case 0x80...0x9F: return .control
    case 0xA0...0xBF, 0xD7, 0xF7: return .symbol
    case 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
    case 0x300...0x36F: return .combining
    case 0x370...0x3FF: return .greek
    case 0x400...0x52F: return .cyrillic
    case 0x591...0x5C7: return .combining
    case 0x590...0x5FF: return .hebrew
    case 0x600...0x6FF: return .arabic
    case 0x2000...0x2BFF: return .symbol
    case 0x3000...0x303F, 0xFF01...0xFF60, 0xFFE0...0xFFE6: return .cjkPunctuation
    case 0x3041...0x309F: return .hiragana
    case 0x30A0...0x30FF, 0x31F0...0x31FF: return .katakana
    case 0x3100...0x312F, 0x31A0...0x31BF: return .bopomofo
    case 0x3130...0x318F: return .hangulJamo
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .han
    case 0xAC00...0xD7A3: return .hangul
    case 0xE000...0xF8FF, 0xF0000...0x10FFFF: return .privateUse
    case 0xFF61...0xFF9F: return .halfwidthKatakana
    default: return .other
    }
  }
}
