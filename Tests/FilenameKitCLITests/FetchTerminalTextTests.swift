import Foundation
import Testing

/// One case of `Fixtures/cli/fetch-terminal-text.json`: a command line whose user- or server-supplied
/// text must reach the terminal escaped.
struct TerminalTextCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let args: [String]
  let status: Int32
  let outContains: [String]?
  let errContains: [String]?
  let never: [String]
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, source, args, status, never
    case outContains = "out_contains"
    case errContains = "err_contains"
  }
}

/// Issue 13, M4 and L2: escape sequences, bidi controls and U+2028/U+2029 never reach stderr or stdout
/// raw: not in usage errors (unknown option, unknown command, bad value), not in `--explain`, not in
/// fetch's "as UTF-8" line.
@Suite("filenamekit: user and server text in messages is escaped")
struct FetchTerminalTextTests {
  static let cases = loadFetchFixture("fetch-terminal-text.json", as: TerminalTextCase.self)

  @Test func loaded() { #expect(Self.cases.count == 14) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: TerminalTextCase) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(c.args.map { $0.replacingOccurrences(of: "{base}", with: server.base) })
    #expect(r.status == c.status, "stderr: \(r.err)")
    for s in c.outContains ?? [] { #expect(r.out.contains(s), "missing \(s) in:\n\(r.out)") }
    for s in c.errContains ?? [] { #expect(r.err.contains(s), "missing \(s) in stderr:\n\(r.err)") }
    for s in c.never {
      let shown = s.unicodeScalars.map { String($0.value, radix: 16) }
      #expect(!r.out.contains(s) && !r.err.contains(s), "raw \(shown) in output:\n\(r.out)\n\(r.err)")
    }
  }
}
