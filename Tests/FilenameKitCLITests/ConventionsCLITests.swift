import Foundation
import Testing

@testable import FilenameKitCLI

/// Issue 18: the conventions every command shares.
@Suite("CLI conventions")
struct ConventionsCLITests {
  /// GBK bytes of 会议纪要 in a raw Content-Disposition name (the issue's example).
  static let gbkHeader: [UInt8] =
    Array("attachment; filename=\"".utf8) + [0xBB, 0xE1, 0xD2, 0xE9, 0xBC, 0xCD, 0xD2, 0xAA]
    + Array(".docx\"".utf8)

  static func run(_ argv: [[UInt8]]) -> (status: Int32, out: String, err: String) {
    let (io, out, err) = ToolIO.capturing()
    let status = FilenameTool.run(argv: argv, io: io)
    return (status, out(), err())
  }

  @Test("option values are the bytes the OS passed (CommandLine.unsafeArgv)")
  func argvBytes() throws {
    // Through the real binary: the raw GBK bytes must reach the parser, not U+FFFD.
    let r = try CLIHarness.runProcessBytes(
      "filenamekit", [Array("suggest".utf8), Array("--content-disposition".utf8), Self.gbkHeader])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("会议纪要.docx\n"), "\(r.out)")
    // A referrer charset now changes the reading of those bytes.
    let big5 = try CLIHarness.runProcessBytes(
      "filenamekit",
      [
        Array("suggest".utf8), Array("--content-disposition".utf8), Self.gbkHeader, Array("--referrer-charset".utf8),
        Array("windows-1252".utf8),
      ])
    #expect(!big5.out.hasPrefix("会议纪要"), "\(big5.out)")
    #expect(!big5.out.contains("\u{FFFD}"))
  }

  @Test("suggest, disposition and url agree on the same bytes with the same defaults")
  func commandsAgree() throws {
    let hex = Hex.encode(Self.gbkHeader)
    let suggest = Self.run([
      Array("suggest".utf8), Array("--content-disposition".utf8), Self.gbkHeader, Array("--json".utf8),
    ])
    let disposition = Self.run([Array("disposition".utf8), Self.gbkHeader, Array("--json".utf8)])
    let dispositionHex = Self.run([
      Array("disposition".utf8), Array("--hex".utf8), Array(hex.utf8), Array("--json".utf8),
    ])
    let url = Self.run([
      Array("url".utf8), Array("--json".utf8), Array("https://example.com/%BB%E1%D2%E9%BC%CD%D2%AA.docx".utf8),
    ])
    for r in [suggest, disposition, dispositionHex, url] {
      #expect(r.status == 0, "\(r.err)")
      #expect(r.out.contains("\"filename\":\"会议纪要.docx\""), "\(r.out)")
    }
    // --no-detect means the same on every command: no guess.
    let off = [
      Self.run([
        Array("suggest".utf8), Array("--content-disposition".utf8), Self.gbkHeader, Array("--no-detect".utf8),
        Array("--json".utf8),
      ]),
      Self.run([Array("disposition".utf8), Self.gbkHeader, Array("--no-detect".utf8), Array("--json".utf8)]),
      Self.run([
        Array("url".utf8), Array("--no-detect".utf8), Array("--json".utf8),
        Array("https://example.com/%BB%E1%D2%E9%BC%CD%D2%AA.docx".utf8),
      ]),
    ]
    for r in off { #expect(!r.out.contains("会议纪要"), "\(r.out)") }
    // And every name-decoding command accepts every charset option.
    for command in [SuggestCommand.self, DispositionCommand.self, URLCommand.self, FetchCommand.self]
      as [any ToolCommand.Type]
    {
      for option in CharsetArguments.valueOptions.union(CharsetArguments.flagOptions) {
        #expect(command.options.contains(option), "\(command.name) lacks \(option)")
      }
    }
  }

  @Test("suggest with no input is a usage error (exit 64)")
  func noInput() {
    for args in [["suggest"], ["suggest", "--json"], ["suggest", "--default-name", "x"]] {
      let r = CLIHarness.run(args)
      #expect(r.status == 64, "\(args)")
      #expect(r.out.isEmpty)
      #expect(r.err.contains("nothing to name"))
    }
  }

  @Test("errors name the flag, not the JSON field")
  func errorsNameFlags() {
    let r = CLIHarness.run(["suggest", "--url", "https://e.com/a", "--max-length", "abc"])
    #expect(r.status == 64)
    #expect(r.err.contains("--max-length must be a positive whole number (got 'abc')"), "\(r.err)")
    #expect(!r.err.contains("max_length"))
    let hex = CLIHarness.run(["suggest", "--content-disposition-hex", "zz"])
    #expect(hex.err.contains("--content-disposition-hex is not valid hex"), "\(hex.err)")
  }

  @Test("a mistyped option or command gets a 'did you mean'")
  func didYouMean() {
    #expect(
      CLIHarness.run(["suggest", "--url", "https://e.com/a", "--content-typ", "x"]).err
        .contains("unknown option --content-typ (did you mean --content-type?)"))
    #expect(CLIHarness.run(["sanitize", "--platfrom", "windows", "a"]).err.contains("did you mean --platform?"))
    #expect(CLIHarness.run(["sugest"]).err.contains("did you mean 'suggest'?"))
    #expect(!CLIHarness.run(["suggest", "--zzzzzzzz"]).err.contains("did you mean"))
    // A name that begins with '-': the message says how to pass it, and '--' works.
    #expect(CLIHarness.run(["sanitize", "-rf"]).err.contains("goes after '--'"))
    #expect(CLIHarness.run(["sanitize", "--", "-rf"]).status == 0)
  }

  @Test("every option a command accepts is in its USAGE lines and its OPTIONS", arguments: FilenameTool.commandNames)
  func usageListsOptions(_ name: String) throws {
    let command = try #require(FilenameTool.commands.first { $0.name == name })
    let help = command.help
    let usage = help.components(separatedBy: "\n\n").first ?? ""
    for option in command.options {
      #expect(usage.contains(option), "\(name): USAGE lacks \(option)")
      #expect(
        help.components(separatedBy: "OPTIONS:").dropFirst().joined().contains(option),
        "\(name): OPTIONS lacks \(option)")
    }
  }

  @Test("readable output does not quote names; a control character is escaped")
  func quoting() {
    #expect(CLIHarness.run(["url", "https://e.com/a/report.pdf"]).out.hasPrefix("filename:    report.pdf  ("))
    #expect(CLIHarness.run(["sanitize", "report.pdf"]).out.hasPrefix("filename:  report.pdf\n"))
    let bidi = CLIHarness.run(["url", "https://e.com/a/%E2%80%AEfdp.exe"])
    #expect(bidi.out.contains("<U+202E>fdp.exe"), "\(bidi.out)")
    #expect(!bidi.out.contains("\u{202E}"))
  }

  @Test("batch --help names only things that exist")
  func batchHelp() {
    let help = CLIHarness.run(["batch", "--help"]).out
    #expect(!help.contains("Fixtures/bench/disposition.jsonl"))
    #expect(help.contains("--max-line-bytes"))
  }

  @Test("completion scripts name every command and option", arguments: ["bash", "zsh", "fish"])
  func completions(_ shell: String) {
    let r = CLIHarness.run(["completions", shell])
    #expect(r.status == 0)
    for command in FilenameTool.commands {
      #expect(r.out.contains(command.name))
      for option in command.options {
        let spelled =
          shell == "fish" ? (option.hasPrefix("--") ? "-l " + option.dropFirst(2) : "-s " + option.dropFirst()) : option
        #expect(r.out.contains(spelled), "\(shell): \(command.name) \(option)")
      }
    }
    #expect(CLIHarness.run(["completions", "tcsh"]).status == 64)
  }
}

/// Every field of each result is in the JSON, under the names the DocC article BatchProtocol.md
/// documents.
@Suite("JSON fields")
struct JSONFieldTests {
  static func keys(_ out: String) throws -> [String] {
    // Member order as printed (the decoder does not keep it).
    guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: Data(out.utf8)) else { return [] }
    return members.map(\.0).sorted {
      (out.range(of: "\"\($0)\":")?.lowerBound)! < (out.range(of: "\"\($1)\":")?.lowerBound)!
    }
  }

  /// The documented field list for an op: the keys of the `out` line of its section in the batch
  /// protocol article.
  static func documented(_ op: String) throws -> Set<String> {
    let article = try String(
      contentsOf: CLIFixtures.root.deletingLastPathComponent().appendingPathComponent(
        "Sources/FilenameKit/FilenameKit.docc/BatchProtocol.md"), encoding: .utf8)
    let sections = article.components(separatedBy: "### op `\(op)`")
    #expect(sections.count == 2, "the article has \(sections.count - 1) sections for op \(op), not one")
    let section = try #require(sections.dropFirst().first)
    let outLine = try #require(section.split(separator: "\n").first { $0.hasPrefix("out ") })
    // Keys of the top-level object only (nested objects such as trace entries have their own).
    var keys = Set<String>()
    var depth = 0
    var i = outLine.startIndex
    while i < outLine.endIndex {
      let c = outLine[i]
      if c == "{" || c == "[" { depth += 1 }
      if c == "}" || c == "]" { depth -= 1 }
      if c == "\"", let end = outLine[outLine.index(after: i)...].firstIndex(of: "\"") {
        let word = outLine[outLine.index(after: i)..<end]
        if depth == 1, outLine[outLine.index(after: end)...].hasPrefix(":") { keys.insert(String(word)) }
        i = outLine.index(after: end)
        continue
      }
      i = outLine.index(after: i)
    }
    keys.remove("id")
    return keys
  }

  @Test("sanitize --json carries disguise and every change with its detail")
  func sanitize() throws {
    let r = CLIHarness.run(["sanitize", "--json", "--hex", "696e766f696365e280ae6664702e657865"])
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(v.includes(.object([("disguise", .array([.string("bidi-spoof")]))])), "\(r.out)")
    #expect(r.out.contains("\"change_details\":[{\"code\":\"removed-bidi-control\""), "\(r.out)")
    #expect(Set(try Self.keys(r.out)) == (try Self.documented("sanitize")))
  }

  @Test("suggest --json carries disguise as a field, and every decision field")
  func suggest() throws {
    let r = CLIHarness.run([
      "suggest", "--json", "--url", "https://e.com/invoice%E2%80%AEfdp.exe", "--content-type", "text/html",
    ])
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(v.includes(.object([("disguise", .array([.string("bidi-spoof")]))])), "\(r.out)")
    #expect(Set(try Self.keys(r.out)) == (try Self.documented("suggest")))
    // Trace details show invisible characters as <U+XXXX>, never as a Swift escape.
    #expect(r.out.contains("invoice<U+202E>fdp.exe"), "\(r.out)")
    #expect(!r.out.contains(#"\\u{"#))
  }

  @Test("JSON escapes C1 and bidi controls, so --json output is safe on a terminal (and the same JSON)")
  func terminalSafeJSON() throws {
    let r = CLIHarness.run(["url", "--json", "https://e.com/a/%C2%9B%E2%80%AEfdp%E2%81%A6.exe"])
    // `filename` is sanitized (third blind pass, M7); the name as decoded is `raw_filename`.
    #expect(r.out.contains(#""raw_filename":"\u009b\u202efdp\u2066.exe""#), "\(r.out)")
    #expect(
      !r.out.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E || $0.value == 0x2066 })
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(v.includes(.object([("raw_filename", .string("\u{9B}\u{202E}fdp\u{2066}.exe"))])))
    #expect(v.includes(.object([("filename", .string("fdp.exe"))])))
  }

  @Test("url and disposition --json keys are the documented ones")
  func others() throws {
    let u = CLIHarness.run(["url", "--json", "https://e.com/a.pdf"])
    #expect(Set(try Self.keys(u.out)) == (try Self.documented("url")))
    let d = CLIHarness.run(["disposition", "--json", "attachment; filename=a.pdf"])
    #expect(Set(try Self.keys(d.out)) == (try Self.documented("disposition")))
  }
}
