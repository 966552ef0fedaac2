import Testing

@testable import FilenameKit

/// A hostile header shape of Fixtures/hostile/scale-matrix.json, built at any size.
struct ScaleShape: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let parser: String
  let profile: String?
  let api: String?
  let prefix: String
  let unit: String
  let suffix: String
  let order: String?
  let first_unit: String?
  let unit_is_hex: Bool?
  var testDescription: String { id }

  /// The bytes of repetition `i`: the template split at `{i}` once, the index spliced in.
  func unitBytes(_ i: Int, _ parts: [[UInt8]], _ first: [UInt8]?) -> [UInt8] {
    if i == 0, let first { return first }
    if parts.count == 1 { return parts[0] }
    var out = parts[0]
    for part in parts.dropFirst() { out += Array(String(i).utf8) + part }
    return out
  }

  /// The repetition indexes in the shape's order.
  func indexes(_ n: Int) -> [Int] {
    switch order {
    case "reverse": return Array((0..<n).reversed())
    case "outside-in":
      var out: [Int] = []
      var (lo, hi) = (0, n - 1)
      while lo <= hi {
        out.append(lo)
        if lo != hi { out.append(hi) }
        lo += 1
        hi -= 1
      }
      return out
    default: return Array(0..<n)
    }
  }

  /// `prefix`, units up to at least `size` bytes in all, `suffix` (as scale-matrix-batch.py builds it).
  func build(size: Int) -> [UInt8] {
    let template = unit_is_hex == true ? FixtureHex.decode(unit) : Array(unit.utf8)
    let parts = template.split(separator: UInt8(ascii: "{"), omittingEmptySubsequences: false).enumerated().map {
      $0.offset == 0 ? Array($0.element) : Array($0.element.dropFirst(2))  // drop "i}"
    }
    let first = first_unit.map { Array($0.utf8) }
    var units: [[UInt8]] = []
    var total = prefix.utf8.count + suffix.utf8.count
    while total < size {
      units.append(unitBytes(units.count, parts, first))
      total += units[units.count - 1].count
    }
    var out = Array(prefix.utf8)
    out.reserveCapacity(total)
    for i in indexes(units.count) { out += units[i] }
    return out + Array(suffix.utf8)
  }

  /// Parses `bytes` with the shape's parser and returns the steps it reported.
  func work(_ bytes: [UInt8]) -> Int {
    let meter = WorkMeter()
    WorkMeter.$current.withValue(meter) {
      switch (parser, api) {
      case ("disposition", _):
        let options = ContentDisposition.Options(profile: profile == "strict" ? .strict : .compatible)
        _ = ContentDisposition(parsing: bytes, options: options)
      case ("mime", "header-bytes"):
        _ = MediaType(headerBytes: bytes)
      case ("mime", "extract"):
        _ = MediaType.extract(fromContentTypeBytes: bytes)
      default:
        _ = MediaType(String(decoding: bytes, as: UTF8.self))
      }
    }
    return meter.steps
  }
}

/// Issue 13: every parser does linear work on every hostile shape. Work is counted, never timed:
/// parsers report the bytes they examined and the comparisons they made (debug builds).
@Suite("Scale matrix: linear work at 64 KiB and 1 MiB")
struct ScaleMatrixTests {
  static let shapes: [ScaleShape] = FixtureLoader.load("hostile/scale-matrix.json")
  /// Steps per input byte a parser may spend (the worst shape today is well below it).
  static let maxStepsPerByte = 48.0
  /// Growth of work from 64 KiB to 1 MiB (16× the input): linear is 16, n log n about 20.
  static let maxGrowth = 18.0

  @Test func loaded() { #expect(Self.shapes.count >= 40) }

  @Test(arguments: shapes)
  func linear(_ shape: ScaleShape) {
    let small = shape.build(size: 64 << 10)
    let large = shape.build(size: 1 << 20)
    let smallWork = shape.work(small)
    let largeWork = shape.work(large)
    #expect(smallWork > 0, "the parser reported no work")
    let growth = Double(largeWork) / Double(max(smallWork, 1))
    let perByte = Double(largeWork) / Double(large.count)
    #expect(growth <= Self.maxGrowth, "work grew \(growth)x for 16x the input (\(smallWork) -> \(largeWork))")
    #expect(perByte <= Self.maxStepsPerByte, "\(perByte) steps per byte")
  }
}
