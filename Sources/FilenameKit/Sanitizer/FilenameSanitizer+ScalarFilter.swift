// Step 2 of the pipeline: one pass over the scalars of a normalized name, applying the per-scalar
// rules of `FilenameSanitizer+Scalars.swift` with the context they need (the previous kept
// scalar, the next input scalar, the marks in a row, a pending space).

extension FilenameSanitizer {
  /// The state of one pass of step 2; `run` drives it, `report` logs what it did.
  struct ScalarFilter {
    let platform: Platform
    let replacement: String
    private(set) var out = String.UnicodeScalarView()
    private(set) var hadBidiOverride = false

    private var controls = ScalarTally(), bidi = ScalarTally(), lines = ScalarTally(), invisible = ScalarTally()
    private var separators = ScalarTally(), forbidden = ScalarTally(), bestFit = ScalarTally(), spaces = ScalarTally()
    private var blank = ScalarTally()
    private var excessMarks = 0, collapsed = 0, trimmed = 0
    private var marksInARow = 0
    /// A space waiting for a non-space to follow it.
    private var pendingSpace = false
    /// Spaces folded into the pending one (trimmed instead if it ends the name).
    private var pendingCollapsed = 0

    init(platform: Platform, replacement: String) {
      self.platform = platform
      self.replacement = replacement
    }

    /// Filters `text` (already normalized), logs the changes, and returns the kept text and
    /// whether a bidi embedding, override or isolate was seen.
    static func run(
      _ text: String, platform: Platform, replacement: String, log: inout SanitizerChangeLog
    ) -> (text: String, hadBidiOverride: Bool) {
      var filter = ScalarFilter(platform: platform, replacement: replacement)
      let scalars = text.unicodeScalars
      var i = scalars.startIndex
      while i < scalars.endIndex {
        let next = scalars.index(after: i)
        filter.take(scalars[i], next: next < scalars.endIndex ? scalars[next] : nil)
        i = next
      }
      filter.finish()
      filter.report(into: &log)
      return (String(filter.out), filter.hadBidiOverride)
    }

    /// Applies the rule of `s`'s kind; `next` is the following input scalar.
    mutating func take(_ s: Unicode.Scalar, next: Unicode.Scalar?) {
      switch kind(of: s, on: platform) {
      case .control:
        controls.add(s)
      case .bidiControl:
        bidi.add(s)
        if isBidiOverride(s.value) { hadBidiOverride = true }
      case .lineSeparator:
        lines.add(s)
      case .invisible:
        takeInvisible(s, next: next)
      case .whitespace:
        takeWhitespace(s)
      case .separator:
        separators.add(s)
        for r in replacement.unicodeScalars { emit(r) }
      case .forbidden:
        forbidden.add(s)
        for r in replacement.unicodeScalars { emit(r) }
      case .bestFit:
        bestFit.add(s)
        for r in replacement.unicodeScalars { emit(r) }
      case .blank:
        blank.add(s)
      case .plain:
        if isMark(s) && marksInARow >= maxMarksInARow && !pendingSpace {
          excessMarks += 1
        } else {
          emit(s)
        }
      }
    }

    /// An invisible scalar is kept only where `keepsInvisible` says its neighbours need it.
    private mutating func takeInvisible(_ s: Unicode.Scalar, next: Unicode.Scalar?) {
      let previous = pendingSpace ? " " : out.last
      if keepsInvisible(s, previous: previous, next: next) && !(isMark(s) && marksInARow >= maxMarksInARow) {
        emit(s)
      } else {
        invisible.add(s)
      }
    }

    /// Whitespace becomes one pending U+0020: dropped at the start, folded into a run, and
    /// written only when something else follows.
    private mutating func takeWhitespace(_ s: Unicode.Scalar) {
      if s != " " { spaces.add(s) }
      if out.isEmpty {
        trimmed += 1
      } else if pendingSpace {
        pendingCollapsed += 1
      } else {
        pendingSpace = true
      }
    }

    /// Appends `s`, first writing a pending space.
    private mutating func emit(_ s: Unicode.Scalar) {
      if pendingSpace {
        out.append(" ")
        pendingSpace = false
        marksInARow = 0
        collapsed += pendingCollapsed
        pendingCollapsed = 0
      }
      marksInARow = isMark(s) ? marksInARow + 1 : 0
      out.append(s)
    }

    /// Ends the pass: a pending space at the end is trimmed.
    mutating func finish() {
      if pendingSpace { trimmed += 1 + pendingCollapsed }
      pendingSpace = false
      pendingCollapsed = 0
    }

    /// Records one change per kind of scalar removed or replaced.
    func report(into log: inout SanitizerChangeLog) {
      if controls.count > 0 { log.record(.removedControl, "removed " + controls.describe("control character")) }
      if bidi.count > 0 { log.record(.removedBidiControl, "removed " + bidi.describe("bidi control")) }
      if lines.count > 0 { log.record(.removedLineSeparator, "removed " + lines.describe("line or paragraph separator")) }
      if invisible.count > 0 { log.record(.removedInvisible, "removed " + invisible.describe("invisible character")) }
      if excessMarks > 0 {
        log.record(.removedExcessMarks,
                   "removed \(excessMarks) combining mark\(excessMarks == 1 ? "" : "s") beyond \(maxMarksInARow) in a row")
      }
      if blank.count > 0 { log.record(.removedBlank, "removed " + blank.describe("blank, private-use or unassigned code point")) }
      if separators.count > 0 {
        log.record(.replacedSeparator, "replaced " + separators.describe("path separator") + " with \"\(replacement)\"")
      }
      if forbidden.count > 0 {
        log.record(.replacedForbidden, "replaced " + forbidden.describe("forbidden character") + " with \"\(replacement)\"")
      }
      if bestFit.count > 0 {
        log.record(.replacedBestFit,
                   "replaced " + bestFit.describe("best-fit lookalike of \\ / or \"") + " with \"\(replacement)\"")
      }
      if spaces.count > 0 { log.record(.replacedWhitespace, "replaced " + spaces.describe("space character") + " with U+0020") }
      if collapsed > 0 { log.record(.collapsedWhitespace, "collapsed runs of whitespace to one space") }
      if trimmed > 0 { log.record(.trimmedWhitespace, "trimmed whitespace at the ends") }
    }
  }
}
