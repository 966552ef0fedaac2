// Bytes that start no character in the WHATWG Encoding Standard's decoders but that ICU's
// converters read as one: ICU's windows-949 maps 0x80 to U+0080 and 0xFF to U+F8F7, its EUC-JP
// maps 0x80-0x8D and 0x90-0xA0 to C1 controls. The WHATWG decoders, as Chromium and Firefox
// (encoding_rs) use them, return an error there:
//   EUC-KR (§14.1.1): a byte >= 0x80 starts a character only in 0x81-0xFE, which takes one more byte;
//   EUC-JP (§13.1.1): only 0x8E (one more byte), 0x8F (two more) and 0xA1-0xFE (one more).
// A second byte that does not fit is left to the converter, which already reports it (and an ASCII
// second byte is read again as ASCII, as the WHATWG decoders do).

extension Charset {
  /// The offset of the first byte of `buffer` that stands where a character starts and can start
  /// none in this charset's WHATWG decoder, though ICU's converter would read it; nil when there is
  /// none, or for a charset whose converter already refuses every such byte.
  func firstInvalidLead(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    let euckr: Bool
    switch name {
    case "EUC-KR": euckr = true
    case "EUC-JP": euckr = false
    default: return nil
    }
    var i = 0
    while i < buffer.count {
      let b = buffer[i]
      if b < 0x80 {
        i += 1
        continue
      }
      let length: Int
      if euckr {
        guard b >= 0x81 && b <= 0xFE else { return i }
        length = 2
      } else {
        switch b {
        case 0x8E, 0xA1...0xFE: length = 2
        case 0x8F: length = 3
        default: return i
        }
      }
      // The rest of the character; an ASCII byte among it is read again as ASCII.
      var k = 1
      while k < length && i + k < buffer.count && buffer[i + k] >= 0x80 { k += 1 }
      i += k
    }
    return nil
  }
}
