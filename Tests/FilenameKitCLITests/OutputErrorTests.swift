import Foundation
import Testing

@testable import FilenameKitCLI

/// A failed write to standard output fails the run (Fixtures/cli/output-errors.json): the built
/// binary runs with stdout on /dev/full, or on a pipe whose reader has gone with SIGPIPE ignored.
@Suite("output errors")
struct OutputErrorTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let stdout: String
    let args: [String]
    let stdin: String
    let status: Int32
    let stderr: String?
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("cli/output-errors.json", as: Case.self)

  @Test func fixtureCoversBothFailures() {
    #expect(Set(Self.cases.map(\.stdout)) == ["full", "closed-pipe"])
  }

  @Test(arguments: cases)
  func run(_ c: Case) throws {
    let r = try Self.spawn(c.args, stdin: c.stdin, closedPipe: c.stdout == "closed-pipe")
    #expect(r.status == c.status, "\(c.id): status \(r.status), stderr \(r.err)")
    if let expected = c.stderr {
      #expect(r.err.contains(expected), "\(c.id): stderr \(r.err)")
    } else {
      #expect(r.err.isEmpty, "\(c.id): stderr \(r.err)")
    }
  }

  /// Runs the built `filenamekit` through `/bin/sh` (which sets SIGPIPE ignored for the closed-pipe
  /// case, an ignored disposition surviving exec) with stdin from a file and stderr to a file.
  /// Returns the exit status (128 + N when killed by signal N) and standard error.
  static func spawn(_ args: [String], stdin: String, closedPipe: Bool) throws -> (status: Int32, err: String) {
    let binary = CLIHarness.productsDirectory.appendingPathComponent("filenamekit").path
    let dir = NSTemporaryDirectory() + "fk-out-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data(stdin.utf8).write(to: URL(fileURLWithPath: dir + "/in"))
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.environment = ["D": dir, "PATH": "/usr/bin:/bin"]
    // The closed pipe: the reader (`true`) exits at once, so the tool's first write gets EPIPE; its
    // status is recorded from inside the subshell (the pipeline's is `true`'s).
    let script =
      closedPipe
      ? #"trap '' PIPE; ( sleep 0.3; "$@" <"$D/in" 2>"$D/err"; echo $? >"$D/status" ) | true"#
      : #"exec "$@" <"$D/in" >/dev/full 2>"$D/err""#
    p.arguments = ["-c", script, "sh", binary] + args
    try p.run()
    p.waitUntilExit()
    let err = (try? String(contentsOfFile: dir + "/err", encoding: .utf8)) ?? ""
    if closedPipe {
      let text = (try? String(contentsOfFile: dir + "/status", encoding: .utf8)) ?? ""
      return (Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, err)
    }
    let status = p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
    return (status, err)
  }
}
