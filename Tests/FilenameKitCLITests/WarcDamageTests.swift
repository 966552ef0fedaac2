import Foundation
import Testing

@testable import FilenameKitCLI

/// The fixture WARC files cut at many lengths and with damaged bytes: every run ends, answers in
/// JSON with offsets inside the file and in file order, and writes only inside the destination.
@Suite("filenamekit warc: damaged files")
struct WarcDamageTests {
  static let files = ["warcio.warc", "warcio.warc.gz"]

  /// Runs `warc --json --extract` on `bytes`; checks the properties; returns the records named.
  static func check(_ bytes: Data, label: String) throws -> Int {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("fnk-damage-\(UUID().uuidString)")
    let dir = base.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let file = base.appendingPathComponent("in.warc")
    try bytes.write(to: file)
    let r = CLIHarness.run(["warc", "--json", "--extract", dir.path, "--layout", "mirror", file.path])
    #expect(r.status == 0 || r.status == ExitStatus.dataError, "\(label): \(r.err)")
    var last = -1
    var named = 0
    for line in r.out.split(separator: "\n") {
      let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
      guard case .object(let members) = value, case .int(let offset)? = members.first(where: { $0.0 == "offset" })?.1
      else {
        Issue.record("\(label): no offset in \(line)")
        continue
      }
      #expect(offset >= 0 && offset < bytes.count, "\(label): offset \(offset)")
      #expect(offset >= last, "\(label): offset \(offset) after \(last)")
      last = offset
      if members.contains(where: { $0.0 == "filename" }) { named += 1 }
    }
    // Nothing beside the destination: the scratch directory holds only the input and `out`.
    let beside = try FileManager.default.contentsOfDirectory(atPath: base.path).sorted()
    #expect(beside == ["in.warc", "out"], "\(label): \(beside)")
    return named
  }

  @Test(arguments: files)
  func truncated(_ name: String) throws {
    let data = try Data(contentsOf: FixtureLoader.root.appendingPathComponent("warc/" + name))
    var named: [Int] = []
    for cut in stride(from: 0, to: data.count, by: 97) {
      named.append(try Self.check(data.prefix(cut), label: "\(name) cut at \(cut)"))
    }
    // A longer prefix never names fewer whole records.
    #expect(named == named.sorted(), "\(named)")
    #expect(try Self.check(data, label: name) == 12)
  }

  @Test(arguments: files)
  func damaged(_ name: String) throws {
    let data = try Data(contentsOf: FixtureLoader.root.appendingPathComponent("warc/" + name))
    // A fixed seed: a failure names its round, and the round is the same at every run.
    var rng = SplitMix64(seed: 0x5EED)
    let bad: [UInt8] = [0x00, 0x0A, 0x0D, 0x1F, 0x8B, 0xFF, 0x30]
    for round in 0..<60 {
      var bytes = [UInt8](data)
      for _ in 0..<(1 + round % 8) {
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        bytes[at] = bad[Int.random(in: 0..<bad.count, using: &rng)]
      }
      _ = try Self.check(Data(bytes), label: "\(name) round \(round)")
    }
  }
}
