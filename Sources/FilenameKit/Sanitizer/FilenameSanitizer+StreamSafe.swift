// Before normalization: runs of non-starters are capped, so that normalizing stays linear.
//
// Canonical reordering sorts each run of non-starters (combining class ≠ 0) by class; ICU does it
// by insertion, so one run of n marks of alternating classes (`a` + U+0301 U+0323 repeated)
// costs n²/2 steps: a 1 MiB name took minutes. UAX #15 §13 (Stream-Safe Text Format) bounds
// such runs at 30 non-starters. The filter keeps at most `maxMarksInARow` (30) marks in a row
// after normalization anyway, so capping runs at `maxNonStartersBeforeNormalizing` (64) first
// changes no name whose runs are that short, and only decides which of the excess marks of a
// longer run are the ones dropped.

extension FilenameSanitizer {
  /// Non-starters kept in one run before normalizing: more than the 30 the filter keeps, so a
  /// base that composes with the first mark of a run still has 30 left.
  static let maxNonStartersBeforeNormalizing = 64

  /// The number of non-starters `s` contributes to a run once decomposed: its own one when its
  /// combining class is not 0, two for the characters whose canonical decomposition is two
  /// non-starters (U+0344, U+0F73, U+0F75, U+0F81; UAX #15 §13's non-starter decompositions), else 0.
  @inline(__always)
  static func nonStarterWeight(_ s: Unicode.Scalar) -> Int {
    let v = s.value
    guard v >= 0x300 else { return 0 }
    if v == 0x344 || v == 0xF73 || v == 0xF75 || v == 0xF81 { return 2 }
    return ScalarTraits(s).isReordered ? 1 : 0
  }

  /// `text` with every run of non-starters cut to `maxNonStartersBeforeNormalizing` (the first
  /// ones kept), and how many scalars were cut. Returns `text` itself when nothing is cut.
  static func capNonStarterRuns(_ text: String) -> (text: String, removed: Int) {
    let limit = maxNonStartersBeforeNormalizing
    var run = 0
    var needsCut = false
    for s in text.unicodeScalars {
      let w = nonStarterWeight(s)
      run = w == 0 ? 0 : run + w
      if run > limit {
        needsCut = true
        break
      }
    }
    guard needsCut else { return (text, 0) }
    var out = UTF8Buffer(capacity: text.utf8.count)
    var removed = 0
    run = 0
    for s in text.unicodeScalars {
      let w = nonStarterWeight(s)
      if w == 0 {
        run = 0
      } else if run + w > limit {
        removed += 1
        continue
      } else {
        run += w
      }
      out.append(s)
    }
    return (out.string, removed)
  }
}
