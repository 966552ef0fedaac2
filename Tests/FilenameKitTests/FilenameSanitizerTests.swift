import Testing

@_spi(Checks) @testable import FilenameKit

/// Fixture-driven tests of `FilenameSanitizer` (Fixtures/sanitize/sanitize.json and risk.json).
@Suite("FilenameSanitizer")
struct FilenameSanitizerTests {
  struct OptionsSpec: Decodable, Sendable {
    let replacement: String?
    let normalization: String?
    let maxLength: Int?
    let reservedSuffixLength: Int?
    let fallbackName: String?
    let dangerousTypes: String?
    let ascii: Bool?
    enum CodingKeys: String, CodingKey {
      case replacement, normalization, ascii
      case maxLength = "max_length"
      case reservedSuffixLength = "reserved_suffix_length"
      case fallbackName = "fallback_name"
      case dangerousTypes = "dangerous_types"
    }

    var options: SanitizerOptions {
      var o = SanitizerOptions()
      if let replacement { o.replacement = replacement }
      if let normalization { o.normalization = NormalizationForm(rawValue: normalization) ?? .nfc }
      o.maxLength = maxLength
      if let reservedSuffixLength { o.reservedSuffixLength = reservedSuffixLength }
      if let fallbackName { o.fallbackName = fallbackName }
      if let dangerousTypes { o.dangerousTypes = DangerousTypePolicy(rawValue: dangerousTypes) ?? .report }
      o.asciiOnly = ascii ?? false
      return o
    }
  }

  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let input: SanitizeFixtureText
    let platforms: [String]?
    let options: OptionsSpec?
    let expected: SanitizeFixtureText
    let changes: [String]?
    let risk: String?
    let disguise: [String]?
    let expectedLength: Int?
    /// When present, the input as bytes for `sanitize(utf8:)` (`input` then says what they are).
    let inputHex: String?
    enum CodingKeys: String, CodingKey {
      case id, source, input, platforms, options, expected, changes, risk, disguise
      case expectedLength = "expected_length"
      case inputHex = "input_hex"
    }
    var testDescription: String { "\(id): \(input)" }
    var resolvedPlatforms: [Platform] { platforms.map { $0.compactMap(Platform.init(rawValue:)) } ?? Platform.allCases }
  }

  static let cases: [Case] = FixtureLoader.load("sanitize/sanitize.json", as: Case.self)

  @Test func fixtureFileIsComplete() throws {
    let cases = FixtureLoader.load("sanitize/sanitize.json", as: Case.self)
    #expect(cases.count >= 200)
    #expect(Set(cases.map(\.id)).count == cases.count, "case ids are unique")
    for c in cases {
      if let p = c.platforms { #expect(p.allSatisfy { Platform(rawValue: $0) != nil }, "\(c.id): platform names") }
      #expect(!c.source.isEmpty)
    }
    // Every platform and every change code is exercised.
    let platforms = Set(cases.flatMap(\.resolvedPlatforms))
    #expect(platforms == Set(Platform.allCases))
    let codes = Set(cases.flatMap { $0.changes ?? [] })
    // `transliteration-unavailable` needs a process without libicui18n: the CLI tests start one.
    for code in SanitizerChange.Code.allCases where code != .transliterationUnavailable {
      #expect(codes.contains(code.rawValue), "no fixture case reports \(code)")
    }
    #expect(Set(SanitizerChange.Code.allCases).count == SanitizerChange.Code.allCases.count, "codes listed once")
    // Every change a fixture names is a listed code, and so is every disguise.
    #expect(codes.isSubset(of: Set(SanitizerChange.Code.allCases.map(\.rawValue))), "unlisted codes \(codes)")
    let disguises = Set(cases.flatMap { $0.disguise ?? [] })
    #expect(
      disguises.isSubset(of: Set(SanitizedFilename.Disguise.allCases.map(\.rawValue))),
      "unlisted disguises \(disguises)")
  }

  @Test(arguments: cases)
  func sanitize(_ c: Case) {
    let options = c.options?.options ?? SanitizerOptions()
    for platform in c.resolvedPlatforms {
      let r =
        c.inputHex.map { FilenameSanitizer.sanitize(utf8: FixtureHex.decode($0), for: platform, options: options) }
        ?? FilenameSanitizer.sanitize(c.input.value, for: platform, options: options)
      #expect(
        Array(r.name.unicodeScalars) == Array(c.expected.value.unicodeScalars),
        "\(c.id) on \(platform): got \(SanitizeFixtureText(r.name))")
      if let changes = c.changes {
        #expect(Set(r.changes.map(\.code.rawValue)) == Set(changes), "\(c.id) on \(platform): changes \(r.changes)")
      }
      if let risk = c.risk { #expect(r.risk.rawValue == risk, "\(c.id) on \(platform)") }
      if let disguise = c.disguise {
        #expect(Set(r.disguise.map(\.rawValue)) == Set(disguise), "\(c.id) on \(platform): \(r.disguise)")
      }
      if let length = c.expectedLength { #expect(platform.length(of: r.name) == length, "\(c.id) on \(platform)") }
      // Every output satisfies the invariants and is a fixed point.
      #expect(FilenameSanitizer.isSafe(r.name, for: platform, options: options), "\(c.id) on \(platform): not safe")
      let again = FilenameSanitizer.sanitize(r.name, for: platform, options: options)
      #expect(
        Array(again.name.unicodeScalars) == Array(r.name.unicodeScalars) && again.changes.isEmpty,
        "\(c.id) on \(platform): not idempotent: \(again.changes)")
      // Changes are reported exactly when the name changed (renormalization across removed
      // characters is reported as the removal).
      let input = c.inputHex.map { String(decoding: FixtureHex.decode($0), as: UTF8.self) } ?? c.input.value
      #expect(r.changes.isEmpty == r.name.unicodeScalars.elementsEqual(input.unicodeScalars), "\(c.id) on \(platform)")
    }
  }

  @Test func unsafeInputsAreNotSafe() {
    for c in Self.cases
    where c.inputHex == nil && !c.input.value.unicodeScalars.elementsEqual(c.expected.value.unicodeScalars) {
      let options = c.options?.options ?? SanitizerOptions()
      for platform in c.resolvedPlatforms {
        #expect(!FilenameSanitizer.isSafe(c.input.value, for: platform, options: options), "\(c.id) on \(platform)")
      }
    }
  }

  /// `SanitizedFilename(validating:for:options:)` accepts exactly the names the sanitizer leaves as
  /// they are: every fixture's expected output, and no input the sanitizer changes.
  @Test func validatingInitAgrees() {
    for c in Self.cases where c.inputHex == nil {
      let options = c.options?.options ?? SanitizerOptions()
      for platform in c.resolvedPlatforms {
        let expected = c.expected.value
        let v = SanitizedFilename(validating: expected, for: platform, options: options)
        #expect(v?.name == expected && v?.changes.isEmpty == true, "\(c.id) on \(platform): output not accepted")
        if !c.input.value.unicodeScalars.elementsEqual(expected.unicodeScalars) {
          #expect(
            SanitizedFilename(validating: c.input.value, for: platform, options: options) == nil,
            "\(c.id) on \(platform): an input the sanitizer changes was accepted")
        }
      }
    }
  }

  @Test func changeDetailsAreReadable() {
    let r = FilenameSanitizer.sanitize(String(repeating: "a", count: 612), for: .linux)
    #expect(r.changes == [SanitizerChange(code: .truncated, detail: "truncated from 612 to 255 bytes")])
    let w = FilenameSanitizer.sanitize(String(repeating: "b", count: 300) + ".txt", for: .windows)
    #expect(w.changes.first?.detail == "truncated from 304 to 255 UTF-16 code units, keeping .txt")
    let c = FilenameSanitizer.sanitize("a\u{0}b\u{7}", for: .linux)
    #expect(c.changes.first?.detail == "removed 2 control characters (U+0000, U+0007)")
  }

  /// The CJK letters the fast paths take without the scalar pass (`isCJKLetter`): every one is a
  /// plain letter on every platform, with no best fit to ASCII, no mark, space, dot or invisible,
  /// and left alone by NFC (the ideographs by NFD too); and names made of them get the pipeline's
  /// answer from the fast paths, in both forms, on every platform.
  @Test func cjkLettersArePlain() {
    let ranges: [ClosedRange<UInt32>] = [0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3]
    var bad: [String] = []
    var taken = 0
    for range in ranges {
      var run = ""
      for v in range {
        let s = Unicode.Scalar(v)!
        #expect(FilenameSanitizer.isCJKLetter(v))
        let plain =
          Platform.allCases.allSatisfy { FilenameSanitizer.kind(of: s, on: $0) == .plain }
          && FilenameSanitizer.bestFitASCII(v) == nil && !FilenameSanitizer.isMark(s)
          && !FilenameSanitizer.isSpaceLike(s) && !FilenameSanitizer.isDotLike(s, on: .windows)
          && !s.properties.isDefaultIgnorableCodePoint
        var one = String(s)
        let nfc = one.withUTF8 { TextServices.isNormalized($0, form: .nfc) }
        let nfd = one.withUTF8 { TextServices.isNormalized($0, form: .nfd) }
        if !plain || !nfc || (FilenameSanitizer.isCJKIdeograph(v) && !nfd) {
          bad.append("U+" + String(v, radix: 16, uppercase: true))
        }
        run.unicodeScalars.append(s)
        guard run.unicodeScalars.count == 40 || v == range.upperBound else { continue }
        for name in [run, run + ".txt", "a " + run] {
          for platform in Platform.allCases {
            for form in [NormalizationForm.nfc, .nfd] {
              var options = SanitizerOptions()
              options.normalization = form
              if FilenameSanitizer.isPlainText(name, form: form, platform: platform) { taken += 1 }
              #expect(FilenameSanitizer.fastPathAgrees(name, platform: platform, form: form), "\(name)")
              #expect(FilenameSanitizer.unchangedNameAgrees(name, platform: platform, options: options), "\(name)")
            }
          }
        }
        run = ""
      }
    }
    #expect(!FilenameSanitizer.isCJKLetter(0x3040) && !FilenameSanitizer.isCJKLetter(0x3099))
    #expect(!FilenameSanitizer.isCJKLetter(0x30FB) && !FilenameSanitizer.isCJKLetter(0xD7A4))
    #expect(bad.isEmpty, "\(bad.prefix(20))")
    #expect(taken > 1000, "the fast path took \(taken) names")
  }

  @Test func platformBasics() {
    #expect(Platform.allCases.allSatisfy { $0.maxLength == 255 })
    #expect(Platform.linux.lengthUnits == .utf8Bytes)
    #expect(Platform.windows.lengthUnits == .utf16CodeUnits)
    #expect(Platform.macos.lengthUnits == [.utf8Bytes, .decomposedUTF16CodeUnits])
    #expect(Platform.portable.lengthUnits == [.utf8Bytes, .utf16CodeUnits, .decomposedUTF16CodeUnits])
    #expect(Platform.macos.length(of: "\u{390}") == 3)
    #expect(Platform.linux.length(of: "\u{390}") == 2)
    #expect(Platform.linux.length(of: "résumé.pdf") == 12)
    #expect(Platform.windows.length(of: "résumé.pdf") == 10)
    #expect(Platform.portable.length(of: "😀") == 4)
    #expect(Platform.windows.length(of: "😀") == 2)
    #if os(Linux)
      #expect(Platform.current == .linux)
    #endif
  }

  // MARK: - Risk

  struct RiskCase: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let name: String
    /// `risk(of:)`, platform-free; and, unless `platform_risk` says otherwise, linux's.
    let risk: String
    let disguise: [String]?
    /// The risk per platform where it differs from `risk` (types only one platform runs), checked
    /// through `sanitize(_:for:)` and `risk(of:for:)`.
    let platform_risk: [String: String]?
    /// Platforms whose disguises are checked (linux when absent); risks are checked on these and linux.
    let platforms: [String]?
    var testDescription: String { id }
  }

  static let riskCases: [RiskCase] = FixtureLoader.load("sanitize/risk.json", as: RiskCase.self)

  @Test func riskFixtureIsComplete() throws {
    let cases = FixtureLoader.load("sanitize/risk.json", as: RiskCase.self)
    #expect(cases.count >= 50)
    #expect(Set(cases.map(\.id)).count == cases.count)
    #expect(Set(cases.map(\.risk)) == Set(FileRisk.allCases.map(\.rawValue)))
  }

  @Test(arguments: riskCases)
  func risk(_ c: RiskCase) throws {
    #expect(FilenameSanitizer.risk(of: c.name).rawValue == c.risk, "\(c.id): risk(of:)")
    let platforms = Set(["linux"] + (c.platforms ?? []) + (c.platform_risk.map { Array($0.keys) } ?? []))
    for name in platforms.sorted() {
      let platform = try #require(Platform(rawValue: name), "\(c.id): unknown platform \(name)")
      let expected = c.platform_risk?[name] ?? c.risk
      let sanitized = FilenameSanitizer.sanitize(c.name, for: platform)
      #expect(sanitized.risk.rawValue == expected, "\(c.id): sanitize risk on \(name)")
      #expect(FilenameSanitizer.risk(of: c.name, for: platform).rawValue == expected, "\(c.id): risk(of:for: \(name))")
      if let d = c.disguise, (c.platforms ?? ["linux"]).contains(name) {
        #expect(sanitized.disguise.map(\.rawValue) == d, "\(c.id): disguise on \(name) \(sanitized.disguise)")
      }
    }
  }
}

/// Text in a sanitize fixture: `"abc"`, `{"repeat": "a", "count": 10000, "prefix": "x", "suffix": ".txt"}`,
/// or an array of those, concatenated. Long names are described, not stored.
struct SanitizeFixtureText: Decodable, Sendable, CustomStringConvertible {
  let value: String

  private struct Repeat: Decodable {
    let `repeat`: String
    let count: Int
    let prefix: String?
    let suffix: String?
    var text: String { (prefix ?? "") + String(repeating: self.repeat, count: count) + (suffix ?? "") }
  }

  private enum Part: Decodable {
    case text(String)
    case repeated(Repeat)
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let s = try? c.decode(String.self) { self = .text(s) } else { self = .repeated(try c.decode(Repeat.self)) }
    }
    var text: String {
      switch self {
      case .text(let s): return s
      case .repeated(let r): return r.text
      }
    }
  }

  init(_ value: String) { self.value = value }

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let parts = try? c.decode([Part].self) {
      value = parts.map(\.text).joined()
    } else {
      value = try c.decode(Part.self).text
    }
  }

  /// Short, escaped form for test names.
  var description: String {
    var s = ""
    for (i, u) in value.unicodeScalars.enumerated() {
      if i == 40 {
        s += "…(\(value.unicodeScalars.count) scalars)"
        break
      }
      if u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value)
        || u.properties.isDefaultIgnorableCodePoint
      {
        s += "\\u{\(String(u.value, radix: 16))}"
      } else {
        s.unicodeScalars.append(u)
      }
    }
    return s
  }
}
