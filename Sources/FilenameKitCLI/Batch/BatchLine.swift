/// Byte-level facts about one batch input line, found without decoding it.
enum BatchLine {
  /// The exact text of the top-level `"id"` member's value, or nil when the line is not an object
  /// that has one (or it is cut off). Used to echo numbers exactly as written and to answer a line
  /// that is too long to decode. Reads only up to the `id` member (usually the first), never copies
  /// the line; nested values before it are skipped, not parsed.
  static func rawID(_ bytes: [UInt8]) -> [UInt8]? {
    var i = 0
    skipSpace(bytes, &i)
    guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
    i += 1
    while true {
      skipSpace(bytes, &i)
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
      let keyStart = i
      guard skipString(bytes, &i) else { return nil }
      let key = bytes[keyStart..<i]
      skipSpace(bytes, &i)
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
      i += 1
      skipSpace(bytes, &i)
      let valueStart = i
      guard skipValue(bytes, &i) else { return nil }
      if key.elementsEqual("\"id\"".utf8) { return Array(bytes[valueStart..<i]) }
      skipSpace(bytes, &i)
      guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
      i += 1
    }
  }

  /// JSON's insignificant whitespace (RFC 8259 §2: space, tab, line feed, carriage return).
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  /// Whether a line holds nothing but JSON whitespace: no request, so no answer.
  static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool { !line.contains { !isSpace($0) } }

  private static func skipSpace(_ b: [UInt8], _ i: inout Int) {
    while i < b.count, isSpace(b[i]) { i += 1 }
  }

  /// Skips a string starting at its opening quote; false when it does not end.
  private static func skipString(_ b: [UInt8], _ i: inout Int) -> Bool {
    i += 1
    while i < b.count {
      switch b[i] {
      case UInt8(ascii: "\\"): i += 2
      case UInt8(ascii: "\""):
        i += 1
        return true
      default: i += 1
      }
    }
    return false
  }

  /// Skips one value (a string, a nested object or array, or a literal); false when it does not end.
  private static func skipValue(_ b: [UInt8], _ i: inout Int) -> Bool {
    guard i < b.count else { return false }
    if b[i] == UInt8(ascii: "\"") { return skipString(b, &i) }
    var depth = 0
    while i < b.count {
      switch b[i] {
      case UInt8(ascii: "\""):
        guard skipString(b, &i) else { return false }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return true }
        depth -= 1
        if depth == 0 {
          i += 1
          return true
        }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
        if depth == 0 { return true }
      default: break
      }
      i += 1
    }
    return false  // cut off: a literal's end is not known
  }
}
