import FilenameKit
import Foundation
import Testing

@testable import FilenameKitCLI

/// ASCII mode where ICU's transliteration is missing: a process whose `FILENAMEKIT_ICU_LIBRARY` names
/// a copy of libicuuc with no libicui18n beside it still answers, with every scalar that is not
/// ASCII replaced and the reason given (`transliteration-unavailable`), never a crash or a name
/// that is not ASCII.
@Suite("ASCII mode without libicui18n")
struct ASCIIModeCLITests {
  /// The file of the libicuuc this process loaded, read from its memory map.
  static func loadedLibicuuc() -> String? {
    _ = TextServicesStatus.icuVersion  // loads ICU
    // Read to the end with read(2): procfs reports a size of 0, and a read sized by it stops short.
    let fd = open("/proc/self/maps", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      bytes += chunk[..<n]
    }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = String(line[slash...])
      if path.split(separator: "/").last?.hasPrefix("libicuuc.so") == true { return path }
    }
    return nil
  }

  /// Runs the built CLI with `FILENAMEKIT_ICU_LIBRARY` set to `library`.
  static func run(_ args: [String], stdin: String = "", library: String) throws -> (status: Int32, out: String) {
    let r = try CLIHarness.runProcess(
      "filenamekit", args, stdin: Data(stdin.utf8), environment: ["FILENAMEKIT_ICU_LIBRARY": library])
    return (r.status, String(decoding: r.out, as: UTF8.self))
  }

  @Test func replacesEverythingAndSaysWhy() throws {
    let original = try #require(Self.loadedLibicuuc(), "libicuuc is not in this process's memory map")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fnk-icuuc-only-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let copy = dir.appendingPathComponent(URL(fileURLWithPath: original).lastPathComponent)
    try FileManager.default.copyItem(atPath: original, toPath: copy.path)

    let r = try Self.run(["sanitize", "--json", "--ascii", "Ünï😀/x.txt"], library: copy.path)
    #expect(r.status == 0)
    let got = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(got.includes(.object([("filename", .string("_n___x.txt"))])), "\(r.out)")
    #expect(r.out.contains("\"transliteration-unavailable\""), "\(r.out)")
    #expect(r.out.contains("libicui18n"), "the detail names the missing library: \(r.out)")

    // Without --ascii nothing needs libicui18n.
    let plain = try Self.run(["sanitize", "--json", "Ünï.txt"], library: copy.path)
    #expect(plain.out.contains("\"filename\":\"Ünï.txt\""), "\(plain.out)")

    // The batch op and suggest take the same way.
    let batch = try Self.run(
      ["batch"], stdin: #"{"op":"suggest","url":"https://e.example/%D0%94%D0%BE%D0%BA.pdf","ascii":true}"# + "\n",
      library: copy.path)
    #expect(batch.out.contains("\"filename\":\"___.pdf\""), "\(batch.out)")
    #expect(batch.out.contains("sanitize-transliteration-unavailable"), "\(batch.out)")
  }
}
