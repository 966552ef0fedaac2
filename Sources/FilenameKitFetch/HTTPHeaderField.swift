import FilenameKit

/// One response header field as received: the name's exact bytes (`rawName`) and lowercased (`name`), the value as raw bytes.
///
/// Values are never decoded: a server that sends a GBK or Shift_JIS file name in
/// `Content-Disposition` gets its bytes through untouched, which is the point of this client.
package struct HTTPHeaderField: Sendable, Hashable {
  /// The field name, lowercased (ASCII), as text: a byte that is not UTF-8 reads as U+FFFD, so
  /// print `escapedName` and keep `rawName` when the exact bytes matter.
  package let name: String
  /// The field name's bytes exactly as received (letters in the case the server sent).
  package let rawName: [UInt8]
  /// The field value's bytes, without surrounding spaces and tabs.
  package let value: [UInt8]
  /// Whether the line had a CR not followed by LF, replaced with SP in `name` and `value` (RFC 9112
  /// §2.2: a bare CR is invalid, or replaced with SP before the field is processed).
  package let hadBareCR: Bool

  /// Creates a field.
  package init(name: String, value: [UInt8]) {
    self.init(rawName: Array(name.utf8), value: value)
  }

  /// Creates a field from the name's bytes.
  package init(rawName: [UInt8], value: [UInt8], hadBareCR: Bool = false) {
    self.name = String(decoding: rawName.map(ASCII.lowercase), as: UTF8.self)
    self.rawName = rawName
    self.value = value
    self.hadBareCR = hadBareCR
  }

  /// Whether the name is an HTTP token (RFC 9110 §5.1), the only form a valid field name takes.
  package var nameIsToken: Bool {
    !rawName.isEmpty
      && rawName.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
          || "!#$%&'*+-.^_`|~".utf8.contains(b)
      }
  }

  /// The name, lowercased, with every byte outside printable ASCII written as `\xNN`: safe to print.
  package var escapedName: String { HTTPHeaderField.escape(rawName.map(ASCII.lowercase)) }

  /// Whether every byte of the value is printable ASCII or a tab.
  package var isASCII: Bool { value.allSatisfy { $0 < 0x80 } }

  /// The value with every byte outside printable ASCII written as `\xNN` (and `\` as `\\`), so raw
  /// bytes stay visible and the text is always safe to print.
  package var escapedValue: String { HTTPHeaderField.escape(value) }

  /// `bytes` with every byte outside printable ASCII written as `\xNN` and `\` as `\\`.
  package static func escape(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes {
      if b == 0x5C {
        out.append(0x5C)
        out.append(0x5C)
      } else if b >= 0x20 && b < 0x7F {
        out.append(b)
      } else {
        out.append(0x5C)
        out.append(0x78)
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 15)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
