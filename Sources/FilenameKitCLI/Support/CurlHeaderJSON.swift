import FilenameKit

/// Reads curl's `--write-out '%{header_json}'` object into a `ResponseHead`: each member is a
/// field name (curl lowercases them) and an array of its values in order (a lone string is taken
/// as one value). It carries no status line, so the head's `status` is nil (read as 200).
enum CurlHeaderJSON {
  /// The head, or nil when `bytes` is not such an object.
  static func head(_ bytes: [UInt8]) -> ResponseHead? {
    bytes.withUnsafeBufferPointer { b -> ResponseHead? in
      var i = 0
      var text: [UInt8] = []
      var fields: [ResponseHead.Field] = []
      func space() { while i < b.count && [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 } }
      func string() -> [UInt8]? {
        guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
        guard JSONStringScanner.scan(b, &i, into: &text, decode: true) == .ok else { return nil }
        return text
      }
      func expect(_ c: Character) -> Bool {
        space()
        guard i < b.count, b[i] == c.asciiValue! else { return false }
        i += 1
        return true
      }
      if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
      guard expect("{") else { return nil }
      space()
      if i < b.count && b[i] == UInt8(ascii: "}") { return ResponseHead(status: nil, fields: []) }
      while true {
        space()
        guard let name = string(), expect(":") else { return nil }
        space()
        if i < b.count && b[i] == UInt8(ascii: "[") {
          i += 1
          space()
          if i < b.count && b[i] == UInt8(ascii: "]") {
            i += 1
          } else {
            while true {
              space()
              guard let value = string() else { return nil }
              fields.append(ResponseHead.Field(name: name, value: value))
              if expect(",") { continue }
              guard expect("]") else { return nil }
              break
            }
          }
        } else {
          guard let value = string() else { return nil }
          fields.append(ResponseHead.Field(name: name, value: value))
        }
        if expect(",") { continue }
        guard expect("}") else { return nil }
        space()
        return i == b.count ? ResponseHead(status: nil, fields: fields) : nil
      }
    }
  }
}
