// The byte structure of the legacy multi-byte charsets whose second bytes include 0x5C, read
// without converting: which bytes start a character, how long it is, and whether a `\` (0x5C) is
// a second byte. A tokenizer that must tell a `\` escape from the second byte of `表` (95 5C in
// Shift_JIS) asks this per quoted string instead of decoding it (an ICU conversion per parameter
// was most of a long header's cost).
//
// Ranges from the WHATWG Encoding Standard's decoders (https://encoding.spec.whatwg.org/):
//   Shift_JIS (§13.3.1): 0x80 and 0xA1-0xDF single; lead 0x81-0x9F, 0xE0-0xFC; trail 0x40-0x7E, 0x80-0xFC.
//   Big5 (§12.1.1):      lead 0x81-0xFE; trail 0x40-0x7E, 0xA1-0xFE.
//   gb18030/GBK (§11.2.1): 0x80 single; lead 0x81-0xFE; trail 0x40-0x7E, 0x80-0xFE, or 0x30-0x39
//                        then 0x81-0xFE then 0x30-0x39 (four bytes).
// EUC-JP, EUC-KR (windows-949) and the single-byte charsets never have 0x5C as a second byte:
// they have no structure here.
//
// A decoder that finds no character for a lead and an ASCII second byte reads that byte again as
// ASCII (WHATWG: "restore byte to ioQueue"), so a lead before 0x5C makes 0x5C a second byte only when
// the pair maps. Which leads do is asked of the charset's own decoder once per process (one small
// conversion per lead byte), so the answer is the decoder's.

/// The byte structure of Shift_JIS, Big5 or gb18030 (and GBK, decoded as gb18030).
struct DoubleByteStructure: Sendable {
  enum Family: Sendable { case shiftJIS, big5, gb18030 }

  let family: Family
  /// Bit `b - 0x80` (of the pair, low word first): whether byte `b` >= 0x80 followed by 0x5C is a
  /// character of the charset. Plain data, so a structure costs nothing to copy.
  let backslashLeads: (UInt64, UInt64)

  /// The structure of `charset`, or nil when its second bytes are never 0x5C.
  init?(_ charset: Charset) {
    switch charset.name {
    case "Shift_JIS": self = Self.shiftJIS
    case "Big5": self = Self.big5
    case "GBK", "gb18030": self = Self.gb18030
    default: return nil
    }
  }

  private init(_ family: Family, charset: Charset) {
    self.family = family
    var leads: (UInt64, UInt64) = (0, 0)
    for lead in 0x81...0xFE where Self.isLead(UInt8(lead), family) && charset.decode([UInt8(lead), 0x5C]) != nil {
      let bit = lead - 0x80
      if bit < 64 { leads.0 |= 1 << UInt64(bit) } else { leads.1 |= 1 << UInt64(bit - 64) }
    }
    backslashLeads = leads
  }

  static let shiftJIS = DoubleByteStructure(.shiftJIS, charset: Charset(label: "shift_jis")!)
  static let big5 = DoubleByteStructure(.big5, charset: Charset(label: "big5")!)
  static let gb18030 = DoubleByteStructure(.gb18030, charset: Charset(label: "gb18030")!)

  static func isLead(_ b: UInt8, _ family: Family) -> Bool {
    switch family {
    case .shiftJIS: return (0x81...0x9F).contains(b) || (0xE0...0xFC).contains(b)
    case .big5, .gb18030: return (0x81...0xFE).contains(b)
    }
  }

  /// Whether `b` may follow a lead byte as the second byte of a two-byte character.
  func isTrail(_ b: UInt8) -> Bool {
    switch family {
    case .shiftJIS: return (0x40...0x7E).contains(b) || (0x80...0xFC).contains(b)
    case .big5: return (0x40...0x7E).contains(b) || (0xA1...0xFE).contains(b)
    case .gb18030: return (0x40...0x7E).contains(b) || (0x80...0xFE).contains(b)
    }
  }

  /// The length of the character that starts with the byte >= 0x80 at `k` of `bytes` (1, 2 or 4),
  /// or nil when no character of the charset starts there. A second byte 0x5C counts only after a
  /// lead whose pair with it maps.
  func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int) -> Int? {
    let b = bytes[k]
    switch family {
    case .shiftJIS where b == 0x80 || (0xA1...0xDF).contains(b): return 1
    case .gb18030 where b == 0x80: return 1
    default: break
    }
    guard Self.isLead(b, family), k + 1 < bytes.count else { return nil }
    let second = bytes[k + 1]
    if family == .gb18030 && (0x30...0x39).contains(second) {
      guard k + 3 < bytes.count, (0x81...0xFE).contains(bytes[k + 2]), (0x30...0x39).contains(bytes[k + 3])
      else { return nil }
      return 4
    }
    guard isTrail(second) else { return nil }
    if second == 0x5C {
      let bit = Int(b) - 0x80
      let word = bit < 64 ? backslashLeads.0 >> UInt64(bit) : backslashLeads.1 >> UInt64(bit - 64)
      if word & 1 == 0 { return nil }
    }
    return 2
  }
}
