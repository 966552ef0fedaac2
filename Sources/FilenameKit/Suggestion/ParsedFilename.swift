/// The `filename` that the parser ops (`url` and `disposition`: on the command line, in `batch` and in
/// the C API) report: the parser's name made safe to use, since a consumer may well join it to a
/// directory.
///
/// A parser hands back what the URL or header says: `../../etc/passwd` from
/// `http://e.com/..%2F..%2Fetc%2Fpasswd`, a NUL from `%00`, a drive-absolute Windows path from
/// `filename="C:\Windows\x.exe"`. RFC 6266 §4.3 says a recipient
/// must not be led to write anywhere but where it is entitled to, and browsers save such a name as one
/// file. So `filename` is the parser's name sanitized for `portable` with the default options, which
/// is exactly what `filenamekit sanitize --platform portable` makes of it: one path component, valid on
/// every platform, the same on every machine (`..%2F..%2Fetc%2Fpasswd` gives `_.._etc_passwd`,
/// `C:\Windows\x.exe` gives `C__Windows_x.exe`). The name as decoded stays available: the `url` op
/// adds it as `raw_filename`, and the `disposition` op's `parameters` hold the values as sent.
package enum ParsedFilename {
  /// The profile the parser ops sanitize for: safe everywhere, and independent of the machine.
  package static let platform = Platform.portable

  /// `name` sanitized for `platform` with the default options; nil stays nil (no name found).
  package static func safe(_ name: String?) -> String? {
    name.map { FilenameSanitizer.sanitize($0, for: platform).name }
  }

  /// A URL's name made safe: a host (the URL's path names nothing) with its dots turned to `_` first,
  /// as `suggest` names it (`URLFilename.hostAsName`), so that a top-level domain is never an
  /// extension (`https://setup.scr/` is not the screen saver `setup.scr`).
  package static func safe(_ r: URLFilename) -> String? {
    safe(r.source == .host ? r.filename.map(URLFilename.hostAsName) : r.filename)
  }

  /// A header's name made safe: the first candidate (in `suggest`'s precedence) that sanitizing
  /// does not reduce to the fallback name, as `suggest` takes it, so a `filename*` of nothing but a
  /// bidi control does not hide the `filename` beside it; nil without a name.
  package static func safe(_ cd: ContentDisposition) -> (candidate: ContentDisposition.FilenameCandidate, name: String)?
  {
    var first: (candidate: ContentDisposition.FilenameCandidate, name: String)? = nil
    for c in cd.candidates {
      let r = FilenameSanitizer.sanitize(c.name, for: platform)
      if !r.isFallback { return (c, r.name) }
      if first == nil { first = (c, r.name) }
    }
    return first
  }

  /// The name the parser ops give a URL name's source: `path` and `query` (the `url` op predates the
  /// `url-path` and `url-query` names `suggest` reports), else the source's own name.
  package static func urlSourceName(_ source: FilenameSource) -> String {
    switch source {
    case .urlPath: "path"
    case .urlQuery: "query"
    default: source.rawValue
    }
  }
}
