#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `filenamekit batch`: the JSON Lines engine.
enum BatchCommand: ToolCommand {
  static let name = "batch"
  static let abstract = "Answer JSON Lines requests from stdin, one line out per line in."
  static var help: String {
    """
    USAGE: filenamekit batch [--max-line-bytes N] [--jobs N] < requests.jsonl > answers.jsonl

    Reads one JSON object per line from stdin and writes exactly one JSON line per request
    to stdout, in order. Each request names an op and echoes its "id". A malformed line or
    an unknown op yields {"id": ..., "error": "...", "error_code": "..."} (malformed-request,
    line-too-long, missing-op, unknown-op, missing-field, conflicting-fields, invalid-hex,
    unknown-value, invalid-number, invalid-template, invalid-path) and the run continues: an op near a
    known one with a "did you mean", and the "id" whenever it was read whole, also when a
    syntax error follows it. Blank lines are skipped. The "id", any JSON value, is echoed
    exactly as written. A key given twice, or both the text and the hex form of one input,
    is an error. Charset detection ("detect") is on by default in the suggest op, as in the
    commands, but off in the disposition and url ops, whose answers predate it (the
    protocol only grows): send "detect": true there.
    The protocol is documented in README.md ("The batch protocol").

    OPTIONS:
      --max-line-bytes N         The longest request line accepted (default \(BatchEngine.defaultMaxLineBytes),
                                 16 MiB; the CR of a CRLF ending not counted). A longer line is answered with an error, its "id"
                                 echoed when it came before the cut, and the run continues.
      --jobs N                   Answer on N threads (default: the processors available). The
                                 output is the same, byte for byte and in input order, as with
                                 --jobs 1; memory stays bounded by a window of 8192 lines.

    OPS: \(BatchEngine.ops.map(\.name).sorted().joined(separator: ", "))

    EXAMPLES:
      echo '{"id":1,"op":"disposition","header":"attachment; filename=\\"a.pdf\\""}' | filenamekit batch
      printf '%s\\n' '{"id":1,"op":"sanitize","name":"CON.txt","platform":"windows"}' \\
          '{"id":2,"op":"url","url":"https://example.com/%E4%B8%AD.pdf"}' | filenamekit batch

    """
  }

  static let valueOptions: Set<String> = ["--max-line-bytes", "--jobs"]

  /// The processors this process may run on.
  static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
  static let flagOptions: Set<String> = []

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.isEmpty else { throw UsageError("batch takes no arguments; requests come on stdin") }
    var limit = BatchEngine.defaultMaxLineBytes
    if let s = a.value("--max-line-bytes") {
      if !s.isEmpty && s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) && Int(s) == nil {
        throw UsageError("--max-line-bytes is too large (got \(s); at most \(Int.max))")
      }
      guard let n = Int(s), n >= 1 else {
        throw UsageError("--max-line-bytes needs a whole number of bytes, 1 or more (got '\(TerminalText.escape(s))')")
      }
      limit = n
    }
    var jobs = defaultJobs
    if let s = a.value("--jobs") {
      guard let n = Int(s), n >= 1, n <= 1024 else {
        throw UsageError("--jobs needs a whole number of threads from 1 to 1024 (got '\(TerminalText.escape(s))')")
      }
      jobs = n
    }
    if jobs > 1 {
      BatchParallel.run(io: io, maxLineBytes: limit, jobs: jobs)
    } else {
      BatchEngine.run(io: io, maxLineBytes: limit)
    }
    // A failed read is not the end of the requests: said, and the run fails.
    if let error = io.inputError() {
      io.writeErr("filenamekit batch: error reading standard input: \(ToolIO.describe(errno: error))\n")
      return ExitStatus.failure
    }
    return ExitStatus.ok
  }
}
