// Fitting mirror segments to the room: the longest cut first to one common length, each cut
// ending in its hash; directories that cannot fit even so folded into one hashed segment.
extension MirrorPathBuilder {
  /// The shortest length a cut leaves a segment: room for a few characters, `~` and 8 hex digits.
  static let minimumCut = 16
  /// Hex digits of a cut segment's hash.
  static let hashDigits = 8

  /// `segments` (host, the first directories, the file) fitted to the room less the reserve;
  /// `directories` are all the directory ranges in `path`, `excess` how many of them were not
  /// decoded (they are always folded).
  mutating func fit(
    _ segments: [Segment], directories: [Range<Int>], path: URLNameExtractor.Input, excess: Int
  ) throws(MirrorPathError) -> [String] {
    let limit = room - Swift.max(options.reservedLength, 0)
    var segs = segments
    var lengths = segs.map { platform.length(of: $0.text) }
    let m = Self.minimumCut
    let floor = lengths.reduce(lengths.count - 1) { $0 + Swift.min($1, m) }
    if excess > 0 || floor > limit {
      // Keep the most leading directories that fit at the shortest cut beside one folded segment.
      let decoded = segs.count - 2
      let fold = 1 + Self.hashDigits
      var used = Swift.min(lengths[0], m) + Swift.min(lengths[segs.count - 1], m) + fold + 2
      guard used <= limit else { throw .noRoom(room: limit, minimum: m) }
      var kept = 0
      while kept < decoded, used + Swift.min(lengths[kept + 1], m) + 1 <= limit {
        used += Swift.min(lengths[kept + 1], m) + 1
        kept += 1
      }
      var folded: [UInt8] = []
      for r in directories[kept...] {
        if !folded.isEmpty { folded.append(UInt8(ascii: "/")) }
        folded += path[r].lazy.map(\.byte)
      }
      // Sanitized like any segment: portable turns the leading `~` into `_` (a shell expands it).
      let name = FilenameSanitizer.sanitize(
        "~" + PathHash.hex(folded, digits: Self.hashDigits), for: platform, options: segmentOptions(maxLength: nil)
      ).name
      steps.append(
        MirrorPathStep(
          .directoriesFolded, segment: kept + 1,
          "\(directories.count - kept) directories into \(name): the path had room for \(kept)"))
      segs.replaceSubrange((kept + 1)..<(segs.count - 1), with: [Segment(text: name, source: folded)])
      lengths = segs.map { platform.length(of: $0.text) }
    }
    let total = lengths.reduce(lengths.count - 1, +)
    guard total > limit else { return segs.map(\.text) }
    // The largest common length that fits (bisection: the sum only grows with the length).
    let sum = { (cap: Int) in lengths.reduce(lengths.count - 1) { $0 + Swift.min($1, cap) } }
    var lo = m
    var hi = lengths.max() ?? m
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if sum(mid) <= limit { lo = mid } else { hi = mid - 1 }
    }
    for k in segs.indices where lengths[k] > lo {
      let cut = Self.cut(
        segs[k].text, to: lo, source: segs[k].source, platform: platform, options: segmentOptions(maxLength: lo))
      steps.append(
        MirrorPathStep(
          .segmentShortened, segment: k,
          "from \(lengths[k]) to \(platform.length(of: cut)) \(platform.lengthUnitName): the path is over \(limit)"))
      segs[k].text = cut
    }
    return segs.map(\.text)
  }

  /// `name` cut to `cap` units at a grapheme boundary, ending in `~` and the hash of `source`
  /// before its extension (kept when it is short); spaces and dots the cut leaves at its end are
  /// dropped. The result is sanitized once more (with `options`), so it is safe whatever the cut left.
  static func cut(
    _ name: String, to cap: Int, source: [UInt8], platform: Platform, options: SanitizerOptions
  ) -> String {
    var options = options
    options.maxLength = cap
    let hash = "~" + PathHash.hex(source, digits: hashDigits)
    let hashLength = hash.utf8.count
    guard cap > hashLength else {
      return FilenameSanitizer.sanitize(name, for: platform, options: options).name
    }
    var stem = Substring(name)
    var ext = ""
    if let dot = name.lastIndex(of: "."), dot > name.startIndex {
      let e = name[name.index(after: dot)...]
      let extLength = platform.length(of: e) + 1
      if !e.isEmpty, extLength <= 17, extLength <= (cap - hashLength) / 2 {
        ext = "." + e
        stem = name[..<dot]
      }
    }
    var left = cap - hashLength - platform.length(of: ext)
    var end = stem.startIndex
    for c in stem {
      let n = platform.length(of: c)
      guard n <= left else { break }
      left -= n
      end = stem.index(after: end)
    }
    var kept = stem[..<end]
    while let last = kept.last, last == " " || last == "." { kept = kept.dropLast() }
    let candidate = String(kept) + hash + ext
    return FilenameSanitizer.sanitize(candidate, for: platform, options: options).name
  }
}
