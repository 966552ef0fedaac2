// How a parsed header keeps its parameters (issue 17). Nearly every header has none, or one plain
// `filename` whose value is its own bytes; an array for that one parameter was the second
// allocation of a typical parse. The form is canonical (a list of parameters always gets the same
// storage), so the synthesized `Hashable` of `ContentDisposition` still compares parameter lists.

extension ContentDisposition {
  /// The parameters of a parse: none, one plain `filename` kept inline, or an array.
  enum ParameterStorage: Sendable, Hashable {
    /// No parameters.
    case none
    /// Exactly one parameter: `filename` with a value and nothing else (no charset, language or
    /// raw copy), whose name starts at `offset`.
    case soleFilename(offset: Int, value: String)
    /// Any other list.
    case list([Parameter])

    /// The canonical storage of `parameters`.
    init(_ parameters: [Parameter]) {
      if parameters.isEmpty {
        self = .none
      } else if parameters.count == 1, let p = parameters.first, let value = p.value, p.name == "filename",
        p.charset == nil, p.language == nil, p.rawStorage == nil
      {
        self = .soleFilename(offset: p.offset, value: value)
      } else {
        self = .list(parameters)
      }
    }

    /// The parameters as an array (built on each access for the inline form).
    var parameters: [Parameter] {
      switch self {
      case .none: return []
      case .soleFilename(let offset, let value):
        return [Parameter(name: "filename", offset: offset, value: value, rawStorage: nil)]
      case .list(let list): return list
      }
    }

    /// The first parameter named `name` (lowercased), without building an array.
    func first(named name: String) -> Parameter? {
      switch self {
      case .none: return nil
      case .soleFilename(let offset, let value):
        return name == "filename" ? Parameter(name: name, offset: offset, value: value, rawStorage: nil) : nil
      case .list(let list): return list.first { $0.name == name }
      }
    }

    /// Whether there are no parameters.
    var isEmpty: Bool {
      if case .none = self { return true }
      return false
    }
  }
}
