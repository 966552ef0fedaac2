import Foundation
import Testing

@testable import FilenameKitCLI

/// One end-to-end `fetch` case from `Fixtures/cli/fetch.json`.
struct FetchCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let args: [String]
  let status: Int32
  let requests: [String]
  let outContains: [String]?
  let errContains: [String]?
  let outEmpty: Bool?
  let files: [String: Int]?
  /// The requests a second server saw (`{other}`, `{other_port}` in `args`): another origin.
  let otherRequests: [String]?
  /// Text that must appear in neither stdout nor stderr.
  let never: [String]?
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, source, args, status, requests, files
    case outContains = "out_contains"
    case errContains = "err_contains"
    case outEmpty = "out_empty"
    case otherRequests = "other_requests"
    case never
  }
}

/// Decodes the objects of a `Fixtures/cli/` file, skipping the string comments.
func loadFetchFixture<T: Decodable>(_ file: String, as: T.Type) -> [T] {
  loadFixtureObjects(CLIFixtures.root.appendingPathComponent("cli/\(file)"), as: T.self)
}

/// Decodes the objects of a fixture file, skipping the string comments; a file or an entry that
/// does not load fails the run (a dropped entry would pass unseen).
func loadFixtureObjects<T: Decodable>(_ url: URL, as: T.Type) -> [T] {
  do {
    let items = try JSONDecoder().decode([JSONValue].self, from: Data(contentsOf: url))
    return try items.compactMap { item in
      guard case .object = item else { return nil }
      return try JSONDecoder().decode(T.self, from: Data(item.serialized.utf8))
    }
  } catch {
    fatalError("cannot load \(url.path): \(error)")
  }
}

/// A fresh empty directory under /tmp, removed by the caller.
func makeTemporaryDirectory() throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("fk-fetch-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Name -> size of every file in `dir`.
func listing(_ dir: String) -> [String: Int] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
  var out: [String: Int] = [:]
  for n in names {
    let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + n)[.size] as? Int) ?? -1
    out[n] = size
  }
  return out
}

@Suite("filenamekit fetch: end to end against a local HTTP server")
struct FetchCLITests {
  static let cases = loadFetchFixture("fetch.json", as: FetchCase.self)

  @Test func loaded() { #expect(Self.cases.count == 20) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: FetchCase) throws { try Self.check(c) }

  /// Runs one fetch case against a fresh server and directory (also used by `FetchSniffTests`).
  static func check(_ c: FetchCase) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let other = c.otherRequests == nil ? nil : try HTTPTestServer()
    defer { other?.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    func fill(_ s: String) -> String {
      var s = s.replacingOccurrences(of: "{base}", with: server.base).replacingOccurrences(of: "{dir}", with: dir)
      s = s.replacingOccurrences(of: "{port}", with: String(server.port))
      if let other {
        s = s.replacingOccurrences(of: "{other}", with: other.base)
        s = s.replacingOccurrences(of: "{other_port}", with: String(other.port))
      }
      return s
    }
    let r = CLIHarness.run(c.args.map(fill))
    #expect(r.status == c.status, "stderr: \(r.err)")
    #expect(server.log == c.requests.map(fill))
    if let other, let expected = c.otherRequests { #expect(other.log == expected.map(fill)) }
    for s in c.outContains ?? [] { #expect(r.out.contains(fill(s)), "missing \(fill(s)) in:\n\(r.out)") }
    for s in c.errContains ?? [] { #expect(r.err.contains(fill(s)), "missing \(fill(s)) in stderr:\n\(r.err)") }
    if c.outEmpty == true { #expect(r.out.isEmpty) }
    for s in c.never ?? [] { #expect(!r.out.contains(fill(s)) && !r.err.contains(fill(s)), "\(s) in output") }
    if c.status != 0 { #expect(r.err.hasPrefix("filenamekit fetch: ") || r.err.contains("\nfilenamekit fetch: ")) }
    if let files = c.files { #expect(listing(dir) == files) }
  }

  @Test("--json: chain, raw headers as hex, the core's suggestion")
  func json() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(["fetch", "--json", "--referrer-charset", "gbk", "\(server.base)/redirect/1"])
    #expect(r.status == 0)
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    guard case .object(let fields) = v else {
      Issue.record("not an object: \(r.out)")
      return
    }
    let f = Dictionary(fields, uniquingKeysWith: { a, _ in a })
    // Member order is part of the output shape (the decoder does not keep it, so check the text).
    let order = ["url", "final_url", "status", "chain", "headers", "suggestion"].map {
      r.out.range(of: "\"\($0)\":")?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil } && zip(order, order.dropFirst()).allSatisfy { $0! < $1! })
    #expect(fields.count == 6)
    #expect(f["url"] == .string("\(server.base)/redirect/1"))
    #expect(f["final_url"] == .string("\(server.base)/gbk"))
    #expect(f["status"] == .int(200))
    #expect(
      f["chain"]
        == .array([
          .object([
            ("method", .string("HEAD")), ("url", .string("\(server.base)/redirect/1")), ("range", .null),
            ("status", .int(307)), ("reason", .string("Temporary Redirect")),
            ("location", .string("\(server.base)/gbk")), ("head_refused", .bool(false)),
          ]),
          .object([
            ("method", .string("HEAD")), ("url", .string("\(server.base)/gbk")), ("range", .null),
            ("status", .int(200)), ("reason", .string("OK")), ("location", .null), ("head_refused", .bool(false)),
          ]),
        ]))
    // The GBK bytes: escaped in "value" (not UTF-8), exact in "hex".
    let cd = "attachment; filename=\"\u{5C}xd6\u{5C}xd0\u{5C}xce\u{5C}xc4.txt\""
    let cdHex =
      Array("attachment; filename=\"".utf8).map { String(format: "%02x", $0) }.joined() + "d6d0cec4"
      + Array(".txt\"".utf8).map { String(format: "%02x", $0) }.joined()
    #expect(
      f["headers"]
        == .array([
          .object([
            ("name", .string("content-type")), ("value", .string("text/plain")), ("hex", .null), ("name_hex", .null),
          ]),
          .object([
            ("name", .string("content-disposition")), ("value", .string(cd)), ("hex", .string(cdHex)),
            ("name_hex", .null),
          ]),
          .object([("name", .string("content-length")), ("value", .string("9")), ("hex", .null), ("name_hex", .null)]),
        ]))
    guard case .object(let s)? = f["suggestion"] else {
      Issue.record("no suggestion")
      return
    }
    let sd = Dictionary(s, uniquingKeysWith: { a, _ in a })
    #expect(sd["filename"] == .string("中文.txt"))
    #expect(sd["download"] == .bool(true))
    #expect(sd["trace"] == nil)
  }

  @Test("--explain adds every header and the core's trace")
  func explain() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(["fetch", "--explain", "\(server.base)/utf8"])
    #expect(r.status == 0)
    #expect(r.out.contains("  connection: close\n"))
    #expect(r.out.contains("why:\n"))
    #expect(!r.out.contains("\u{1B}["), "no colours when not a terminal")
    let j = CLIHarness.run(["fetch", "--explain", "--json", "\(server.base)/utf8"])
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(j.out.utf8))
    guard case .object(let fields) = v, case .object(let s)? = fields.first(where: { $0.0 == "suggestion" })?.1,
      case .array(let trace)? = s.first(where: { $0.0 == "trace" })?.1
    else {
      Issue.record("no trace in \(j.out)")
      return
    }
    #expect(!trace.isEmpty)
  }

  @Test("colours only on a terminal, never with NO_COLOR")
  func colours() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    for (tty, noColor, expectColor) in [(true, false, true), (true, true, false), (false, false, false)] {
      let (io, out, _) = ToolIO.capturing()
      io.outIsTerminal = tty
      io.noColor = noColor
      #expect(FilenameTool.run(["fetch", "--explain", "\(server.base)/utf8"], io: io) == 0)
      #expect(out().contains("\u{1B}[") == expectColor, "tty=\(tty) noColor=\(noColor)")
      #expect(out().contains("中文报告.pdf"))
    }
  }

  @Test("downloading never overwrites: the second copy is 'name (1).ext'")
  func neverOverwrites() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/report.csv"))
    let r = CLIHarness.run(["fetch", "--progress", "none", "--output-dir", dir, "\(server.base)/nohead"])
    #expect(r.status == 0, "\(r.err)")
    #expect(listing(dir) == ["report.csv": 4, "report (1).csv": 1000])
    #expect(try String(contentsOfFile: dir + "/report.csv", encoding: .utf8) == "mine")
    #expect(r.out.contains("saved: \(dir)/report (1).csv (1000 bytes)\n"))
  }

  @Test("network errors exit 1 with the cause on stderr")
  func connectionRefused() throws {
    // Bind a port, then close it: nothing listens there.
    let server = try HTTPTestServer()
    let base = server.base
    server.stop()
    let r = CLIHarness.run(["fetch", "\(base)/utf8"])
    #expect(r.status == 1)
    #expect(r.out.isEmpty)
    #expect(r.err.hasPrefix("filenamekit fetch: "))
    #expect(r.err.contains("onnect"), "\(r.err)")
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["fetch"], ["fetch", "a", "b"], ["fetch", "ftp://example.com/x"], ["fetch", "example.com"],
      ["fetch", "-H", "no colon", "http://example.com/"], ["fetch", "-H", "Bad Name: x", "http://example.com/"],
      ["fetch", "-H", "X: a\r\nY: b", "http://example.com/"],
      ["fetch", "--method", "POST", "http://example.com/"], ["fetch", "--platform", "amiga", "http://example.com/"],
      ["fetch", "--referrer-charset", "klingon", "http://example.com/"],
      ["fetch", "--progress", "bar", "http://example.com/"],
      ["fetch", "--output-dir", "/tmp", "--method", "HEAD", "http://example.com/"],
      ["fetch", "--output-dir", "/tmp", "--progress", "fancy", "http://example.com/"],
      ["fetch", "--max-redirects", "-1", "http://example.com/"], ["fetch", "--bogus", "http://example.com/"],
    ])
  func usage(_ args: [String]) {
    let r = CLIHarness.run(args)
    #expect(r.status == 64)
    #expect(r.out.isEmpty)
    #expect(r.err.contains("filenamekit fetch: "))
  }

  @Test func outputDirMissing() {
    let r = CLIHarness.run(["fetch", "--output-dir", "/nonexistent/fk-fetch", "http://127.0.0.1:9/x"])
    #expect(r.status == 1)
    #expect(r.err.contains("is not a directory"))
  }
}

@Suite("filenamekit fetch: the real binary", .serialized)
struct FetchProcessTests {
  // Signals during a download (Ctrl-C among them): FetchHostileTests.signals.

  /// A 96 MiB body streams to disk: the process's peak RSS stays far below the body size.
  @Test func boundedMemory() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // The child's own peak (VmHWM in /proc), polled while it runs: rusage cannot be used, since Linux
    // charges a spawned child with its parent's peak (posix_spawn shares the parent's memory until exec),
    // and this test process can be large. The server paces the body (1 ms per 64 KiB) so there are
    // readings late in the download.
    let binary = CLIHarness.productsDirectory.appendingPathComponent("filenamekit").path
    let args = [binary, "fetch", "--progress", "none", "--output-dir", dir, "\(server.base)/big/96/1"]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs = args.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    try #require(posix_spawn(&pid, binary, &actions, nil, &cArgs, environ) == 0)
    var peakKiB = 0
    var lateReadings = 0
    var status: Int32 = 0
    while true {
      if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        peakKiB = max(peakKiB, kib)
        if (listing(dir)["big.bin.part"] ?? 0) >= 80 << 20 { lateReadings += 1 }
      }
      let r = waitpid(pid, &status, WNOHANG)
      if r == pid || (r < 0 && errno != EINTR) { break }
      usleep(10_000)
    }
    #expect(status == 0, "wait status \(status)")
    #expect(listing(dir) == ["big.bin": 96 << 20])
    #expect(lateReadings > 0, "no reading after 80 MiB had arrived")
    #expect(peakKiB > 0 && peakKiB < 64 * 1024, "peak RSS \(peakKiB) KiB")
  }
}
