/// One thing `FilenameSanitizer` changed in a name.
///
/// Codes are stable kebab-case strings, reported in pipeline order, each at most once:
/// `normalized`, `removed-control`, `removed-bidi-control`, `removed-line-separator`,
/// `removed-invisible`, `removed-excess-marks`, `replaced-separator`, `replaced-forbidden`,
/// `replaced-whitespace`, `collapsed-whitespace`, `trimmed-whitespace`, `removed-leading-dots`,
/// `removed-trailing-dots`, `fallback-name`, `truncated`, `reserved-name`, `neutralized`.
public struct SanitizerChange: Sendable, Hashable, CustomStringConvertible {
  /// The machine-readable kind of change.
  public let code: String
  /// What happened, for people: `truncated from 612 to 255 bytes`.
  public let detail: String

  /// Creates a change record.
  public init(code: String, detail: String) {
    self.code = code
    self.detail = detail
  }

  /// `code: detail`.
  public var description: String { "\(code): \(detail)" }
}

/// The changes of one sanitizer run, one record per code, in first-seen order.
struct SanitizerChangeLog {
  private(set) var changes: [SanitizerChange] = []

  /// Records a change, unless one with the same code is already recorded.
  mutating func record(_ code: String, _ detail: @autoclosure () -> String) {
    guard !changes.contains(where: { $0.code == code }) else { return }
    changes.append(SanitizerChange(code: code, detail: detail()))
  }
}

/// Counts removed or replaced scalars of one kind and keeps a few examples for the detail text.
struct ScalarTally {
  private(set) var count = 0
  private var examples: [UInt32] = []

  mutating func add(_ s: Unicode.Scalar) {
    count += 1
    if examples.count < 4, !examples.contains(s.value) { examples.append(s.value) }
  }

  /// `3 control characters (U+0000, U+0007)`.
  func describe(_ noun: String) -> String {
    let list = examples.map { v -> String in
      let hex = String(v, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "\(count) \(noun)\(count == 1 ? "" : "s") (\(list.joined(separator: ", "))\(count > examples.count ? ", …" : ""))"
  }
}
