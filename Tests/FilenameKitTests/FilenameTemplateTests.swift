import Testing

@testable import FilenameKit

/// `FilenameTemplate`: parsing, per-field sanitizing and the budget cut (Fixtures/paths/templates.json).
@Suite("FilenameTemplate")
struct FilenameTemplateTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let template: String
    let fields: [String: String]
    let platform: String
    let max_length: Int?
    let reserve: Int?
    let normalization: String?
    let neutralize: Bool?
    let ascii: Bool?
    let url: String?
    let content_disposition: String?
    let expected: String?
    let cuts: [[CutValue]]?
    let error: String?
    let error_offset: Int?
    var testDescription: String { id }
  }

  /// A cut in a fixture: `[field, from, to]`.
  enum CutValue: Decodable, Sendable, Equatable {
    case text(String)
    case number(Int)
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .text(try c.decode(String.self)) }
    }
  }

  static let cases: [Case] = FixtureLoader.load("paths/templates.json", as: Case.self)

  @Test func fixtureFileIsComplete() {
    #expect(Self.cases.count >= 50)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
    for c in Self.cases {
      #expect(!c.source.isEmpty, "\(c.id)")
      #expect((c.expected == nil) != (c.error == nil), "\(c.id): an expected name or an error")
    }
  }

  /// The case's error kind and offset.
  static func describe(_ e: FilenameTemplateError) -> (String, Int?) {
    switch e {
    case .unbalancedBrace(let o, _): ("unbalancedBrace", o)
    case .invalidPlaceholder(let o, _): ("invalidPlaceholder", o)
    case .separatorInText(let o): ("separatorInText", o)
    case .unknownPlaceholder(let o, _): ("unknownPlaceholder", o)
    case .fixedPartsTooLong: ("fixedPartsTooLong", nil)
    }
  }

  @Test(arguments: cases)
  func render(_ c: Case) throws {
    let platform = try #require(Platform(rawValue: c.platform))
    var options = SanitizerOptions(maxLength: c.max_length, reservedSuffixLength: c.reserve ?? 0)
    if c.normalization == "nfd" { options.normalization = .nfd }
    if c.neutralize == true { options.dangerousTypes = .neutralize }
    if c.ascii == true { options.asciiOnly = true }
    var fields = c.fields
    if c.url != nil || c.content_disposition != nil {
      var so = SuggestionOptions()
      so.platform = platform
      so.dangerousTypes = options.dangerousTypes
      let s = suggestFilename(
        for: DownloadMetadata(url: c.url, contentDisposition: c.content_disposition.map { Array($0.utf8) }),
        options: so)
      fields.merge(FilenameTemplate.suggestionFields(of: s, url: c.url)) { caller, _ in caller }
    }
    do throws(FilenameTemplateError) {
      let r = try FilenameTemplate(c.template).render(fields, for: platform, options: options)
      #expect(c.error == nil, "\(c.id): expected \(c.error ?? "") but rendered \(r.name)")
      if let e = c.expected {
        #expect(Array(r.name.unicodeScalars) == Array(e.unicodeScalars), "\(c.id): got \(r.name)")
      }
      if let cuts = c.cuts {
        let got = r.cuts.map { [CutValue.text($0.field), .number($0.from), .number($0.to)] }
        #expect(got == cuts, "\(c.id): cuts \(r.cuts)")
      }
      #expect(platform.length(of: r.name) <= r.budget, "\(c.id)")
      var check = options
      check.maxLength = r.budget
      check.reservedSuffixLength = 0
      #expect(FilenameSanitizer.isSafe(r.name, for: platform, options: check), "\(c.id): not safe")
    } catch {
      let (kind, offset) = Self.describe(error)
      #expect(c.error == kind, "\(c.id): threw \(error)")
      #expect(c.error_offset == offset, "\(c.id): threw \(error)")
      #expect(!error.description.isEmpty)
    }
  }

  /// An error names the place: the message carries the byte offset and the offending text.
  @Test func errorMessagesNameThePlace() {
    #expect(throws: FilenameTemplateError.unbalancedBrace(offset: 4, brace: "{")) { try FilenameTemplate("abc {x") }
    let long = "{" + String(repeating: "a b", count: 1000) + "}"
    do {
      _ = try FilenameTemplate(long)
      Issue.record("no error")
    } catch {
      #expect(error.description.contains("at byte 0"))
      #expect(error.description.utf8.count < 200, "the excerpt is bounded")
    }
  }

  /// Thousands of placeholders and megabyte fields finish, and fit.
  @Test func largeInputsFinish() throws {
    let t = try FilenameTemplate(String(repeating: "{a}", count: 20_000) + "{id!}")
    let r = try t.render(["a": String(repeating: "é", count: 100_000), "id": "x"], for: .linux)
    // Every copy is cut to nothing but the first, which takes the room left over whole.
    #expect(r.name == String(repeating: "é", count: 127) + "x")
    #expect(r.cuts.count == 19_999)
  }
}
