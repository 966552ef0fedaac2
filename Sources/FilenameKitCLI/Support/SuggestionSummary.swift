import FilenameKit

/// The readable summary of a suggestion, shared by `suggest` and `fetch`: the name, then one
/// indented line per field, then (with `--explain`) the trace. Every piece of text that can carry
/// server-controlled characters goes through `TerminalText.escape`.
enum SuggestionSummary {
  /// The summary lines; `heading` prefixes the name (`fetch` writes `suggestion: `).
  static func render(_ s: Suggestion, heading: String = "", explain: Bool, color: Bool) -> String {
    var out = heading + TracePrinter.paint(TerminalText.escape(s.filename), .bold, color) + "\n"
    out += "  source:     \(s.source.rawValue)\n"
    out += "  media type: \(s.mediaType.map { TerminalText.escape($0.description) } ?? "(none)")\n"
    if let sniffed = s.sniffed { out += "  content:    \(TerminalText.escape(sniffed.description))\n" }
    if let m = s.extensionMismatch { out += "  mismatch:   \(TerminalText.escape(m.description)); name kept\n" }
    out +=
      "  decision:   \(s.decision.isDownload ? "download" : "display") (\(TerminalText.escape(s.decision.detail)))\n"
    if let c = s.decision.conflict { out += "  conflict:   \(TerminalText.escape(c.detail))\n" }
    out += "  risk:       \(s.risk.rawValue)"
    if !s.disguise.isEmpty { out += " (disguise: \(s.disguise.map(\.rawValue).joined(separator: ", ")))" }
    out += "\n"
    if explain { out += TracePrinter.render(s.trace, color: color) }
    return out
  }
}
