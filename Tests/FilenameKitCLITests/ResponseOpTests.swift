import FilenameKit
import Foundation
import Testing

@testable import FilenameKitCLI

/// One case of `Fixtures/response/response.json`: a response head (text, hex, or curl's header_json
/// object), other request members, and members the answer must have.
struct ResponseCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let head: String?
  let headHex: String?
  let headJSON: JSONValue?
  let request: JSONValue
  let expect: JSONValue
  let expectNotesContain: [String]?
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, source, head, request, expect
    case headHex = "head_hex"
    case headJSON = "head_json"
    case expectNotesContain = "expect_notes_contain"
  }
}

@Suite("response heads")
struct ResponseOpTests {
  static let cases = FixtureLoader.load("response/response.json", as: ResponseCase.self)

  @Test func loaded() { #expect(Self.cases.count >= 25) }

  /// The answer to a case: the batch op for a raw head, `suggest --response-head FILE --json` for
  /// curl's object.
  static func answer(_ c: ResponseCase) throws -> JSONValue {
    guard case .object(let extra) = c.request else { throw CocoaError(.coderInvalidValue) }
    if let object = c.headJSON {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("fnk-head-\(c.id).json")
      try Data(object.serialized.utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      var args = ["suggest", "--response-head", file.path, "--json"]
      if case .string(let url)? = extra.first(where: { $0.0 == "url" })?.1 { args += ["--url", url] }
      let r = CLIHarness.run(args)
      #expect(r.status == 0, "\(r.err)")
      return try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    }
    let hex = c.headHex ?? Data((c.head ?? "").utf8).map { String(format: "%02x", $0) }.joined()
    let line = JSONValue.object(
      [("id", .string(c.id)), ("op", .string("response")), ("head_hex", .string(hex))] + extra)
    let out = BatchEngine.answer(Array(line.serialized.utf8))
    return try JSONDecoder().decode(JSONValue.self, from: Data(out.utf8))
  }

  @Test("each response head", arguments: cases)
  func response(_ c: ResponseCase) throws {
    let got = try Self.answer(c)
    #expect(got.includes(c.expect), "got \(got)")
    guard case .object(let members) = got else { return }
    #expect(members.contains { $0.0 == "rules_version" && $0.1 == .string(FilenameKitVersion.rules) })
    let notes: [String]
    if case .array(let items)? = members.first(where: { $0.0 == "notes" })?.1 {
      notes = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
    } else {
      notes = []
    }
    for text in c.expectNotesContain ?? [] {
      #expect(notes.contains { $0.contains(text) }, "no note with '\(text)' in \(notes)")
    }
  }

  /// A head of 1 MiB (one huge field, or 40,000 small ones) is read in linear time and answered.
  @Test func hugeHeads() throws {
    let big =
      "HTTP/1.1 200 OK\r\nX-Pad: " + String(repeating: "a", count: 1 << 20)
      + "\r\nContent-Disposition: attachment; filename=after.txt\r\n\r\n"
    let many =
      "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 40_000)
      + "Content-Disposition: attachment; filename=many.txt\r\n\r\n"
    for (text, name) in [(big, "after.txt"), (many, "many.txt")] {
      let head = ResponseHead.parse(Array(text.utf8))
      #expect(head.isComplete)
      #expect(head.values("content-disposition") == [Array("attachment; filename=many.txt".utf8)] || name != "many.txt")
      let clock = ContinuousClock()
      let start = clock.now
      let c = ResponseCase(
        id: name, source: "own", head: text, headHex: nil, headJSON: nil, request: .object([]),
        expect: .object([("filename", .string(name))]), expectNotesContain: nil)
      let got = try Self.answer(c)
      #expect(got.includes(c.expect))
      #expect(clock.now - start < .seconds(20))
    }
  }

  /// Every byte value at every place of a short head parses without a crash, and never yields a
  /// field whose name or value holds CR, LF or NUL.
  @Test func everyByteEverywhere() {
    let base = Array("HTTP/1.1 200 OK\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\n".utf8)
    for i in base.indices {
      for b in [0x00, 0x0A, 0x0D, 0x20, 0x3A, 0x09, 0xFF] as [UInt8] {
        var bytes = base
        bytes[i] = b
        let head = ResponseHead.parse(bytes)
        for f in head.fields {
          #expect(!f.value.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
        }
      }
    }
  }
}
