// The fuzz targets and the property checks each one runs on an input.

/// One fuzz target: which entry point an input drives and which properties it must keep.
public enum FuzzTarget: String, Sendable, CaseIterable {
  /// `ContentDisposition(parsing:options:)` and the builder round trip.
  case disposition
  /// The Content-Disposition fast path agrees with the full parser.
  case dispositionFast = "disposition-fast"
  /// `MediaType(utf8:)`, `MediaType(headerBytes:)`, `extract(fromContentTypeBytes:)` and `description`.
  case mime
  /// `URLFilename.extract(from:options:)`, then the sanitizer on its candidate.
  case url
  /// `FilenameSanitizer.sanitize(_:for:options:)` against `isSafe` and idempotence.
  case sanitize
  /// `suggestFilename(for:options:)`, the whole pipeline.
  case suggest
  /// `ContentSniffer` on leading bytes, and `suggestFilename` with them.
  case sniff

  /// The directory of its seed corpus under `Fixtures/fuzz/seeds/`: `disposition-fast` reads the
  /// same inputs as `disposition`, so it shares its seeds.
  public var seedDirectory: String { self == .dispositionFast ? FuzzTarget.disposition.rawValue : rawValue }

  /// Every property this input breaks (empty when all hold). Never traps on any input.
  public func check(_ bytes: [UInt8]) -> [String] { checkCounting(bytes).failures }

  /// `check`, and the bytes of the inputs the checks derived from this one and ran too (a name
  /// stretched past the sanitizer's window), which the time property allows for.
  public func checkCounting(_ bytes: [UInt8]) -> (failures: [String], derivedBytes: Int) {
    var failures = FuzzFailures()
    switch self {
    case .disposition: DispositionChecks.run(bytes, &failures)
    case .dispositionFast: DispositionFastPathChecks.run(bytes, &failures)
    case .mime: MediaTypeChecks.run(bytes, &failures)
    case .url: URLChecks.run(bytes, &failures)
    case .sanitize: SanitizeChecks.run(bytes, &failures)
    case .suggest: SuggestChecks.run(bytes, &failures)
    case .sniff: SniffChecks.run(bytes, &failures)
    }
    return (failures.messages, failures.derivedBytes)
  }
}

/// Collects property failures with enough context to reproduce them by eye.
struct FuzzFailures {
  var messages: [String] = []
  /// Bytes of derived inputs run, once per pass over them (see `FuzzTarget.checkCounting`).
  var derivedBytes = 0

  mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { messages.append(message()) }
  }
}

/// A string shown with every non-printable scalar escaped, cut to `limit` scalars.
func shown(_ s: String?, limit: Int = 200) -> String {
  guard let s else { return "nil" }
  var out = "\""
  var n = 0
  for scalar in s.unicodeScalars {
    n += 1
    if n > limit {
      out += "…(\(s.unicodeScalars.count) scalars)"
      break
    }
    if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value > 0x7E {
      out += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
