/// The JSON Lines engine behind `filenamekit batch`: one output line per input line, in order.
///
/// Lines are answered where they lie in the read buffer (only a line split across reads is copied), each
/// read by `BatchRequestParser` in one pass, and answers are written as bytes into one output buffer
/// handed to `ToolIO` once per read.
enum BatchEngine {
  /// Writes the answer's fields after the `id`; throws (having written nothing) for a bad request.
  typealias Handler = @Sendable (BatchRequest, inout JSONFieldWriter) throws(BatchError) -> Void

  /// Every op by name. Each op lives in its own `Batch<Op>.swift`. (A list, not a dictionary: six
  /// short names compare faster than one is hashed.)
  static let ops: [(name: String, handle: Handler)] = [
    ("disposition", BatchDisposition.handle),
    ("url", BatchURL.handle),
    ("sanitize", BatchSanitize.handle),
    ("mime", BatchMime.handle),
    ("extension", BatchExtension.handle),
    ("suggest", BatchSuggest.handle),
    ("response", BatchResponse.handle),
    ("path", BatchPath.handle),
  ]

  /// The default cap on one input line (`--max-line-bytes`): room for a 4 MiB header sent as hex.
  static let defaultMaxLineBytes = 16 << 20

  /// Buffers reused from line to line; whoever makes one frees its `out` with `deallocate()`.
  struct Scratch {
    var text: [UInt8] = []
    let out: OutputBuffer

    init(capacity: Int = 1 << 16) { out = OutputBuffer(capacity: capacity) }

    func deallocate() { out.deallocate() }
  }

  /// Answers one input line (without its newline) with one output line (without newline).
  static func answer(_ line: [UInt8]) -> String {
    var scratch = Scratch(capacity: 256)
    defer { scratch.deallocate() }
    line.withUnsafeBufferPointer { answer($0, scratch: &scratch) }
    return scratch.out.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Appends the answer to `line` (without newline) to `scratch.out`.
  static func answer(_ line: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) {
    var parser = BatchRequestParser(line, text: [])
    swap(&parser.text, &scratch.text)
    let failure = parser.parse()
    swap(&parser.text, &scratch.text)
    if let failure {
      return write(id: failure.id, line, error: BatchError(.malformedRequest, failure.message), scratch: &scratch)
    }
    // The request is read where the parser holds it (no copy).
    guard let opName = parser.request.op else {
      return write(id: parser.request.id, line, error: BatchError(.missingOp, "missing 'op'"), scratch: &scratch)
    }
    guard let op = ops.first(where: { $0.name == opName })?.handle else {
      return write(id: parser.request.id, line, error: BatchError(.unknownOp, unknownOp(opName)), scratch: &scratch)
    }
    let start = scratch.out.count
    var w = openAnswer(id: parser.request.id, line, scratch: &scratch)
    do {
      try op(parser.request, &w)
      if !parser.request.ignoredKeys.isEmpty { w.strings("ignored_keys", parser.request.ignoredKeys) { $0 } }
      scratch.out.append(UInt8(ascii: "}"))
    } catch {
      scratch.out.truncate(to: start)
      write(id: parser.request.id, line, error: error, scratch: &scratch)
    }
  }

  /// The error for an op no handler has, with a "did you mean" when one is near (as the CLI says for
  /// a mistyped command).
  static func unknownOp(_ name: String) -> String {
    let hint = Arguments.closest(to: name, in: opNames).map { " (did you mean '\($0)'?)" } ?? ""
    return "unknown op '\(name)'\(hint)"
  }

  /// The names of `ops`.
  static let opNames = Set(ops.map(\.name))

  /// Starts an answer, `{"id":…`, and returns the writer for its other fields (it writes into the
  /// same output buffer).
  private static func openAnswer(
    id: Range<Int>?, _ line: UnsafeBufferPointer<UInt8>, scratch: inout Scratch
  ) -> JSONFieldWriter {
    var out = scratch.out
    JSONValue.appendLiteral(#"{"id":"#, to: &out)
    if let id {
      BatchIDEcho.write(line, id, to: &out, text: &scratch.text)
    } else {
      JSONValue.appendLiteral("null", to: &out)
    }
    return JSONFieldWriter(out, afterFirst: true)
  }

  /// `{"id":…,"error":"…","error_code":"…"}`.
  private static func write(
    id: Range<Int>?, _ line: UnsafeBufferPointer<UInt8>, error: BatchError, scratch: inout Scratch
  ) {
    var w = openAnswer(id: id, line, scratch: &scratch)
    w.field("error", error.message)
    w.field("error_code", error.code.rawValue)
    scratch.out.append(UInt8(ascii: "}"))
  }

  /// The answer to a line cut off at the cap: its `id` when the cut left it whole, otherwise null.
  static func answerTruncated(_ prefix: [UInt8], maxLineBytes: Int, scratch: inout Scratch) {
    let message = BatchError(
      .lineTooLong, "line too long: more than \(maxLineBytes) bytes (raise the limit with --max-line-bytes)")
    guard let raw = BatchLine.rawID(prefix) else {
      write(id: nil, UnsafeBufferPointer(start: nil, count: 0), error: message, scratch: &scratch)
      return
    }
    raw.withUnsafeBufferPointer { raw in
      var parser = BatchRequestParser(raw, text: scratch.text)
      let sound = parser.isOneSoundValue()
      scratch.text = parser.text
      write(id: sound ? 0..<raw.count : nil, raw, error: message, scratch: &scratch)
    }
  }

  /// Streams stdin to stdout. Memory stays bounded by `maxLineBytes`: a longer line is answered with
  /// an error (its `id` echoed when it came before the cut) and the rest of it is skipped. Output is
  /// flushed before every read, so an interactive peer gets each answer as soon as it is ready.
  static func run(io: ToolIO, maxLineBytes: Int = defaultMaxLineBytes) {
    var reader = BatchLineReader(maxLineBytes: maxLineBytes)
    var scratch = Scratch()
    defer { scratch.deallocate() }
    while true {
      let chunk = io.readIn(1 << 16)
      if chunk.isEmpty { break }
      chunk.withUnsafeBufferPointer { chunk in
        reader.feed(chunk) { event in
          take(event, maxLineBytes: maxLineBytes, scratch: &scratch)
          if scratch.out.count >= 1 << 16 { send(scratch.out, io: io) }
        }
      }
      send(scratch.out, io: io)
      io.flushOut()
    }
    reader.finish { event in take(event, maxLineBytes: maxLineBytes, scratch: &scratch) }
    send(scratch.out, io: io)
    io.flushOut()
  }

  /// Answers a line, or says it is over the cap.
  private static func take(_ event: BatchLineReader.Event, maxLineBytes: Int, scratch: inout Scratch) {
    switch event {
    case .line(let line): emit(line, scratch: &scratch)
    case .tooLong(let prefix):
      answerTruncated(prefix, maxLineBytes: maxLineBytes, scratch: &scratch)
      scratch.out.append(0x0A)
    }
  }

  private static func send(_ out: OutputBuffer, io: ToolIO) {
    guard out.count > 0 else { return }
    out.withBytes { io.writeOut(utf8: $0) }
    out.removeAll()
  }

  /// Answers one line (its CR, if any, dropped); a line of only JSON whitespace (any mix of space,
  /// tab and CR) carries no request and gets no answer.
  static func emit(_ line: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) {
    guard !BatchLine.isBlank(line) else { return }
    var line = line
    if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
    answer(line, scratch: &scratch)
    scratch.out.append(0x0A)
  }
}
