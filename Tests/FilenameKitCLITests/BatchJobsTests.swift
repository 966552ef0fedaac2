import FilenameKitTestSupport
import Foundation
import Testing

@testable import FilenameKitCLI

/// One corpus of `Fixtures/cli/batch-jobs.json`: request lines that `batch --jobs N` must answer byte
/// for byte as `--jobs 1` does.
struct BatchJobsCase: Decodable, CustomTestStringConvertible, Sendable {
  var id: String
  var source: String
  var corpus: String?
  var cases: [String]?
  var repeatCount: Int?
  var blankBetween: Bool?
  var maxLineBytes: Int?
  var jobs: [Int]

  enum CodingKeys: String, CodingKey {
    case id, source, corpus, cases, jobs
    case repeatCount = "repeat"
    case blankBetween = "blank_between"
    case maxLineBytes = "max_line_bytes"
  }

  var testDescription: String { id }

  /// The request lines: a JSON Lines corpus repeated, or every `in` / `in_raw` of protocol fixtures.
  func lines() throws -> [String] {
    var lines: [String] = []
    if let corpus {
      let text = try String(contentsOf: CLIFixtures.root.appendingPathComponent(corpus), encoding: .utf8)
      let once = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for _ in 0..<(repeatCount ?? 1) { lines += once }
    }
    for file in cases ?? [] {
      let data = try Data(contentsOf: CLIFixtures.root.appendingPathComponent(file))
      let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
      for case let entry as [String: Any] in entries {
        if let raw = entry["in_raw"] as? String {
          lines.append(raw)
        } else if let object = entry["in"] {
          let json = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
          lines.append(String(decoding: json, as: UTF8.self))
        }
        if blankBetween == true { lines.append(["", " ", "\t", "\r"][lines.count % 4]) }
      }
    }
    return lines
  }
}

@Suite("batch --jobs")
struct BatchJobsTests {
  static let cases: [BatchJobsCase] = FixtureLoader.load("cli/batch-jobs.json")

  @Test func loaded() { #expect(Self.cases.count >= 4) }

  @Test("the answers of N threads are those of one", arguments: cases)
  func sameBytes(_ c: BatchJobsCase) throws {
    let input = try c.lines().joined(separator: "\n") + "\n"
    #expect(input.utf8.count > 1000, "the corpus is too small to test anything")
    let limit = c.maxLineBytes.map { ["--max-line-bytes", String($0)] } ?? []
    let one = CLIHarness.run(["batch", "--jobs", "1"] + limit, stdin: input)
    #expect(one.status == 0)
    #expect(!one.out.isEmpty)
    for n in c.jobs {
      let many = CLIHarness.run(["batch", "--jobs", String(n)] + limit, stdin: input)
      #expect(many.status == 0)
      #expect(many.out == one.out, "--jobs \(n) answered differently from --jobs 1")
    }
  }

  @Test("--jobs takes a whole number from 1 to 1024")
  func badJobs() {
    for bad in ["0", "-1", "x", "1025", ""] {
      let r = CLIHarness.run(["batch", "--jobs", bad], stdin: "")
      #expect(r.status == 64, "--jobs \(bad)")
      #expect(r.err.contains("--jobs"))
    }
  }
}
