extension Diagnostic.Code {
  /// More diagnostics of some code were seen than a parse keeps (`DiagnosticList.perCode`); the
  /// detail says how many were left out.
  public static let diagnosticsTruncated = Self(rawValue: "diagnostics-truncated")
}

/// The diagnostics a parser records, bounded: each code is kept at most `perCode` times.
///
/// A hostile header can repeat one problem a million times (`attachment;;;…`); every occurrence
/// past the first few says nothing new, yet each would become an answer line's array entry and a
/// trace entry. The rest are counted, and `finished` ends the list with one `diagnostics-truncated`
/// saying how many were left out. Codes are few, so the list stays short whatever the input.
struct DiagnosticList: Sendable {
  /// How many diagnostics of one code a parse keeps.
  static let perCode = 8

  private var items: [Diagnostic] = []
  /// Kept occurrences per code, in first-seen order (a handful of codes, scanned linearly).
  private var counts: [(code: Diagnostic.Code, count: Int)] = []
  /// The code dropped last: a run of one repeated problem is counted without a scan.
  private var lastDropped: Diagnostic.Code?
  private var dropped = 0

  init() {}

  /// Records `d`, or only counts it when its code already has `perCode` entries.
  mutating func append(_ d: Diagnostic) {
    if d.code == lastDropped {
      dropped += 1
      return
    }
    if let i = counts.firstIndex(where: { $0.code == d.code }) {
      guard counts[i].count < Self.perCode else {
        lastDropped = d.code
        dropped += 1
        return
      }
      counts[i].count += 1
    } else {
      counts.append((d.code, 1))
    }
    items.append(d)
  }

  /// Records each of `list`'s diagnostics in order (its own left-out count carries over).
  mutating func append(contentsOf list: DiagnosticList) {
    for d in list.items { append(d) }
    dropped += list.dropped
  }

  /// Whether a diagnostic of `code` was recorded.
  func contains(_ code: Diagnostic.Code) -> Bool { counts.contains { $0.code == code } }

  /// The kept diagnostics in order, then one `diagnostics-truncated` when any were left out, at the
  /// furthest kept offset (so it stays last when a parser orders its diagnostics by offset).
  var finished: [Diagnostic] {
    guard dropped > 0 else { return items }
    let offset = items.lazy.map(\.offset).max() ?? 0
    return items + [Diagnostic(.diagnosticsTruncated, at: offset, "\(dropped) more")]
  }
}
