// Emoji tag sequences (UTS #51 ED-14a): `tag_base tag_spec tag_end`, where tag_spec is one or more
// tag characters U+E0020–U+E007E and tag_end is CANCEL TAG U+E007F, as in the flags of England,
// Scotland and Wales (🏴 + "gbsct" + CANCEL TAG). Tag characters are invisible: kept anywhere else
// they hide text in a name, and an unterminated run after 🏴 joins every scalar after it into one
// grapheme cluster (a megabyte of them cost the length step ~0.2 s).
//
// The sanitizer keeps a run of tag characters only when it is such a sequence: after 🏴 (the base
// of every valid one, UTS #51 §2.6 and CLDR's subdivisions), at most `maxSpecLength` of them, and
// closed by CANCEL TAG. Anything else is removed as invisible, the whole run with it.

/// Reads the tag characters of a name one scalar at a time and says what becomes of them.
struct EmojiTagSequence {
  /// The longest tag_spec kept: CLDR's subdivision codes have at most 6 characters (`gbsct`); the
  /// bound leaves room for longer ones and keeps a cluster short.
  static let maxSpecLength = 32

  /// What reading one tag character did.
  enum Step: Equatable {
    /// It continues a tag_spec that may still be closed (nothing to write yet).
    case held
    /// CANCEL TAG closed the sequence: the `count` held tag characters and it are kept.
    case closed(count: Int)
    /// The run is not a sequence: the `count` held tag characters and this one are removed, as is
    /// every tag character up to the next other scalar.
    case broken(count: Int)
  }

  private enum State {
    case idle
    case open(Int)
    case broken
  }

  private var state = State.idle

  /// U+E0020–U+E007F.
  static func isTag(_ s: Unicode.Scalar) -> Bool { (0xE0020...0xE007F).contains(s.value) }

  /// The number of tag characters held, waiting for CANCEL TAG (0 when none).
  var held: Int {
    if case .open(let n) = state { return n }
    return 0
  }

  /// Reads the tag character `s`; `previous` is the scalar kept before the run (a tag_base starts one).
  mutating func read(_ s: Unicode.Scalar, previous: Unicode.Scalar?) -> Step {
    let isCancel = s.value == 0xE007F
    switch state {
    case .idle:
      guard !isCancel, previous?.value == 0x1F3F4 else { return breakRun(holding: 0) }
      state = .open(1)
      return .held
    case .open(let n):
      if isCancel {
        state = .idle
        return .closed(count: n)
      }
      guard n < Self.maxSpecLength else { return breakRun(holding: n) }
      state = .open(n + 1)
      return .held
    case .broken:
      return .broken(count: 0)
    }
  }

  /// Reads a scalar that is not a tag character: a held run ends unclosed and is removed. Returns
  /// the number of tag characters to remove.
  mutating func end() -> Int {
    let n = held
    state = .idle
    return n
  }

  private mutating func breakRun(holding n: Int) -> Step {
    state = .broken
    return .broken(count: n)
  }
}
