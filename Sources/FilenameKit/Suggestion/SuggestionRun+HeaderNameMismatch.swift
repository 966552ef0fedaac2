// A header that names the file twice, differently: RFC 6266 §4.3 lets a recipient that knows
// `filename*` take it over `filename`, so a server can show `invoice.pdf` to whatever reads only
// `filename` (a mail or proxy scanner, an older client) while a browser saves `invoice.exe`
//. A risky name taken from such a header is a disguise.

extension SuggestionRun {
  /// Whether `disposition` holds a name other than the one taken (`source`) that is harmless on
  /// `platform`: it has an extension and its risk is ordinary. The names are the candidates and the
  /// `name` parameter (never a candidate, but what a form-data reader shows).
  /// Only asked when the taken name is risky.
  static func hasHarmlessOtherName(
    _ disposition: ContentDisposition, taken source: Suggestion.Source, on platform: Platform
  ) -> Bool {
    func harmless(_ name: String) -> Bool {
      FileExtension.of(name) != nil && FilenameSanitizer.risk(of: name, for: platform) == .ordinary
    }
    if disposition.candidates.contains(where: { $0.source != source && harmless($0.name) }) { return true }
    guard let name = disposition.parameter("name")?.value else { return false }
    return harmless(name)
  }
}
