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

  /// Answers one input line (without its newline) with one output line (without newline).
  static func answer(_ line: [UInt8], decoder: JSONDecoder) -> String {
    let data = Data(line)
    let request: BatchRequest
    do {
      request = try decoder.decode(BatchRequest.self, from: data)
    } catch {
      let id = (try? decoder.decode(IDOnly.self, from: data))?.id ?? .null
      return JSONValue.object([("id", id), ("error", .string("malformed request: \(describe(error))"))]).serialized
    }
    let id = request.id ?? .null
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

  /// Streams stdin to stdout. Memory stays bounded by the longest line; output is flushed
  /// before every read, so an interactive peer gets each answer as soon as it is ready.
  static func run(io: ToolIO) {
    let decoder = JSONDecoder()
    var pending: [UInt8] = []
    while true {
      let chunk = io.readIn(1 << 16)
      if chunk.isEmpty { break }
      var start = 0
      for (i, b) in chunk.enumerated() where b == 0x0A {
        pending.append(contentsOf: chunk[start..<i])
        emit(&pending, io: io, decoder: decoder)
        start = i + 1
      }
      pending.append(contentsOf: chunk[start...])
      io.flushOut()
    }
    if !pending.isEmpty { emit(&pending, io: io, decoder: decoder) }
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
