// A header that names the file twice, differently: RFC 6266 §4.3 lets a recipient that knows
// `filename*` take it over `filename`, so a server can show `invoice.pdf` to whatever reads only
// `filename` (a mail or proxy scanner, an older client) while a browser saves `invoice.exe`
// (hostile pass 13 F12). A risky name taken from such a header is a disguise.

extension SuggestionRun {
  /// Whether `disposition` has a name other than the one taken (`source`) that is harmless on
  /// `platform`: it has an extension and its risk is ordinary. Only asked when the taken name is risky.
  static func hasHarmlessOtherName(
    _ disposition: ContentDisposition, taken source: Suggestion.Source, on platform: Platform
  ) -> Bool {
    disposition.candidates.contains { c in
      c.source != source && FileExtension.of(c.name) != nil
        && FilenameSanitizer.risk(of: c.name, for: platform) == .ordinary
    }
  }
}
