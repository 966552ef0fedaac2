import FilenameKit

/// Renders a suggestion trace for `--explain`: one indented line per decision, grouped by stage.
enum TracePrinter {
  /// Whether to colour output: only on a terminal, and never with `NO_COLOR` set.
  static func useColor(_ io: ToolIO) -> Bool {
    io.outIsTerminal && !io.noColor
  }

  /// ANSI styles used by the printer.
  enum Style: String {
    case dim = "2"
    case bold = "1"
    case green = "32"
    case yellow = "33"
    case red = "31"
    case cyan = "36"
  }

  static func paint(_ s: String, _ style: Style, _ color: Bool) -> String {
    color ? "\u{1B}[\(style.rawValue)m\(s)\u{1B}[0m" : s
  }

  /// The indented, readable trace.
  static func render(_ trace: [Suggestion.TraceEntry], color: Bool) -> String {
    var out = paint("why:", .bold, color) + "\n"
    var current = ""
    for (i, e) in trace.enumerated() {
      let s = e.code.stage.rawValue
      if s != current {
        out += "  " + paint(s, .cyan, color) + "\n"
        current = s
      }
      let style: Style =
        switch e.code.severity {
        case .notice: .yellow
        case .outcome: .green
        case .info: .dim
        }
      let number = String(i + 1)
      out += "    " + String(repeating: " ", count: max(0, 2 - number.count)) + number + ". "
      out += paint(e.code.rawValue, style, color) + "  " + TerminalText.escape(e.detail) + "\n"
    }
    return out
  }
}
