/// `filenamekit batch`: the JSON Lines engine.
enum BatchCommand: ToolCommand {
  static let name = "batch"
  static let abstract = "Answer JSON Lines requests from stdin, one line out per line in."
  static var help: String {
    """
    USAGE: filenamekit batch < requests.jsonl > answers.jsonl

    Reads one JSON object per line from stdin and writes exactly one JSON line per request
    to stdout, in order. Each request names an op and echoes its "id". A malformed line or
    an unknown op yields {"id": ..., "error": "..."} and the run continues. Blank lines are
    skipped. The protocol is documented in README.md.

    OPS: \(BatchEngine.ops.keys.sorted().joined(separator: ", "))

    EXAMPLES:
      echo '{"id":1,"op":"disposition","header":"attachment; filename=\\"a.pdf\\""}' | filenamekit batch
      filenamekit batch < Fixtures/bench/disposition.jsonl

    """
  }

  static func run(_ args: [String], io: ToolIO) throws(UsageError) -> Int32 {
    guard args.isEmpty else { throw UsageError("batch takes no arguments; requests come on stdin") }
    BatchEngine.run(io: io)
    return ExitStatus.ok
  }
}
