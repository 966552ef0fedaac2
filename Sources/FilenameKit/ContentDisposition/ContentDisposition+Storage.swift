// How a parsed header keeps what it found. Nearly every header is a type alone, or a
// type with one plain `filename` whose value is the name: for these the value is the type and at
// most that one String, so building, copying and releasing a parse is a few words and one
// reference. Everything else (several parameters, candidates, diagnostics, an ignored header)
// lives in one shared immutable box, copied only when code in the module changes a field.
// The form is canonical (the same fields always get the same form), so the synthesized
// `Hashable` of `ContentDisposition` still compares what the fields say.

extension ContentDisposition {
  /// Every field of a parse after its type, spelled out (the box's contents, and what the
  /// compact forms stand for).
  struct Fields: Sendable, Hashable {
    var parameters: [Parameter]
    var firstCandidate: FilenameCandidate?
    var otherCandidates: [FilenameCandidate]
    var diagnostics: [Diagnostic]
    var isIgnored: Bool
    var isEmpty: Bool
  }

  /// Any parse that is not one of the compact forms.
  final class Box: Sendable, Hashable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }

  /// What a parse found after its type.
  enum Form: Sendable, Hashable {
    /// No parameters, candidates or diagnostics.
    case bare
    /// Exactly one parameter, `filename`, whose value (no charset, language or raw copy) is
    /// the only candidate, from `.disposition`, undecoded; its name starts at `offset`.
    case soleFilename(offset: Int, name: String)
    /// A `filename*` whose charset is UTF-8 (no language), and maybe one plain `filename`: the
    /// Rails/Django form. No arrays until someone asks for the parameters.
    case extendedFilename(ExtendedFilename)
    /// Anything else.
    case boxed(Box)

    /// The canonical form of `fields`.
    init(_ f: Fields) {
      guard f.diagnostics.isEmpty, !f.isIgnored, !f.isEmpty, f.otherCandidates.count <= 1 else {
        self = .boxed(Box(f))
        return
      }
      if f.parameters.isEmpty && f.firstCandidate == nil {
        self = .bare
      } else if let e = ExtendedFilename(f) {
        self = .extendedFilename(e)
      } else if f.otherCandidates.isEmpty, f.parameters.count == 1, let p = f.parameters.first, let value = p.value,
        p.name == "filename",
        p.charset == nil, p.language == nil, p.rawStorage == nil,
        f.firstCandidate == FilenameCandidate(name: value, source: .disposition, charset: nil, decoding: nil)
      {
        self = .soleFilename(offset: p.offset, name: value)
      } else {
        self = .boxed(Box(f))
      }
    }

    /// The fields this form stands for.
    var fields: Fields {
      switch self {
      case .bare:
        return Fields(
          parameters: [], firstCandidate: nil, otherCandidates: [], diagnostics: [], isIgnored: false,
          isEmpty: false)
      case .soleFilename(let offset, let name):
        return Fields(
          parameters: [Parameter(name: "filename", offset: offset, value: name, rawStorage: nil)],
          firstCandidate: FilenameCandidate(name: name, source: .disposition, charset: nil, decoding: nil),
          otherCandidates: [], diagnostics: [], isIgnored: false, isEmpty: false)
      case .extendedFilename(let e):
        return e.fields
      case .boxed(let box):
        return box.fields
      }
    }

    /// The parameters, without building the other fields.
    var parameters: [Parameter] {
      if case .extendedFilename(let e) = self { return e.parameters }
      return fields.parameters
    }

    /// The first parameter named `name` (lowercased), without building an array.
    func parameter(named name: String) -> Parameter? {
      switch self {
      case .bare: return nil
      case .soleFilename(let offset, let value):
        return name == "filename" ? Parameter(name: name, offset: offset, value: value, rawStorage: nil) : nil
      case .extendedFilename(let e):
        if name == "filename*" { return e.extendedParameter }
        return name == "filename" ? e.plainParameter : nil
      case .boxed(let box): return box.fields.parameters.first { $0.name == name }
      }
    }
  }

  /// The fields after the type; setting one rebuilds the canonical form.
  var fields: Fields {
    get { form.fields }
    set { form = Form(newValue) }
  }
}

extension ContentDisposition {
  /// The parse of `filename*=UTF-8''…` (no language), alone or with one plain `filename` (no
  /// charset, language or raw copy), with no diagnostics: the `filename*` value is the first
  /// candidate and the plain one the only other (`Form.extendedFilename`).
  struct ExtendedFilename: Sendable, Hashable {
    /// The decoded `filename*` value, the first candidate's name.
    var name: String
    /// The `filename*` value's bytes as sent (`UTF-8''…`, ASCII), as a string; nil when they are
    /// the canonical encoding of `name` (`canonicalRaw`), as Rails, Django and most servers send.
    var raw: String?
    /// The plain `filename` value, when there is one.
    var plainName: String?
    /// Byte offsets of the two parameters' names (the plain one is 0 when there is none).
    var extendedOffset: UInt32
    var plainOffset: UInt32
    /// Whether the decoded name has non-ASCII text (its candidate then names UTF-8 as its charset).
    var hasNonASCII: Bool

    init(
      name: String, raw: String?, hasNonASCII: Bool, extendedOffset: UInt32, plain: (offset: UInt32, name: String)?
    ) {
      self.name = name
      self.raw = raw
      self.hasNonASCII = hasNonASCII
      self.extendedOffset = extendedOffset
      self.plainName = plain?.name
      self.plainOffset = plain?.offset ?? 0
    }

    /// The compact form of `f`, when `f` has exactly this shape (so the full parser's result for
    /// such a header takes the same form as the fast path's).
    init?(_ f: Fields) {
      guard f.parameters.count == 1 || f.parameters.count == 2, let first = f.firstCandidate else { return nil }
      let extIndex = f.parameters.firstIndex { $0.name == "filename*" } ?? -1
      guard extIndex >= 0 else { return nil }
      let e = f.parameters[extIndex]
      guard let value = e.value, e.charset == .utf8, e.language == nil, let rawBytes = e.rawStorage,
        rawBytes.allSatisfy({ $0 < 0x80 }), let extOffset = UInt32(exactly: e.offset)
      else { return nil }
      var plain: (offset: UInt32, name: String)? = nil
      if f.parameters.count == 2 {
        let p = f.parameters[1 - extIndex]
        guard p.name == "filename", let pv = p.value, p.charset == nil, p.language == nil, p.rawStorage == nil,
          let pOffset = UInt32(exactly: p.offset)
        else { return nil }
        plain = (pOffset, pv)
      }
      var text = value
      let canonical = rawBytes.withUnsafeBufferPointer { r in text.withUTF8 { Self.isCanonical(raw: r, of: $0) } }
      self.init(
        name: value, raw: canonical ? nil : String(decoding: rawBytes, as: UTF8.self),
        hasNonASCII: ASCII.containsByte(in: value, where: { $0 >= 0x80 }), extendedOffset: extOffset, plain: plain)
      guard first == firstCandidate, f.otherCandidates == otherCandidates else { return nil }
    }

    /// The first candidate: the `filename*` value.
    var firstCandidate: FilenameCandidate {
      FilenameCandidate(
        name: name, source: .dispositionExtended, charset: hasNonASCII ? .utf8 : nil, decoding: nil)
    }

    /// The other candidates: the plain value, when there is one.
    var otherCandidates: [FilenameCandidate] {
      plainName.map { [FilenameCandidate(name: $0, source: .disposition, charset: nil, decoding: nil)] } ?? []
    }

    /// The `filename*` parameter as the full parser spells it (its raw value rebuilt when canonical).
    var extendedParameter: Parameter {
      Parameter(
        name: "filename*", offset: Int(extendedOffset), value: name, charset: .utf8, language: nil,
        rawStorage: raw.map { Array($0.utf8) } ?? Self.canonicalRaw(name))
    }

    /// `UTF-8''` and `name`'s bytes, each one outside `A-Z a-z 0-9 - . _ ~` as an uppercase
    /// `%XX` escape: what `encodeURIComponent`-like encoders (Rails' `url_encode`, Python's
    /// `quote`) send for a name made of those bytes and non-ASCII text.
    static func canonicalRaw(_ name: String) -> [UInt8] {
      // Read from the string's contiguous bytes: a UTF8View loop steps a string index per byte.
      var name = name
      return name.withUTF8 { u in
        let prefix = canonicalPrefix
        var count = prefix.utf8CodeUnitCount
        for b in u { count += isUnreserved(b) ? 1 : 3 }
        return [UInt8](unsafeUninitializedCapacity: count) { out, written in
          var i = 0
          for k in 0..<prefix.utf8CodeUnitCount {
            out[i] = prefix.utf8Start[k]
            i += 1
          }
          for b in u {
            if isUnreserved(b) {
              out[i] = b
              i += 1
            } else {
              (out[i], out[i + 1], out[i + 2]) = PercentEncoding.escape(b)
              i += 3
            }
          }
          written = i
        }
      }
    }

    /// Whether `raw` is `canonicalRaw` of the name whose UTF-8 bytes are `name`, compared in place
    /// (one pass, no escape spelled out: the fast path asks this of every such header).
    static func isCanonical(raw: UnsafeBufferPointer<UInt8>, of name: UnsafeBufferPointer<UInt8>) -> Bool {
      guard raw.count >= canonicalPrefix.utf8CodeUnitCount + name.count, hasCanonicalPrefix(raw) else { return false }
      var i = canonicalPrefix.utf8CodeUnitCount
      for b in name {
        guard i < raw.count else { return false }
        if raw[i] == UInt8(ascii: "%") {
          guard i + 2 < raw.count, isCanonicalSpelling(of: b, escapeDigits: (raw[i + 1], raw[i + 2])) else {
            return false
          }
          i += 3
        } else {
          guard raw[i] == b, isCanonicalSpelling(of: b, escapeDigits: nil) else { return false }
          i += 1
        }
      }
      return i == raw.count
    }

    /// The charset and empty language `canonicalRaw` begins with.
    static let canonicalPrefix: StaticString = "UTF-8''"

    /// Whether `raw` begins with `canonicalPrefix`, in that case.
    static func hasCanonicalPrefix(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
      let p = canonicalPrefix.utf8CodeUnitCount
      return raw.count >= p
        && ASCII.bytesEqual(
          UnsafeBufferPointer(rebasing: raw[..<p]), UnsafeBufferPointer(start: canonicalPrefix.utf8Start, count: p))
    }

    /// Whether `canonicalRaw` spells the byte `b` as it was read: literally (`escapeDigits` nil)
    /// or as `%` and the two digits `escapeDigits`. The rule `isCanonical` applies byte by byte,
    /// for a reader that decodes the value itself (the fast path, in its one pass).
    @inline(__always)
    static func isCanonicalSpelling(of b: UInt8, escapeDigits: (UInt8, UInt8)?) -> Bool {
      guard let (high, low) = escapeDigits else { return isUnreserved(b) }
      return !isUnreserved(b) && high == PercentEncoding.hexDigit(b >> 4) && low == PercentEncoding.hexDigit(b & 0xF)
    }

    /// `A-Z a-z 0-9 - . _ ~` (RFC 3986 unreserved).
    @inline(__always) private static func isUnreserved(_ b: UInt8) -> Bool {
      // A-Z a-z 0-9 - . _ ~
      ASCIISet(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE).contains(b)
    }

    /// The plain `filename` parameter, when there is one.
    var plainParameter: Parameter? {
      plainName.map { Parameter(name: "filename", offset: Int(plainOffset), value: $0, rawStorage: nil) }
    }

    /// The parameters, in header order.
    var parameters: [Parameter] {
      guard let plain = plainParameter else { return [extendedParameter] }
      return plainOffset < extendedOffset ? [plain, extendedParameter] : [extendedParameter, plain]
    }

    /// The fields this form stands for.
    var fields: Fields {
      Fields(
        parameters: parameters, firstCandidate: firstCandidate, otherCandidates: otherCandidates, diagnostics: [],
        isIgnored: false, isEmpty: false)
    }
  }
}
