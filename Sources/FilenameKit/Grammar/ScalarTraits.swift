// The Unicode properties the core asks of every scalar of a name, from a generated table.
//
// `Unicode.Scalar.Properties` searches the standard library's tables on each call; the sanitizer
// asks several per scalar, so on a long name of padding the lookups were most of its time (the
// figures are in Benchmarks/README.md). The same answers come
// from a two-stage table (Generated/ScalarTraits+Table.swift, made from the standard library by
// Scripts/generate-scalar-traits.swift) in two loads.

/// The properties of one scalar that the sanitizer, the parsers and the trace ask: its general
/// category, Default_Ignorable_Code_Point, White_Space, Emoji, Ideographic, and whether its
/// canonical combining class is nonzero. Equal to the standard library's answers (every scalar is
/// checked by ScalarTraitsTests).
struct ScalarTraits {
  /// Bits 0-4: index into `categories`; then one bit per property (see the generator).
  let bits: UInt16

  @inline(__always)
  init(_ s: Unicode.Scalar) {
    let v = Int(s.value)
    let entry = Self.blockIndex.utf8Start + Self.offset(ofEntry: v >> Self.blockShift, width: 2, perLine: 64)
    let block = Int(entry[0] &- 0x3F) << 6 | Int(entry[1] &- 0x3F)
    let blockSize = 1 << Self.blockShift
    let index = Int(Self.blocks.utf8Start[block * (blockSize + 1) + (v & (blockSize - 1))] &- 0x3F)
    let value = Self.palette.utf8Start + 2 * index
    bits = UInt16(value[0] &- 0x3F) << 6 | UInt16(value[1] &- 0x3F)
  }

  /// The byte offset of entry `n` in a table of `width`-digit entries laid out `perLine` to a line
  /// (each line ends in a newline).
  @inline(__always)
  private static func offset(ofEntry n: Int, width: Int, perLine: Int) -> Int {
    (n / perLine) * (perLine * width + 1) + (n % perLine) * width
  }

  var generalCategory: Unicode.GeneralCategory { Self.category(bits & 0x1F) }

  /// The general category as `Category`: what the hot paths switch over.
  var category: Category { Category(rawValue: bits & 0x1F).unsafelyUnwrapped }

  /// Whether the general category is one of `mask`'s (bits made with `bit(_:)`): a shift and a mask.
  @inline(__always)
  func isCategory(in mask: UInt32) -> Bool { mask >> UInt32(bits & 0x1F) & 1 != 0 }

  /// The bit of `c` in a mask of `isCategory(in:)`.
  @inline(__always)
  static func bit(_ c: Category) -> UInt32 { 1 << UInt32(c.rawValue) }

  /// `Unicode.GeneralCategory` in the table's order (bits 0-4 of a trait value; the generator's
  /// `category(_:)` maps each index to the standard library's case, and ScalarTraitsTests checks
  /// that the names agree). The standard library's enum is resilient: comparing or switching over
  /// it calls its value witnesses for every scalar (a long name of private-use characters spent a
  /// third of its time there); this one is a byte.
  enum Category: UInt16, CaseIterable {
    case uppercaseLetter, lowercaseLetter, titlecaseLetter, modifierLetter, otherLetter
    case nonspacingMark, spacingMark, enclosingMark
    case decimalNumber, letterNumber, otherNumber
    case connectorPunctuation, dashPunctuation, openPunctuation, closePunctuation, initialPunctuation
    case finalPunctuation, otherPunctuation
    case mathSymbol, currencySymbol, modifierSymbol, otherSymbol
    case spaceSeparator, lineSeparator, paragraphSeparator
    case control, format, surrogate, privateUse, unassigned
  }
  var isDefaultIgnorableCodePoint: Bool { bits & (1 << 5) != 0 }
  var isWhitespace: Bool { bits & (1 << 6) != 0 }
  var isEmoji: Bool { bits & (1 << 7) != 0 }
  var isIdeographic: Bool { bits & (1 << 8) != 0 }
  /// Whether the canonical combining class is not 0 (`.notReordered`).
  var isReordered: Bool { bits & (1 << 9) != 0 }
}
