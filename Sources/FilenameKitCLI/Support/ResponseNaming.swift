import FilenameKit
import FilenameKitFetch

/// Names a download from a whole response head (status line and fields, as received) and its URL:
/// the glue `suggest --response-head`, the batch op `response` and `warc` share.
///
/// What it takes from the head:
/// - `Content-Disposition`: identical repeats are one field; repeats that differ make the name
///   ambiguous, and browsers refuse the response (Chromium
///   `ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_DISPOSITION`, Firefox `NS_ERROR_CORRUPTED_CONTENT`):
///   the first is used for the name and the response is not savable (`HeaderConflict`).
/// - `Content-Type`: every field combined into one list, the last valid type winning (Fetch
///   standard, "extract a MIME type"); its `charset` parameter is a hint for raw 8-bit names below
///   a referrer charset (a page's charset says more about how its links were made than a header
///   the server adds to everything).
/// - `Content-Encoding`: see `ContentCoding`.
/// - `Location` on a 3xx: the response is not the file; the answer says where it is.
struct ResponseNaming {
  /// What a client does with the body's `Content-Encoding` before saving it.
  ///
  /// Chromium and Firefox decode gzip and deflate, except when the file is itself compressed: its
  /// name's last extension says gzip (`.gz`, `.tgz`, `.svgz`; Firefox
  /// `nsExternalHelperAppService::ApplyDecodingForExtension`) or its type is a gzip type
  /// (Chromium keeps `application/x-gzip` bodies encoded for downloads). So `a.tar` served with
  /// `Content-Encoding: gzip` is saved decoded as `a.tar` (never renamed `.tar.gz`), and
  /// `a.tar.gz` with `Content-Encoding: gzip` keeps its bytes and its name.
  enum ContentCoding: String {
    /// No coding, or only `identity`.
    case none
    /// gzip, x-gzip or deflate, removed before saving.
    case decoded
    /// gzip kept as sent, because the file is itself gzip.
    case kept
    /// Another coding (br, zstd, compress, several): kept as sent, and said.
    case unsupported
  }

  /// The answer.
  struct Result {
    var suggestion: Suggestion
    /// The status code (nil when the head has no status line; read as 200).
    var status: Int?
    var coding: ContentCoding
    /// The codings as listed, lowercased and joined (`gzip`, `br, gzip`), or nil.
    var codings: String?
    /// The resolved `Location` of a redirect.
    var redirect: String?
    /// Whether a browser would save this response's body under the name at all.
    var savable: Bool
    /// Sentences saying what the head made the answer do (safe to print).
    var notes: [String]
    var head: ResponseHead
  }

  /// Names the response whose head is `head`, requested as `url`; `base` carries every other
  /// `suggest` input (its url, content disposition and content type are replaced by the head's).
  static func name(head: ResponseHead, url: String?, base: SuggestRequest) throws(BatchError) -> Result {
    var q = base
    var notes: [String] = []
    let status = head.status
    let response = HTTPResponse(
      request: HTTPRequest(url: url ?? ""), status: status ?? 200, reason: "",
      headers: head.fields.map { HTTPHeaderField(rawName: $0.name, value: $0.value) })
    let conflicts = response.headerConflicts
    notes += conflicts.map(\.explanation)
    q.url = url
    q.contentDisposition = head.values("content-disposition").first
    q.contentDispositionHex = nil
    q.contentType = head.combined("content-type")
    if q.fallbackCharset == nil, let ct = q.contentType,
      let label = MediaType.extract(fromContentTypeBytes: ct)?.charset, let charset = Charset(label: label)
    {
      q.fallbackCharset = charset
    }
    let (m, resolved) = try q.resolve()
    var o = resolved
    o.recordsTrace = true
    let s = suggestFilename(for: m, options: o)
    let codings = Self.codings(head)
    let coding = Self.coding(codings, filename: s.filename.string, mediaType: s.mediaType?.essence)
    switch coding {
    case .kept: notes.append("Content-Encoding gzip kept: the file is itself gzip, so it is saved as sent")
    case .unsupported:
      let shown = TerminalText.escape(codings.joined(separator: ", "))
      notes.append("Content-Encoding '\(shown)' is not decoded: saved as sent")
    case .none, .decoded: break
    }
    var redirect: String?
    if let location = response.location {
      redirect = HTTPClient.resolve(location, against: url ?? "") ?? HTTPHeaderField.escape(location)
      let target = TerminalText.escape(redirect!)
      notes.append("status \(response.status) redirects to \(target): the file is there, not in this response")
    } else if let code = status, !(200..<300).contains(code) {
      notes.append("status \(code): a browser shows this response, it saves no file")
    } else if response.hasNoContent {
      notes.append("status \(response.status) has no content: nothing to save")
    }
    let savable = FileDownload.isSavable(response)
    return Result(
      suggestion: s, status: status, coding: coding,
      codings: codings.isEmpty ? nil : TerminalText.escape(codings.joined(separator: ", ")),
      redirect: redirect, savable: savable, notes: notes, head: head)
  }

  /// Every coding of every `Content-Encoding` field, lowercased, without empty ones and
  /// `identity` (RFC 9110 §8.4: a list; repeated fields are one list, §5.3).
  static func codings(_ head: ResponseHead) -> [String] {
    head.values("content-encoding").flatMap { $0.split(separator: 0x2C) }
      .map { String(decoding: $0, as: UTF8.self).lowercased().trimmingSpaces }
      .filter { !$0.isEmpty && $0 != "identity" }
  }

  /// The rule of `ContentCoding`.
  static func coding(_ codings: [String], filename: String, mediaType: String?) -> ContentCoding {
    guard !codings.isEmpty else { return .none }
    guard codings.count == 1, ["gzip", "x-gzip", "deflate"].contains(codings[0]) else { return .unsupported }
    guard codings[0] != "deflate" else { return .decoded }
    let ext = filename.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last
      .map { $0.lowercased() }
    if let ext, FileDownload.compressedExtensions.contains(ext) { return .kept }
    if let mediaType, FileDownload.compressedTypes.contains(mediaType) { return .kept }
    return .decoded
  }

  /// Writes the answer's fields: those of `suggest`, then the head's.
  static func write<S: JSONFieldSink>(_ r: Result, to f: inout S) {
    BatchSuggest.write(r.suggestion, includeTrace: true, to: &f)
    f.field("status", r.status.map { .int($0) } ?? .null)
    f.field("savable", .bool(r.savable))
    f.field("content_coding", r.coding.rawValue)
    f.field("content_encoding", r.codings)
    f.field("redirect", r.redirect)
    f.strings("head_problems", r.head.problems) { $0.rawValue }
    f.strings("notes", r.notes) { $0 }
    f.field("rules_version", FilenameKitVersion.rules)
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s.removeFirst() }
    while s.last == " " || s.last == "\t" { s.removeLast() }
    return String(s)
  }
}
