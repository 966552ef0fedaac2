import Testing

@testable import FilenameKit

/// The generated scalar-traits table must answer as the standard library does, for every scalar:
/// the sanitizer reads it instead of `Unicode.Scalar.Properties`, so a difference would change names.
/// A toolchain with a newer Unicode fails here until Scripts/generate-scalar-traits.swift is rerun.
@Suite("ScalarTraits table")
struct ScalarTraitsTests {
  @Test func everyScalarMatchesTheStandardLibrary() {
    var mismatches: [String] = []
    var checked = 0
    for v in UInt32(0)...0x10_FFFF {
      guard let s = Unicode.Scalar(v) else { continue }
      let t = ScalarTraits(s)
      let p = s.properties
      checked += 1
      if t.generalCategory != p.generalCategory || t.isDefaultIgnorableCodePoint != p.isDefaultIgnorableCodePoint
        || t.isWhitespace != p.isWhitespace || t.isEmoji != p.isEmoji || t.isIdeographic != p.isIdeographic
        || t.isReordered != (p.canonicalCombiningClass != .notReordered)
      {
        if mismatches.count < 10 { mismatches.append("U+" + String(v, radix: 16, uppercase: true)) }
      }
    }
    #expect(checked == 0x10_FFFF + 1 - 0x800)
    #expect(mismatches.isEmpty, "regenerate with Scripts/generate-scalar-traits.swift: \(mismatches)")
  }

  /// `ScalarTraits.Category`, which the hot paths switch over, names each table index as the
  /// generator's `category(_:)` does.
  @Test func categoryMirrorsTheStandardLibrarysOrder() {
    #expect(ScalarTraits.Category.allCases.count == 30)
    for c in ScalarTraits.Category.allCases {
      #expect(String(describing: c) == String(describing: ScalarTraits.category(c.rawValue)), "index \(c.rawValue)")
    }
  }

  /// What `FilenameSanitizer.kind(of:on:)` relies on to ask one table lookup: every bidi control is
  /// Default_Ignorable, and U+2028 and U+2029 are White_Space and not Default_Ignorable.
  @Test func sanitizerKindOrderHolds() {
    for v in UInt32(0x80)...0x10_FFFF where FilenameSanitizer.isBidiControl(v) {
      #expect(ScalarTraits(Unicode.Scalar(v)!).isDefaultIgnorableCodePoint, "U+\(String(v, radix: 16))")
    }
    for v: UInt32 in [0x2028, 0x2029] {
      let t = ScalarTraits(Unicode.Scalar(v)!)
      #expect(t.isWhitespace && !t.isDefaultIgnorableCodePoint)
    }
  }
}
