import FilenameKit

/// A file name template for `suggest` (`--template`, `--field NAME=VALUE`; the batch `template`
/// and `fields`), rendered for the suggestion with its own fields (`{name}`, `{stem}`, `{ext}`,
/// `{host}`) and the caller's.
struct TemplateRequest {
  let template: String
  let fields: [(String, String)]

  /// The template given, or nil; fields without a template, a field given twice or one that names
  /// a suggestion's own field are errors, named in the caller's vocabulary.
  static func make(
    template: String?, fields: [(String, String)], naming: SuggestRequest.Naming
  ) throws(BatchError) -> TemplateRequest? {
    let (templateLabel, fieldLabel) = naming == .flags ? ("--template", "--field") : ("template", "fields")
    guard let template else {
      if !fields.isEmpty { throw BatchError(.conflictingFields, "\(fieldLabel) given without \(templateLabel)") }
      return nil
    }
    var seen = Set<String>()
    for (name, _) in fields {
      guard seen.insert(name).inserted else {
        throw BatchError(.invalidTemplate, "\(fieldLabel): '\(TerminalText.escape(name))' given twice")
      }
      guard !ownFields.contains(name) else {
        throw BatchError(
          .invalidTemplate,
          "\(fieldLabel): '\(TerminalText.escape(name))' is the suggestion's own field ({name}, {stem}, {ext}, {host})")
      }
    }
    return TemplateRequest(template: template, fields: fields)
  }

  /// The fields a suggestion gives (`FilenameTemplate.suggestionFields`).
  static let ownFields: Set<String> = ["name", "stem", "ext", "host"]

  /// `--field NAME=VALUE` values as pairs; one without `=` or with an empty name is an error.
  static func fieldArguments(_ values: [String]) throws(BatchError) -> [(String, String)] {
    var out: [(String, String)] = []
    for v in values {
      guard let eq = v.firstIndex(of: "="), eq != v.startIndex else {
        throw BatchError(.invalidTemplate, "--field needs NAME=VALUE (got '\(TerminalText.escape(v))')")
      }
      out.append((String(v[..<eq]), String(v[v.index(after: eq)...])))
    }
    return out
  }

  /// The template rendered for `s` (whose response URL was `url`) with the suggestion's sanitizer
  /// options; a template error is a `BatchError` with the template's message.
  func render(_ s: Suggestion, url: String?, options: SuggestionOptions) throws(BatchError) -> RenderedTemplate {
    var all = FilenameTemplate.suggestionFields(of: s, url: url)
    for (k, v) in fields { all[k] = v }
    do throws(FilenameTemplateError) {
      return try FilenameTemplate(template).render(all, for: options.platform, options: options.sanitizer)
    } catch {
      throw BatchError(.invalidTemplate, "template: \(TerminalText.escape(error.description))")
    }
  }
}
