/// The `id` of a request, echoed in its answer exactly as given: numbers, literals, the space and
/// tabs between tokens and the member order of arrays and objects byte for byte
/// (`123456789012345678901234567890`, `1e400` and `[1,  2]` stay that); strings with the same text,
/// written by `JSONValue.writeString`, so nothing reaches a terminal raw; a carriage return between
/// tokens is dropped, for the same reason.
enum BatchIDEcho {
  /// Appends the JSON value at `range` of `line`, which `BatchRequestParser` has checked
  /// (well-formed, RFC 8259: no trailing commas; strings are Unicode text). `text` is scratch space.
  static func write<Out: ByteOutput>(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout Out, text: inout [UInt8]
  ) {
    let value = UnsafeBufferPointer(rebasing: line[range])
    var i = 0
    while i < value.count {
      let c = value[i]
      switch c {
      case 0x0A, 0x0D:
        i += 1
      case UInt8(ascii: "\""):
        _ = JSONStringScanner.scan(value, &i, into: &text, decode: true)
        text.withUnsafeBufferPointer { JSONValue.writeString(utf8: $0, to: &out) }
      default:
        out.append(c)
        i += 1
      }
    }
  }
}
