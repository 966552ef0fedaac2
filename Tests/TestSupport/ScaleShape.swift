import Foundation

/// A hostile header shape of Fixtures/hostile/scale-matrix.json, built at any size.
public struct ScaleShape: Decodable, Sendable {
  public let id: String
  public let source: String
  public let parser: String
  public let profile: String?
  public let api: String?
  public let prefix: String
  public let unit: String
  public let suffix: String
  public let order: String?
  public let first_unit: String?
  public let unit_is_hex: Bool?
  /// The referrer charset the header is parsed with (a WHATWG label), if any.
  public let referrer_charset: String?

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
  public func build(size: Int) -> [UInt8] {
    // A hex unit may hold `{i}` too: the hex around it is decoded, the marker kept.
    let template =
      unit_is_hex == true
      ? Array(
        unit.components(separatedBy: "{i}").map { FixtureHex.decode($0) }.joined(separator: Array("{i}".utf8)))
      : Array(unit.utf8)
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

}
