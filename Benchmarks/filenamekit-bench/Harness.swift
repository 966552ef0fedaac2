import CAllocCounter

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a result alive: the optimizer cannot see into this function, so the value must be computed.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// CPU nanoseconds of the calling thread. On a shared machine this leaves out the time the
/// thread waits for a core, which wall time would add at random; the work runs on one core.
@inline(__always)
func nowNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// One thing to time. `body(n)` performs the operation `n` times and hands each result to `blackHole`.
struct Benchmark {
  /// Row name: a workload, `baseline:<kind>:<workload>`, or `scale:<entry point>:<bytes>`.
  let name: String
  /// The workload this row belongs to (for ratios); nil for rows that stand alone.
  let workload: String?
  /// Bytes of input one operation reads (for ns/byte).
  let bytes: Int
  /// Operations one call of `body(1)` stands for (lines per batch run); times are divided by it.
  let opsPerCall: Int
  let body: (Int) -> Void

  init(_ name: String, workload: String? = nil, bytes: Int, opsPerCall: Int = 1, body: @escaping (Int) -> Void) {
    self.name = name
    self.workload = workload
    self.bytes = bytes
    self.opsPerCall = opsPerCall
    self.body = body
  }
}

/// What the harness measured for one benchmark; times are per operation.
struct Measurement {
  let benchmark: Benchmark
  let iterations: Int
  let runs: [Double]
  /// Heap allocations per operation, or nil when the counter is not active.
  let allocations: Double?

  var median: Double {
    let s = runs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
  var min: Double { runs.min() ?? 0 }
  var opsPerSecond: Double { median > 0 ? 1e9 / median : 0 }
  var nsPerByte: Double { benchmark.bytes > 0 ? median / Double(benchmark.bytes) : 0 }
}

/// Runs benchmarks: warm-up, a calibrated iteration count fixed for all timed runs, `runs` timed runs.
struct Harness {
  /// Wall time one timed run aims for.
  let runTarget: UInt64
  /// Timed runs per benchmark (at least 5).
  let runs: Int
  /// Whether the malloc interposer is live in this process.
  let countsAllocations: Bool

  init(quick: Bool) {
    runTarget = quick ? 2_000_000 : 60_000_000
    runs = quick ? 5 : 7
    countsAllocations = Harness.probeAllocationCounter()
  }

  /// True when a Swift heap allocation reaches the interposed malloc.
  static func probeAllocationCounter() -> Bool {
    fk_alloc_count_start()
    let a = [Int](repeating: 7, count: 64)
    blackHole(a)
    return fk_alloc_count_stop() > 0
  }

  func measure(_ b: Benchmark) -> Measurement {
    // Warm-up: one call, then enough to span a tenth of a run (fills caches, lazy statics, ICU data).
    b.body(1)
    var n = 1
    var elapsed: UInt64 = 0
    while true {
      let t0 = nowNanoseconds()
      b.body(n)
      elapsed = nowNanoseconds() - t0
      if elapsed >= runTarget / 10 || n >= 1 << 30 { break }
      n *= elapsed == 0 ? 16 : Swift.max(2, Swift.min(16, Int(runTarget / 10 / Swift.max(elapsed, 1))))
    }
    // The fixed iteration count of every timed run.
    let perCall = Double(elapsed) / Double(n)
    let iterations = Swift.max(1, Int(Double(runTarget) / Swift.max(perCall, 1)))
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
      let t0 = nowNanoseconds()
      b.body(iterations)
      let t = nowNanoseconds() - t0
      samples.append(Double(t) / Double(iterations) / Double(b.opsPerCall))
    }
    return Measurement(benchmark: b, iterations: iterations, runs: samples, allocations: countAllocations(b))
  }

  /// Allocations per operation, averaged over a few calls after warm-up.
  func countAllocations(_ b: Benchmark) -> Double? {
    guard countsAllocations else { return nil }
    let calls = b.bytes >= 1 << 18 || b.opsPerCall > 1 ? 2 : 64
    fk_alloc_count_start()
    b.body(calls)
    let count = fk_alloc_count_stop()
    return Double(count) / Double(calls * b.opsPerCall)
  }
}

/// The function callgrind collects in (`--toggle-collect='*BenchProfile*measured*'`): Ir / iterations
/// is the instruction count of one operation.
enum BenchProfile {
  @inline(never)
  static func measured(_ b: Benchmark, iterations: Int) {
    b.body(iterations)
  }
}
