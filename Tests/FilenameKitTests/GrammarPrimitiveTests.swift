import Testing

@testable import FilenameKit

/// `Fixtures/grammar/primitives.json`: `HTTPToken` over every byte against the RFC 9110 and RFC 8187
/// character sets, and the word-at-a-time `ByteScan` scanners at every offset with every byte value
/// against a byte loop.
@Suite("grammar primitives")
struct GrammarPrimitiveTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let kind: String
    let members: String?
    let lowest: UInt8?
    let stops: [UInt8]?
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("grammar/primitives.json")

  @Test func loaded() {
    #expect(Set(Self.cases.map(\.kind)) == ["tchar", "attr-char", "scan"])
  }

  @Test("character sets, byte 0 to 255", arguments: cases.filter { $0.kind != "scan" })
  func characterSet(_ c: Case) throws {
    let members = Set(try #require(c.members).utf8)
    for b in 0...255 {
      let byte = UInt8(b)
      let got = c.kind == "tchar" ? HTTPToken.isTokenChar(byte) : HTTPToken.isAttrChar(byte)
      #expect(got == members.contains(byte), "\(c.id): byte \(b)")
    }
  }

  @Test("scanners at every offset with every byte", arguments: cases.filter { $0.kind == "scan" })
  func scanners(_ c: Case) throws {
    let lowest = try #require(c.lowest)
    let stops = try #require(c.stops)
    let s = (0..<5).map { stops[min($0, stops.count - 1)] }
    func plain(_ b: UInt8) -> Bool { b >= lowest && b <= 0x7E && !s.contains(b) }
    let filler = (0x41...0x5A).map(UInt8.init).first(where: plain)!
    let length = 40
    var failures = 0
    for byte in 0...255 {
      for offset in 0..<length {
        var bytes = [UInt8](repeating: filler, count: length)
        bytes[offset] = UInt8(byte)
        bytes.withUnsafeBufferPointer { input in
          for start in 0..<8 {
            let firstNotPlain = (start..<length).first { !plain(input[$0]) } ?? length
            let words = ByteScan.plainWordsEnd(
              input, from: start, lowest: lowest, stops: (s[0], s[1], s[2], s[3], s[4]))
            // Whole words only, all plain, stopping before the word that holds the first stop.
            let wordsOK =
              (words - start) % 8 == 0 && words <= firstNotPlain && (words + 8 > length || firstNotPlain < words + 8)
            let exact = ByteScan.firstNotPlain(input, from: start, lowest: lowest, stops: (s[0], s[1], s[2]))
            let exactWant =
              (start..<length).first { input[$0] < lowest || input[$0] > 0x7E || s[0..<3].contains(input[$0]) }
              ?? length
            let index = ByteScan.firstIndex(of: (s[0], s[1], s[2]), in: input, from: start)
            let indexWant = (start..<length).first { s[0..<3].contains(input[$0]) } ?? length
            let ascii = ByteScan.asciiWordsEnd(input, from: start)
            let firstHigh = (start..<length).first { input[$0] >= 0x80 } ?? length
            let asciiOK =
              (ascii - start) % 8 == 0 && ascii <= firstHigh && (ascii + 8 > length || firstHigh < ascii + 8)
            if !(wordsOK && exact == exactWant && index == indexWant && asciiOK) {
              failures += 1
              if failures <= 5 {
                Issue.record(
                  "\(c.id): byte \(byte) at \(offset) from \(start): plainWordsEnd \(words), firstNotPlain \(exact) (want \(exactWant)), firstIndex \(index) (want \(indexWant)), asciiWordsEnd \(ascii)"
                )
              }
            }
          }
        }
      }
    }
    #expect(failures == 0)
  }
}
