// Length limits: truncation at grapheme cluster boundaries that keeps the extension.

extension FilenameSanitizer {
  /// An extension (with its dot) longer than this, in the platform's unit, is too long to keep
  /// whole when a name must be shortened.
  static let maxKeptExtensionLength = 32

  /// The longest prefix of `text` made of whole grapheme clusters that is at most `room` long,
  /// with a clean end: no trailing space (U+0020 or a kept visible space), no trailing ZWJ/ZWNJ (whose next scalar was cut off),
  /// and on Windows no trailing dot.
  static func prefix(_ text: Substring, room: Int, on platform: Platform) -> Substring {
    guard room > 0 else { return text[text.startIndex..<text.startIndex] }
    var end = fittingEnd(of: text, room: room) { platform.length(of: $0) }
    // Grapheme clusters have no length bound (GB11 chains emoji through ZWJ; tag sequences, Hangul
    // jamo runs, Indic conjuncts and prepends grow too). When not even the first cluster fits and no
    // file system of the platform could hold it whole, cut it between scalars rather than lose the
    // name and its extension; `cleanEnd` drops a joiner left at the end. A cluster that only misses a
    // lowered limit is never split.
    if end == text.startIndex, let first = text.first, platform.length(of: first) > platform.maxLength {
      end = fittingEnd(of: text.unicodeScalars, room: room) { platform.length(of: $0) }
    }
    return cleanEnd(text[..<end], on: platform)
  }

  /// The end of the longest run of whole elements (clusters or scalars) at the start of `c` whose
  /// lengths add up to at most `room`.
  static func fittingEnd<C: Collection>(of c: C, room: Int, length: (C.Element) -> Int) -> C.Index {
    var used = 0
    var end = c.startIndex
    for e in c {
      let n = length(e)
      if used + n > room { break }
      used += n
      end = c.index(after: end)
    }
    return end
  }

  /// Removes trailing spaces, trailing ZWJ/ZWNJ, and (Windows rules) trailing dots.
  static func cleanEnd(_ text: Substring, on platform: Platform) -> Substring {
    var scalars = text.unicodeScalars
    while let last = scalars.last {
      let v = last.value
      if isSpaceLike(last) || v == 0x200D || v == 0x200C || (platform.hasWindowsRules && isDotLike(last, on: platform))
      {
        scalars.removeLast()
      } else {
        break
      }
    }
    return Substring(scalars)
  }

  /// How `fit` shortened a name.
  enum FitOutcome: Equatable {
    case unchanged
    case keptExtension(String)
    case droppedExtension
  }

  /// Fits `name` followed by `trailer` (never cut) into `budget` units: returns the name unchanged
  /// when it fits; otherwise cuts the stem at a grapheme boundary and keeps the extension (a
  /// compound one whole, else its last part); otherwise cuts the whole name. Returns nil when not
  /// even one grapheme cluster fits.
  ///
  /// An extension is kept only when it is at most `maxKeptExtensionLength` long, contains no space,
  /// and leaves room for at least one cluster of the stem.
  static func fit(
    _ name: String, trailer: String = "", budget: Int, on platform: Platform
  ) -> (name: String, outcome: FitOutcome)? {
    let trailerLength = platform.length(of: trailer)
    if platform.length(of: name) + trailerLength <= budget {
      return (trailer.isEmpty ? name : name + trailer, .unchanged)
    }
    let (stem, ext) = FileExtension.split(name)
    if let ext, !ext.isEmpty, !ext.contains(" ") {
      var candidates: [Substring] = [ext]
      if let dot = ext.lastIndex(of: ".") { candidates.append(ext[ext.index(after: dot)...]) }
      for candidate in candidates {
        let extLength = platform.length(of: candidate) + 1
        guard extLength <= maxKeptExtensionLength else { continue }
        let room = budget - extLength - trailerLength
        let cut = prefix(stem, room: room, on: platform)
        if !cut.isEmpty {
          return (String(cut) + "." + candidate + trailer, .keptExtension(String(candidate)))
        }
      }
    }
    let cut = prefix(name[...], room: budget - trailerLength, on: platform)
    guard !cut.isEmpty else { return nil }
    return (String(cut) + trailer, .droppedExtension)
  }
}
