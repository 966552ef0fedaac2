import Foundation
import Testing

@testable import FilenameKitCLI

/// `--dest DIR` of `suggest` and `sanitize` (Fixtures/paths/dest-cli.json): each case runs in a
/// directory made so that its absolute path has exactly `dest_length` bytes.
@Suite("--dest")
struct DestinationCLITests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let dest_length: Int
    let args: [String]
    let status: Int32
    let out_json: JSONValue?
    let err_contains: String?
    let make_file: String?
    var testDescription: String { id }
  }

  static let cases = loadFixtureObjects(
    FixtureLoader.root.appendingPathComponent("paths/dest-cli.json"), as: Case.self)

  @Test func loaded() { #expect(Self.cases.count >= 10) }

  /// A new directory whose resolved absolute path is `length` bytes long (segments of `d`).
  static func directory(length: Int) throws -> (path: String, base: String) {
    let made = NSTemporaryDirectory() + "fk-dest-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
    let resolved = try #require(realpath(made, nil))
    defer { free(resolved) }
    var path = String(cString: resolved)
    let base = path
    while path.utf8.count < length {
      let left = length - path.utf8.count - 1
      // Never leave a single byte: it could not hold a separator and a segment.
      let n = left > 200 ? (left - 200 < 2 ? 150 : 200) : left
      path += "/" + String(repeating: "d", count: n)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    #expect(path.utf8.count == length)
    return (path, base)
  }

  /// `includes`, into nested objects too.
  static func includes(_ got: JSONValue, _ want: JSONValue) -> Bool {
    guard case .object(let g) = got, case .object(let w) = want else { return got == want }
    return w.allSatisfy { key, value in g.contains { $0.0 == key && includes($0.1, value) } }
  }

  @Test(arguments: cases)
  func run(_ c: Case) throws {
    let (dest, base) = try Self.directory(length: c.dest_length)
    defer { try? FileManager.default.removeItem(atPath: base) }
    if let f = c.make_file { #expect(FileManager.default.createFile(atPath: dest + "/" + f, contents: Data())) }
    let r = CLIHarness.run(c.args.map { $0.replacingOccurrences(of: "$DEST", with: dest) })
    #expect(r.status == c.status, "\(c.id): \(r.err)")
    if let e = c.err_contains { #expect(r.err.contains(e), "\(c.id): \(r.err)") }
    if let expected = c.out_json {
      let got = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
      #expect(Self.includes(got, expected), "\(c.id): \(r.out.prefix(400))")
      if case .object(let members) = got, let d = members.first(where: { $0.0 == "destination" })?.1,
        case .object(let dm) = d, case .string(let path)? = dm.first(where: { $0.0 == "path" })?.1,
        case .int(let limit)? = dm.first(where: { $0.0 == "path_limit" })?.1
      {
        #expect(path.utf8.count <= limit, "\(c.id): the whole path fits")
      } else {
        Issue.record("\(c.id): no destination path")
      }
    }
  }
}
