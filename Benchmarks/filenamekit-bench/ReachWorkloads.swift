import CFilenameKit
import FilenameKit
import Foundation

/// The same suggestions through the other doors: the C API in this process (`capi:<workload>`, the
/// exact entry point a C program calls: struct in, handle out, the name read, the handle freed;
/// `capi-name:<workload>`, the name and decision into the caller's buffer, no handle), the
/// Python binding (`python:<workload>`, timed by Benchmarks/scripts/python-suggest.py with the same
/// method, when `FILENAMEKIT_LIBRARY` names an installed library), and whole `filenamekit batch`
/// processes on the suggest corpus (`process:batch-suggest:dynamic` for this build's CLI,
/// `process:batch-suggest:static` for the self-contained one `FILENAMEKIT_STATIC_CLI` names).
enum ReachWorkloads {
  /// `capi:<id>` and `capi-name:<id>` for a suggest workload: the exact calls a C program makes.
  /// `capi:` is `fnk_suggest`, the filename read, `fnk_free`; `capi-name:` is `fnk_suggest_name` into a
  /// buffer the caller reuses (no handle), the filename read.
  static func cCalls(_ w: WorkloadFixture) throws -> [Benchmark] {
    let url = Array((w.url ?? "").utf8)
    let disposition = w.dispositionBytes ?? []
    let contentType = Array((w.contentType ?? "").utf8)
    let platform: Int32 =
      switch w.platformValue {
      case .linux: 1
      case .macos: 2
      case .windows: 3
      case .portable: 4
      }
    // What a C caller has: the inputs in memory of their own, an options struct made once, a
    // metadata struct whose fields it sets for each response, a name struct and a buffer it reuses.
    // Made once, never freed.
    func stable(_ a: [UInt8]) -> UnsafeBufferPointer<UInt8> {
      let p = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(a.count, 1))
      _ = p.initialize(from: a)
      return UnsafeBufferPointer(start: p.baseAddress, count: a.count)
    }
    let (u, d, t) = (stable(url), stable(disposition), stable(contentType))
    let options = UnsafeMutablePointer<fnk_options>.allocate(capacity: 1)
    options.initialize(to: fnk_options())
    options.pointee.struct_size = UInt32(MemoryLayout<fnk_options>.size)
    options.pointee.platform = platform
    let metadata = UnsafeMutablePointer<fnk_metadata>.allocate(capacity: 1)
    metadata.initialize(to: fnk_metadata())
    metadata.pointee.struct_size = UInt32(MemoryLayout<fnk_metadata>.size)
    func fill() -> UnsafePointer<fnk_metadata> {
      // An input the workload lacks is absent (NULL), as a C caller passes it.
      metadata.pointee.url = u.isEmpty ? nil : u.baseAddress
      metadata.pointee.url_length = u.count
      metadata.pointee.content_disposition = d.isEmpty ? nil : d.baseAddress
      metadata.pointee.content_disposition_length = d.count
      metadata.pointee.content_type = t.isEmpty ? nil : t.baseAddress
      metadata.pointee.content_type_length = t.count
      return UnsafePointer(metadata)
    }
    // `read` runs on the live result: what a C caller does with it (the timed rows read the name's
    // pointer and length, no copy; the check copies the name once, before timing).
    func call<T>(_ read: (OpaquePointer?) -> T) -> T? {
      var r: OpaquePointer? = nil
      guard fnk_suggest(fill(), options, &r) == FNK_OK else { return nil }
      defer { fnk_free(r) }
      return read(r)
    }
    // 4096 bytes hold any name, as filenamekit.h says.
    let capacity = 4096
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    let name = UnsafeMutablePointer<fnk_name>.allocate(capacity: 1)
    name.initialize(to: fnk_name())
    name.pointee.struct_size = UInt32(MemoryLayout<fnk_name>.size)
    func nameCall<T>(_ read: (fnk_name) -> T) -> T? {
      guard fnk_suggest_name(fill(), options, name, buffer, capacity) == FNK_OK else { return nil }
      return read(name.pointee)
    }
    let swift = suggestFilename(
      for: Workloads.metadata(w),
      options: SuggestionOptions(fallbackCharset: w.fallbackCharset, platform: w.platformValue)
    ).filename.string
    let answer = call { r in fnk_result_string(r, FNK_FIELD_FILENAME).data.map { String(cString: $0) } } ?? nil
    guard w.referrerCharset == nil, answer == swift else {
      throw WrongAnswer(description: "capi:\(w.id): \(answer ?? "nil"), the Swift call \(swift)")
    }
    let nameAnswer = nameCall { n in n.filename.data.map { String(cString: $0) } } ?? nil
    guard nameAnswer == swift else {
      throw WrongAnswer(description: "capi-name:\(w.id): \(nameAnswer ?? "nil"), the Swift call \(swift)")
    }
    let bytes = Workloads.inputBytes(w).count
    return [
      Benchmark("capi:\(w.id)", workload: w.id, bytes: bytes) { n in
        for _ in 0..<n {
          blackHole(
            call { r in
              let s = fnk_result_string(r, FNK_FIELD_FILENAME)
              return s.length + (s.data == nil ? 0 : 1)
            })
        }
      },
      Benchmark("capi-name:\(w.id)", workload: w.id, bytes: bytes) { n in
        for _ in 0..<n {
          blackHole(nameCall { n in n.filename.length + (n.filename.data == nil ? 0 : 1) })
        }
      },
    ]
  }

  struct Timed: Decodable {
    var median_ns: Double
    var min_ns: Double
    var iterations: Int
    var runs: [Double]
    var answer: String
  }

  /// `python:<id>`: the binding's `suggest` on the workload, or why the row is skipped.
  static func python(_ w: WorkloadFixture, fixtures: URL, quick: Bool) -> Result<
    (Measurement, String), GoBaseline.SkipReason
  > {
    let env = ProcessInfo.processInfo.environment
    guard let library = env["FILENAMEKIT_LIBRARY"], FileManager.default.fileExists(atPath: library) else {
      return .failure(
        .init("FILENAMEKIT_LIBRARY names no library (Scripts/install --prefix DIR, then DIR/lib/libfilenamekit.so)"))
    }
    let repo = fixtures.deletingLastPathComponent().deletingLastPathComponent()
    let script = repo.appendingPathComponent("Benchmarks/scripts/python-suggest.py").path
    var e = env
    e["PYTHONPATH"] = repo.appendingPathComponent("Sources/python").path
    e["FILENAMEKIT_LIBRARY"] = library
    let args = [script, w.url ?? "", w.contentDisposition ?? "", w.contentType ?? "", w.platform ?? "linux"]
    do {
      let r = try GoBaseline.runProcess("/usr/bin/env", ["python3"] + args + (quick ? ["--quick"] : []), env: e)
      guard r.status == 0 else { return .failure(.init("python-suggest.py failed: \(r.stderr)")) }
      let t = try JSONDecoder().decode(Timed.self, from: Data(r.stdout.utf8))
      let b = Benchmark("python:\(w.id)", workload: w.id, bytes: Workloads.inputBytes(w).count) { _ in }
      return .success((Measurement(benchmark: b, iterations: t.iterations, runs: t.runs, allocations: nil), t.answer))
    } catch {
      return .failure(.init("\(error)"))
    }
  }

  /// Whole `filenamekit batch` processes on `lines` suggest requests: the time per line of each run
  /// (start-up included, so many lines are sent), for this build's CLI and the self-contained one.
  static func processes(fixtures root: URL, quick: Bool) -> [Result<Measurement, GoBaseline.SkipReason>] {
    let env = ProcessInfo.processInfo.environment
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binaries = [
      ("dynamic", Optional(here.appendingPathComponent("filenamekit").path)),
      ("static", env["FILENAMEKIT_STATIC_CLI"]),
    ]
    let count = quick ? 2_000 : 100_000
    guard let data = try? Data(contentsOf: root.appendingPathComponent("batch-suggest.jsonl")) else {
      return [.failure(.init("batch-suggest.jsonl not found"))]
    }
    let lines = Array(data).split(separator: 0x0A).map(Array.init)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filenamekit-bench-batch-\(getpid()).jsonl")
    try? Data(BatchWorkload.stream(lines, count: count)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return binaries.map { (kind, path) -> Result<Measurement, GoBaseline.SkipReason> in
      guard let path, FileManager.default.isExecutableFile(atPath: path) else {
        return .failure(
          .init("process:batch-suggest:\(kind): no binary (FILENAMEKIT_STATIC_CLI: Scripts/install's bin/filenamekit)"))
      }
      var runs: [Double] = []
      for _ in 0..<(quick ? 2 : 5) {
        let start = DispatchTime.now().uptimeNanoseconds
        guard
          let r = try? GoBaseline.runProcess(
            "/bin/sh", ["-c", "\"$0\" batch < \"$1\" > /dev/null", path, file.path], env: env),
          r.status == 0
        else { return .failure(.init("process:batch-suggest:\(kind): \(path) batch failed")) }
        runs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
      }
      let b = Benchmark("process:batch-suggest:\(kind)", workload: "batch-suggest", bytes: 0, opsPerCall: 1) { _ in }
      return .success(Measurement(benchmark: b, iterations: count, runs: runs, allocations: nil))
    }
  }
}
