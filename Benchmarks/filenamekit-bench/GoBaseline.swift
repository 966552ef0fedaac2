import Foundation

/// Go's standard library on the same headers: `mime.ParseMediaType` (the parser Go programs use for
/// both Content-Disposition and Content-Type), timed by `Benchmarks/go-baseline/main.go` with the
/// same method (thread CPU time, calibrated fixed iteration count, median of the runs).
///
/// The Go source is built into a temporary directory at run time when `go` is on PATH (or at
/// `/usr/lib/go/bin/go`, Debian's `golang-go`); without it the rows are skipped and the reason
/// is printed. Rows: `baseline:go:<workload>`.
enum GoBaseline {
  /// One header to time, as the Go program reads it.
  struct Input: Encodable {
    var name: String
    var header_hex: String
  }

  struct Output: Decodable {
    var name: String
    var median_ns: Double
    var min_ns: Double
    var allocations: Double
    var iterations: Int
    var runs: [Double]
    var answer: String
  }

  /// The `go` executable, or nil.
  static func goTool() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for dir in path.split(separator: ":") + ["/usr/lib/go/bin"] {
      let candidate = "\(dir)/go"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// `Benchmarks/go-baseline/main.go`, found next to the fixtures' repository.
  static func source(fixtures: URL) -> URL {
    fixtures.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Benchmarks/go-baseline/main.go")
  }

  /// Builds and runs the Go program on `inputs`; the measurements, or the reason there are none.
  static func run(_ inputs: [(workload: String, header: [UInt8])], fixtures: URL, quick: Bool)
    -> Result<[(workload: String, measurement: Measurement, answer: String)], SkipReason>
  {
    guard !inputs.isEmpty else { return .success([]) }
    guard let go = goTool() else { return .failure(SkipReason("go is not on PATH (Debian: apt install golang-go)")) }
    let main = source(fixtures: fixtures)
    guard FileManager.default.fileExists(atPath: main.path) else {
      return .failure(SkipReason("\(main.path) not found"))
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filenamekit-go-baseline-\(getpid())")
    defer { try? FileManager.default.removeItem(at: dir) }
    do {
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      let binary = dir.appendingPathComponent("go-baseline")
      var env = ProcessInfo.processInfo.environment
      env["GOCACHE"] = env["GOCACHE"] ?? dir.appendingPathComponent("cache").path
      env["GO111MODULE"] = "off"
      let build = try runProcess(go, ["build", "-o", binary.path, main.path], env: env)
      guard build.status == 0 else { return .failure(SkipReason("go build failed: \(build.stderr)")) }
      let inputFile = dir.appendingPathComponent("inputs.json")
      let hexInputs = inputs.map {
        Input(name: $0.workload, header_hex: $0.header.map { String(format: "%02x", $0) }.joined())
      }
      try JSONEncoder().encode(hexInputs).write(to: inputFile)
      let r = try runProcess(binary.path, (quick ? ["-quick"] : []) + [inputFile.path], env: env)
      guard r.status == 0 else { return .failure(SkipReason("go-baseline failed: \(r.stderr)")) }
      let decoder = JSONDecoder()
      var out: [(String, Measurement, String)] = []
      for line in r.stdout.split(separator: "\n") where !line.isEmpty {
        let o = try decoder.decode(Output.self, from: Data(line.utf8))
        let bytes = inputs.first { $0.workload == o.name }?.header.count ?? 0
        let b = Benchmark("baseline:go:\(o.name)", workload: o.name, bytes: bytes) { _ in }
        out.append(
          (
            o.name, Measurement(benchmark: b, iterations: o.iterations, runs: o.runs, allocations: o.allocations),
            o.answer
          ))
      }
      return .success(out)
    } catch {
      return .failure(SkipReason("\(error)"))
    }
  }

  struct SkipReason: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
  }

  static func runProcess(_ path: String, _ args: [String], env: [String: String]) throws
    -> (status: Int32, stdout: String, stderr: String)
  {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    p.environment = env
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
  }
}
