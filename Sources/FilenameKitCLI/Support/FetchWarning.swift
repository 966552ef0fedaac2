import FilenameKit
import FilenameKitFetch

/// One line of `fetch`'s warnings, beyond the header conflicts: a `code`, the sentence saying it
/// (`detail`), and for a warning about one header field, that field (shown with its exact bytes).
/// The report prints `code: detail`; `--json` lists them in `warnings` (added only when there is
/// one), a field's as `headerJSON` has it between `code` and `detail`.
struct FetchWarning {
  /// A warning's stable kebab-case name.
  struct Code: RawRepresentable, Hashable, CustomStringConvertible {
    let rawValue: String
    var description: String { rawValue }

    /// A field name that is not an HTTP token (RFC 9110 §5.1), ignored.
    static let invalidFieldName = Code(rawValue: "invalid-field-name")
    /// A Content-Range on a 2xx other than 206 (RFC 9110 §14.4), ignored.
    static let contentRangeIgnored = Code(rawValue: "content-range-ignored")
    /// A field line with a CR not followed by LF, read as a space (RFC 9112 §2.2).
    static let bareCR = Code(rawValue: "bare-cr")
    /// The name ends in a suffix a download manager leaves on an unfinished file (`.part`, `.crdownload`).
    static let unfinishedSuffix = Code(rawValue: "unfinished-suffix")
    /// Bytes after the gzip stream, ignored.
    static let gzipTrailingData = Code(rawValue: "gzip-trailing-data")
    /// A gzip file kept as sent under a name that does not say gzip.
    static let gzipNameMismatch = Code(rawValue: "gzip-name-mismatch")
  }

  let code: Code
  let detail: String
  var field: HTTPHeaderField? = nil

  /// The JSON entry.
  var json: JSONValue {
    .object(
      [("code", .string(code.rawValue))] + (field.map(FetchCommand.headerFields) ?? []) + [("detail", .string(detail))])
  }

  /// The JSON form of the report's `warnings:` section, each key only when it has an entry:
  /// `header_conflicts`, and (added later) `warnings`: the fields' (`about(_:)` of the response)
  /// then `more` (the name's and the saved file's).
  static func jsonFields(_ result: FetchResult, _ more: [FetchWarning] = []) -> [(String, JSONValue)] {
    var fields: [(String, JSONValue)] = []
    let conflicts = result.final.headerConflicts
    if !conflicts.isEmpty { fields.append(("header_conflicts", .array(conflicts.map(FetchCommand.conflictJSON)))) }
    let warnings = about(result.final) + more
    if !warnings.isEmpty { fields.append(("warnings", .array(warnings.map(\.json)))) }
    return fields
  }

  /// What is wrong with single fields of `response`, in order: `invalid-field-name` (a name that
  /// is not an HTTP token: the field is ignored), `content-range-ignored` (a Content-Range on a 2xx
  /// other than 206, which may mean the body is only a part) and `bare-cr` (a CR without LF in the
  /// line, read as a space).
  static func about(_ response: HTTPResponse) -> [FetchWarning] {
    var warnings: [FetchWarning] = []
    for h in response.headers {
      if !h.nameIsToken {
        let detail =
          "'\(h.escapedName)' is not an HTTP token (RFC 9110 §5.1; whitespace before the colon: RFC 9112 §5.1), "
          + "so the field is ignored"
        warnings.append(FetchWarning(code: .invalidFieldName, detail: detail, field: h))
      }
      if h.name == "content-range" && response.isSuccess && response.status != 206 {
        let detail =
          "'content-range' came with \(response.status), not 206 Partial Content: RFC 9110 §14.4 gives it no "
          + "meaning there, so it is ignored and the body saved as the whole file; check its size "
          + "('\(h.escapedValue)')"
        warnings.append(FetchWarning(code: .contentRangeIgnored, detail: detail, field: h))
      }
      if h.hadBareCR {
        let detail =
          "'\(h.escapedName)' had a CR not followed by LF, read as a space as RFC 9112 §2.2 allows "
          + "(never deleted, which would join the text on both sides)"
        warnings.append(FetchWarning(code: .bareCR, detail: detail, field: h))
      }
    }
    return warnings
  }

  /// What is said of the suggested name: `unfinished-suffix` when it ends in `.part`,
  /// `.crdownload`, `.download` or `.partial` (`FileDownload.unfinishedSuffixes`). Such a name is
  /// kept (it is the server's, and harmless), but flagged: saved complete, it looks like a download
  /// that stopped, which a user may delete or a download tool resume over. The `.download` that
  /// `--neutralize` appends to an executable is this tool's own, not flagged.
  static func about(_ suggestion: Suggestion, neutralize: Bool) -> [FetchWarning] {
    let name = suggestion.filename.string
    guard let dot = name.lastIndex(of: ".") else { return [] }
    let suffix = name[name.index(after: dot)...].lowercased()
    guard FileDownload.unfinishedSuffixes.contains(suffix),
      !(neutralize && suffix == "download" && suggestion.risk != .ordinary)
    else { return [] }
    let detail =
      "the name ends in '.\(suffix)', which download tools give unfinished downloads; kept, but the file is complete"
    return [FetchWarning(code: .unfinishedSuffix, detail: detail)]
  }

  /// What is said of the saved file beyond its name: `gzip-trailing-data` (bytes after the end of
  /// a decoded stream, ignored) and `gzip-name-mismatch` (a gzip file kept as sent under a name
  /// that does not say gzip).
  static func about(_ download: FileDownload) -> [FetchWarning] {
    var warnings: [FetchWarning] = []
    if download.ignoredTrailingBytes > 0 {
      let detail =
        "\(download.ignoredTrailingBytes) bytes after the end of the compressed stream were not another gzip "
        + "member and were ignored, not saved (gzip(1): 'trailing garbage ignored'; browsers ignore them too)"
      warnings.append(FetchWarning(code: .gzipTrailingData, detail: detail))
    }
    if download.keptUnderOtherExtension {
      let detail =
        "the file is gzip-compressed (kept as sent: its media type says gzip) but its name "
        + "'\(TerminalText.escape(download.fileName ?? ""))' does not end in .gz; decompress it before use"
      warnings.append(FetchWarning(code: .gzipNameMismatch, detail: detail))
    }
    return warnings
  }
}
