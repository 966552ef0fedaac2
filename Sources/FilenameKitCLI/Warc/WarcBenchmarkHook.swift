/// `filenamekit warc --json` without its output, for `filenamekit-bench` (same package, no
/// `@testable`). Nothing here changes behaviour; it only forwards to `WarcScanner`.
package enum WarcBenchmarkHook {
  /// Reads every record of the WARC file at `path` and serializes each report as `--json` does;
  /// returns the records read, the records named, those with an error, and the bytes of the JSON lines.
  package static func scan(path: String) -> (records: Int, named: Int, errors: Int, jsonBytes: Int) {
    let scanner = WarcScanner(
      base: SuggestRequest(naming: .flags), extractor: nil, maxBytes: DecodeLimitArguments().maxDecodedBytes,
      maxRatio: DecodeLimitArguments().maxDecodeRatio)
    var bytes = 0
    do {
      try scanner.scan(path: path) { r in
        bytes += JSONValue.object(JSONFieldList.collect { r.write(to: &$0) }).serialized.utf8.count + 1
      }
    } catch {
      return (0, 0, 1, 0)
    }
    return (scanner.records, scanner.named, scanner.errors, bytes)
  }
}
