import Foundation

/// The JSON Lines engine behind `filenamekit batch`: one output line per input line, in order.
enum BatchEngine {
  typealias Handler = @Sendable (BatchRequest) throws(BatchError) -> [(String, JSONValue)]

  /// Every op by name. Each op lives in its own `Batch<Op>.swift`.
  static let ops: [String: Handler] = [
    "disposition": BatchDisposition.handle,
    "url": BatchURL.handle,
    "sanitize": BatchSanitize.handle,
    "mime": BatchMime.handle,
    "extension": BatchExtension.handle,
    "suggest": BatchSuggest.handle,
  ]

  private struct IDOnly: Decodable { var id: JSONValue? }

  /// The default cap on one input line (`--max-line-bytes`): room for a 4 MiB header sent as hex.
  static let defaultMaxLineBytes = 16 << 20

  /// The `id` to echo: as decoded, except that a number is echoed exactly as written
  /// (`123456789012345678901234567890` stays that, not `1.2345678901234568e+29`).
  static func echoedID(_ decoded: JSONValue?, line: [UInt8]) -> JSONValue {
    guard let decoded else { return .null }
    switch decoded {
    case .int, .double:
      guard let raw = BatchLine.rawID(line) else { return decoded }
      return .number(String(decoding: raw, as: UTF8.self))
    default:
      return decoded
    }
  }

  /// The `id` of a line cut off at the cap, when the cut left it whole; otherwise null.
  static func idOfTruncated(_ prefix: [UInt8], decoder: JSONDecoder) -> JSONValue {
    guard let raw = BatchLine.rawID(prefix), let v = try? decoder.decode(JSONValue.self, from: Data(raw)) else {
      return .null
    }
    if case .int = v { return .number(String(decoding: raw, as: UTF8.self)) }
    if case .double = v { return .number(String(decoding: raw, as: UTF8.self)) }
    return v
  }

  /// Answers one input line (without its newline) with one output line (without newline).
  static func answer(_ line: [UInt8], decoder: JSONDecoder) -> String {
    let data = Data(line)
    let request: BatchRequest
    do {
      request = try decoder.decode(BatchRequest.self, from: data)
    } catch {
      let id = echoedID((try? decoder.decode(IDOnly.self, from: data))?.id, line: line)
      return JSONValue.object([("id", id), ("error", .string("malformed request: \(describe(error))"))]).serialized
    }
    let id = echoedID(request.id, line: line)
    guard let opName = request.op else {
      return JSONValue.object([("id", id), ("error", .string("missing 'op'"))]).serialized
    }
    guard let op = ops[opName] else {
      return JSONValue.object([("id", id), ("error", .string("unknown op '\(opName)'"))]).serialized
    }
    do {
      return JSONValue.object([("id", id)] + (try op(request))).serialized
    } catch {
      return JSONValue.object([("id", id), ("error", .string(error.message))]).serialized
    }
  }

  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
      let path = c.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "not a JSON object" : "wrong type for '\(path)'"
    case DecodingError.dataCorrupted: return "not valid JSON"
    default: return "not a JSON object"
    }
  }

  /// Streams stdin to stdout. Memory stays bounded by `maxLineBytes`: a longer line is answered with
  /// an error (its `id` echoed when it came before the cut) and the rest of it is skipped. Output is
  /// flushed before every read, so an interactive peer gets each answer as soon as it is ready.
  static func run(io: ToolIO, maxLineBytes: Int = defaultMaxLineBytes) {
    let decoder = JSONDecoder()
    var pending: [UInt8] = []
    var overflowing = false
    func take(_ part: ArraySlice<UInt8>) {
      guard !overflowing else { return }
      if pending.count + part.count > maxLineBytes {
        pending.append(contentsOf: part.prefix(maxLineBytes - pending.count))
        let id = idOfTruncated(pending, decoder: decoder)
        let message = "line too long: more than \(maxLineBytes) bytes (raise the limit with --max-line-bytes)"
        io.writeOut(JSONValue.object([("id", id), ("error", .string(message))]).serialized + "\n")
        pending.removeAll()
        overflowing = true
      } else {
        pending.append(contentsOf: part)
      }
    }
    while true {
      let chunk = io.readIn(1 << 16)
      if chunk.isEmpty { break }
      var start = 0
      for (i, b) in chunk.enumerated() where b == 0x0A {
        take(chunk[start..<i])
        if !overflowing { emit(&pending, io: io, decoder: decoder) }
        overflowing = false
        start = i + 1
      }
      take(chunk[start...])
      io.flushOut()
    }
    if !pending.isEmpty && !overflowing { emit(&pending, io: io, decoder: decoder) }
    io.flushOut()
  }

  private static func emit(_ line: inout [UInt8], io: ToolIO, decoder: JSONDecoder) {
    if line.last == 0x0D { line.removeLast() }
    // Blank lines carry no request; skipping them keeps one answer per request.
    if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
      io.writeOut(answer(line, decoder: decoder) + "\n")
    }
    line.removeAll(keepingCapacity: true)
  }
}
