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

  /// Runs a built executable with arguments and stdin; returns status and output.
  static func runProcess(_ executable: String, _ args: [String], stdin: Data = Data()) throws -> (status: Int32, out: Data, err: Data) {
    let p = Process()
    p.executableURL = productsDirectory.appendingPathComponent(executable)
    p.arguments = args
    let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
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
