import Foundation
import Testing

@testable import FilenameKitCLI

/// README.md's command synopses are the commands' own USAGE lines, so they cannot drift from the
/// options the tool accepts: each ```sh block after a `<!-- usage: COMMAND -->` line must equal the
/// USAGE part of `filenamekit COMMAND --help` (up to its first blank line), without `USAGE: ` and with
/// the continuation lines dedented by as much. `Scripts/update-readme-synopses.py` rewrites them.
@Suite("README synopses")
struct ReadmeSynopsisTests {
  static let prefix = "USAGE: "

  /// The README's lines.
  static func readme() throws -> [String] {
    let url = FixtureLoader.packageRoot.appendingPathComponent("README.md")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  /// Each marked synopsis: the command named by its marker, and the block's lines.
  static func synopses() throws -> [(command: String, block: [String])] {
    let lines = try readme()
    var found: [(String, [String])] = []
    for (i, line) in lines.enumerated() where line.hasPrefix("<!-- usage: ") && line.hasSuffix(" -->") {
      let command = String(line.dropFirst("<!-- usage: ".count).dropLast(" -->".count))
      guard i + 1 < lines.count, lines[i + 1] == "```sh",
        let end = lines[(i + 2)...].firstIndex(of: "```")
      else {
        Issue.record("README: the usage marker of \(command) is not followed by a ```sh block")
        continue
      }
      found.append((command, Array(lines[(i + 2)..<end])))
    }
    return found
  }

  /// The README form of a command's USAGE lines.
  static func synopsis(ofHelp help: String) -> [String] {
    let usage = help.components(separatedBy: "\n\n").first?.components(separatedBy: "\n") ?? []
    return usage.enumerated().map { i, line in
      i == 0 ? String(line.dropFirst(line.hasPrefix(prefix) ? prefix.count : 0)) : String(line.dropFirst(prefix.count))
    }
  }

  @Test("each README synopsis is its command's USAGE, verbatim")
  func synopsesMatchHelp() throws {
    let found = try Self.synopses()
    for (command, block) in found {
      let r = CLIHarness.run([command, "--help"])
      #expect(r.status == 0, "README names a command '\(command)' the tool does not have")
      let help = r.out
      #expect(help.hasPrefix(Self.prefix + "filenamekit " + command))
      // Continuation lines are indented at least as far as the prefix, so dedenting loses no text.
      for line in help.components(separatedBy: "\n\n")[0].components(separatedBy: "\n").dropFirst() {
        #expect(line.hasPrefix(String(repeating: " ", count: Self.prefix.count)), "\(command): \(line)")
      }
      let expected = Self.synopsis(ofHelp: help)
      #expect(
        block == expected,
        "README synopsis of \(command) differs from its --help; run Scripts/update-readme-synopses.py. Expected:\n\(expected.joined(separator: "\n"))"
      )
    }
    // Every command with a README section has its synopsis there.
    let documented = Set(found.map(\.command))
    for command in FilenameTool.commandNames where command != "completions" {
      #expect(documented.contains(command), "README has no synopsis of \(command)")
    }
  }

  @Test("no unmarked synopsis: a block showing a command's options is a marked one")
  func noUnmarkedSynopsis() throws {
    let lines = try Self.readme()
    for (i, line) in lines.enumerated() where line == "```sh" && i + 1 < lines.count {
      let first = lines[i + 1]
      let marked = i > 0 && lines[i - 1].hasPrefix("<!-- usage: ")
      for command in FilenameTool.commandNames {
        // A synopsis shows optional parts in brackets; an example command line has none.
        for start in ["filenamekit \(command) ", "swift run filenamekit \(command) "]
        where first.hasPrefix(start) && first.contains(" [") {
          #expect(marked, "README line \(i + 2) is a synopsis of \(command) without a usage marker")
        }
      }
    }
  }

  @Test("the README's batch example answers as the README shows")
  func batchExample() throws {
    let lines = try Self.readme()
    let start = try #require(
      lines.indices.dropLast().first { lines[$0] == "```sh" && lines[$0 + 1].hasPrefix("printf '%s\\n' '{") },
      "README has no batch example")
    let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
    let command = lines[(start + 1)..<end].joined(separator: "\n")
    #expect(command.hasSuffix("| swift run filenamekit batch"))
    // The requests are the single-quoted arguments that are JSON objects.
    let requests = command.components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      .filter { $0.hasPrefix("{") }
    #expect(requests.count >= 2)
    let answersStart = try #require(lines[end...].firstIndex(of: "```json"))
    let answersEnd = try #require(lines[(answersStart + 1)...].firstIndex(of: "```"))
    let shown = lines[(answersStart + 1)..<answersEnd].map { $0 + "\n" }.joined()
    let r = CLIHarness.run(["batch"], stdin: requests.map { $0 + "\n" }.joined())
    #expect(r.status == 0)
    #expect(r.out == shown, "README's batch answers differ from the tool's:\n\(r.out)")
  }

  @Test("every DocC article the README names exists, and every article is named")
  func articlesNamed() throws {
    let readme = try Self.readme().joined(separator: "\n")
    let catalog = FixtureLoader.packageRoot.appendingPathComponent("Sources/FilenameKit/FilenameKit.docc")
    let articles = Set(
      try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter {
        $0.hasSuffix(".md") && $0 != "FilenameKit.md"
      })
    // Names in code spans: `Sources/FilenameKit/FilenameKit.docc/X.md`, or `X.md` alone.
    let span = try Regex(#"`(?:Sources/FilenameKit/FilenameKit\.docc/)?([A-Za-z]+\.md)`"#)
    let named = Set(readme.matches(of: span).compactMap { $0.output[1].substring.map(String.init) })
      .subtracting(["README.md"])
    #expect(named.count >= 10)
    for name in named.subtracting(articles) { Issue.record("README names \(name), which the catalog does not have") }
    for name in articles.subtracting(named) { Issue.record("README does not name the article \(name)") }
  }
}
