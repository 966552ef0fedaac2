// Properties of `ContentDisposition(parsing:options:)` and `ContentDisposition.header(type:filename:)`.

import FilenameKit

/// Input: one option byte (profile, fallback charset), then the raw header bytes.
enum DispositionChecks {
  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    var input = FuzzInput(bytes)
    let a = input.byte()
    let header = Array(input.rest)
    let options = ContentDisposition.Options(
      profile: a & 1 != 0 ? .strict : .compatible,
      fallbackCharset: FuzzChoices.charset(a >> 1))
    let cd = ContentDisposition(parsing: header, options: options)

    // Structure.
    f.expect(!(cd.isIgnored && cd.filename != nil), "ignored header has a file name \(shown(cd.filename))")
    for d in cd.diagnostics {
      f.expect(d.offset >= 0 && d.offset <= header.count, "diagnostic \(d) outside the \(header.count)-byte header")
    }
    f.expect(cd.type.name == lowercasedASCII(cd.type.name), "type not lowercased: \(shown(cd.type.name))")
    for c in cd.candidates {
      f.expect(!c.name.isEmpty, "empty candidate from \(c.source.rawValue)")
      if options.profile == .strict {
        f.expect(!hasSlashOutsideEncodedWords(Array(c.name.utf8)), "strict candidate \(shown(c.name)) has '/'")
      } else {
        // compatible keeps a path for the sanitizer: "/" only between real segments, never "\\".
        let segments = c.name.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map { String($0) }
        f.expect(!c.name.unicodeScalars.contains("\\"), "candidate \(shown(c.name)) has '\\'")
        f.expect(
          segments.count == 1 || !segments.contains { $0.utf8.allSatisfy { $0 == UInt8(ascii: ".") } },
          "candidate \(shown(c.name)) has an empty or dot segment")
      }
    }

    // Round trip: the builder's header parses back to the same name, in both profiles.
    if let name = cd.filename {
      roundTrip(name, type: cd.type, &f)
    }
    // The builder on arbitrary text (the header read as UTF-8) must round-trip as well.
    if header.count <= 1024 {
      roundTrip(String(decoding: header, as: UTF8.self), type: .attachment, &f)
    }
  }

  /// `header(type:filename:)` then parsing gives back `name`, with `/`, `\` and controls as `_`
  /// (the builder's documented mapping).
  static func roundTrip(_ name: String, type: ContentDisposition.DispositionType, _ f: inout FuzzFailures) {
    var expected = ""
    expected.unicodeScalars.append(
      contentsOf: name.unicodeScalars.map { s in
        (s == "/" || s == "\\" || s.value < 0x20 || (0x7F..<0xA0).contains(s.value)) ? "_" : s
      })
    let built = ContentDisposition.header(type: type, filename: name)
    for profile in ContentDisposition.Profile.allCases {
      let back = ContentDisposition(built, options: .init(profile: profile))
      let want: String? = expected.isEmpty ? nil : expected
      f.expect(
        back.filename == want,
        "round trip (\(profile.rawValue)): name \(shown(name)) -> header \(shown(built)) -> \(shown(back.filename)), want \(shown(want))"
      )
    }
  }

  /// Whether a `/` lies outside every RFC 2047 encoded word of `name` (`strict` keeps a word as
  /// literal text, base64 `/` included; any other `/` separates path segments). Written apart from
  /// the parser's scanner: `=?` charset `?` B|Q `?` text `?=`, the charset without especials, the
  /// text printable ASCII without `?`.
  static func hasSlashOutsideEncodedWords(_ name: [UInt8]) -> Bool {
    let especials = Set("()<>@,;:\"/[]?.=".utf8)
    func printable(_ b: UInt8) -> Bool { b > 0x20 && b < 0x7F }
    var k = 0
    while k < name.count {
      if name[k] == UInt8(ascii: "/") { return true }
      if name[k] == UInt8(ascii: "="), k + 1 < name.count, name[k + 1] == UInt8(ascii: "?") {
        var j = k + 2
        while j < name.count, printable(name[j]), !especials.contains(name[j]) { j += 1 }
        if j > k + 2, j + 2 < name.count, name[j] == UInt8(ascii: "?"), name[j + 2] == UInt8(ascii: "?"),
          "bBqQ".utf8.contains(name[j + 1])
        {
          var t = j + 3
          while t < name.count, printable(name[t]), name[t] != UInt8(ascii: "?") { t += 1 }
          if t > j + 3, t + 1 < name.count, name[t] == UInt8(ascii: "?"), name[t + 1] == UInt8(ascii: "=") {
            k = t + 2
            continue
          }
        }
      }
      k += 1
    }
    return false
  }

  static func lowercasedASCII(_ s: String) -> String {
    String(decoding: s.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
  }
}
