import FilenameKit
import Foundation
import FuzzSupport
import Testing

/// Replays every input under `Fixtures/fuzz/regressions/<target>/` (crashes and property failures
/// the fuzzers found, plus hand-written hostile inputs) and the seed corpus through the same
/// property checks the fuzz targets run. The time property is checked by the fuzz driver only.
@Suite("fuzz: regression inputs")
struct FuzzRegressionTests {
  static func files(_ directory: String) -> [URL] {
    let dir = FixtureLoader.root.appendingPathComponent(directory)
    guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey]) else {
      return []
    }
    return e.compactMap { $0 as? URL }
      .filter {
        (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
          && !$0.lastPathComponent.hasPrefix(".")
      }
      .sorted { $0.path < $1.path }
  }

  @Test("regressions/<target> replay clean", arguments: FuzzTarget.allCases)
  func regressions(_ target: FuzzTarget) throws {
    let inputs = Self.files("fuzz/regressions/" + target.rawValue)
    #expect(!inputs.isEmpty, "no regression inputs for \(target.rawValue)")
    for url in inputs {
      let bytes = try #require(FuzzDriver.readFile(url.path), "cannot read \(url.path)")
      let failures = target.check(bytes)
      #expect(failures.isEmpty, "\(url.lastPathComponent): \(failures.joined(separator: "; "))")
    }
  }

  @Test("seeds/<target> (from the fixtures) replay clean", arguments: FuzzTarget.allCases)
  func seeds(_ target: FuzzTarget) throws {
    let inputs = Self.files("fuzz/seeds/" + target.seedDirectory)
    #expect(inputs.count >= 100, "seed corpus missing; run Tests/Fuzz/make-seeds.py")
    var failed: [String] = []
    for url in inputs {
      // Read as the fuzz replayer reads (Data(contentsOf:) leaks a buffer on empty files under ASan).
      let bytes = try #require(FuzzDriver.readFile(url.path), "cannot read \(url.path)")
      let failures = target.check(bytes)
      if !failures.isEmpty { failed.append("\(url.lastPathComponent): \(failures.joined(separator: "; "))") }
    }
    #expect(failed.isEmpty, "\(failed.count) seeds fail: \(failed.prefix(5).joined(separator: "\n"))")
  }

  @Test(
    "the final-name checks catch unsafe names",
    arguments: [
      ("../etc/passwd", Platform.linux), ("", .linux), (".hidden", .macos), ("a:b", .macos), ("CON.txt", .windows),
      ("a\\b", .portable), ("name.", .windows), ("in\u{202E}fdp.exe", .linux), ("a\u{0}b", .linux), ("a  b", .linux),
    ])
  func checksCanFail(_ name: String, _ platform: Platform) {
    #expect(!finalNameFailures(name, platform: platform).isEmpty, "\(name.debugDescription) passed on \(platform)")
  }

  @Test("the final-name checks pass safe names")
  func checksPass() {
    for p in Platform.allCases { #expect(finalNameFailures("report 2024.pdf", platform: p).isEmpty) }
  }
}
