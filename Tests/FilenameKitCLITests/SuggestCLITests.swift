import Foundation
import Testing

@testable import FilenameKitCLI

@Suite("filenamekit suggest")
struct SuggestCLITests {
  static let readmeArgs = [
    "suggest", "--url", "https://example.com/download.php?id=7",
    "--content-disposition", "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87", "--content-type", "application/pdf",
    "--explain",
  ]

  @Test("the README's main command")
  func readme() throws {
    let r = try CLIHarness.runProcess("filenamekit", Self.readmeArgs)
    #expect(r.status == 0)
    let out = String(decoding: r.out, as: UTF8.self)
    #expect(out.hasPrefix("中文.pdf\n"))
    #expect(out.contains("  source:     filename*\n"))
    #expect(out.contains("  decision:   download (Content-Disposition type is attachment)\n"))
    #expect(out.contains("why:\n"))
    #expect(out.contains("extension-added  no extension; .pdf from application/pdf"))
    #expect(!out.contains("\u{1B}["), "no colours when stdout is not a terminal")
    #expect(r.err.isEmpty)
  }

  @Test("colours only on a terminal, and never with NO_COLOR")
  func colours() {
    for (tty, noColor, expectColor) in [(true, false, true), (true, true, false), (false, false, false)] {
      let (io, out, _) = ToolIO.capturing()
      io.outIsTerminal = tty
      io.noColor = noColor
      #expect(FilenameTool.run(Self.readmeArgs.dropFirst(0).map { $0 }, io: io) == 0)
      #expect(out().contains("\u{1B}[") == expectColor, "tty=\(tty) noColor=\(noColor)")
    }
  }

  @Test("--json has exactly the batch op's fields")
  func json() throws {
    let r = CLIHarness.run(["suggest", "--url", "https://ex.com/a/%E4%B8%AD.txt", "--json"])
    #expect(r.status == 0)
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    guard case .object(let fields) = v else {
      Issue.record("not an object")
      return
    }
    #expect(
      Set(fields.map(\.0)) == [
        "filename", "source", "media_type", "download", "reason", "risk", "trace",
        "disguise", "media_type_serialized", "decision_detail", "conflict", "conflict_code", "content_disposition",
        "sniffed", "extension_mismatch",
      ])
    #expect(fields.first { $0.0 == "filename" }?.1 == .string("中.txt"))
    #expect(fields.first { $0.0 == "source" }?.1 == .string("url-path"))
  }

  @Test("raw bytes and a referrer charset")
  func hex() {
    let r = CLIHarness.run([
      "suggest", "--content-disposition-hex", "6174746163686d656e743b2066696c656e616d653d22d6d0cec42e70646622",
      "--referrer-charset", "gbk", "--platform", "windows",
    ])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("中文.pdf\n"))
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["suggest", "--platform", "beos"], ["suggest", "--max-length", "0"], ["suggest", "--max-length", "x"],
      ["suggest", "stray"], ["suggest", "--renderer", "gpu"], ["suggest", "--referrer-charset", "klingon"],
      ["suggest", "--content-disposition-hex", "zz"], ["suggest", "--url"],
    ])
  func usage(_ args: [String]) {
    let r = CLIHarness.run(args)
    #expect(r.status == 64)
    #expect(r.out.isEmpty)
    #expect(r.err.contains("filenamekit suggest:"))
  }

  @Test("batch op suggest: protocol fields and values")
  func batch() throws {
    let line =
      #"{"id":"s1","op":"suggest","url":"https://ex.com/download.php","content_type":"application/pdf","platform":"windows","max_length":100,"renderer":"none"}"#
    let r = CLIHarness.run(["batch"], stdin: line + "\n" + #"{"id":"s2","op":"suggest","platform":"plan9"}"# + "\n")
    let lines = r.out.split(separator: "\n").map(String.init)
    try #require(lines.count == 2)
    // Exact fields, in protocol order.
    #expect(
      lines[0].hasPrefix(
        #"{"id":"s1","filename":"download.pdf","source":"url-path","media_type":"application/pdf","download":true,"reason":"renderer-renders-nothing","risk":"ordinary","trace":[{"code":"media-type","detail":"#
      ))
    #expect(lines[0].contains(#"{"code":"result","detail":"\"download.pdf\""}],"disguise":[]"#))
    #expect(
      lines[1]
        == #"{"id":"s2","error":"unknown platform 'plan9' (linux, macos, windows, portable)","error_code":"unknown-value"}"#
    )
  }
}

@Suite("help snapshots")
struct HelpSnapshotTests {
  /// Every command's help, compared verbatim with Fixtures/cli/help/<command>.txt.
  @Test(arguments: ["filenamekit"] + FilenameTool.commandNames)
  func snapshot(_ name: String) throws {
    let r = name == "filenamekit" ? CLIHarness.run(["--help"]) : CLIHarness.run([name, "--help"])
    #expect(r.status == 0)
    let url = CLIFixtures.root.appendingPathComponent("cli/help/\(name).txt")
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(r.out == expected, "help of \(name) changed; update \(url.path) if intended")
  }
}
