import Foundation

@testable import FilenameKitCLI

/// Runs the tool in-process, or the built `filenamekit` binary as a child process.
enum CLIHarness {
  /// Runs `FilenameTool.run` with captured streams.
  static func run(_ args: [String], stdin: String = "") -> (status: Int32, out: String, err: String) {
    let (io, out, err) = ToolIO.capturing(stdin: Array(stdin.utf8))
    let status = FilenameTool.run(args, io: io)
    return (status, out(), err())
  }

  /// The directory holding the built products (`.build/debug`), found from the test bundle.
  static var productsDirectory: URL {
    let bundle = Bundle.main.bundleURL
    var dir = bundle
    while dir.path != "/" {
      if FileManager.default.fileExists(atPath: dir.appendingPathComponent("filenamekit").path) { return dir }
      dir = dir.deletingLastPathComponent()
    }
    return bundle.deletingLastPathComponent()
  }

  /// Runs a built executable with arguments and stdin, and with `environment` added to this
  /// process's; returns status and output.
  static func runProcess(
    _ executable: String, _ args: [String], stdin: Data = Data(), environment: [String: String] = [:]
  ) throws -> (status: Int32, out: Data, err: Data) {
    let p = Process()
    p.executableURL = productsDirectory.appendingPathComponent(executable)
    p.arguments = args
    if !environment.isEmpty {
      p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
    }
    let inPipe = Pipe()
    let outPipe = Pipe()
    let errPipe = Pipe()
    p.standardInput = inPipe
    p.standardOutput = outPipe
    p.standardError = errPipe
    try p.run()
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      inPipe.fileHandleForWriting.write(stdin)
      try? inPipe.fileHandleForWriting.close()
    }
    DispatchQueue.global().async(group: group) {
      errBox.data = errPipe.fileHandleForReading.readDataToEndOfFile()
    }
    let out = outPipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    group.wait()
    let errOut = errBox.data
    return (p.terminationStatus, out, errOut)
  }
}

extension JSONValue {
  /// Whether this object has every member of `expected`, with equal values: the batch protocol only
  /// grows, so a fixture pins down the fields it names and later fields may follow. (The decoder does
  /// not keep member order; tests that check order read the text.) Non-objects compare with `==`.
  func includes(_ expected: JSONValue) -> Bool {
    guard case .object(let got) = self, case .object(let want) = expected else { return self == expected }
    return want.allSatisfy { key, value in got.contains { $0.0 == key && $0.1 == value } }
  }
}

extension CLIHarness {
  /// Runs a built executable with arguments given as raw bytes (which `Process` cannot pass), via
  /// `posix_spawn`; returns the status and what it wrote to stdout.
  static func runProcessBytes(_ executable: String, _ args: [[UInt8]]) throws -> (status: Int32, out: String) {
    let binary = productsDirectory.appendingPathComponent(executable).path
    let outPath = NSTemporaryDirectory() + "fk-argv-\(UUID().uuidString)"
    defer { unlink(outPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs: [UnsafeMutablePointer<CChar>?] =
      ([Array(binary.utf8)] + args).map { bytes in
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
        p[bytes.count] = 0
        return p
      } + [nil]
    defer { for p in cArgs { p?.deallocate() } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, binary, &actions, nil, &cArgs, environ) == 0 else { throw POSIXError(.ENOENT) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    lastChildCPU =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
    return ((status >> 8) & 0xFF, String(decoding: out, as: UTF8.self))
  }

  /// The CPU time (user + system, seconds) of the process `runProcessBytes` last ran on this thread.
  static var lastChildCPU: Double {
    get { Thread.current.threadDictionary["fk-child-cpu"] as? Double ?? 0 }
    set { Thread.current.threadDictionary["fk-child-cpu"] = newValue }
  }
}
