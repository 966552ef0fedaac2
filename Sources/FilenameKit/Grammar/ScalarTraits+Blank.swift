// The scalars that show as nothing or as a plain space: one rule for the sanitizer, which removes
// or keeps them, and for the trace and terminal output, which show them escaped (`HiddenScalar`).

extension ScalarTraits {
  /// Code points that show as nothing (or as a placeholder box) yet are neither whitespace nor
  /// Default_Ignorable, so they can pad a name invisibly: U+1D159 MUSICAL SYMBOL NULL NOTEHEAD,
  /// U+FFFC OBJECT REPLACEMENT CHARACTER, private-use code points (no agreed meaning: a font
  /// may draw them as anything, or blank), unassigned ones (noncharacters included; a later
  /// Unicode version may make them marks or ignorables, so keeping them would make the name
  /// unstable), and format characters that are not Default_Ignorable (those are invisible
  /// already): the interlinear annotation controls U+FFF9–U+FFFB, the Egyptian hieroglyph format
  /// controls U+13430–U+1343F, the prepended concatenation marks (U+0600–U+0605, …), invisible or
  /// font-dependent, never needed in a file name. `v` is the scalar whose traits are `p`.
  @inline(__always)
  static func isBlank(_ v: UInt32, _ p: ScalarTraits) -> Bool {
    p.isCategory(in: blankCategories) || v == 0x1D159 || v == 0xFFFC
  }

  /// Private use, unassigned and format, as a mask of `isCategory(in:)`.
  static var blankCategories: UInt32 { bit(.privateUse) | bit(.unassigned) | bit(.format) }

  /// Visible spaces that are content and stay themselves: U+3000 IDEOGRAPHIC SPACE (common in
  /// Japanese names: `山田　太郎.txt`) and U+1680 OGHAM SPACE MARK (drawn as a line). In a name they
  /// still collapse in runs and are trimmed at the ends, like U+0020.
  static func isKeptSpace(_ s: Unicode.Scalar) -> Bool { s.value == 0x3000 || s.value == 0x1680 }
}
