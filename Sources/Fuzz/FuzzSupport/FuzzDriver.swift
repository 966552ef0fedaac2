// The driver shared by the fuzz executables: libFuzzer when built with -DFUZZING and
// -sanitize=fuzzer, a replayer of corpus files otherwise. Failures abort, so libFuzzer saves the input.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif

/// Runs fuzz targets: one input at a time (with the time property), under libFuzzer or as a replayer.
public enum FuzzDriver {
  /// Inputs at most this long must finish within `timeLimit(forBytes:)`.
  public static let timedInputLimit = 64 * 1024
  /// The fixed part of the per-input time limit: 50 ms (a first detection or ICU call under ASan on a
  /// loaded machine takes over 10 ms), or `FUZZ_TIME_LIMIT_MS` from the environment.
  public static let timeLimitNanoseconds: UInt64 = {
    if let v = getenv("FUZZ_TIME_LIMIT_MS"), let ms = UInt64(String(cString: v)) { return ms * 1_000_000 }
    return 50_000_000
  }()
  /// The part proportional to the input: 2 µs per byte (about 130 ms at 64 KiB), or
  /// `FUZZ_TIME_PER_BYTE_NS`. Linear work stays far below it even under ASan on a loaded machine;
  /// quadratic work on a 64 KiB input takes seconds and fails (the time property is relative
  /// to the input's size, so a fixed limit no longer flakes on large inputs).
  public static let timePerByteNanoseconds: UInt64 = {
    if let v = getenv("FUZZ_TIME_PER_BYTE_NS"), let ns = UInt64(String(cString: v)) { return ns }
    return 2_000
  }()

  /// The time limit for an input of `count` bytes.
  public static func timeLimit(forBytes count: Int) -> UInt64 {
    timeLimitNanoseconds + UInt64(count) * timePerByteNanoseconds
  }

  /// One input: the target's properties, then the time property. Prints and aborts on a failure.
  public static func testOneInput(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let failures = failures(target, bytes)
    if !failures.isEmpty {
      report(target, bytes, failures)
      abort()
    }
    return 0
  }

  /// The property failures of one input, including the time property.
  public static func failures(_ target: FuzzTarget, _ bytes: [UInt8]) -> [String] {
    var best = UInt64.max
    var failures: [String] = []
    var limit = timeLimit(forBytes: bytes.count)
    // Thread CPU time, and the best of three runs: a slow first run may be a cold cache or ICU
    // loading its data, not the code. Derived inputs the checks ran count as input bytes.
    for attempt in 0..<3 {
      let start = now()
      let (f, derived) = target.checkCounting(bytes)
      let elapsed = now() &- start
      if attempt == 0 {
        failures = f
        limit = timeLimit(forBytes: bytes.count + derived)
      }
      best = min(best, elapsed)
      if bytes.count > timedInputLimit || best <= limit { break }
    }
    if bytes.count <= timedInputLimit && best > limit {
      failures.append("time: \(best / 1000) µs for a \(bytes.count)-byte input (limit \(limit / 1000) µs)")
    }
    return failures
  }

  /// The executable's entry point.
  public static func main(_ target: FuzzTarget, callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never
  {
    #if FUZZING
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
    #else
      exit(replay(target, paths: Array(CommandLine.arguments.dropFirst())))
    #endif
  }

  /// Replays files (directories recursively); returns the exit status: 0 when every input passed.
  public static func replay(_ target: FuzzTarget, paths: [String]) -> CInt {
    guard !paths.isEmpty else {
      print("usage: fuzz-\(target.rawValue) FILE|DIR ... (built without -DFUZZING: replays inputs)")
      return 2
    }
    var files: [String] = []
    for p in paths { collect(p, into: &files) }
    var failed = 0
    for path in files {
      guard let bytes = readFile(path) else {
        print("cannot read \(path)")
        failed += 1
        continue
      }
      let f = failures(target, bytes)
      if !f.isEmpty {
        failed += 1
        print("FAIL \(path)")
        for m in f { print("  \(m)") }
      }
    }
    print("fuzz-\(target.rawValue): replayed \(files.count) inputs, \(failed) failed")
    return failed == 0 ? 0 : 1
  }

  static func report(_ target: FuzzTarget, _ bytes: [UInt8], _ failures: [String]) {
    var text = "fuzz-\(target.rawValue): property failure on a \(bytes.count)-byte input\n"
    for f in failures { text += "  " + f + "\n" }
    _ = text.withCString { write(2, $0, strlen($0)) }
  }

  /// CPU time of this thread: what the code costs, not how busy the machine is.
  static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// Every regular file at `path` (itself, or under it when it is a directory), sorted.
  static func collect(_ path: String, into files: inout [String]) {
    guard let dir = opendir(path) else {
      files.append(path)
      return
    }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." && !name.hasPrefix(".") { names.append(name) }
    }
    closedir(dir)
    for name in names.sorted() { collect(path + "/" + name, into: &files) }
  }

  /// The bytes of a file, or nil.
  public static func readFile(_ path: String) -> [UInt8]? {
    guard let fp = fopen(path, "rb") else { return nil }
    defer { fclose(fp) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, fp) }
      if n <= 0 { break }
      out.append(contentsOf: buffer[0..<n])
    }
    return out
  }
}
