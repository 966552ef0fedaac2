import FilenameKitCLI
import Foundation

/// The `warc-plain` and `warc-gz` workloads: `filenamekit warc --json` (without writing its output)
/// over `Fixtures/warc/warcio.warc` and `warcio.warc.gz` repeated `copies` times into one temporary
/// file (a series of WARC files, or of gzip members, is itself one WARC file). One op is one record
/// read; `bytes` is the file's bytes per record, so MB/s is bytes / ns × 1000.
enum WarcWorkload {
  static func make(_ name: String, fixture: URL, copies: Int) throws -> Benchmark {
    let one = try Data(contentsOf: fixture)
    var data = Data(capacity: one.count * copies)
    for _ in 0..<copies { data.append(one) }
    let path = NSTemporaryDirectory() + "fnk-bench-\(name)-\(getpid()).warc"
    try data.write(to: URL(fileURLWithPath: path))
    let check = WarcBenchmarkHook.scan(path: path)
    guard check.errors == 0, check.named > 0 else {
      throw WrongAnswer(description: "\(name): \(check.errors) records with an error, \(check.named) named")
    }
    return Benchmark(name, workload: name, bytes: data.count / check.records, opsPerCall: check.records) { n in
      for _ in 0..<n { blackHole(WarcBenchmarkHook.scan(path: path).jsonBytes) }
    }
  }
}
