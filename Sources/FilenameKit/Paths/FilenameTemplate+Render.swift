// Rendering a template: each field sanitized as one piece, then the whole fitted to the budget by
// cutting the unmarked fields, the longest first, at grapheme cluster boundaries.

extension FilenameTemplate {
  /// Renders the template with `fields` for `platform`.
  ///
  /// 1. Each field is sanitized as one name (`FilenameSanitizer.sanitize`, with `options`'
  ///    replacement, normalization and ASCII mode; in ASCII mode the fixed text is transliterated
  ///    too, so the fit measures what is written): a `/` or `\` in it is replaced, never a directory; one that
  ///    leaves nothing is empty. A `.download` the sanitizer gives a shortcut field alone is not
  ///    kept: the whole name is judged in step 4. A `.` just before an empty `{ext}` goes too.
  /// 2. The budget is `options.budget(for:)`: the platform's limit (or `maxLength`) less
  ///    `reservedSuffixLength` (room for `.part` or ` (12)`), in the platform's unit; no less when
  ///    that would cut the extension, unlike the sanitizer's own reserve. A name that must be
  ///    neutralized keeps room for `.download` as well.
  /// 3. Over the budget, the fixed text, the marked fields (`{id!}`), `{ext}` and the extension of
  ///    `{name}` stay whole; the other fields are cut at grapheme cluster boundaries, the longest
  ///    first: each is cut to a common length, the largest that fits (what it leaves over goes to
  ///    the cut fields in template order), and loses trailing spaces and joiners (and dots on
  ///    Windows) at the cut. `cuts` says which and by how much.
  ///    When the fields before the extension all left nothing (`.pdf`), the stem is the fallback
  ///    name (`download.pdf`), or `_` where that does not fit.
  /// 4. The whole name is sanitized once more with the budget as its limit (a reserved device
  ///    name, the ends, the dangerous-type policy): `sanitized` has that report.
  ///
  /// - Throws: `unknownPlaceholder` for a placeholder with no field, `fixedPartsTooLong` when what
  ///   must stay whole exceeds the budget.
  public func render(
    _ fields: [String: String], for platform: Platform = .current, options: SanitizerOptions = .init()
  ) throws(FilenameTemplateError) -> RenderedTemplate {
    let budget = options.budget(for: platform)
    let values = try sanitizedValues(fields, platform: platform, options: options)
    var layout = TemplateLayout(
      pieces: options.asciiOnly ? asciiPieces(options) : pieces, values: values, platform: platform)
    var candidate = try layout.fit(budget: budget)
    // Fields that left nothing before the extension (`{title}.{ext}` with a title of only
    // controls) would make a hidden name whose leading dot the sanitizer removes, losing the type:
    // the stem becomes the fallback name, as an empty name does (step 4 of the sanitizer).
    if candidate.utf8.first == UInt8(ascii: "."), case .field? = pieces.first {
      let stem = FilenameSanitizer.fallback(options, platform: platform, depth: 0)
      let room = budget - platform.length(of: candidate)
      candidate = (platform.length(of: stem) <= room ? stem : "_") + candidate
    }
    // Room for `.download` when the whole name will be neutralized (step 7 of the sanitizer), so
    // that the sanitizer need not cut what must stay whole.
    let trailer = platform.length(of: FilenameSanitizer.neutralizingTrailer)
    let risk = DangerousTypes.risk(of: candidate[...], on: platform)
    if FilenameSanitizer.mustNeutralize(candidate, risk: risk, platform: platform, options: options),
      platform.length(of: candidate) + trailer > budget, budget - trailer >= layout.fixedLength
    {
      candidate = try layout.fit(budget: budget - trailer)
    }
    var final = options
    final.maxLength = budget
    final.reservedSuffixLength = 0
    let result = FilenameSanitizer.sanitize(candidate, for: platform, options: final)
    return RenderedTemplate(
      name: result.name, cuts: layout.cuts, budget: budget, platform: platform, sanitized: result)
  }

  /// The pieces with their fixed text in plain ASCII (``SanitizerOptions/asciiOnly``): fitted as
  /// they will be written, since a transliteration changes the length (`中` is `zhong `).
  private func asciiPieces(_ options: SanitizerOptions) -> [Piece] {
    let replacement = FilenameSanitizer.asciiReplacement(options.replacement)
    var log = SanitizerChangeLog()
    return pieces.map { piece in
      guard case .text(let t) = piece else { return piece }
      return .text(FilenameSanitizer.plainASCII(t, replacement: replacement, log: &log))
    }
  }

  /// Each field the template names, sanitized as one name; throws for one not given.
  private func sanitizedValues(
    _ fields: [String: String], platform: Platform, options: SanitizerOptions
  ) throws(FilenameTemplateError) -> [String: String] {
    var fieldOptions = SanitizerOptions(replacement: options.replacement, normalization: options.normalization)
    fieldOptions.dangerousTypes = .report
    fieldOptions.asciiOnly = options.asciiOnly
    var values: [String: String] = [:]
    for case .field(let name, _, let offset) in pieces where values[name] == nil {
      guard let raw = fields[name] else { throw .unknownPlaceholder(offset: offset, name: name) }
      let s = FilenameSanitizer.sanitize(raw, for: platform, options: fieldOptions)
      var value = s.isFallback ? "" : s.name
      let trailer = FilenameSanitizer.neutralizingTrailer
      if s.changes.contains(where: { $0.code == .neutralized }), value.hasSuffix(trailer) {
        value.removeLast(trailer.count)
      }
      values[name] = value
    }
    return values
  }
}

/// A template's pieces with their values, measured for the fit: fixed segments and cuttable ones
/// (with each grapheme cluster's end and length).
struct TemplateLayout {
  /// One run of the name.
  struct Segment {
    /// The text, whole.
    var text: Substring
    /// The field it comes from; nil for fixed text.
    var field: String?
    /// Whether the fit may cut it.
    var cuttable: Bool
    /// The end of each grapheme cluster (cuttable segments only).
    var ends: [String.Index] = []
    /// The length of each grapheme cluster in the platform's unit (cuttable segments only).
    var lengths: [Int] = []
    /// The whole length in the platform's unit.
    var total = 0
  }

  let platform: Platform
  var segments: [Segment] = []
  /// The length of the fixed segments.
  var fixedLength = 0
  /// What the last `fit` cut.
  var cuts: [TemplateCut] = []

  init(pieces: [FilenameTemplate.Piece], values: [String: String], platform: Platform) {
    self.platform = platform
    for piece in pieces {
      switch piece {
      case .text(let t): append(Segment(text: t[...], cuttable: false))
      case .field(let name, let keep, _):
        let value = values[name] ?? ""
        if name == "ext" && value.isEmpty, let last = segments.last, last.field == nil, last.text.hasSuffix(".") {
          // `.{ext}` with no extension leaves no dot.
          segments[segments.count - 1].text = last.text.dropLast()
          fixedLength -= 1
        } else if keep || name == "ext" {
          append(Segment(text: value[...], field: name, cuttable: false))
        } else if name == "name", let ext = Self.keptExtension(of: value, on: platform) {
          append(Segment(text: value[..<ext.lowerBound], field: name, cuttable: true))
          append(Segment(text: value[ext], field: name, cuttable: false))
        } else {
          append(Segment(text: value[...], field: name, cuttable: true))
        }
      }
    }
  }

  /// Where a name's extension (with its dot) lies when a cut keeps it, as the sanitizer keeps one:
  /// not empty, no space, at most `maxKeptExtensionLength` long, with a stem before it.
  static func keptExtension(of name: String, on platform: Platform) -> Range<String.Index>? {
    let (stem, ext) = FileExtension.split(name)
    guard let ext, !ext.isEmpty, !stem.isEmpty, !ext.contains(" "),
      platform.length(of: ext) + 1 <= FilenameSanitizer.maxKeptExtensionLength
    else { return nil }
    return stem.endIndex..<name.endIndex
  }

  /// Adds a segment, measured.
  private mutating func append(_ s: Segment) {
    var s = s
    if s.cuttable {
      var i = s.text.startIndex
      while i < s.text.endIndex {
        let next = s.text.index(after: i)
        let cluster = s.text[i..<next]
        s.lengths.append(Self.length(of: cluster, on: platform))
        s.ends.append(next)
        i = next
      }
      s.total = s.lengths.reduce(0, +)
    } else {
      s.total = platform.length(of: s.text)
      fixedLength += s.total
    }
    segments.append(s)
  }

  /// One cluster's length: on macos and portable the decomposed UTF-16 length is asked only of a
  /// cluster that can decompose longer than its UTF-8 (`Platform.mayDecomposeLongerThanUTF8`).
  static func length(of cluster: Substring, on platform: Platform) -> Int {
    switch platform {
    case .linux: cluster.utf8.count
    case .windows: cluster.utf16.count
    case .macos, .portable:
      Platform.mayDecomposeLongerThanUTF8(cluster.utf8) ? platform.length(of: cluster) : cluster.utf8.count
    }
  }

  /// The name fitted to `budget`, and `cuts` set to what was cut.
  mutating func fit(budget: Int) throws(FilenameTemplateError) -> String {
    guard fixedLength <= budget else { throw .fixedPartsTooLong(length: fixedLength, budget: budget) }
    let room = budget - fixedLength
    let cuttable = segments.indices.filter { segments[$0].cuttable }
    var kept = segments.map { $0.lengths.count }
    cuts = []
    var sum = 0
    for k in cuttable { sum += segments[k].total }
    if sum > room {
      // The longest first: every field longer than `cap` is cut to `cap`, the largest cap whose
      // cut fits. Found by bisection: each probe is one pass, the cap at most a name's length.
      var (low, high) = (0, cuttable.map { segments[$0].total }.max() ?? 0)
      while low < high {
        let mid = (low + high + 1) / 2
        var used = 0
        for k in cuttable { used += Swift.min(segments[k].total, mid) }
        if used <= room { low = mid } else { high = mid - 1 }
      }
      var used = 0
      var cut: [Int] = []
      for k in cuttable {
        let s = segments[k]
        guard s.total > low else {
          used += s.total
          continue
        }
        var n = 0
        var length = 0
        while n < s.lengths.count, length + s.lengths[n] <= low {
          length += s.lengths[n]
          n += 1
        }
        kept[k] = n
        used += length
        cut.append(k)
      }
      // What the common length leaves over goes to the cut fields in template order.
      var slack = room - used
      for k in cut {
        let s = segments[k]
        while kept[k] < s.lengths.count, s.lengths[kept[k]] <= slack {
          slack -= s.lengths[kept[k]]
          kept[k] += 1
        }
      }
    }
    var out = ""
    for (k, s) in segments.enumerated() {
      guard s.cuttable, kept[k] < s.lengths.count else {
        out += s.text
        continue
      }
      let prefix = kept[k] == 0 ? s.text[s.text.startIndex..<s.text.startIndex] : s.text[..<s.ends[kept[k] - 1]]
      let clean = FilenameSanitizer.cleanEnd(prefix, on: platform)
      out += clean
      cuts.append(
        TemplateCut(field: s.field ?? "", from: platform.length(of: s.text), to: platform.length(of: clean)))
    }
    return out
  }
}
