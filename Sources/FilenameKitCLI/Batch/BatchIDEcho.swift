/// The `id` of a request, echoed in its answer exactly as given: numbers and literals byte for byte
/// (`123456789012345678901234567890` and `1e400` stay that), strings with the same text (written by
/// `JSONValue.writeString`, so nothing reaches a terminal raw), arrays and objects in their order
/// with the space between tokens and any trailing comma dropped.
enum BatchIDEcho {
  /// Appends the compact text of the JSON value at `range` of `line`, which `BatchRequestParser` has
  /// checked (well-formed; strings are Unicode text). `text` is scratch space.
  static func write(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8], text: inout [UInt8]
  ) {
    let value = UnsafeBufferPointer(rebasing: line[range])
    var i = 0
    while i < value.count {
      let c = value[i]
      switch c {
      case 0x20, 0x09, 0x0A, 0x0D:
        i += 1
      case UInt8(ascii: "\""):
        _ = JSONStringScanner.scan(value, &i, into: &text, decode: true)
        text.withUnsafeBufferPointer { JSONValue.writeString(utf8: $0, to: &out) }
      case UInt8(ascii: ","):
        i += 1
        var k = i
        while k < value.count, [0x20, 0x09, 0x0A, 0x0D].contains(value[k]) { k += 1 }
        if k < value.count && value[k] != UInt8(ascii: "]") && value[k] != UInt8(ascii: "}") { out.append(c) }
      default:
        out.append(c)
        i += 1
      }
    }
  }
}
