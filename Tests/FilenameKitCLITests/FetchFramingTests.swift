import Testing

/// Issue 13, M1: a download is linked into place only when complete and well framed
/// (`Fixtures/cli/fetch-framing.json`, against the test server's `/raw` route).
@Suite("filenamekit fetch: incomplete and badly framed bodies are never saved")
struct FetchFramingTests {
  static let cases = loadFetchFixture("fetch-framing.json", as: FetchCase.self)

  @Test func loaded() { #expect(Self.cases.count == 23) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: FetchCase) throws { try FetchCLITests.check(c) }
}
