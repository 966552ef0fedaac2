/// What a trace entry records: the values of a decision, turned into text only on request.
enum TraceEvent: Sendable, Hashable {
  /// Ready-made text.
  case text(String)
  /// Content-Type parsed.
  case mediaType(MediaType)
  /// Content-Type bytes that are not a MIME type.
  case mediaTypeInvalid([UInt8])
  /// A media type from a `data:` URL.
  case dataURLMediaType(MediaType)
  /// The charset of raw Content-Disposition bytes was guessed.
  case dispositionCharset(CharsetGuess)
  /// The Content-Disposition was ignored as invalid under a profile.
  case dispositionIgnored(ContentDisposition.Profile)
  /// The Content-Disposition type.
  case disposition(ContentDisposition.DispositionType)
  /// A parser diagnostic.
  case diagnostic(Diagnostic)
  /// A name candidate and how it was decoded.
  case candidate(Suggestion.Source, String, Decoding)
  /// A candidate skipped because it sanitizes to nothing.
  case skipped(Suggestion.Source, String)
  /// The candidate taken.
  case taken(Suggestion.Source, String)
  /// An extension decision.
  case fileExtension(ExtensionStep, ext: String?, added: String?, mediaType: MediaType)
  /// A sanitizer change (its detail is the sanitizer's text).
  case sanitizer(SanitizerChange)
  /// The risk class.
  case risk(FileRisk)
  /// The download decision.
  case decision(DownloadDecision)
  /// The final name.
  case result(String)

  /// How a candidate's text was obtained.
  enum Decoding: Sendable, Hashable {
    case plain
    case charset(Charset, how: ContentDisposition.Decoding?)
    case escapes(Charset)
    case detected(CharsetGuess)
  }

  /// The extension decisions of `SuggestionRun.fixExtension`.
  enum ExtensionStep: Sendable, Hashable {
    case kept, mismatch, addedNone, addedHost, correctedScript, addedAfterScript, addedUnknown
  }

  /// The human text.
  var text: String {
    switch self {
    case .text(let s): return s
    case .mediaType(let mt):
      return "Content-Type parsed as \(clipped(mt))"
        + (mt.isGeneric ? " (generic: no extension from it)" : "")
    case .mediaTypeInvalid(let bytes):
      return
        "Content-Type \(quoted(String(decoding: bytes.prefix(200), as: UTF8.self))) is not a valid MIME type; ignored"
    case .dataURLMediaType(let mt): return "from the data: URL: \(mt.essence)"
    case .dispositionCharset(let g): return "raw filename bytes read as \(g.charset.name) (confidence \(g.confidence))"
    case .dispositionIgnored(let p): return "Content-Disposition is invalid (\(p.rawValue) profile); treated as absent"
    case .disposition(let t):
      return "Content-Disposition type \(t.name)"
        + (t.isAttachmentLike && t != .attachment ? " (treated as attachment)" : "")
    case .diagnostic(let d): return d.description
    case .candidate(let source, let name, let decoding):
      var how = ""
      switch decoding {
      case .plain: break
      case .charset(let c, let d):
        how = ", decoded as \(c.name)"
        switch d {
        case .rfc2047?: how += ", RFC 2047 words decoded"
        case .percentUTF8?: how += ", %-escaped UTF-8 decoded"
        case .percent?: how += ", %-escapes decoded"
        case nil: break
        }
      case .escapes(let c): how = ", escapes decoded as \(c.name)"
      case .detected(let g): how = ", charset \(g.charset.name) detected (confidence \(g.confidence))"
      }
      return "\(source.rawValue): \(quoted(name))\(how)"
    case .skipped(let source, let name): return "\(source.rawValue): \(quoted(name)) sanitizes to nothing"
    case .taken(let source, let name): return "\(source.rawValue): \(quoted(name))"
    case .fileExtension(let step, let ext, let added, let mt):
      let e = ext ?? ""
      let a = added ?? ""
      let essence = mt.essence
      switch step {
      case .kept: return ".\(e) fits \(essence)"
      case .mismatch: return ".\(e) does not fit \(essence); kept"
      case .addedNone: return "no extension; .\(a) from \(essence)"
      case .addedHost: return "the host name has no extension; .\(a) from \(essence)"
      case .correctedScript: return ".\(e) names the server script; \(essence) gives .\(a)"
      case .addedAfterScript: return ".\(e) is a server-script extension; .\(a) from \(essence) appended"
      case .addedUnknown: return ".\(e) is not a known extension; .\(a) from \(essence) appended"
      }
    case .sanitizer(let change): return change.detail
    case .risk(let r): return r.rawValue
    case .decision(let d): return (d.isDownload ? "download: " : "display: ") + d.detail
    case .result(let name): return quoted(name)
    }
  }

  /// Whether the trace shows `scalar` as `<U+XXXX>` (`HiddenScalar`).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { HiddenScalar.isHidden(scalar) }

  /// How many scalars of a name the trace shows: a hostile name can be a megabyte long, and the trace
  /// is read by people (the name itself is in the result).
  static let maxQuotedScalars = 256

  /// A name in quotes, with invisible and control characters shown as `<U+202E>` (the notation of
  /// the sanitizer's change details; not a Swift escape, which JSON consumers would take literally).
  /// A name longer than `maxQuotedScalars` is cut there, and the quote says how much was left out.
  func quoted(_ s: String) -> String {
    let (text, left) = TraceEvent.cut(s)
    return left == 0 ? "\"" + text + "\"" : "\"" + text + "\"… (\(left) more bytes)"
  }

  /// A serialization (a media type) shown unquoted, cut like a quoted name: a megabyte of
  /// parameters is reported by its first `maxQuotedScalars` scalars and how many bytes follow.
  func clipped(_ s: String) -> String {
    let (text, left) = TraceEvent.cut(s)
    return left == 0 ? text : text + "… (\(left) more bytes)"
  }

  /// A media type's serialization, cut like a quoted name; only its start is built.
  func clipped(_ mt: MediaType) -> String {
    let start = mt.serialized(upTo: 4 * TraceEvent.maxQuotedScalars)
    guard start.cut else { return clipped(start.text) }
    return TraceEvent.cut(start.text).text + "… (cut)"
  }

  /// The first `maxQuotedScalars` scalars of `s`, invisible and control characters spelt
  /// `<U+XXXX>`, and the number of UTF-8 bytes left out.
  static func cut(_ s: String) -> (text: String, leftBytes: Int) {
    let short = s.utf8.count <= maxQuotedScalars
    if short && !s.unicodeScalars.contains(where: needsEscape) { return (s, 0) }
    var out = ""
    var shown = 0
    var shownBytes = 0
    for scalar in s.unicodeScalars {
      if shown == maxQuotedScalars { break }
      shown += 1
      shownBytes += UTF8.width(scalar)
      if needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return (out, s.utf8.count - shownBytes)
  }
}
