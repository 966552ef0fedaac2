import FilenameKitFetch

/// The header block of a WARC record (ISO 28500 §5: a version line, then named fields, then an
/// empty line), read from raw bytes.
///
/// Field names are case-insensitive (§5.2); a line starting with SP or HT continues the previous
/// value (the `LWS` of the WARC/1.0 grammar); a line without a colon is skipped. Values are bytes.
struct WarcRecordHeader {
  /// `WARC/1.0` or `WARC/1.1`.
  var version: String
  /// The fields in order, names ASCII-lowercased.
  var fields: [(name: [UInt8], value: [UInt8])] = []

  /// The first value of `name` (lowercase).
  func value(_ name: String) -> [UInt8]? {
    fields.first { $0.name.elementsEqual(name.utf8) }?.value
  }

  /// The value of `name` as text (bytes that are not UTF-8 replaced; for messages and JSON).
  func text(_ name: String) -> String? { value(name).map { String(decoding: $0, as: UTF8.self) } }

  /// `WARC-Type`, lowercased.
  var type: String? { text("warc-type")?.lowercased() }

  /// `Content-Length` (§5.3: mandatory, `1*DIGIT`), or nil when absent or not a number.
  var contentLength: Int64? { value("content-length").flatMap { BodyFraming.decimal($0) } }

  /// The record types of ISO 28500 §6.
  static let knownTypes: Set<String> = [
    "warcinfo", "response", "resource", "request", "metadata", "revisit", "conversion", "continuation",
  ]

  /// Adds one header line (CRLF or LF removed).
  mutating func add(line: ArraySlice<UInt8>) {
    if let first = line.first, first == 0x20 || first == 0x09, !fields.isEmpty {
      let more = Self.trimmed(line)
      if !more.isEmpty {
        fields[fields.count - 1].value += [0x20] + more
      }
      return
    }
    guard let colon = line.firstIndex(of: 0x3A) else { return }
    let name = line[line.startIndex..<colon].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    fields.append((name, Self.trimmed(line[(colon + 1)...])))
  }

  /// `bytes` without leading and trailing SP and HT.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var s = bytes.startIndex
    var e = bytes.endIndex
    while s < e && (bytes[s] == 0x20 || bytes[s] == 0x09) { s += 1 }
    while e > s && (bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09) { e -= 1 }
    return Array(bytes[s..<e])
  }
}
