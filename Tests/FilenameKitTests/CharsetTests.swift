import Testing

@testable import FilenameKit

/// A label or decoding case (Fixtures/charset/charsets.json).
struct CharsetCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let label: String?
  let name: String?
  let charset: String?
  let hex: String?
  let text: String?
  var testDescription: String { id }
}

@Suite("Charset")
struct CharsetTests {
  static let cases: [CharsetCase] = FixtureLoader.load("charset/charsets.json", as: CharsetCase.self)

  @Test(arguments: cases.filter { $0.label != nil })
  func resolvesLabel(_ c: CharsetCase) {
    #expect(Charset(label: c.label ?? "")?.name == c.name)
  }

  static let whatwgLabels: [CharsetCase] = FixtureLoader.load("charset/whatwg-labels.json", as: CharsetCase.self)

  /// Every label of the WHATWG Encoding Standard resolves to its encoding, through both initializers
  /// (ext-values and encoded words use the same table: issue 14 item 5).
  @Test func everyWHATWGLabelResolves() {
    #expect(Self.whatwgLabels.count >= 228, "Fixtures/charset/whatwg-labels.json did not load")
    for c in Self.whatwgLabels {
      #expect(Charset(label: c.label ?? "")?.name == c.name, "\(c.id) \(c.label ?? "")")
      #expect(Charset(mimeName: c.label ?? "")?.name == c.name, "\(c.id) \(c.label ?? "") as a MIME charset")
    }
  }

  @Test(arguments: cases.filter { $0.hex != nil })
  func decodesStrictly(_ c: CharsetCase) throws {
    let charset = try #require(Charset(label: c.charset ?? ""))
    let bytes = FixtureHex.decode(c.hex ?? "")
    #expect(charset.decode(bytes) == c.text)
    if let text = c.text {
      #expect(charset.encode(text) == bytes, "round trip")
    }
  }

  @Test func detectionCandidates() {
    let names = Charset.detectionCandidates.map(\.name)
    #expect(names.first == "UTF-8")
    for n in ["GBK", "Big5", "Shift_JIS", "EUC-JP", "EUC-KR", "windows-1250", "windows-1252", "windows-1258"] {
      #expect(names.contains(n))
    }
  }

  /// Hostile pass 10 (High): whitespace before a label was removed a byte at a time, so a megabyte
  /// of it took 10 s. The work is compared, not timed: 16 times the whitespace must cost far less
  /// than 16 times squared (the quadratic code: ~200x; a linear one: ~16x).
  @Test func surroundingWhitespaceCostsLinearTime() {
    func cost(_ spaces: Int) -> Double {
      let label = String(repeating: " \n", count: spaces / 2) + "utf-8" + String(repeating: "\t", count: spaces)
      var best = Double.infinity
      for _ in 0..<3 {
        let start = FilenameSanitizerScaleTests.threadCPUNanoseconds()
        let c = Charset(label: label)
        best = min(best, FilenameSanitizerScaleTests.threadCPUNanoseconds() - start)
        #expect(c?.name == "UTF-8")
      }
      return best
    }
    let ratio = cost(1 << 20) / max(cost(1 << 16), 1)
    #expect(ratio < 64, "16x the whitespace cost \(ratio)x the CPU time")
    #expect(Charset(label: String(repeating: "a", count: 1 << 16)) == nil)
  }
}
