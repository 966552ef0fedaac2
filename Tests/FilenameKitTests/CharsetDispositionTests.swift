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
}
