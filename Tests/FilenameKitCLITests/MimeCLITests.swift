import Foundation
import Testing

@testable import FilenameKitCLI

@Suite("filenamekit mime and batch ops mime, extension")
struct MimeCLITests {
  static let exchanges = loadExchanges("../mime-types/batch.json")

  @Test func loaded() { #expect(Self.exchanges.count >= 16) }

  @Test("batch exchange", arguments: exchanges)
  func exchange(_ e: BatchExchange) throws {
    let (status, lines) = runExchange(e)
    #expect(status == 0)
    try #require(lines.count == 1)
    #expect(try JSONDecoder().decode(JSONValue.self, from: Data(lines[0].utf8)).includes(e.out), "got \(lines[0])")
  }

  @Test("key order is the protocol's")
  func keyOrder() {
    let r = CLIHarness.run(
      ["batch"],
      stdin: """
        {"id":1,"op":"mime","input":"text/plain;a=b"}
        {"id":2,"op":"extension","content_type":"application/pdf","name":"a.pdf"}

        """)
    #expect(
      r.out == """
        {"id":1,"valid":true,"essence":"text/plain","serialized":"text/plain;a=b","parameters":[["a","b"]],"extensions":["txt","text","pot","brf","srt","asc"]}
        {"id":2,"preferred":"pdf","all":["pdf"],"agrees":true}

        """)
  }

  @Test func readable() {
    let r = CLIHarness.run(["mime", "Text/HTML; Charset=\"utf-8\""])
    #expect(r.status == 0)
    #expect(r.out.contains("essence:     text/html\n"))
    #expect(r.out.contains("  charset = \"utf-8\"\n"))
    #expect(r.out.contains("serialized:  text/html;charset=utf-8\n"))
    #expect(r.out.contains("preferred:   html\n"))
    #expect(r.out.contains("groups:      html, text, scriptable\n"))
  }

  @Test("parameter values, --name and --ext never reach the terminal unescaped (C1 CSI, ESC)")
  func escapesServerText() {
    let r = CLIHarness.run(["mime", "--name", "a\u{1B}[31m.txt", "text/plain; a=\"\u{E9}\u{9B}\"; b=x"])
    #expect(r.status == 0, "\(r.err)")
    #expect(!r.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E }, "\(r.out)")
    #expect(r.out.contains("  a = \"\u{E9}<U+009B>\"\n"), "\(r.out)")
    #expect(r.out.contains("serialized:  text/plain;a=\"\u{E9}<U+009B>\";b=x\n"), "\(r.out)")
    #expect(r.out.contains("name:        a<U+001B>[31m.txt\n"), "\(r.out)")
    let e = CLIHarness.run(["mime", "--ext", "t\u{1B}x"])
    #expect(e.out.contains("extension:   .t<U+001B>x\n"), "\(e.out)")
  }

  @Test func aliasAndName() {
    let r = CLIHarness.run(["mime", "application/x-zip-compressed", "--name", "report.docx"])
    #expect(r.status == 0)
    #expect(r.out.contains("canonical:   application/zip  (application/x-zip-compressed is an alias)\n"))
    #expect(r.out.contains("  agrees:    yes\n"))
    #expect(r.out.contains("  add:       (nothing)\n"))
  }

  @Test func jsonMatchesBatchOp() throws {
    let r = CLIHarness.run(["mime", "--json", "image/jpeg"])
    #expect(r.status == 0)
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(
      v
        == .object([
          ("valid", .bool(true)), ("essence", .string("image/jpeg")), ("serialized", .string("image/jpeg")),
          ("parameters", .array([])), ("extensions", .array(["jpg", "jpeg", "jpe", "jfif"].map { .string($0) })),
        ]))
  }

  @Test func jsonWithName() throws {
    let r = CLIHarness.run(["mime", "--json", "text/plain", "--name", "README"])
    #expect(r.out.hasPrefix("{\"valid\":true,\"essence\":\"text/plain\","))
    #expect(r.out.hasSuffix(",\"agrees\":null,\"extension_to_add\":\"txt\"}\n"))
  }

  @Test func headerUsesFetchExtraction() {
    let r = CLIHarness.run(["mime", "--header", "text/html;charset=gbk;a=b, text/html;x=y"])
    #expect(r.status == 0)
    #expect(r.out.contains("serialized:  text/html;x=y;charset=gbk\n"))
  }

  @Test func invalidExits65() {
    let r = CLIHarness.run(["mime", "text/ html"])
    #expect(r.status == 65)
    #expect(r.out.hasPrefix("invalid:"))
    let j = CLIHarness.run(["mime", "--json", "bogus"])
    #expect(j.status == 65)
    #expect(j.out == "{\"valid\":false}\n")
  }

  @Test func extensionLookup() {
    let r = CLIHarness.run(["mime", "--ext", ".TAR.GZ"])
    #expect(r.status == 0)
    #expect(r.out.contains("media types: application/x-compressed-tar"))
    let j = CLIHarness.run(["mime", "--ext", "--json", "hwpx"])
    #expect(j.out == "{\"extension\":\"hwpx\",\"media_types\":[\"application/hwp+zip\"]}\n")
    #expect(CLIHarness.run(["mime", "--ext", "nosuchext"]).status == 65)
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["mime"], ["mime", "a/b", "c/d"], ["mime", "--bogus", "a/b"], ["mime", "a/b", "--name"],
      ["mime", "--ext", "gz", "--name", "x"],
    ])
  func usage(_ args: [String]) {
    let r = CLIHarness.run(args)
    #expect(r.status == 64)
    #expect(!r.err.isEmpty)
  }

  @Test func helpHasExamples() {
    let r = CLIHarness.run(["mime", "--help"])
    #expect(r.out.contains("USAGE: filenamekit mime"))
    #expect(r.out.contains("EXAMPLES:"))
  }
}
