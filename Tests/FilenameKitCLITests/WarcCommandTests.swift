import FilenameKit
import Foundation
import Testing

@testable import FilenameKitCLI

/// One case of `Fixtures/warc/warc.json`: a WARC file, the options to read it with, and the
/// answers expected per record, in order (`*_contains` members match part of a text), with the
/// files `--extract` must write (path under the destination → bytes as hex), when given.
struct WarcCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let file: String
  let args: [String]?
  let extract: Bool
  let layout: String?
  let status: Int32
  let records: [JSONValue]
  let files: [String: String]?
  var testDescription: String { id }
}

@Suite("filenamekit warc")
struct WarcCommandTests {
  static let cases = FixtureLoader.load("warc/warc.json", as: WarcCase.self)

  @Test func loaded() { #expect(Self.cases.count >= 20) }

  /// A new empty directory.
  static func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fnk-warc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Every regular file under `dir`, by relative path, as hex.
  static func written(_ dir: URL) -> [String: String] {
    var files: [String: String] = [:]
    let root = dir.resolvingSymlinksInPath().path
    for case let url as URL in FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) ?? .init() {
      var isDir: ObjCBool = false
      let path = url.resolvingSymlinksInPath().path
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
        let data = FileManager.default.contents(atPath: path)
      else { continue }
      files[String(path.dropFirst(root.count + 1))] = data.map { String(format: "%02x", $0) }.joined()
    }
    return files
  }

  /// Whether `got` has every member of `want`; `X_contains` members match when the text member
  /// `X` (or an item of the array `X`, for notes) contains the expected text.
  static func matches(_ got: JSONValue, _ want: JSONValue) -> Bool {
    guard case .object(let g) = got, case .object(let w) = want else { return false }
    return w.allSatisfy { key, value in
      if key.hasSuffix("_contains"), case .string(let part) = value {
        let member = g.first { $0.0 == String(key.dropLast("_contains".count)) }?.1
        switch member {
        case .string(let s)?: return s.contains(part)
        case .array(let items)?:
          return items.contains { if case .string(let s) = $0 { s.contains(part) } else { false } }
        default: return false
        }
      }
      return g.contains { $0.0 == key && $0.1 == value }
    }
  }

  @Test("each WARC file", arguments: cases)
  func warc(_ c: WarcCase) throws {
    let path = FixtureLoader.root.appendingPathComponent("warc/" + c.file).path
    var args = ["warc", "--json"] + (c.args ?? [])
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    if c.extract { args += ["--extract", dir.path] }
    if let layout = c.layout { args += ["--layout", layout] }
    let r = CLIHarness.run(args + [path])
    #expect(r.status == c.status, "\(r.err)")
    let lines = r.out.split(separator: "\n").map { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    #expect(lines.count == c.records.count, "\(r.out)")
    for (i, want) in c.records.enumerated() where i < lines.count {
      guard let got = lines[i] else {
        Issue.record("line \(i) is not JSON")
        continue
      }
      #expect(Self.matches(got, want), "record \(i): got \(got), want \(want)")
      #expect(got.includes(.object([("rules_version", .string(FilenameKitVersion.rules))])))
    }
    if let files = c.files {
      #expect(Self.written(dir) == files)
    }
  }

  /// An existing file in the destination is never replaced: the payload gets the next free name.
  @Test func neverOverwrites() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("mine".utf8).write(to: dir.appendingPathComponent("ok.txt"))
    let path = FixtureLoader.root.appendingPathComponent("warc/hostile/unknown-type.warc").path
    let r = CLIHarness.run(["warc", "--json", "--extract", dir.path, path])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains(#""extracted":"ok (1).txt""#), "\(r.out)")
    #expect(Self.written(dir) == ["ok.txt": "6d696e65", "ok (1).txt": "66696e650a"])
  }

  /// The text form: one line per named record, a summary on standard error.
  @Test func textLines() {
    let path = FixtureLoader.root.appendingPathComponent("warc/warcio.warc").path
    let r = CLIHarness.run(["warc", path])
    #expect(r.status == 0)
    #expect(r.out.split(separator: "\n").first?.hasSuffix("report.pdf\thttps://example.com/download?id=7") == true)
    #expect(r.err.contains("12 named, 0 with an error"))
  }

  /// Bad command lines.
  @Test func usage() {
    #expect(CLIHarness.run(["warc"]).status == ExitStatus.usage)
    #expect(CLIHarness.run(["warc", "--layout", "mirror", "x.warc"]).status == ExitStatus.usage)
    #expect(CLIHarness.run(["warc", "--layout", "tree", "--extract", "/tmp", "x.warc"]).status == ExitStatus.usage)
    #expect(CLIHarness.run(["warc", "/nonexistent.warc"]).status == ExitStatus.failure)
  }
}
