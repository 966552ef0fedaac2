import FilenameKit
import Foundation
import Testing

@testable import FilenameKitCLI

@Suite("filenamekit disposition")
struct DispositionCLITests {
  @Test func readme() {
    let r = CLIHarness.run(["disposition", "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf"])
    #expect(r.status == 0)
    #expect(r.out.contains("type:      attachment"))
    #expect(r.out.contains("filename:  中文.pdf  (from filename*, UTF-8)"))
    #expect(r.err.isEmpty)
  }

  @Test func hexWithReferrerCharset() {
    let r = CLIHarness.run([
      "disposition", "--hex", "6174746163686d656e743b2066696c656e616d653d22d6d0cec42e70646622", "--referrer-charset",
      "gbk",
    ])
    #expect(r.status == 0)
    #expect(r.out.contains("filename:  中文.pdf  (from filename, GBK)"))
  }

  @Test func jsonMatchesBatch() throws {
    let r = CLIHarness.run(["disposition", "--json", "--strict", "attachment; filename=\"a.txt\"; filename=\"b.txt\""])
    #expect(r.status == 0)
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(
      v
        == .object([
          ("type", .string("inline")), ("filename", .null), ("parameters", .object([])),
          ("diagnostics", .array([.string("duplicate-parameter"), .string("header-ignored")])),
          ("detected_charset", .null),
        ]))
  }

  @Test(
    "usage errors exit 64 with a message on stderr",
    arguments: [
      ["disposition"], ["disposition", "a", "b"], ["disposition", "--bogus", "x"],
      ["disposition", "x", "--referrer-charset"],
      ["disposition", "x", "--referrer-charset", "klingon"], ["disposition", "--hex", "zz"], ["nosuchcommand"], [],
    ])
  func usage(_ args: [String]) {
    let r = CLIHarness.run(args)
    #expect(r.status == 64)
    #expect(!r.err.isEmpty)
    #expect(r.out.isEmpty)
  }

  @Test("help for every command has examples", arguments: FilenameTool.commandNames)
  func help(_ name: String) {
    let r = CLIHarness.run([name, "--help"])
    #expect(r.status == 0)
    #expect(r.out.contains("USAGE: filenamekit \(name)"))
    #expect(r.out.contains("EXAMPLES:"))
  }

  @Test func version() {
    let r = CLIHarness.run(["--version"])
    #expect(r.out == "filenamekit \(FilenameTool.version) (rules \(FilenameKitVersion.rules))\n")
  }

  @Test("the real binary: README command, exit statuses")
  func process() throws {
    let ok = try CLIHarness.runProcess(
      "filenamekit", ["disposition", "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf"])
    #expect(ok.status == 0)
    #expect(String(decoding: ok.out, as: UTF8.self).contains("中文.pdf"))
    let bad = try CLIHarness.runProcess("filenamekit", ["disposition"])
    #expect(bad.status == 64)
    #expect(bad.out.isEmpty)
    #expect(!bad.err.isEmpty)
  }
}

@Suite("core linkage")
struct LinkageTests {
  /// The core must not pull in Foundation: `ldd` on a binary that links only the core.
  @Test func coreDoesNotLinkFoundation() throws {
    let out = try linkedLibraries("core-linkage-check")
    #expect(out.contains(Self.icu) == Self.icuLinked, "ICU linkage not as expected:\n\(out)")
    #expect(!out.contains("Foundation"), "the core links Foundation:\n\(out)")
    let run = try CLIHarness.runProcess("core-linkage-check", [])
    #expect(String(decoding: run.out, as: UTF8.self) == "core-linkage-check UTF-8\n")
  }

  /// The command-line tool does not load Foundation either: on Linux that is most of a process's
  /// start-up (about 15 ms of the 21 measured), paid by every `filenamekit` run and every batch.
  @Test func toolDoesNotLinkFoundation() throws {
    let out = try linkedLibraries("filenamekit")
    #expect(out.contains(Self.icu) == Self.icuLinked, "ICU linkage not as expected:\n\(out)")
    #expect(!out.contains("Foundation"), "filenamekit links Foundation:\n\(out)")
  }

  // Apple platforms link the system's ICU; elsewhere ICU is opened at run time, so no binary names a
  // versioned libicuuc.so.N and one build runs with any ICU major version.
  #if canImport(Darwin)
    static let (tool, icu, icuLinked) = (["/usr/bin/otool", "-L"], "libicucore", true)
  #else
    static let (tool, icu, icuLinked) = (["/usr/bin/ldd"], "libicu", false)
  #endif

  /// What `ldd` (`otool -L`) lists for a built product.
  private func linkedLibraries(_ product: String) throws -> String {
    let binary = CLIHarness.productsDirectory.appendingPathComponent(product).path
    try #require(FileManager.default.fileExists(atPath: binary))
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Self.tool[0])
    p.arguments = Array(Self.tool.dropFirst()) + [binary]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return out
  }
}
