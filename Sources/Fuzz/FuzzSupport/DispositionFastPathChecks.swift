// The Content-Disposition fast path against the full parser: whenever the fast path
// takes a header, its value must be the one the full parser builds, in every profile and with any
// fallback charset (the fast path reads no option).

import FilenameKit

/// Input: one option byte (profile, fallback charset), then the raw header bytes (as `disposition`).
public enum DispositionFastPathChecks {
  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    var input = FuzzInput(bytes)
    let a = input.byte()
    let header = Array(input.rest)
    let chosen = ContentDisposition.Options(
      profile: a & 1 != 0 ? .strict : .compatible, fallbackCharset: FuzzChoices.charset(a >> 1))
    for message in disagreements(header, extraOptions: [chosen]) { f.expect(false, message) }
  }

  /// How the fast path's parse of `header` differs from the full parser's (empty when it agrees or
  /// does not take the header), under both profiles' default options and `extraOptions`.
  public static func disagreements(_ header: [UInt8], extraOptions: [ContentDisposition.Options] = []) -> [String] {
    guard let fast = ContentDisposition.fastPathParse(header) else { return [] }
    var out: [String] = []
    let shownHeader = shown(String(decoding: header, as: UTF8.self))
    let options = ContentDisposition.Profile.allCases.map { ContentDisposition.Options(profile: $0) } + extraOptions
    for o in options {
      let full = ContentDisposition.fullParse(header, options: o)
      let label = "\(shownHeader) (\(o.profile.rawValue), fallback \(o.fallbackCharset?.name ?? "none"))"
      if fast.type != full.type { out.append("\(label): type \(fast.type) != \(full.type)") }
      if fast.parameters != full.parameters {
        out.append("\(label): parameters \(fast.parameters) != \(full.parameters)")
      }
      if fast.candidates != full.candidates {
        out.append("\(label): candidates \(fast.candidates) != \(full.candidates)")
      }
      if fast.diagnostics != full.diagnostics {
        out.append("\(label): diagnostics \(fast.diagnostics) != \(full.diagnostics)")
      }
      if fast.isIgnored != full.isIgnored || fast.isEmpty != full.isEmpty {
        out.append("\(label): ignored/empty differ")
      }
      // The whole value too: the stored form of the parameters must be the same.
      if fast != full || fast.hashValue != full.hashValue { out.append("\(label): values differ (==/hash)") }
    }
    return out
  }
}
