// What the Content-Disposition tokenizer hands the resolver: where each parameter's name and value
// lie in the header. Nothing is decoded, lowercased or copied while tokenizing, and the record is
// plain data (no reference to count), so a header of a hundred thousand parameters costs a few
// stores per parameter until the resolver builds each public `Parameter` once.

/// One parameter as the tokenizer found it.
struct RawParameter {
  /// Where the name lies in the header (token bytes, any case).
  var nameRange: Range<Int>
  /// Where the value lies in the header (for a quoted-string, its content between the quotes).
  var rawRange: Range<Int>
  /// Whether the value was a quoted-string.
  var quoted: Bool
  /// Where the value's own bytes lie in the parser's `escapedBytes` when the quoted-string held
  /// `\` escapes or was read in a legacy charset; nil when `rawRange` holds the value as is.
  var escapedRange: Range<Int>?
  /// The position in the parser's `legacyCharsets` of the legacy double-byte charset the quoted
  /// value was read in, when its 0x5C bytes are second bytes of characters; -1
  /// when none.
  var legacyIndex: Int

  /// Byte offset of the parameter's name in the header.
  var offset: Int { nameRange.lowerBound }
}

/// The tokenizer's parameters in order: the first four inline (a typical header allocates nothing
/// for them), the rest in an array.
struct RawParameterList {
  private var inline: (RawParameter, RawParameter, RawParameter, RawParameter)
  private var spill: [RawParameter] = []
  private(set) var count = 0

  init() {
    let empty = RawParameter(nameRange: 0..<0, rawRange: 0..<0, quoted: false, escapedRange: nil, legacyIndex: -1)
    inline = (empty, empty, empty, empty)
  }

  mutating func append(_ p: RawParameter) {
    switch count {
    case 0: inline.0 = p
    case 1: inline.1 = p
    case 2: inline.2 = p
    case 3: inline.3 = p
    default: spill.append(p)
    }
    count += 1
  }

  subscript(k: Int) -> RawParameter {
    switch k {
    case 0: return inline.0
    case 1: return inline.1
    case 2: return inline.2
    case 3: return inline.3
    default: return spill[k - 4]
    }
  }
}
