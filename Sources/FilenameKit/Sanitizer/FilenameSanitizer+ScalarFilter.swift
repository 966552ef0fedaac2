// Step 2 of the pipeline: one pass over the scalars of a normalized name, applying the per-scalar
// rules of `FilenameSanitizer+Scalars.swift` with the context they need (the previous kept
// scalar, the next input scalar, the marks in a row, a pending space, a pending separator), and
// turning a path into one component.
//
// Path handling lives here, not in the Content-Disposition parser: a name arrives whole
// (`reports/2024/q3.pdf`, `..\..\boot.ini`), and a path separator (`/` or `\`, on every
// platform) ends a segment. A segment made only of dots and spaces (`.`, `..`, `...`) or empty
// carries no name and is dropped [`removed-path-segments`]; the kept segments are joined with
// the replacement [`replaced-separator`], as Chromium and Firefox do (`reports_2024_q3.pdf`).
// Nothing is resolved: `a/b/../c` keeps `b` (`a_b_c`), since `..` only says where, not what.

extension FilenameSanitizer {
  /// The state of one pass of step 2; `run` drives it, `report` logs what it did.
  struct ScalarFilter {
    let platform: Platform
    let replacement: String
    private var kinds: ScalarKinds
    private(set) var out: UTF8Buffer
    private(set) var hadBidiOverride = false

    private var controls = ScalarTally(), bidi = ScalarTally(), lines = ScalarTally(), invisible = ScalarTally()
    private var forbidden = ScalarTally(), bestFit = ScalarTally(), spaces = ScalarTally(), blank = ScalarTally()
    private var separators = ScalarTally()
    private var excessMarks = 0, collapsed = 0, trimmed = 0
    private var marksInARow = 0
    /// Tag characters after 🏴, held until CANCEL TAG says they are an emoji tag sequence.
    private var tags = EmojiTagSequence()
    private var heldTags: [Unicode.Scalar] = []
    /// A space waiting for a non-space to follow it (U+0020, or a kept visible space such as U+3000).
    private var pendingSpace: Unicode.Scalar? = nil
    /// Spaces folded into the pending one (trimmed instead if it ends the name).
    private var pendingCollapsed = 0

    // Path segments.
    /// A separator ended the previous kept segment; the replacement is written before the next
    /// kept scalar.
    private var pendingSeparator = false
    /// Scalars written since the current segment began (its leading replacement and space included).
    private var segmentLength = 0
    /// Whether the current segment has only dots and spaces so far.
    private var segmentIsDots = true
    /// Whether the current segment began by writing a pending separator.
    private var segmentWroteSeparator = false
    private var sawSeparator = false
    private var separatorsWritten = 0, droppedSegments = 0

    /// A filter whose output has room for `capacity` bytes.
    init(platform: Platform, replacement: String, capacity: Int = 0) {
      self.platform = platform
      self.replacement = replacement
      self.kinds = ScalarKinds(platform: platform)
      self.out = UTF8Buffer(capacity: capacity)
    }

    /// Filters `text` (already normalized), logs the changes, and returns the kept text and
    /// whether a bidi embedding, override or isolate was seen.
    static func run(
      _ text: String, platform: Platform, replacement: String, log: inout SanitizerChangeLog
    ) -> (text: String, hadBidiOverride: Bool) {
      var filter = ScalarFilter(platform: platform, replacement: replacement, capacity: text.utf8.count)
      // Decoded from the UTF-8 bytes: a String.UnicodeScalarView index is validated on every
      // subscript.
      var copy = text
      copy.withUTF8 { u in
        guard !u.isEmpty else { return }
        var (s, i) = UTF8Validation.scalar(in: u, at: 0)
        while i < u.count {
          let (next, end) = UTF8Validation.scalar(in: u, at: i)
          filter.take(s, next: next)
          (s, i) = (next, end)
        }
        filter.take(s, next: nil)
      }
      filter.finish()
      filter.report(into: &log)
      return (filter.out.string, filter.hadBidiOverride)
    }

    /// Applies the rule of `s`'s kind; `next` is the following input scalar.
    mutating func take(_ s: Unicode.Scalar, next: Unicode.Scalar?) {
      if EmojiTagSequence.isTag(s) { return takeTag(s) }
      if tags.end() > 0 { removeHeldTags() }
      switch kinds.kind(of: s) {
      case .control:
        controls.add(s)
      case .bidiControl:
        bidi.add(s)
        // Every bidi control, marks included (U+200E, U+200F, U+061C): each can reorder what a
        // name shows, so each is reported as a spoof.
        hadBidiOverride = true
      case .lineSeparator:
        lines.add(s)
      case .invisible:
        takeInvisible(s, next: next)
      case .whitespace:
        takeWhitespace(s)
      case .separator:
        separators.add(s)
        endSegment(atSeparator: true)
      case .forbidden:
        forbidden.add(s)
        for r in replacement.unicodeScalars { emit(r) }
      case .bestFit:
        bestFit.add(s)
        for r in replacement.unicodeScalars { emit(r) }
      case .blank:
        blank.add(s)
      case .plain:
        if isMark(s) && marksInARow >= maxMarksInARow && !startsFresh {
          excessMarks += 1
        } else {
          emit(s)
        }
      }
    }

    /// Whether the next kept scalar follows a pending space or separator (so a mark would not
    /// extend the current run of marks).
    private var startsFresh: Bool { pendingSpace != nil || (pendingSeparator && !out.isEmpty) }

    /// The scalar the next kept scalar will follow.
    private var previousKept: Unicode.Scalar? {
      if let pendingSpace { return pendingSpace }
      if pendingSeparator && !out.isEmpty, let r = replacement.unicodeScalars.last { return r }
      return out.last
    }

    /// An invisible scalar is kept only where `keepsInvisible` says its neighbours need it, as they
    /// will be written: a next scalar the platform replaces (`♂` best-fits to `?` on Windows) joins
    /// nothing, so a joiner before it goes.
    private mutating func takeInvisible(_ s: Unicode.Scalar, next: Unicode.Scalar?) {
      let written = next.flatMap { kind(of: $0, on: platform) == .plain ? $0 : nil }
      if keepsInvisible(s, previous: previousKept, next: written)
        && !(isMark(s) && marksInARow >= maxMarksInARow && !startsFresh)
      {
        emit(s)
      } else {
        invisible.add(s)
      }
    }

    /// A tag character is held while it may belong to an emoji tag sequence, and written with the
    /// others when CANCEL TAG closes it; a run that is not one is removed (`EmojiTagSequence`).
    private mutating func takeTag(_ s: Unicode.Scalar) {
      switch tags.read(s, previous: previousKept) {
      case .held:
        heldTags.append(s)
      case .closed:
        for t in heldTags { emit(t) }
        heldTags.removeAll(keepingCapacity: true)
        emit(s)
      case .broken:
        removeHeldTags()
        invisible.add(s)
      }
    }

    /// Removes the tag characters held for a sequence that was never closed.
    private mutating func removeHeldTags() {
      for t in heldTags { invisible.add(t) }
      heldTags.removeAll(keepingCapacity: true)
    }

    /// Whitespace becomes one pending space: dropped at the start, folded into a run, and written
    /// only when something else follows. A visible space that is content (U+3000 IDEOGRAPHIC
    /// SPACE, U+1680 OGHAM SPACE MARK) stays itself; every other space becomes U+0020.
    private mutating func takeWhitespace(_ s: Unicode.Scalar) {
      let kept = ScalarTraits.isKeptSpace(s)
      if s != " " && !kept { spaces.add(s) }
      if out.isEmpty {
        trimmed += 1
      } else if pendingSpace != nil {
        pendingCollapsed += 1
      } else {
        pendingSpace = kept ? s : " "
      }
    }

    /// Appends `s`, first writing a pending separator (when a kept segment precedes it) and a
    /// pending space.
    private mutating func emit(_ s: Unicode.Scalar) {
      if pendingSeparator {
        pendingSeparator = false
        if !out.isEmpty {
          for r in replacement.unicodeScalars { append(r, isContent: false) }
          separatorsWritten += 1
          segmentWroteSeparator = true
          marksInARow = 0
        }
      }
      if let space = pendingSpace {
        pendingSpace = nil
        marksInARow = 0
        if let last = out.last, isSpaceLike(last) {
          collapsed += 1 + pendingCollapsed  // only an empty replacement can bring two spaces together
        } else {
          collapsed += pendingCollapsed
          append(space, isContent: false)
        }
        pendingCollapsed = 0
      }
      marksInARow = isMark(s) ? marksInARow + 1 : 0
      append(s, isContent: s != ".")
    }

    /// Writes one scalar into the current segment; a segment whose scalars are all not content
    /// (dots, spaces, the separator's replacement) is a dot or empty segment.
    private mutating func append(_ s: Unicode.Scalar, isContent: Bool) {
      out.append(s)
      segmentLength += 1
      if isContent { segmentIsDots = false }
    }

    /// Ends the current path segment: drops it when it has only dots and spaces (or nothing),
    /// else keeps it and, at a separator, leaves the separator pending.
    private mutating func endSegment(atSeparator: Bool) {
      if atSeparator { sawSeparator = true }
      if segmentIsDots {
        droppedSegments += 1
        out.removeLast(segmentLength)
        if segmentWroteSeparator { separatorsWritten -= 1 }
        pendingSpace = nil
        pendingCollapsed = 0
        pendingSeparator = atSeparator || segmentWroteSeparator
      } else if atSeparator {
        if let space = pendingSpace {
          pendingSpace = nil
          collapsed += pendingCollapsed
          pendingCollapsed = 0
          out.append(space)
        }
        pendingSeparator = true
      }
      segmentLength = 0
      segmentIsDots = true
      segmentWroteSeparator = false
    }

    /// Ends the pass: in a path, the last segment is ended too; a space at the end is trimmed.
    mutating func finish() {
      if tags.end() > 0 { removeHeldTags() }
      if sawSeparator {
        endSegment(atSeparator: false)
        while let last = out.last, isSpaceLike(last) {
          out.removeLast()
          trimmed += 1
        }
      }
      if pendingSpace != nil { trimmed += 1 + pendingCollapsed }
      pendingSpace = nil
      pendingCollapsed = 0
      pendingSeparator = false
    }

    /// Records one change per kind of scalar removed or replaced.
    func report(into log: inout SanitizerChangeLog) {
      if controls.count > 0 { log.record(.removedControl, "removed " + controls.describe("control character")) }
      if bidi.count > 0 { log.record(.removedBidiControl, "removed " + bidi.describe("bidi control")) }
      if lines.count > 0 {
        log.record(.removedLineSeparator, "removed " + lines.describe("line or paragraph separator"))
      }
      if invisible.count > 0 { log.record(.removedInvisible, "removed " + invisible.describe("invisible character")) }
      if excessMarks > 0 {
        log.record(
          .removedExcessMarks,
          "removed \(excessMarks) combining mark\(excessMarks == 1 ? "" : "s") beyond \(maxMarksInARow) in a row")
      }
      if blank.count > 0 {
        log.record(.removedBlank, "removed " + blank.describe("blank, private-use or unassigned code point"))
      }
      if droppedSegments > 0 {
        log.record(
          .removedPathSegments,
          "the name was a path: dropped \(droppedSegments) empty or dot segment\(droppedSegments == 1 ? "" : "s") (., ..)"
        )
      }
      if separatorsWritten > 0 {
        log.record(
          .replacedSeparator,
          "joined \(separatorsWritten + 1) path segments with \"\(replacement)\"; "
            + separators.describe("path separator") + " in all")
      }
      if forbidden.count > 0 {
        log.record(
          .replacedForbidden, "replaced " + forbidden.describe("forbidden character") + " with \"\(replacement)\"")
      }
      if bestFit.count > 0 {
        log.record(
          .replacedBestFit,
          "replaced " + bestFit.describe("best-fit lookalike of / \\ : * ? \" < > or |") + " with \"\(replacement)\"")
      }
      if spaces.count > 0 {
        log.record(.replacedWhitespace, "replaced " + spaces.describe("space character") + " with U+0020")
      }
      if collapsed > 0 { log.record(.collapsedWhitespace, "collapsed runs of whitespace to one space") }
      if trimmed > 0 { log.record(.trimmedWhitespace, "trimmed whitespace at the ends") }
    }
  }
}
