// Step 0 of the pipeline: a name too long to survive whole is examined through a bounded window,
// its head and its tail, so that a 1 MiB name costs what a few kilobytes do.
//
// Why it is safe to skip the middle. The final name is at most `budget` units (255 at most: the
// limit never exceeds the platform's). Cleaning (steps 1–2) only removes, replaces or composes
// scalars, and what it keeps of a prefix of the input is also kept, with at most the few
// scalars at the prefix's end differing, when more input follows (a trailing space or ZWJ the
// prefix alone drops may be kept; a mark run or a composition may continue across the cut).
// So when the first bytes of a name alone clean to more than `budget + windowMargin` units,
// leading dots and spaces aside, the whole name is longer than the budget after cleaning: it is
// cut at step 5 whatever the middle holds. Such a name never survives whole, and what the cut
// keeps comes from two places only:
// - the stem's first `budget` units, which lie in the head, `windowMargin` units clear of its
//   end (so no boundary effect reaches them);
// - the extension, at most `maxKeptExtensionLength` (32) units, with the decoy before it, the
//   blank padding before its dot and the trailing dots and spaces Windows ignores: all in the
//   tail, whose cleaned text is at least `windowMargin` units. An extension longer than the tail
//   is never one: `fit` keeps none over 32 units.
//
// The rule: a name of more than `windowThreshold` bytes of UTF-8 is examined as head + tail when
// a head of `windowStep`·2^k bytes (cut at a scalar boundary) cleans to at least
// `budget + windowMargin` units (leading dots and spaces aside) and a tail of `windowStep`·2^k
// bytes cleans to at least `windowMargin` units (trailing dots and spaces aside), each at most a
// quarter of the name; otherwise the whole name is examined, as before. The middle is still
// scanned for the bidi controls the filter reports as a spoof (a byte scan: the `bidi-spoof`
// disguise speaks of the whole input), the padding disguises read the whole input (one linear
// pass, for a risky name: head and tail side by side are not text the name has),
// and the change `skipped-middle` says how many bytes were not examined. Every other answer is
// the one the whole name gets, except the counts in the change details (which then describe the
// window) and the changes the middle alone would have caused.
//
// The cost: the head and tail probes double at most log2(size / windowStep) times each, over at
// most half the name, so the work is linear in the input, and bounded by a few windowSteps
// whenever the name has content near both ends.
//
// Runs a name loses anyway. Before the probes, a long run at the end of what cleaning and step 3
// remove or trim (`examinedEnd`) is cut to a piece, and so is a long run at the start
// (`leadingCut`): those functions say why the answer stays the whole name's. Without them such a
// name, whose head or tail cleans to almost nothing, would be examined whole, several times.

extension FilenameSanitizer {
  /// Names longer than this (UTF-8 bytes) are examined through a window when they cannot survive
  /// whole. Far above any name that fits: shorter names are always examined whole.
  @_spi(Checks) public static let windowThreshold = 16 << 10

  /// The first size (bytes) tried for the head and for the tail; doubled until enough is kept.
  static let windowStep = 2 << 10

  /// Units a window end must keep beyond what the answer reads from it: more than any boundary
  /// effect (a cut mark run: at most 64 non-starters of 4 bytes) reaches.
  static let windowMargin = 512

  /// A window of a long name: the text to sanitize, and what was skipped.
  struct Window {
    /// What is examined: the head followed by the tail.
    let text: String
    /// Bytes examined, and bytes dropped inside runs the name loses anyway (`leadingCut`,
    /// `removedRuns`), in the middle, and at the end of the trailing run (`examinedEnd`).
    let examined: Int, droppedInRuns: Int, middle: Int, droppedEnd: Int
    /// Whether a dropped part held a bidi control the filter reports as a spoof.
    let middleHadBidiOverride: Bool

    /// The detail of the `skipped-middle` change.
    var detail: String {
      var parts: [String] = []
      if droppedInRuns > 0 { parts.append("\(droppedInRuns) inside long runs") }
      if middle > 0 { parts.append("\(middle) in the middle") }
      if droppedEnd > 0 { parts.append("\(droppedEnd) at the end of its trailing run") }
      let runs =
        droppedInRuns + droppedEnd > 0
        ? " (runs of dots, spaces and characters the name loses anyway)" : ""
      return
        "the name had \(examined + droppedInRuns + middle + droppedEnd) bytes, too many to examine whole: \(examined) were examined; "
        + parts.joined(separator: ", ") + " were dropped unexamined" + runs
    }
  }

  /// The window of `input` (see the file's comment), or nil when the whole name is examined.
  static func window(
    of input: String, form: NormalizationForm, platform: Platform, replacement: String, options: SanitizerOptions
  ) -> Window? {
    guard input.utf8.count > windowThreshold else { return nil }
    let budget = Swift.min(platform.maxLength, Swift.max(options.maxLength ?? platform.maxLength, 1))
    let probe = Probe(form: form, platform: platform, replacement: replacement, budget: budget)
    var copy = input
    return copy.withUTF8 { whole -> Window? in
      let end = examinedEnd(of: whole, platform: platform, budget: budget)
      let name = UnsafeBufferPointer(rebasing: whole[..<end])
      var cuts: [Range<Int>] = []
      if let lead = leadingCut(of: name, platform: platform) { cuts.append(lead) }
      if let w = probe.window(of: name, dropping: cuts, droppedEnd: whole.count - end) { return w }
      // The probes found too little kept near an end: drop long runs of removed scalars and
      // whitespace inside the name too (a megabyte of CR LF in a quoted name), and try again.
      let inner = removedRuns(of: name, from: cuts.last?.upperBound ?? 0, platform: platform)
      if !inner.isEmpty {
        cuts += inner
        if let w = probe.window(of: name, dropping: cuts, droppedEnd: whole.count - end) { return w }
      }
      guard !cuts.isEmpty || end < whole.count else { return nil }
      return probe.window(of: name, dropping: cuts, droppedEnd: whole.count - end, probing: false)
    }
  }

  /// The head and tail probes of the file's comment.
  private struct Probe {
    let form: NormalizationForm, platform: Platform, replacement: String, budget: Int

    /// The window of `name` without the byte ranges `cuts` (ascending, disjoint), followed in the
    /// input by `droppedEnd` dropped bytes: head and tail when the probes find them (nil when they
    /// do not), or with `probing` false all that is left.
    func window(
      of name: UnsafeBufferPointer<UInt8>, dropping cuts: [Range<Int>], droppedEnd: Int, probing: Bool = true
    ) -> Window? {
      var kept: [UInt8] = []
      var from = 0
      var spoof = false
      for cut in cuts {
        kept += name[from..<cut.lowerBound]
        spoof = spoof || middleHasBidiSpoof(name[cut], platform: platform, replacement: replacement)
        from = cut.upperBound
      }
      kept += name[from...]
      if droppedEnd > 0 {
        let whole = UnsafeBufferPointer(start: name.baseAddress, count: name.count + droppedEnd)
        spoof = spoof || middleHasBidiSpoof(whole[name.count...], platform: platform, replacement: replacement)
      }
      let droppedInRuns = name.count - kept.count
      return kept.withUnsafeBufferPointer { u -> Window? in
        guard probing else {
          return Window(
            text: String(decoding: u, as: UTF8.self), examined: u.count, droppedInRuns: droppedInRuns, middle: 0,
            droppedEnd: droppedEnd, middleHadBidiOverride: spoof)
        }
        guard u.count > windowThreshold, let headEnd = headEnd(of: u), let tailStart = tailStart(of: u),
          tailStart > headEnd
        else { return nil }
        let middle = u[headEnd..<tailStart]
        return Window(
          text: String(decoding: u[..<headEnd], as: UTF8.self) + String(decoding: u[tailStart...], as: UTF8.self),
          examined: u.count - middle.count, droppedInRuns: droppedInRuns, middle: middle.count,
          droppedEnd: droppedEnd,
          middleHadBidiOverride: spoof || middleHasBidiSpoof(middle, platform: platform, replacement: replacement))
      }
    }

    /// Where the head ends: the first `windowStep`·2^k bytes (at most a quarter of `u`) that clean
    /// to at least `budget + windowMargin` units, leading dots and spaces aside; nil when none does.
    func headEnd(of u: UnsafeBufferPointer<UInt8>) -> Int? {
      var size = windowStep
      while size <= u.count / 4 {
        let end = UTF8Validation.scalarBoundary(in: u, atOrBefore: size)
        let kept = platform.length(of: trimmingLeadingDots(clean(u[..<end])))
        if kept >= budget + windowMargin { return end }
        // A head that cleans away nearly everything (a megabyte of bidi controls or dots) is not
        // worth doubling up to a quarter of the name: the whole name is examined, as it would be.
        if size >= 8 * windowStep && kept * 64 < end { return nil }
        size *= 2
      }
      return nil
    }

    /// Where the tail begins: the last `windowStep`·2^k bytes (at most a quarter of `u`) that
    /// clean to at least `windowMargin` units, trailing dots and spaces aside; nil when none does,
    /// with the head's early stop.
    func tailStart(of u: UnsafeBufferPointer<UInt8>) -> Int? {
      var size = windowStep
      while size <= u.count / 4 {
        let start = UTF8Validation.scalarBoundary(in: u, atOrBefore: u.count - size)
        let kept = platform.length(of: trimmingTrailingDots(clean(u[start...])))
        if kept >= windowMargin { return start }
        if size >= 8 * windowStep && kept * 64 < u.count - start { return nil }
        size *= 2
      }
      return nil
    }

    /// Steps 1 and 2 on `bytes` alone, changes not logged.
    private func clean(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
      var scratch = SanitizerChangeLog()
      return cleanScalars(
        String(decoding: bytes, as: UTF8.self), form: form, platform: platform, replacement: replacement,
        log: &scratch
      ).text
    }
  }

  /// Where the examined part of a long name ends. A name that ends in a long run of scalars it
  /// loses anyway (`endRole`) is examined up to a piece of that run only: `windowStep` bytes
  /// of it, and enough of its dots to push the name over the budget when the run has more dots
  /// (a platform that keeps dots keeps them in the name, and the length cut then decides). What
  /// the rest of the run would add is removed, trimmed, or cut off (step 3 trims the dots and
  /// spaces at the end on windows and portable; the filter trims the spaces at the end and
  /// removes the rest everywhere), so the answer is the whole name's. The run begins with a dot or
  /// a space, after which no invisible of the run is kept (the filter keeps one only next to a
  /// letter, a symbol or an emoji). The scan is linear: one step back per scalar, one forward per
  /// scalar of the kept piece.
  static func examinedEnd(of u: UnsafeBufferPointer<UInt8>, platform: Platform, budget: Int) -> Int {
    var runStart = u.count
    var lastDot = -1
    var i = u.count
    var kinds = ScalarKinds(platform: platform)
    scan: while i > 0 {
      let start = UTF8Validation.scalarBoundary(in: u, atOrBefore: i - 1)
      let s = UTF8Validation.scalar(in: u, at: start).scalar
      let role = endRole(of: s, kind: kinds.kind(of: s), on: platform)
      switch role {
      case .content: break scan
      case .removed: break
      case .dot:
        if lastDot < 0 { lastDot = start }
        runStart = start
      case .space: runStart = start
      }
      i = start
    }
    guard u.count - runStart > 2 * windowStep else { return u.count }
    var end = runStart
    var dots = 0
    while end < u.count && (end - runStart < windowStep || (end <= lastDot && dots < budget + windowMargin)) {
      let (s, next) = UTF8Validation.scalar(in: u, at: end)
      if isDotLike(s, on: platform) { dots += 1 }
      end = next
    }
    return end
  }

  /// The bytes to drop inside a long leading run of what the name loses anyway, or nil. At the
  /// start, the filter removes controls, invisibles (nothing before them can keep one) and blanks
  /// and drops whitespace, and step 3 removes the dots, the spaces and the combining marks after
  /// them (a mark there has no character to attach to: `dotTrimmed`); what survives begins with
  /// the first other scalar. A run of more than `4 * windowStep` bytes keeps its first and its
  /// last `windowStep` bytes (so the name's first scalar, which step 3 reads when the stem was
  /// removed, and the scalars right before the content stay as they were) and drops the rest,
  /// provided a kept piece holds a dot when the run does (whether the cleaned name began with a
  /// dot is what step 3 reads); otherwise nothing is dropped. Both ends of the cut are at a scalar
  /// other than a mark, so every mark run kept is whole: normalizing reorders and composes within a
  /// run, and caps a run's length (`capNonStarterRuns`), exactly as in the whole name.
  static func leadingCut(of u: UnsafeBufferPointer<UInt8>, platform: Platform) -> Range<Int>? {
    var kinds = ScalarKinds(platform: platform)
    var firstDot = -1
    var lastDot = -1
    var i = 0
    scan: while i < u.count {
      let (s, next) = UTF8Validation.scalar(in: u, at: i)
      switch kinds.kind(of: s) {
      case .control, .bidiControl, .lineSeparator, .invisible, .blank, .whitespace: break
      case .plain where s == ".":
        if firstDot < 0 { firstDot = i }
        lastDot = i
      case .plain where isMark(s): break
      default: break scan
      }
      i = next
    }
    guard i > 4 * windowStep else { return nil }
    let start = starterBoundary(in: u, atOrBefore: windowStep)
    let end = starterBoundary(in: u, atOrBefore: i - windowStep)
    guard start > 0, start < end else { return nil }
    guard firstDot < 0 || firstDot < start || lastDot >= end else { return nil }
    return start..<end
  }

  /// The start of the last scalar at or before `offset` that is not a combining mark (0 when all
  /// before it are marks): where a cut leaves every mark run whole. Steps back one scalar at a
  /// time, over one mark run at most.
  private static func starterBoundary(in u: UnsafeBufferPointer<UInt8>, atOrBefore offset: Int) -> Int {
    var i = UTF8Validation.scalarBoundary(in: u, atOrBefore: offset)
    while i > 0 && i < u.count && isMark(UTF8Validation.scalar(in: u, at: i).scalar) {
      i = UTF8Validation.scalarBoundary(in: u, atOrBefore: i - 1)
    }
    return i
  }

  /// The bytes to drop inside long runs, from `from` on, of scalars the filter removes wherever
  /// they stand (controls, bidi controls, line separators, blanks) and whitespace, which it folds
  /// into one space: each run of more than `4 * windowStep` bytes keeps its first and last
  /// `windowStep` bytes. What the rest would do is done by the kept pieces (removal, or one
  /// space), and the scalars on each side of the run keep the same neighbours; invisibles are not
  /// in such runs, since their neighbours decide whether they are kept. ASCII is classified at the
  /// cost of a comparison.
  static func removedRuns(of u: UnsafeBufferPointer<UInt8>, from: Int, platform: Platform) -> [Range<Int>] {
    var kinds = ScalarKinds(platform: platform)
    var runs: [Range<Int>] = []
    var runStart = -1
    var i = from
    func endRun(at end: Int) {
      if runStart >= 0 && end - runStart > 4 * windowStep {
        let cutStart = UTF8Validation.scalarBoundary(in: u, atOrBefore: runStart + windowStep)
        let cutEnd = UTF8Validation.scalarBoundary(in: u, atOrBefore: end - windowStep)
        runs.append(cutStart..<cutEnd)
      }
      runStart = -1
    }
    while i < u.count {
      let b = u[i]
      if b < 0x80 {
        // ASCII without a lookup: a control or a space extends a run, anything else ends it.
        if b <= 0x20 || b == 0x7F {
          if runStart < 0 { runStart = i }
        } else if runStart >= 0 {
          endRun(at: i)
        }
        i += 1
        continue
      }
      let (s, next) = UTF8Validation.scalar(in: u, at: i)
      switch kinds.kind(of: s) {
      case .control, .bidiControl, .lineSeparator, .blank, .whitespace:
        if runStart < 0 { runStart = i }
      default:
        endRun(at: i)
      }
      i = next
    }
    endRun(at: u.count)
    return runs
  }

  /// What a scalar at the end of a name becomes (see `examinedEnd`).
  enum EndRole {
    /// Kept: it ends the trailing run the name loses anyway.
    case content
    /// Removed by the filter where nothing that keeps it precedes.
    case removed
    /// A dot: trimmed by step 3 on windows and portable, kept (and cut off by the length limit) elsewhere.
    case dot
    /// Whitespace: trimmed at the end by the filter.
    case space
  }

  /// The role at the end of a name of `s`, whose kind on `platform` is `kind`.
  private static func endRole(of s: Unicode.Scalar, kind: ScalarKind, on platform: Platform) -> EndRole {
    switch kind {
    case .control, .bidiControl, .lineSeparator, .invisible, .blank: return .removed
    case .whitespace: return .space
    case .separator, .forbidden, .bestFit: return .content
    case .plain: return isDotLike(s, on: platform) ? .dot : .content
    }
  }

  /// `text` without the leading dots and spaces step 3 removes.
  fileprivate static func trimmingLeadingDots(_ text: String) -> Substring {
    text[dotTrimmed(text, leading: true, trailing: false).bounds]
  }

  /// `text` without trailing dots and spaces (which step 3 removes on windows and portable).
  fileprivate static func trimmingTrailingDots(_ text: String) -> Substring {
    text[dotTrimmed(text, leading: false, trailing: true).bounds]
  }

  /// Whether valid UTF-8 `bytes` hold a bidi control (`isBidiControl`: U+061C is D8 9C, the others
  /// E2 80 xx or E2 81 xx) that the scalar filter reports as a spoof: each distinct control found
  /// is asked of `ScalarFilter` itself, once, so the scan follows the filter's rule whatever it is.
  static func middleHasBidiSpoof(
    _ bytes: UnsafeBufferPointer<UInt8>.SubSequence, platform: Platform, replacement: String
  ) -> Bool {
    let u = UnsafeBufferPointer(rebasing: bytes)
    var decided: [UInt32: Bool] = [:]
    var i = 0
    while i + 1 < u.count {
      let b0 = u[i]
      var v: UInt32 = 0
      if b0 == 0xD8 && u[i + 1] == 0x9C {
        v = 0x061C
      } else if b0 == 0xE2 && i + 2 < u.count {
        v = 0x2000 | UInt32(u[i + 1] & 0x3F) << 6 | UInt32(u[i + 2] & 0x3F)
      }
      if v != 0 && isBidiControl(v) {
        let spoof =
          decided[v]
          ?? {
            var scratch = SanitizerChangeLog()
            let s = String(Character(Unicode.Scalar(v)!))
            return ScalarFilter.run(s, platform: platform, replacement: replacement, log: &scratch).hadBidiOverride
          }()
        if spoof { return true }
        decided[v] = spoof
      }
      i += 1
    }
    return false
  }
}
