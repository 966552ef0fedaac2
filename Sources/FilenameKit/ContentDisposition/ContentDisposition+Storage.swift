// How a parsed header keeps what it found (issue 17). Nearly every header is a type alone, or a
// type with one plain `filename` whose value is the name: for these the value is the type and at
// most that one String, so building, copying and releasing a parse is a few words and one
// reference. Everything else (several parameters, candidates, diagnostics, an ignored header)
// lives in one shared immutable box, copied only when code in the module changes a field.
// The form is canonical (the same fields always get the same form), so the synthesized
// `Hashable` of `ContentDisposition` still compares what the fields say.

extension ContentDisposition {
  /// Every field of a parse after its type, spelled out (the box's contents, and what the
  /// compact forms stand for).
  struct Fields: Sendable, Hashable {
    var parameters: [Parameter]
    var firstCandidate: FilenameCandidate?
    var otherCandidates: [FilenameCandidate]
    var diagnostics: [Diagnostic]
    var isIgnored: Bool
    var isEmpty: Bool
  }

  /// Any parse that is not one of the compact forms.
  final class Box: Sendable, Hashable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }

  /// What a parse found after its type.
  enum Form: Sendable, Hashable {
    /// No parameters, candidates or diagnostics.
    case bare
    /// Exactly one parameter, `filename`, whose value (no charset, language or raw copy) is
    /// the only candidate, from `.disposition`, undecoded; its name starts at `offset`.
    case soleFilename(offset: Int, name: String)
    /// Anything else.
    case boxed(Box)

    /// The canonical form of `fields`.
    init(_ f: Fields) {
      guard f.diagnostics.isEmpty, !f.isIgnored, !f.isEmpty, f.otherCandidates.isEmpty else {
        self = .boxed(Box(f))
        return
      }
      if f.parameters.isEmpty && f.firstCandidate == nil {
        self = .bare
      } else if f.parameters.count == 1, let p = f.parameters.first, let value = p.value, p.name == "filename",
        p.charset == nil, p.language == nil, p.rawStorage == nil,
        f.firstCandidate == FilenameCandidate(name: value, source: .disposition, charset: nil, decoding: nil)
      {
        self = .soleFilename(offset: p.offset, name: value)
      } else {
        self = .boxed(Box(f))
      }
    }

    /// The fields this form stands for.
    var fields: Fields {
      switch self {
      case .bare:
        return Fields(
          parameters: [], firstCandidate: nil, otherCandidates: [], diagnostics: [], isIgnored: false,
          isEmpty: false)
      case .soleFilename(let offset, let name):
        return Fields(
          parameters: [Parameter(name: "filename", offset: offset, value: name, rawStorage: nil)],
          firstCandidate: FilenameCandidate(name: name, source: .disposition, charset: nil, decoding: nil),
          otherCandidates: [], diagnostics: [], isIgnored: false, isEmpty: false)
      case .boxed(let box):
        return box.fields
      }
    }

    /// The first parameter named `name` (lowercased), without building an array.
    func parameter(named name: String) -> Parameter? {
      switch self {
      case .bare: return nil
      case .soleFilename(let offset, let value):
        return name == "filename" ? Parameter(name: name, offset: offset, value: value, rawStorage: nil) : nil
      case .boxed(let box): return box.fields.parameters.first { $0.name == name }
      }
    }
  }

  /// The fields after the type; setting one rebuilds the canonical form.
  var fields: Fields {
    get { form.fields }
    set { form = Form(newValue) }
  }
}
