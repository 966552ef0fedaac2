import FilenameKitTestSupport
import Foundation
import Testing

@testable import FilenameKit

/// A tc2231 case (Fixtures/content-disposition/tc2231.json).
struct TC2231Case: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let header_hex: String
  let expect_type: String?
  let expect_filename: String?
  let acceptable_filenames: [String]?
  var testDescription: String { id }
}

/// A documented deviation of the compatible profile from tc2231.
struct TC2231Deviation: Decodable, Sendable {
  let id: String
  let expect_type: String
  let expect_filename: String
  let reason: String
}

/// One of our own cases (Fixtures/content-disposition/cases.json).
struct DispositionCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let header: String?
  let header_hex: String?
  let profile: String
  let referrer_charset: String?
  let expect_type: String?
  let expect_filename: String?
  let expect_diagnostics: [String]?
  let expect_source: String?
  let expect_parameters: [String: String]?
  var testDescription: String { id }

  var bytes: [UInt8] { header_hex.map(FixtureHex.decode) ?? Array((header ?? "").utf8) }
}

/// "attachment" or "inline" as tc2231 reports it: unknown types behave as attachment.
func tc2231Type(_ cd: ContentDisposition) -> String { cd.type.isAttachmentLike ? "attachment" : "inline" }

@Suite("Content-Disposition: tc2231")
struct TC2231Tests {
  static let cases: [TC2231Case] = FixtureLoader.load("content-disposition/tc2231.json")
  static let deviations: [String: TC2231Deviation] = Dictionary(
    uniqueKeysWithValues: FixtureLoader.load(
      "content-disposition/tc2231-compatible-deviations.json", as: TC2231Deviation.self
    ).map { ($0.id, $0) })

  @Test func allCasesLoaded() {
    #expect(Self.cases.count == 88)
    #expect(Self.deviations.count > 0)
  }

  @Test("strict matches every tc2231 verdict", arguments: cases)
  func strict(_ c: TC2231Case) {
    let cd = ContentDisposition(parsing: FixtureHex.decode(c.header_hex), options: .init(profile: .strict))
    if let t = c.expect_type { #expect(tc2231Type(cd) == t) }
    let got = cd.filename ?? ""
    if let acceptable = c.acceptable_filenames {
      #expect(acceptable.contains(got), "got \(got.debugDescription)")
    } else if let expected = c.expect_filename {
      #expect(got == expected)
    }
  }

  @Test("compatible matches tc2231 except where documented", arguments: cases)
  func compatible(_ c: TC2231Case) {
    let cd = ContentDisposition(parsing: FixtureHex.decode(c.header_hex), options: .init(profile: .compatible))
    let got = cd.filename ?? ""
    if let d = Self.deviations[c.id] {
      #expect(tc2231Type(cd) == d.expect_type)
      #expect(got == d.expect_filename)
      // A deviation must really deviate: otherwise the list is stale.
      let strictAgrees = (c.expect_filename.map { $0 == got } ?? false) && c.expect_type == tc2231Type(cd)
      #expect(!strictAgrees, "listed as a deviation but matches tc2231")
      return
    }
    if let t = c.expect_type { #expect(tc2231Type(cd) == t) }
    if let acceptable = c.acceptable_filenames {
      #expect(acceptable.contains(got), "got \(got.debugDescription)")
    } else if let expected = c.expect_filename {
      #expect(got == expected)
    }
  }

  @Test("every deviation is documented in the DocC article ContentDispositionRules.md")
  func deviationsDocumented() throws {
    let article = try String(
      contentsOf: FixtureLoader.root.deletingLastPathComponent().appendingPathComponent(
        "Sources/FilenameKit/FilenameKit.docc/ContentDispositionRules.md"), encoding: .utf8)
    for id in Self.deviations.keys {
      let documented = article.contains("`\(id.replacingOccurrences(of: "tc2231-", with: ""))`")
      #expect(documented, "ContentDispositionRules.md lacks \(id)")
    }
  }
}

@Suite("Content-Disposition: own cases")
struct ContentDispositionCaseTests {
  static let cases: [DispositionCase] = FixtureLoader.load("content-disposition/cases.json")

  @Test func loaded() { #expect(Self.cases.count >= 100) }

  @Test(arguments: cases)
  func parse(_ c: DispositionCase) {
    var options = ContentDisposition.Options(profile: c.profile == "strict" ? .strict : .compatible)
    if let label = c.referrer_charset {
      let charset = Charset(label: label)
      #expect(charset != nil, "unknown label \(label)")
      options.fallbackCharset = charset
    }
    let cd = ContentDisposition(parsing: c.bytes, options: options)
    #expect((cd.isEmpty ? nil : cd.type.name) == c.expect_type)
    #expect(cd.filename == c.expect_filename)
    let codes = cd.diagnostics.map(\.code.rawValue)
    for d in c.expect_diagnostics ?? [] { #expect(codes.contains(d), "missing diagnostic \(d); got \(codes)") }
    if let s = c.expect_source { #expect(cd.candidates.first?.source.rawValue == s) }
    for (name, value) in c.expect_parameters ?? [:] { #expect(cd.parameter(name)?.value == value) }
    // Offsets always point inside the header.
    for d in cd.diagnostics { #expect(d.offset >= 0 && d.offset <= c.bytes.count) }
  }

  @Test("string and non-contiguous byte inputs parse alike", arguments: cases)
  func inputForms(_ c: DispositionCase) {
    let options = ContentDisposition.Options(profile: c.profile == "strict" ? .strict : .compatible)
    let fromArray = ContentDisposition(parsing: c.bytes, options: options)
    let fromLazy = ContentDisposition(parsing: c.bytes.lazy.map { $0 }, options: options)
    #expect(fromArray == fromLazy)
    if let s = String(validating: c.bytes, as: UTF8.self) {
      #expect(ContentDisposition(s, options: options) == fromArray)
      #expect(ContentDisposition(s[...], options: options) == fromArray)
    }
  }
}

/// A scale case: the header is generated from a description.
struct ScaleCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let generator: String
  let count: Int
  let expect_filename_length: Int?
  let expect_parameter_count: Int?
  var testDescription: String { id }

  var header: [UInt8] {
    var h = Array("attachment".utf8)
    switch generator {
    case "long-filename":
      h += Array("; filename=\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: count) + [UInt8(ascii: "\"")]
    case "many-parameters":
      for i in 0..<count { h += Array("; p\(i)=v".utf8) }
      h += Array("; filename=x.txt".utf8)
    case "many-continuations":
      for i in 0..<count { h += Array("; filename*\(i)=x".utf8) }
    case "many-continuations-reversed":
      for i in (0..<count).reversed() { h += Array("; filename*\(i)=\"y\"".utf8) }
    case "semicolons":
      h += [UInt8](repeating: UInt8(ascii: ";"), count: count)
    case "long-ext-value":
      h += Array("; filename*=UTF-8''".utf8)
      for _ in 0..<(count / 2) { h += Array("%C3%A9".utf8) }
    case "unterminated-quote":
      h += Array("; filename=\"".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: count)
    case "many-rfc2047-words":
      h += Array("; filename=\"".utf8)
      for _ in 0..<count { h += Array("=?UTF-8?Q?a?= ".utf8) }
      h += [UInt8(ascii: "\"")]
    case "rfc2047-unterminated":
      h += Array("; filename=\"".utf8)
      for _ in 0..<count { h += Array("=?a?b?".utf8) }
      h += [UInt8(ascii: "\"")]
    case "rfc2047-openers":
      h += Array("; filename=\"".utf8)
      for _ in 0..<count { h += Array("=?".utf8) }
      h += [UInt8(ascii: "\"")]
    default:
      break
    }
    return h
  }
}

@Suite("Content-Disposition: scale")
struct ContentDispositionScaleTests {
  static let cases: [ScaleCase] = FixtureLoader.load("content-disposition/scale.json")

  @Test(arguments: cases)
  func scale(_ c: ScaleCase) {
    let cd = ContentDisposition(parsing: c.header)
    if let n = c.expect_filename_length { #expect(cd.filename?.count == n) }
    if let n = c.expect_parameter_count { #expect(cd.parameters.count == n) }
  }
}

@Suite("Content-Disposition: building headers")
struct ContentDispositionBuildingTests {
  /// Names from a seeded generator: CJK, emoji, accents, quotes, percent signs, spaces. (Separators and
  /// controls are not names: the builder replaces them, tested below.)
  static let names: [String] = {
    let pools: [[String]] = [
      [
        "a", "B", "z", "0", "9", "-", "_", ".", " ", "(", ")", "[", "]", "+", "&", "'", "!", "#", "$", "~", "^", "`",
        "|", ",", "@", "{", "}",
      ],
      ["中", "文", "会", "议", "纪", "要", "報", "告", "見", "積", "書", "회", "의", "록", "ä", "é", "ß", "Ω", "Ж", "ا", "€"],
      ["😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "❤️", "e\u{301}"],
      ["\"", "%", "%41", "%E4%B8%AD", "=?UTF-8?B?YQ==?=", ";", "=", "*", "'"],
    ]
    var rng = SplitMix64(seed: 0x5EED)
    var out: [String] = [
      "中文.pdf", "a\"b.txt", "100% done.txt", " lead.txt", "trail .txt", "x", "=?UTF-8?Q?a?=", "%E4%B8%AD.txt",
    ]
    for _ in 0..<500 {
      var s = ""
      for _ in 0..<Int(rng.next() % 12 + 1) {
        let pool = pools[Int(rng.next() % UInt64(pools.count))]
        s += pool[Int(rng.next() % UInt64(pool.count))]
      }
      if rng.next() % 2 == 0 { s += [".pdf", ".tar.gz", ".txt", ".hwp"][Int(rng.next() % 4)] }
      out.append(s)
    }
    return out
  }()

  @Test("parse(header(name)) returns name", arguments: [ContentDisposition.Profile.compatible, .strict])
  func roundTrip(_ profile: ContentDisposition.Profile) {
    for name in Self.names {
      let header = ContentDisposition.header(filename: name)
      #expect(header.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "header not printable ASCII: \(header)")
      let cd = ContentDisposition(header, options: .init(profile: profile))
      #expect(cd.filename == name, "\(name.debugDescription) -> \(header)")
      #expect(cd.type == .attachment)
    }
  }

  @Test func asciiOnlyNeedsNoExtValue() {
    #expect(ContentDisposition.header(filename: "report.pdf") == "attachment; filename=\"report.pdf\"")
    #expect(ContentDisposition.header(type: .inline, filename: "a\"b.txt") == "inline; filename=\"a\\\"b.txt\"")
  }

  @Test func fallbackDropsAccentsAndKeepsExtension() {
    let h = ContentDisposition.header(filename: "Café 中文.pdf")
    #expect(h.hasPrefix("attachment; filename=\"Cafe __.pdf\"; filename*=UTF-8''"))
  }

  @Test func separatorsAndControlsBecomeUnderscore() {
    let cd = ContentDisposition(ContentDisposition.header(filename: "a/b\\c\u{0}d.txt"))
    #expect(cd.filename == "a_b_c_d.txt")
  }
}

@Suite("Content-Disposition: raw parameter bytes")
struct ContentDispositionRawValueTests {
  @Test func rawValues() {
    let cd = ContentDisposition(#"attachment; a="x\"y"; b=tok; filename*=UTF-8''%E4%B8%AD.txt; c='q'"#)
    #expect(cd.parameter("a")?.value == "x\"y")
    #expect(cd.parameter("a")?.rawValue == Array("x\"y".utf8))
    #expect(cd.parameter("b")?.rawValue == Array("tok".utf8))
    #expect(cd.parameter("filename*")?.value == "中.txt")
    #expect(cd.parameter("filename*")?.rawValue == Array("UTF-8''%E4%B8%AD.txt".utf8))
    #expect(cd.parameter("c")?.value == "'q'")
    #expect(cd.parameter("c")?.rawValue == Array("'q'".utf8))
    let latin = ContentDisposition(parsing: Array("attachment; filename=\"caf".utf8) + [0xE9] + Array(".txt\"".utf8))
    #expect(latin.filename == "café.txt")
    #expect(latin.parameter("filename")?.rawValue == Array("caf".utf8) + [0xE9] + Array(".txt".utf8))
    let bad = ContentDisposition("attachment; filename*=UTF-8''%FF")
    #expect(bad.parameter("filename*")?.value == nil)
    #expect(bad.parameter("filename*")?.rawValue == Array("UTF-8''%FF".utf8))
  }
}
