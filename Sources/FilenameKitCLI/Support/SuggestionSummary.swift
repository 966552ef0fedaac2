import FilenameKit

/// The readable summary of a suggestion, shared by `suggest` and `fetch`: the name, then one
/// indented line per field, then (with `--explain`) the trace. Every piece of text that can carry
/// server-controlled characters goes through `TerminalText.escape`.
enum SuggestionSummary {
  /// The summary lines; `heading` prefixes the name (`fetch` writes `suggestion: `).
  static func render(
    _ s: Suggestion, heading: String = "", explain: Bool, color: Bool, template: RenderedTemplate? = nil
  ) -> String {
    var out =
      heading + TracePrinter.paint(TerminalText.escape(template?.name ?? s.filename.string), .bold, color) + "\n"
    if let template {
      let unit = template.platform.lengthUnitName
      out += "  template:   from \(TerminalText.escape(s.filename.string)), within \(template.budget) \(unit)\n"
      for cut in template.cuts { out += "  cut:        \(TerminalText.escape(cut.description)) \(unit)\n" }
    }
    out += "  source:     \(s.source.rawValue)\n"
    out += "  media type: \(s.mediaType.map { TerminalText.escape($0.description) } ?? "(none)")\n"
    if let sniffed = s.sniffed { out += "  content:    \(TerminalText.escape(sniffed.description))\n" }
    if let m = s.extensionMismatch { out += "  mismatch:   \(TerminalText.escape(m.description)); name kept\n" }
    out +=
      "  decision:   \(s.decision.isDownload ? "download" : "display") (\(TerminalText.escape(s.decision.detail)))\n"
    if let c = s.decision.conflict { out += "  conflict:   \(TerminalText.escape(c.detail))\n" }
    let disguise = template.map { Self.disguise(s, $0) } ?? s.disguise
    out += "  risk:       \((template?.sanitized.risk ?? s.risk).rawValue)"
    if !disguise.isEmpty { out += " (disguise: \(disguise.map(\.rawValue).joined(separator: ", ")))" }
    out += "\n"
    if explain { out += TracePrinter.render(s.trace, color: color) }
    return out
  }

  /// The disguises of a template's name: its own, and those of the whole response the suggestion
  /// saw (`content-mismatch`, `header-name-mismatch`), in `Disguise.allCases` order.
  static func disguise(_ s: Suggestion, _ t: RenderedTemplate) -> [SanitizedFilename.Disguise] {
    let response: [SanitizedFilename.Disguise] = [.contentMismatch, .headerNameMismatch]
    return SanitizedFilename.Disguise.allCases.filter {
      t.sanitized.disguise.contains($0) || (response.contains($0) && s.disguise.contains($0))
    }
  }
}
