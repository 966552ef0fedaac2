import Foundation
import Testing

@testable import FilenameKitCLI

/// `filenamekit path` and the batch op `path` (Fixtures/cli/path.json, in the format of commands.json).
@Suite("filenamekit path")
struct PathCLITests {
  static let cases = loadFixtureObjects(CLIFixtures.root.appendingPathComponent("cli/path.json"), as: CommandCase.self)

  @Test func loaded() { #expect(Self.cases.count >= 15) }

  @Test("each command line", arguments: cases)
  func command(_ c: CommandCase) throws {
    let r = CLIHarness.run(c.args, stdin: c.stdin ?? "")
    #expect(r.status == c.status, "\(r.err)")
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in c.outLines ?? [] { #expect(lines.contains(line), "no line '\(line)' in:\n\(r.out)") }
    if let expected = c.outJSON {
      let got = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
      #expect(got.includes(expected), "got \(r.out)")
    }
    if let e = c.errText { #expect(r.err == e) }
    if c.status == 64 { #expect(r.err.contains("filenamekit path:") && r.err.contains("--help")) }
  }

  /// `--dest` puts the path inside the directory and fits it to the directory's room.
  @Test func destination() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fk-path-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = CLIHarness.run(["path", "--dest", dir.path, "--platform", "windows", "--json", "http://h/a/b.txt"])
    #expect(r.status == 0, "\(r.err)")
    let got = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    let real = URL(fileURLWithPath: dir.path).resolvingSymlinksInPath().path
    #expect(got.includes(.object([("path", .string("h/a/b.txt")), ("full_path", .string(real + "/h/a/b.txt"))])))
  }
}
