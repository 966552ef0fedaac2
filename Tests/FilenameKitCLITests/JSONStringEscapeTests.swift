import Testing

@testable import FilenameKitCLI

/// The JSON writer's byte scan (`skipUnescaped`, `mayBeInvisible`) lets no scalar through that
/// `isInvisible` escapes, and escapes nothing else: checked on every non-ASCII scalar.
@Suite("JSON string escapes")
struct JSONStringEscapeTests {
  @Test func everyInvisibleScalarIsEscapedAndNoOther() {
    var misses: [String] = []
    for v in UInt32(0x80)...0x10FFFF {
      guard let s = Unicode.Scalar(v) else { continue }
      var out: [UInt8] = []
      JSONValue.writeString("a" + String(Character(s)) + "b", to: &out)
      let escaped = out.contains(UInt8(ascii: "\\"))
      if escaped != JSONValue.isInvisible(v) { misses.append("U+\(String(v, radix: 16, uppercase: true))") }
    }
    #expect(misses.isEmpty, "\(misses.prefix(20))")
  }
}
