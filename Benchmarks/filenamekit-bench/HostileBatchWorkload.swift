import FilenameKit
import FilenameKitCLI
import FilenameKitTestSupport
import Foundation

/// Issue 13's end-to-end bound: each hostile shape at 1 MiB as one `filenamekit batch` line, answered
/// by `BatchEngine.answer` (JSON decoding, the whole `suggest` pipeline with its trace, the JSON
/// answer): rows `hostile-batch:<shape>`, in ms, each under 100 ms to meet the issue. Header shapes
/// come from `Fixtures/hostile/scale-matrix.json` (a `suggest` line carrying the header as hex, or the
/// media type as text, as `scale-matrix-batch.py --op suggest` writes it); name shapes from
/// `Fixtures/sanitize/scale.json` (a `suggest` line whose quoted `filename` is the name, on the
/// shape's platform), prefixed `hostile-batch:name-`; other fields of a line (the language hint, the
/// referrer charset, the URL) from `Fixtures/bench/hostile-fields.json`, prefixed `hostile-batch:field-`.
enum HostileBatchWorkload {
  /// A shape of `Fixtures/sanitize/scale.json`.
  struct NameShape: Decodable {
    let id: String, unit: String, prefix: String, suffix: String, platform: String

    /// `prefix`, `unit` repeated to at least `size` bytes of UTF-8 in all, `suffix`.
    func build(size: Int) -> String {
      let fixed = prefix.utf8.count + suffix.utf8.count
      let count = max(1, (size - fixed + unit.utf8.count - 1) / unit.utf8.count)
      return prefix + String(repeating: unit, count: count) + suffix
    }
  }

  static func nameShapes(fixtures: URL) -> [NameShape] {
    FixtureLoader.load(
      contentsOf: fixtures.deletingLastPathComponent().appendingPathComponent("sanitize/scale.json"))
  }

  /// A shape of `Fixtures/bench/hostile-fields.json`: `request` with `field` grown to the size.
  struct FieldShape: Decodable {
    let id: String, source: String, request: [String: String], field: String, prefix: String, unit: String,
      suffix: String

    var name: NameShape { NameShape(id: id, unit: unit, prefix: prefix, suffix: suffix, platform: "") }
  }

  static func fieldShapes(fixtures: URL) -> [FieldShape] {
    FixtureLoader.load(contentsOf: fixtures.appendingPathComponent("hostile-fields.json"))
  }

  /// The row of field shape `shape`.
  static func make(_ shape: FieldShape, size: Int) throws -> Benchmark {
    var request: [String: Any] = shape.request
    request["id"] = shape.id
    request[shape.field] = shape.name.build(size: size)
    return try row("hostile-batch:field-\(shape.id)", request)
  }

  /// The row of header shape `shape`.
  static func make(_ shape: ScaleShape, size: Int) throws -> Benchmark {
    let bytes = shape.build(size: size)
    var request: [String: Any] = ["id": shape.id, "op": "suggest"]
    if let charset = shape.referrer_charset { request["referrer_charset"] = charset }
    if shape.parser == "disposition" {
      request["content_disposition_hex"] = bytes.map { String(format: "%02x", $0) }.joined()
    } else {
      request["content_type"] = String(bytes.map { Character(Unicode.Scalar($0)) })
    }
    return try row("hostile-batch:\(shape.id)", request)
  }

  /// The row of name shape `shape`: the name as a quoted-string (`"` and `\` escaped), raw UTF-8.
  static func make(_ shape: NameShape, size: Int) throws -> Benchmark {
    var quoted = ""
    for s in shape.build(size: size).unicodeScalars {
      if s == "\"" || s == "\\" { quoted.unicodeScalars.append("\\") }
      quoted.unicodeScalars.append(s)
    }
    let header = "attachment; filename=\"" + quoted + "\""
    let request: [String: Any] = [
      "id": shape.id, "op": "suggest", "platform": shape.platform,
      "content_disposition_hex": header.utf8.map { String(format: "%02x", $0) }.joined(),
    ]
    return try row("hostile-batch:name-\(shape.id)", request)
  }

  /// A row answering `request` as one batch line; the line must be answered without an error.
  private static func row(_ name: String, _ request: [String: Any]) throws -> Benchmark {
    let line = Array(try JSONSerialization.data(withJSONObject: request))
    let answer = BatchBenchmarkHook.answer(line)
    if answer.contains("\"error\"") { throw WrongAnswer(description: "\(name): \(answer.prefix(300))") }
    return Benchmark(name, bytes: line.count) { n in
      for _ in 0..<n { blackHole(BatchBenchmarkHook.answer(line)) }
    }
  }
}
