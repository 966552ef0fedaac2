import Foundation
import Testing

/// A generated Swift table and its generator, in the one header format of Scripts/generated_header.py:
/// `// input LABEL PATH sha256=HEX` lines (every input a file of this repository) and `// body sha256=HEX`,
/// then a blank line and the body.
struct GeneratedTable: Sendable {
  static let root = FixtureLoader.root.deletingLastPathComponent()
  /// Whether `python3` is on PATH: the regeneration checks are skipped (visibly) without it.
  static let pythonAvailable: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
  }()

  let table: String
  let generator: String

  struct Input {
    let label: String
    let path: String
    let sha256: String
  }
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
  }

  func header() throws -> (inputs: [Input], bodySHA: String, body: Data) {
    let text = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(table)), as: UTF8.self)
    guard let split = text.range(of: "\n\n") else { throw Failure("\(table): no blank line after the header") }
    var inputs: [Input] = []
    var bodySHA = ""
    for line in text[..<split.lowerBound].split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count == 5, words[1] == "input", words[4].hasPrefix("sha256=") {
        inputs.append(Input(label: String(words[2]), path: String(words[3]), sha256: String(words[4].dropFirst(7))))
      } else if words.count == 3, words[1] == "body", words[2].hasPrefix("sha256=") {
        bodySHA = String(words[2].dropFirst(7))
      }
    }
    return (inputs, bodySHA, Data(text[split.upperBound...].utf8))
  }

  /// The body hash matches, and every recorded input is a repository file with the recorded hash.
  func checkHashes(labels: [String]) throws {
    let h = try header()
    #expect(h.inputs.map(\.label) == ["generator", "header"] + labels)
    #expect(h.inputs.first?.path == generator)
    #expect(SHA256.hex(Array(h.body)) == h.bodySHA, "\(table): body differs from its recorded hash (hand-edited?)")
    for input in h.inputs {
      #expect(!input.path.hasPrefix("/"), "\(input.path): inputs must be committed files")
      let data = try Data(contentsOf: Self.root.appendingPathComponent(input.path))
      #expect(
        SHA256.hex(Array(data)) == input.sha256,
        "\(input.path) changed since \(table) was generated: run python3 \(generator)")
    }
  }

  /// Runs the generator into a temporary file and compares it with the committed table byte for byte.
  func checkRegeneration() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "generated-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).swift")
    defer { try? FileManager.default.removeItem(at: out) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", Self.root.appendingPathComponent(generator).path, "--output", out.path]
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "\(generator) failed")
    let regenerated = try Data(contentsOf: out)
    let committed = try Data(contentsOf: Self.root.appendingPathComponent(table))
    #expect(regenerated == committed, "\(table) is stale: run python3 \(generator)")
  }
}

/// The committed `MediaTypeRegistry+Table.swift` must be what `Scripts/generate-media-types.py`
/// produces from its committed inputs (Scripts/data/*.tsv, the overrides).
@Suite("MediaTypeRegistry staleness")
struct MediaTypeRegistryStalenessTests {
  static let table = GeneratedTable(
    table: "Sources/FilenameKit/Generated/MediaTypeRegistry+Table.swift", generator: "Scripts/generate-media-types.py")

  @Test func headerRecordsEveryInputWithItsHash() throws {
    try Self.table.checkHashes(labels: ["overrides", "mime.types", "freedesktop"])
  }

  @Test(.enabled(if: GeneratedTable.pythonAvailable, "python3 is not on PATH"))
  func regeneratingReproducesTheCommittedTable() throws {
    try Self.table.checkRegeneration()
  }

  @Test func sha256KnownAnswers() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}

/// A small SHA-256 (FIPS 180-4) for the staleness check; no Crypto dependency.
enum SHA256 {
  private static let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]

  static func hex(_ message: [UInt8]) -> String {
    var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    var m = message
    let bitLength = UInt64(message.count) * 8
    m.append(0x80)
    while m.count % 64 != 56 { m.append(0) }
    for i in (0..<8).reversed() { m.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
    var w = [UInt32](repeating: 0, count: 64)
    for chunk in stride(from: 0, to: m.count, by: 64) {
      for i in 0..<16 {
        let j = chunk + i * 4
        w[i] = UInt32(m[j]) << 24 | UInt32(m[j + 1]) << 16 | UInt32(m[j + 2]) << 8 | UInt32(m[j + 3])
      }
      for i in 16..<64 {
        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
      for i in 0..<64 {
        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
        let ch = (e & f) ^ (~e & g)
        let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
        let maj = (a & b) ^ (a & c) ^ (b & c)
        let t2 = s0 &+ maj
        (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
      h[5] = h[5] &+ f
      h[6] = h[6] &+ g
      h[7] = h[7] &+ hh
    }
    return h.map { v in
      let s = String(v, radix: 16)
      return String(repeating: "0", count: 8 - s.count) + s
    }.joined()
  }

  private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
}
