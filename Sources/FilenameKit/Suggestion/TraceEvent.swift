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

  /// The human text: the pieces of `compose(_:)` joined.
  var text: String {
    if case .text(let s) = self { return s }
    var out = ""
    compose { out += $0 }
    return out
  }

  /// The human text in pieces, in order: a writer that escapes or copies text (the batch answer's
  /// JSON) takes them as they are, without the joined string being built.
  func compose(_ piece: (String) -> Void) {
    switch self {
    case .text(let s): piece(s)
    case .mediaType(let mt):
      piece("Content-Type parsed as ")
      clipped(mt, piece)
      if mt.isGeneric { piece(" (generic: no extension from it)") }
    case .mediaTypeInvalid(let bytes):
      piece("Content-Type ")
      quoted(String(decoding: bytes.prefix(200), as: UTF8.self), piece)
      piece(" is not a valid MIME type; ignored")
    case .dataURLMediaType(let mt):
      piece("from the data: URL: ")
      piece(mt.essence)
    case .dispositionCharset(let g):
      piece("raw filename bytes read as ")
      piece(g.charset.name)
      piece(" (confidence \(g.confidence))")
    case .dispositionIgnored(let p):
      piece("Content-Disposition is invalid (")
      piece(p.rawValue)
      piece(" profile); treated as absent")
    case .disposition(let t):
      piece("Content-Disposition type ")
      piece(t.name)
      if t.isAttachmentLike && t != .attachment { piece(" (treated as attachment)") }
    case .diagnostic(let d): piece(d.description)
    case .candidate(let source, let name, let decoding):
      piece(source.rawValue)
      piece(": ")
      quoted(name, piece)
      switch decoding {
      case .plain: break
      case .charset(let c, let d):
        piece(", decoded as ")
        piece(c.name)
        switch d {
        case .rfc2047?: piece(", RFC 2047 words decoded")
        case .percentUTF8?: piece(", %-escaped UTF-8 decoded")
        case .percent?: piece(", %-escapes decoded")
        case nil: break
        }
      case .escapes(let c):
        piece(", escapes decoded as ")
        piece(c.name)
      case .detected(let g):
        piece(", charset ")
        piece(g.charset.name)
        piece(" detected (confidence \(g.confidence))")
      }
    case .skipped(let source, let name):
      piece(source.rawValue)
      piece(": ")
      quoted(name, piece)
      piece(" sanitizes to nothing")
    case .taken(let source, let name):
      piece(source.rawValue)
      piece(": ")
      quoted(name, piece)
    case .fileExtension(let step, let ext, let added, let mt):
      let e = ext ?? ""
      let a = added ?? ""
      let essence = mt.essence
      switch step {
      case .kept:
        piece(".")
        piece(e)
        piece(" fits ")
        piece(essence)
      case .mismatch:
        piece(".")
        piece(e)
        piece(" does not fit ")
        piece(essence)
        piece("; kept")
      case .addedNone:
        piece("no extension; .")
        piece(a)
        piece(" from ")
        piece(essence)
      case .addedHost:
        piece("the host name has no extension; .")
        piece(a)
        piece(" from ")
        piece(essence)
      case .correctedScript:
        piece(".")
        piece(e)
        piece(" names the server script; ")
        piece(essence)
        piece(" gives .")
        piece(a)
      case .addedAfterScript:
        piece(".")
        piece(e)
        piece(" is a server-script extension; .")
        piece(a)
        piece(" from ")
        piece(essence)
        piece(" appended")
      case .addedUnknown:
        piece(".")
        piece(e)
        piece(" is not a known extension; .")
        piece(a)
        piece(" from ")
        piece(essence)
        piece(" appended")
      }
    case .sanitizer(let change): piece(change.detail)
    case .risk(let r): piece(r.rawValue)
    case .decision(let d):
      piece(d.isDownload ? "download: " : "display: ")
      piece(d.detail)
    case .result(let name): quoted(name, piece)
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
  func quoted(_ s: String, _ piece: (String) -> Void) {
    let (text, left) = TraceEvent.cut(s)
    piece("\"")
    piece(text)
    piece(left == 0 ? "\"" : "\"… (\(left) more bytes)")
  }

  /// A media type's serialization shown unquoted, cut like a quoted name (a megabyte of parameters
  /// is reported by its first `maxQuotedScalars` scalars and how many bytes follow); only its
  /// start is built.
  func clipped(_ mt: MediaType, _ piece: (String) -> Void) {
    let start = mt.serialized(upTo: 4 * TraceEvent.maxQuotedScalars)
    let (text, left) = TraceEvent.cut(start.text)
    piece(text)
    if start.cut {
      piece("… (cut)")
    } else if left > 0 {
      piece("… (\(left) more bytes)")
    }
  }

  /// The first `maxQuotedScalars` scalars of `s`, invisible and control characters spelt
  /// `<U+XXXX>`, and the number of UTF-8 bytes left out.
  static func cut(_ s: String) -> (text: String, leftBytes: Int) {
    let short = s.utf8.count <= maxQuotedScalars
    // Printable ASCII hides nothing: answered from the bytes (most names), else scalar by scalar.
    if short && !ASCII.containsByte(in: s, where: { $0 < 0x20 || $0 >= 0x7F }) { return (s, 0) }
    if short && !s.unicodeScalars.contains(where: needsEscape) { return (s, 0) }
    var out = ""
    var shown = 0
    var shownBytes = 0
    for scalar in s.unicodeScalars {
      if shown == maxQuotedScalars { break }
      shown += 1
      shownBytes += UTF8.width(scalar)
      if needsEscape(scalar) {
        out += "<" + CodePoint.spelled(scalar.value) + ">"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return (out, s.utf8.count - shownBytes)
  }
}
