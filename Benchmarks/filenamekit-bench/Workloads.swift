import FilenameKit
import FilenameKitCLI
import FilenameKitTestSupport
import Foundation

/// One case of `Fixtures/bench/workloads.json` or `scaling.json`; fields by kind.
struct WorkloadFixture: Decodable {
  var id: String
  var source: String
  var kind: String
  var header: String?
  var headerHex: String?
  var referrerCharset: String?
  var input: String?
  var url: String?
  var urlASCII: String?
  var name: String?
  var platform: String?
  var contentDisposition: String?
  var contentDispositionHex: String?
  var contentType: String?
  var expect: String?
  var expectUTF8BytesAtMost: Int?
  // scaling
  var prefix: String?
  var unit: String?
  var suffix: String?
  var sizes: [Int]?

  enum CodingKeys: String, CodingKey {
    case id, source, kind, header, input, url, name, platform, expect, prefix, unit, suffix, sizes
    case urlASCII = "url_ascii"
    case headerHex = "header_hex"
    case referrerCharset = "referrer_charset"
    case contentDisposition = "content_disposition"
    case contentDispositionHex = "content_disposition_hex"
    case contentType = "content_type"
    case expectUTF8BytesAtMost = "expect_utf8_bytes_at_most"
  }

  var fallbackCharset: Charset? { referrerCharset.flatMap { Charset(label: $0) } }
  var platformValue: Platform { platform.flatMap(Platform.init(rawValue:)) ?? .linux }
  var headerBytes: [UInt8] { headerHex.map(FixtureHex.decode) ?? Array((header ?? "").utf8) }
  var dispositionBytes: [UInt8]? {
    contentDispositionHex.map(FixtureHex.decode) ?? contentDisposition.map { Array($0.utf8) }
  }
}

/// Where the fixtures are: `--fixtures DIR`, else `Fixtures/bench`.
enum FixturePaths {
  static func root(override: String?) -> URL {
    override.map { URL(fileURLWithPath: $0) } ?? FixtureLoader.root.appendingPathComponent("bench")
  }

  static func load(_ file: String, in root: URL) -> [WorkloadFixture] {
    FixtureLoader.load(contentsOf: root.appendingPathComponent(file))
  }
}

/// A workload's answer check failed: the benchmark would time the wrong thing.
struct WrongAnswer: Error, CustomStringConvertible {
  let description: String
}

/// Builds the timed closures of the public entry points, checking each answer once first.
enum Workloads {
  static func make(_ w: WorkloadFixture) throws -> Benchmark {
    switch w.kind {
    case "disposition":
      let bytes = w.headerBytes
      let options = ContentDisposition.Options(fallbackCharset: w.fallbackCharset)
      let got = ContentDisposition(parsing: bytes, options: options).filename
      try check(w, got)
      return Benchmark(w.id, workload: w.id, bytes: bytes.count) { n in
        for _ in 0..<n { blackHole(ContentDisposition(parsing: bytes, options: options)) }
      }
    case "mime":
      let input = w.input ?? ""
      try check(w, MediaType(input)?.description)
      return Benchmark(w.id, workload: w.id, bytes: input.utf8.count) { n in
        for _ in 0..<n { blackHole(MediaType(input)) }
      }
    case "url":
      let url = w.url ?? ""
      try check(w, URLFilename.extract(from: url).filename)
      return Benchmark(w.id, workload: w.id, bytes: url.utf8.count) { n in
        for _ in 0..<n { blackHole(URLFilename.extract(from: url)) }
      }
    case "sanitize":
      let name = w.name ?? ""
      let platform = w.platformValue
      let got = FilenameSanitizer.sanitize(name, for: platform).name
      if let limit = w.expectUTF8BytesAtMost, got.utf8.count > limit {
        throw WrongAnswer(description: "\(w.id): \(got.utf8.count) bytes, expected at most \(limit)")
      }
      return Benchmark(w.id, workload: w.id, bytes: name.utf8.count) { n in
        for _ in 0..<n { blackHole(FilenameSanitizer.sanitize(name, for: platform)) }
      }
    case "suggest":
      let metadata = Workloads.metadata(w)
      let options = SuggestionOptions(fallbackCharset: w.fallbackCharset, platform: w.platformValue)
      try check(w, suggestFilename(for: metadata, options: options).filename.string)
      return Benchmark(w.id, workload: w.id, bytes: Workloads.inputBytes(w).count) { n in
        for _ in 0..<n { blackHole(suggestFilename(for: metadata, options: options)) }
      }
    default:
      throw WrongAnswer(description: "\(w.id): unknown kind '\(w.kind)'")
    }
  }

  static func metadata(_ w: WorkloadFixture) -> DownloadMetadata {
    DownloadMetadata(
      url: w.url, contentDisposition: w.dispositionBytes, contentType: w.contentType.map { Array($0.utf8) })
  }

  /// Every input byte of a workload, concatenated (what the scan baseline reads).
  static func inputBytes(_ w: WorkloadFixture) -> [UInt8] {
    switch w.kind {
    case "disposition": return w.headerBytes
    case "mime": return Array((w.input ?? "").utf8)
    case "url": return Array((w.url ?? "").utf8)
    case "sanitize": return Array((w.name ?? "").utf8)
    default:
      return Array((w.url ?? "").utf8) + (w.dispositionBytes ?? []) + Array((w.contentType ?? "").utf8)
    }
  }

  static func check(_ w: WorkloadFixture, _ got: String?) throws {
    guard let expect = w.expect else { return }
    if got != expect {
      throw WrongAnswer(description: "\(w.id): got \(got.map { "\"\($0)\"" } ?? "nil"), expected \"\(expect)\"")
    }
  }

  /// A scaling input of exactly `size` bytes: prefix, whole units, ASCII `x` padding, suffix.
  static func scaled(_ s: WorkloadFixture, size: Int) -> [UInt8] {
    let prefix = Array((s.prefix ?? "").utf8)
    let unit = Array((s.unit ?? "x").utf8)
    let suffix = Array((s.suffix ?? "").utf8)
    var out = prefix
    out.reserveCapacity(size)
    while out.count + unit.count + suffix.count <= size { out += unit }
    while out.count + suffix.count < size { out.append(0x78) }
    return out + suffix
  }

  static func scaling(_ s: WorkloadFixture) -> [Benchmark] {
    (s.sizes ?? []).map { size in
      let bytes = scaled(s, size: size)
      let label = "scale:\(s.kind):\(size)"
      switch s.kind {
      case "disposition":
        return Benchmark(label, bytes: bytes.count) { n in
          for _ in 0..<n { blackHole(ContentDisposition(parsing: bytes)) }
        }
      default:
        let name = String(decoding: bytes, as: UTF8.self)
        let platform = s.platformValue
        return Benchmark(label, bytes: bytes.count) { n in
          for _ in 0..<n { blackHole(FilenameSanitizer.sanitize(name, for: platform)) }
        }
      }
    }
  }
}

/// The `batch-disposition` workload: `BatchEngine.run(io:)` over an in-memory JSON Lines stream.
enum BatchWorkload {
  static func lines(in root: URL) throws -> [[UInt8]] {
    let data = try Data(contentsOf: root.appendingPathComponent("batch-disposition.jsonl"))
    return Array(data).split(separator: 0x0A).map(Array.init)
  }

  /// `count` lines cycled from the fixture, newline-terminated.
  static func stream(_ lines: [[UInt8]], count: Int) -> [UInt8] {
    var out: [UInt8] = []
    for i in 0..<count {
      out += lines[i % lines.count]
      out.append(0x0A)
    }
    return out
  }

  /// Runs the engine over `input`; returns the number of output bytes.
  static func run(_ input: [UInt8]) -> Int {
    final class State {
      var offset = 0
      var written = 0
    }
    let state = State()
    let io = ToolIO(
      writeOut: { state.written += $0.utf8.count },
      writeErr: { _ in },
      readIn: { max in
        let end = Swift.min(input.count, state.offset + max)
        defer { state.offset = end }
        return Array(input[state.offset..<end])
      },
      // As `ToolIO.standard()` does: the engine's output bytes go out without a String.
      writeOutBytes: { state.written += $0.count }
    )
    BatchBenchmarkHook.run(io: io)
    return state.written
  }

  static func make(_ lines: [[UInt8]], linesPerRun: Int) throws -> (Benchmark, [UInt8]) {
    let input = stream(lines, count: linesPerRun)
    // Every line must be answered, and none with an error.
    var answers: [String] = []
    for l in lines { answers.append(BatchBenchmarkHook.answer(l)) }
    if let bad = answers.first(where: { $0.contains("\"error\"") }) {
      throw WrongAnswer(description: "batch-disposition: \(bad)")
    }
    let b = Benchmark(
      "batch-disposition", workload: "batch-disposition", bytes: input.count / linesPerRun,
      opsPerCall: linesPerRun
    ) { n in
      for _ in 0..<n { blackHole(run(input)) }
    }
    return (b, input)
  }
}
