/// Why a template cannot be parsed or rendered: what is wrong, and where (a byte offset into the
/// template).
public enum FilenameTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A `{` without its `}`, or a lone `}`, at `offset`.
  case unbalancedBrace(offset: Int, brace: Character)
  /// A placeholder at `offset` whose name is empty or not letters, digits, `_`, `-` (`text` is the
  /// placeholder, at most 40 bytes of it).
  case invalidPlaceholder(offset: Int, text: String)
  /// A `/`, `\` or NUL in the fixed text at `offset`: a template names one file.
  case separatorInText(offset: Int)
  /// The placeholder at `offset` names no field given (nor one of a suggestion's).
  case unknownPlaceholder(offset: Int, name: String)
  /// The fixed text, marked fields and extension alone are `length` long, more than the `budget`
  /// (both in the platform's unit).
  case fixedPartsTooLong(length: Int, budget: Int)

  /// A one-line message naming the problem and its place.
  public var description: String {
    switch self {
    case .unbalancedBrace(let o, let brace):
      brace == "{"
        ? "unbalanced brace: '{' at byte \(o) has no '}' (write {{ for a literal brace)"
        : "unbalanced brace: '}' at byte \(o) closes nothing (write }} for a literal brace)"
    case .invalidPlaceholder(let o, let p):
      "invalid placeholder \(p) at byte \(o): a name is letters, digits, '_' and '-', optionally followed by '!'"
    case .separatorInText(let o): "path separator or NUL in the template's fixed text at byte \(o)"
    case .unknownPlaceholder(let o, let n): "unknown placeholder {\(n)} at byte \(o): no field of that name"
    case .fixedPartsTooLong(let l, let b):
      "the fixed text, marked fields and extension need \(l), more than the budget of \(b)"
    }
  }
}
