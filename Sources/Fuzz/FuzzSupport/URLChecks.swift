// Properties of `URLFilename.extract(from:options:)`.

import FilenameKit

/// Input: one option byte (query keys, detection, fallback charset), then the URL (read as UTF-8).
enum URLChecks {
  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    var input = FuzzInput(bytes)
    let a = input.byte()
    let url = String(decoding: input.rest, as: UTF8.self)
    let options = URLFilenameOptions(
      fallbackCharset: FuzzChoices.charset(a >> 2), detectCharset: a & 1 != 0,
      queryKeys: a & 2 != 0 ? ["filename", "file", "name", "download"] : [],
      language: a & 0x20 != 0 ? "ja" : nil)
    let u = URLFilename.extract(from: url, options: options)
    // The fast path must answer exactly as the full extractor whenever it answers
    // (opted-in query keys never take it).
    if options.queryKeys.isEmpty, let fast = URLFilename.fastPathExtract(from: url) {
      f.expect(fast == URLFilename.extractFully(from: url, options: options), "fast path differs for \(shown(url))")
    }
    f.expect(
      (u.filename == nil) == (u.source == nil),
      "filename \(shown(u.filename)) with source \(String(describing: u.source))")
    if let name = u.filename {
      f.expect(!name.isEmpty, "empty filename from \(shown(url))")
      for p in Platform.allCases {
        SanitizeChecks.checkSanitized(name, platform: p, options: SanitizerOptions(), &f)
      }
    }
    if u.charset == nil && u.guess != nil { f.expect(false, "a guess without a charset for \(shown(url))") }
  }
}
