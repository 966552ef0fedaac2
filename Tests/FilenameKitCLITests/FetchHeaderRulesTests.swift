import Foundation
import Testing

@testable import FilenameKitFetch

/// Issue 13, second pass: Referer on cross-origin redirects, repeated singleton fields, responses
/// without content (`Fixtures/cli/fetch-headers.json`, end to end), and the referrer rule itself
/// (`Fixtures/cli/referrer-policy.json`).
@Suite("filenamekit fetch: Referer, repeated fields, no-content responses")
struct FetchHeaderRulesTests {
  static let cases = loadFetchFixture("fetch-headers.json", as: FetchCase.self)

  @Test func loaded() { #expect(Self.cases.count == 76) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: FetchCase) throws { try FetchCLITests.check(c) }

  struct ReferrerCase: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let referer: String
    let hop: String
    let expected: String?
    var testDescription: String { id }
  }

  static let referrerCases = loadFetchFixture("referrer-policy.json", as: ReferrerCase.self)

  @Test func referrerCasesLoaded() { #expect(Self.referrerCases.count == 10) }

  @Test("ReferrerPolicy.referer", arguments: referrerCases)
  func referrer(_ c: ReferrerCase) {
    #expect(ReferrerPolicy.referer(c.referer, toward: c.hop) == c.expected)
  }
}
