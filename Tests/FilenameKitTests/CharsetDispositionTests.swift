import Testing

@testable import FilenameKit

/// A raw 8-bit Content-Disposition name and what detection makes of it
/// (Fixtures/charset/disposition-detection.json).
struct DispositionDetectionCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let hex: String
  let language: String?
  let filename: String
  let diagnostic: String
  var testDescription: String { id }
}

@Suite("Charset detection in Content-Disposition")
struct CharsetDispositionTests {
  static let cases: [DispositionDetectionCase] = FixtureLoader.load(
    "charset/disposition-detection.json", as: DispositionDetectionCase.self)

  @Test func fixturesAreThere() { #expect(Self.cases.count >= 7) }

  /// Confident guesses are applied; unsure ones keep the bytes visible and say so.
  @Test(arguments: cases)
  func row(_ c: DispositionDetectionCase) {
    let (cd, _) = ContentDisposition.parseDetectingCharset(
      FixtureHex.decode(c.hex), options: .init(), language: c.language)
    #expect(cd.filename == c.filename)
    #expect(cd.diagnostics.contains { $0.code.rawValue == c.diagnostic }, "\(cd.diagnostics)")
  }

  /// A name longer than the detector scores (hostile13 F3: it decodes only the scored prefix, the parse
  /// the whole name) comes out as the detector's whole reading would make it: each fixture's name
  /// repeated past `maxNameLength`, the guess (charset, confidence, text) and the parse agreeing with
  /// `CharsetDetector.guesses`.
  @Test func longNamesDecodedOnce() throws {
    var applied = 0
    for c in Self.cases {
      let header = FixtureHex.decode(c.hex)
      let open = try #require(header.firstIndex(of: UInt8(ascii: "\"")), "\(c.id)")
      let name = Array(header[(open + 1)..<(header.count - 1)])
      guard name.contains(where: { $0 >= 0x80 }) else { continue }
      var long: [UInt8] = []
      while long.count <= CharsetDetector.maxNameLength * 2 { long += name + [UInt8(ascii: " ")] }
      let (cd, guess) = ContentDisposition.parseDetectingCharset(
        Array(header[...open]) + long + [UInt8(ascii: "\"")], options: .init(), language: c.language)
      let whole = CharsetDetector.guesses(for: long, language: c.language).first
      if let guess, guess.charset != .isoLatin1, guess.charset != .windows1252 {
        applied += 1
        #expect(guess.charset == whole?.charset && guess.confidence == whole?.confidence, "\(c.id)")
        #expect(guess.text == whole?.text && cd.parameter("filename")?.value == whole?.text, "\(c.id)")
      } else if guess == nil, let whole, whole.confidence >= CharsetDetector.defaultThreshold {
        Issue.record("\(c.id): a confident whole reading (\(whole.charset.name) \(whole.confidence)) was not applied")
      }
    }
    #expect(applied >= 3, "too few long names were read in a detected charset to compare")
  }
}
