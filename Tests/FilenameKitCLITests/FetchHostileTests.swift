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
    // The name's exact bytes: 'x-', ESC, '[8mhidden', 0xff.
    #expect(j.out.contains(#""name_hex":"782d1b5b386d68696464656eff""#), "\(j.out)")
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

  @Test(
    "SIGINT (Ctrl-C), SIGHUP, SIGTERM and SIGQUIT stop a download: partial file removed, exit 128 + N",
    arguments: [(SIGINT, "SIGINT"), (SIGHUP, "SIGHUP"), (SIGTERM, "SIGTERM"), (SIGQUIT, "SIGQUIT")])
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

  @Test("a header line over libcurl's limit is reported as that, not as 'Out of memory'")
  func hugeHeader() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let r = CLIHarness.run(["fetch", "--method", "GET", "\(server.base)/huge-header"])
    #expect(r.status == 1)
    #expect(
      r.err.contains("the response header is too large: libcurl accepts at most 100 KiB per header line"), "\(r.err)")
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
