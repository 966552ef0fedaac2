import Foundation
import Testing

@testable import FilenameKitCLI

/// Issue 13, Medium 1, Medium 4 and Low 8: what a hostile server can do to `fetch`.
@Suite("filenamekit fetch: hostile servers", .serialized)
struct FetchHostileTests {
  @Test("header names are escaped in every output mode; --json keeps their bytes")
  func escapedHeaderNames() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(["fetch", "--explain", "\(server.base)/evil-header"])
    #expect(r.status == 0, "\(r.err)")
    #expect(!r.out.contains("\u{1B}"), "a raw ESC reached the terminal")
    #expect(r.out.contains(#"  x-\x1b[8mhidden\xff: a\x1b[31mred"#), "\(r.out)")
    #expect(r.out.contains("  risk:"), "the risk line is there")
    let j = CLIHarness.run(["fetch", "--explain", "--json", "\(server.base)/evil-header"])
    #expect(!j.out.contains("\u{1B}"))
    // The name's exact bytes, in the case sent: 'X-', ESC, '[8mHidden', 0xff.
    #expect(j.out.contains(#""name_hex":"582d1b5b386d48696464656eff""#), "\(j.out)")
    #expect(j.out.contains(#""name":"x-\\x1b[8mhidden\\xff""#), "\(j.out)")
  }

  @Test("a body is written to NAME.part and renamed only when complete; nothing is overwritten")
  func partThenRename() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/report.csv"))
    try Data("also mine".utf8).write(to: URL(fileURLWithPath: dir + "/report.csv.part"))
    let r = CLIHarness.run(["fetch", "--progress", "none", "--output-dir", dir, "\(server.base)/nohead"])
    #expect(r.status == 0, "\(r.err)")
    #expect(listing(dir) == ["report.csv": 4, "report.csv.part": 9, "report (1).csv": 1000])
  }

  /// Every catchable signal whose default action ends the process (issue 13 Medium 4 and Low 4).
  static let terminatingSignals: [(Int32, String)] = {
    var list: [(Int32, String)] = [
      (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP"), (SIGTERM, "SIGTERM"), (SIGQUIT, "SIGQUIT"), (SIGPIPE, "SIGPIPE"),
      (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGVTALRM, "SIGVTALRM"),
      (SIGPROF, "SIGPROF"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
      // Sent by another process (kill(1), a watchdog): a request to stop, not a crash (issue 13,
      // second blind pass M2). A real fault still ends the process: Tests/SignalFaultCheck/run.
      (SIGABRT, "SIGABRT"), (SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"), (SIGILL, "SIGILL"), (SIGFPE, "SIGFPE"),
      (SIGTRAP, "SIGTRAP"), (SIGSYS, "SIGSYS"),
    ]
    #if os(Linux)
      list += [(SIGPOLL, "SIGPOLL"), (SIGPWR, "SIGPWR"), (SIGSTKFLT, "SIGSTKFLT")]
      let rtmin = __libc_current_sigrtmin()
      let rtmax = __libc_current_sigrtmax()
      list += [(rtmin, "SIGRTMIN"), (rtmin + 1, "SIGRTMIN+1"), (rtmax, "SIGRTMIN+\(rtmax - rtmin)")]
    #endif
    return list
  }()

  @Test(
    "every catchable signal that would end the process stops a download: partial file removed, exit 128 + N",
    arguments: terminatingSignals)
  func signals(_ signal: Int32, _ name: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let p = Process()
    p.executableURL = CLIHarness.productsDirectory.appendingPathComponent("filenamekit")
    p.arguments = ["fetch", "--progress", "none", "--output-dir", dir, "\(server.base)/slow/200/100"]
    let errPipe = Pipe()
    p.standardError = errPipe
    p.standardOutput = FileHandle.nullDevice
    let started = Date()
    try p.run()
    var seen = false
    for _ in 0..<100 {
      if let size = listing(dir)["slow.bin.part"], size > 0 {
        seen = true
        break
      }
      usleep(50_000)
    }
    #expect(seen, "the download never started")
    #expect(listing(dir)["slow.bin"] == nil, "nothing under the final name while downloading")
    let status = (try? String(contentsOfFile: "/proc/\(p.processIdentifier)/status", encoding: .utf8)) ?? ""
    let masks = status.split(separator: "\n").filter { $0.hasPrefix("Sig") }.joined(separator: " ")
    kill(p.processIdentifier, signal)
    let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationReason == .exit)
    #expect(p.terminationStatus == 128 + signal, "child signal state: \(masks)")
    #expect(listing(dir).isEmpty, "left behind: \(listing(dir))")
    #expect(
      err.contains("filenamekit fetch: interrupted by \(name); removed the partial file '\(dir)/slow.bin.part'"),
      "\(err)")
    #expect(Date().timeIntervalSince(started) < 15)
  }

  /// Starts a slow download into `dir` and waits until its `.part` file has data.
  static func startSlowDownload(_ server: HTTPTestServer, dir: String) throws -> Process {
    let p = Process()
    p.executableURL = CLIHarness.productsDirectory.appendingPathComponent("filenamekit")
    p.arguments = ["fetch", "--progress", "none", "--output-dir", dir, "\(server.base)/slow/40/50"]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    for _ in 0..<100 where (listing(dir)["slow.bin.part"] ?? 0) == 0 { usleep(20_000) }
    return p
  }

  @Test("the directory's path replaced mid-download: the file is finished in the directory that was opened")
  func directorySwappedThenCompleted() throws {
    try Self.withDirectorySwappedMidDownload { p, root, dir in
      p.waitUntilExit()
      #expect(p.terminationStatus == 0)
      #expect(listing(root + "/moved") == ["slow.bin": 40 * 4096])
      #expect(listing(dir).isEmpty)
    }
  }

  @Test("the directory's path replaced mid-download, then SIGTERM: someone else's NAME.part there is not removed")
  func directorySwappedThenInterrupted() throws {
    try Self.withDirectorySwappedMidDownload { p, root, dir in
      try Data("not yours".utf8).write(to: URL(fileURLWithPath: dir + "/slow.bin.part"))
      kill(p.processIdentifier, SIGTERM)
      p.waitUntilExit()
      #expect(p.terminationStatus == 128 + SIGTERM)
      #expect(listing(dir) == ["slow.bin.part": 9])
      #expect(listing(root + "/moved").isEmpty)
    }
  }

  /// Starts a slow download into `root/out`, then moves that directory to `root/moved` and makes a new
  /// empty `root/out` while the download runs; `body` gets the running process, `root` and `root/out`.
  static func withDirectorySwappedMidDownload(_ body: (Process, String, String) throws -> Void) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let root = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let dir = root + "/out"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
    let p = try startSlowDownload(server, dir: dir)
    try FileManager.default.moveItem(atPath: dir, toPath: root + "/moved")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
    try body(p, root, dir)
  }

  @Test("--max-time stops a slow body; --min-rate over --stall-time stops a trickle")
  func deadlines() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // 200 chunks of 4 KiB every 100 ms: 20 s, about 40 KiB/s.
    let slow = "\(server.base)/slow/200/100"
    let t = CLIHarness.run(["fetch", "--progress", "none", "--max-time", "1", "--output-dir", dir, slow])
    #expect(t.status == 1)
    #expect(t.err.contains("--max-time"), "\(t.err)")
    #expect(listing(dir).isEmpty)
    let m = CLIHarness.run([
      "fetch", "--progress", "none", "--min-rate", "100000", "--stall-time", "1", "--output-dir", dir, slow,
    ])
    #expect(m.status == 1)
    #expect(m.err.contains("filenamekit fetch: "), "\(m.err)")
    #expect(listing(dir).isEmpty)
    #expect(CLIHarness.run(["fetch", "--max-time", "0", slow]).status == 64)
    #expect(CLIHarness.run(["fetch", "--min-rate", "-1", slow]).status == 64)
  }

  @Test(
    "Authorization and Cookie given with -H go to the first URL's origin only, never to a redirect's other origin",
    arguments: ["HEAD", "GET"])
  func credentialsStayHome(_ method: String) throws {
    let home = try HTTPTestServer()
    defer { home.stop() }
    let other = try HTTPTestServer()
    defer { other.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let creds = ["-H", "Authorization: Bearer s3cret", "-H", "cookie: session=abc", "-H", "X-Other: 1"]
    let download = method == "GET" ? ["--progress", "none", "--output-dir", dir] : []
    // Redirected to another origin (another port): the credentials stay behind, X-Other goes on.
    let away = CLIHarness.run(["fetch"] + creds + download + ["\(home.base)/away/\(other.port)"])
    #expect(away.status == 0, "\(away.err)")
    // X-Other stays home too since the second blind pass: only Accept, Accept-Language,
    // Content-Language and User-Agent cross origins (Fixtures/cli/fetch-headers.json).
    #expect(other.log.contains("authorization=(none) cookie=(none) x-other=(none)"), "\(other.log)")
    #expect(!other.log.joined().contains("s3cret") && !other.log.joined().contains("session"))
    // Redirected within the origin: everything is sent.
    let same = CLIHarness.run(["fetch"] + creds + download + ["\(home.base)/away/\(home.port)"])
    #expect(same.status == 0, "\(same.err)")
    #expect(home.log.contains("authorization=Bearer s3cret cookie=session=abc x-other=1"), "\(home.log)")
  }

  @Test("a header line over libcurl's limit is reported as that, not as 'Out of memory'")
  func hugeHeader() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(["fetch", "--method", "GET", "\(server.base)/huge-header"])
    #expect(r.status == 1)
    #expect(
      r.err.contains("the response header is too large: libcurl accepts at most 100 KiB per header line"), "\(r.err)")
  }

  /// Hostile pass 9 (High): each obs-fold continuation copied the field's whole value, so 64,000
  /// folds took ~3 s. The work is compared, not timed: 16 times the folds must cost far less than
  /// 16 times squared (quadratic: ~170×; linear: a few ×, process start-up included).
  @Test("obs-fold continuations cost linear time")
  func manyFolds() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    func cpu(_ folds: Int) throws -> Double {
      var best = Double.infinity
      for _ in 0..<3 {
        let args = ["fetch", "--method", "GET", "--json", "\(server.base)/folds/\(folds)"].map { Array($0.utf8) }
        let r = try CLIHarness.runProcessBytes("filenamekit", args)
        #expect(r.status == 0, "\(r.out.prefix(300))")
        #expect(r.out.contains("folds.txt"), "\(r.out.prefix(300))")
        best = min(best, CLIHarness.lastChildCPU)
      }
      return best
    }
    let small = try cpu(4_000)
    let large = try cpu(64_000)
    #expect(large / max(small, 0.001) < 40, "16× the folds cost \(large / max(small, 0.001))× the CPU time")
  }

  @Test("Accept-Encoding: identity is sent; a gzip body sent anyway is saved decoded")
  func identity() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = CLIHarness.run(["fetch", "--progress", "none", "--output-dir", dir, "\(server.base)/gzip"])
    #expect(r.status == 0, "\(r.err)")
    #expect(server.log.contains("accept-encoding=identity"), "\(server.log)")
    let saved = try String(contentsOfFile: dir + "/data.txt", encoding: .utf8)
    #expect(saved == "hello, identity\n")
  }
}

/// Issue 13, Low 4: a reader that goes away (SIGPIPE) never leaves a half file.
@Suite("filenamekit fetch: closed pipes", .serialized)
struct FetchPipeTests {
  /// Runs fetch with stdout and stderr on pipes and closes one read end early: stdout at once
  /// (`closeStdout`), or stderr after its first progress line.
  static func run(closeStdout: Bool, url: String, dir: String) throws -> (
    status: Int32, reason: Process.TerminationReason
  ) {
    let p = Process()
    p.executableURL = CLIHarness.productsDirectory.appendingPathComponent("filenamekit")
    p.arguments = ["fetch", "--progress", "lines", "--output-dir", dir, url]
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    if closeStdout {
      try out.fileHandleForReading.close()
      _ = err.fileHandleForReading.readDataToEndOfFile()
    } else {
      // `fetch … 2>&1 | head -1`: read up to the first progress line, then go away.
      var seen = Data()
      while !seen.contains(UInt8(ascii: "\n")) {
        let chunk = err.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen += chunk
      }
      try err.fileHandleForReading.close()
    }
    p.waitUntilExit()
    return (p.terminationStatus, p.terminationReason)
  }

  @Test("stderr closed mid-download (progress into `head -1`): stopped, partial file removed, exit 141")
  func closedStderr() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try Self.run(closeStdout: false, url: "\(server.base)/slow/100/50", dir: dir)
    #expect(r.reason == .exit)
    #expect(r.status == 128 + SIGPIPE)
    #expect(listing(dir).isEmpty, "left behind: \(listing(dir))")
  }

  @Test("stdout closed from the start (`fetch … | true`): the download completes whole, no .part")
  func closedStdout() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    _ = try Self.run(closeStdout: true, url: "\(server.base)/slow/20/20", dir: dir)
    // The report is written after the file is in place; whether the write then ends the process
    // (SIGPIPE) does not matter: the file is whole.
    #expect(listing(dir) == ["slow.bin": 20 * 4096])
  }
}

/// Issue 13, Low 3: `fetch --json` says why it failed in one JSON object on stdout too.
@Suite("filenamekit fetch --json: failures", .serialized)
struct FetchJSONFailureTests {
  static func object(_ text: String) -> [String: JSONValue] {
    guard let v = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), case .object(let f) = v else {
      return [:]
    }
    return Dictionary(f, uniquingKeysWith: { a, _ in a })
  }

  static func error(_ f: [String: JSONValue]) -> [String: JSONValue] {
    guard case .object(let e)? = f["error"] else { return [:] }
    return Dictionary(e, uniquingKeysWith: { a, _ in a })
  }

  @Test func httpStatus() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(["fetch", "--json", "\(server.base)/404"])
    #expect(r.status == 1)
    #expect(r.out.split(separator: "\n").count == 1, "one line: \(r.out)")
    let f = Self.object(r.out)
    #expect(f["url"] == .string("\(server.base)/404"))
    #expect(f["status"] == .int(404))
    #expect(Self.error(f)["code"] == .string("http"))
    #expect(Self.error(f)["message"] == .string("HTTP 404 Not Found from \(server.base)/404"), "\(r.out)")
    #expect(r.err.hasPrefix("filenamekit fetch: HTTP 404"), "stderr keeps the text")
  }

  @Test func transport() throws {
    let server = try HTTPTestServer()
    let base = server.base
    server.stop()
    let r = CLIHarness.run(["fetch", "--json", "\(base)/utf8"])
    #expect(r.status == 1)
    let f = Self.object(r.out)
    #expect(Self.error(f)["code"] == .string("transport"), "\(r.out)")
    #expect(f["status"] == nil)
  }

  @Test func redirectsAndFiles() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let loop = CLIHarness.run(["fetch", "--json", "--max-redirects", "2", "\(server.base)/loop"])
    #expect(loop.status == 1)
    #expect(Self.error(Self.object(loop.out))["code"] == .string("redirect"), "\(loop.out)")
    let dir = CLIHarness.run(["fetch", "--json", "--output-dir", "/nonexistent/fk", "\(server.base)/utf8"])
    #expect(dir.status == 1)
    #expect(Self.error(Self.object(dir.out))["code"] == .string("file"), "\(dir.out)")
    let tmp = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    let short = CLIHarness.run(["fetch", "--json", "--progress", "none", "--output-dir", tmp, "\(server.base)/short"])
    #expect(short.status == 1)
    let f = Self.object(short.out)
    #expect(Self.error(f)["code"] == .string("transport"), "\(short.out)")
    #expect(f["removed"] == .string("\(tmp)/short.bin.part"), "\(short.out)")
    #expect(listing(tmp).isEmpty)
  }

  @Test("the interruption is reported in JSON too")
  func interrupted() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let p = Process()
    p.executableURL = CLIHarness.productsDirectory.appendingPathComponent("filenamekit")
    p.arguments = ["fetch", "--json", "--progress", "none", "--output-dir", dir, "\(server.base)/slow/200/100"]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    for _ in 0..<100 where (listing(dir)["slow.bin.part"] ?? 0) == 0 { usleep(50_000) }
    kill(p.processIdentifier, SIGUSR1)
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 128 + SIGUSR1)
    let f = Self.object(text)
    #expect(Self.error(f)["code"] == .string("interrupted"), "\(text)")
    #expect(f["removed"] == .string("\(dir)/slow.bin.part"), "\(text)")
  }
}

/// Issue 13, Medium 4: SIGQUIT outside a download ends the tool cleanly (no crash backtrace, not 0).
@Suite("signals outside a download")
struct QuitSignalTests {
  @Test func sigquitWhileReadingStdin() throws {
    let p = Process()
    p.executableURL = CLIHarness.productsDirectory.appendingPathComponent("filenamekit")
    p.arguments = ["batch"]
    let inPipe = Pipe()
    let errPipe = Pipe()
    p.standardInput = inPipe
    p.standardError = errPipe
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    usleep(300_000)
    kill(p.processIdentifier, SIGQUIT)
    let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    try? inPipe.fileHandleForWriting.close()
    #expect(p.terminationReason == .exit)
    #expect(p.terminationStatus == 128 + SIGQUIT)
    #expect(!err.contains("Backtracing"), "\(err)")
  }
}
