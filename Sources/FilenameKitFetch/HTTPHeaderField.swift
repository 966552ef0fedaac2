/// One response header field exactly as received: the name lowercased, the value as raw bytes.
///
/// Values are never decoded: a server that sends a GBK or Shift_JIS file name in
/// `Content-Disposition` gets its bytes through untouched, which is the point of this client.
public struct HTTPHeaderField: Sendable, Hashable {
  /// The field name, lowercased (ASCII).
  public let name: String
  /// The field value's bytes, without surrounding spaces and tabs.
  public let value: [UInt8]

  /// Creates a field.
  public init(name: String, value: [UInt8]) {
    self.name = name
    self.value = value
  }

  /// Whether every byte of the value is printable ASCII or a tab.
  public var isASCII: Bool { value.allSatisfy { $0 < 0x80 } }

  /// The value with every byte outside printable ASCII written as `\xNN` (and `\` as `\\`), so raw
  /// bytes stay visible and the text is always safe to print.
  public var escapedValue: String { HTTPHeaderField.escape(value) }

  /// `bytes` with every byte outside printable ASCII written as `\xNN` and `\` as `\\`.
  public static func escape(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes {
      if b == 0x5C {
        out.append(0x5C); out.append(0x5C)
      } else if b >= 0x20 && b < 0x7F {
        out.append(b)
      } else {
        out.append(0x5C); out.append(0x78)
        out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
