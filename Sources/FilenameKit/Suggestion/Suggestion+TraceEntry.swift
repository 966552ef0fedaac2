extension Suggestion {
  /// One decision, in order. The human text is composed when `detail` is read, so a caller that
  /// never looks at the trace does not pay for formatting it.
  public struct TraceEntry: Sendable, Hashable, CustomStringConvertible {
    /// A stable machine-readable code (`candidate-skipped`, `extension-added`, …).
    public let code: TraceCode
    let event: TraceEvent

    /// Creates an entry with ready-made text.
    public init(_ code: TraceCode, _ detail: String) {
      self.code = code
      self.event = .text(detail)
    }

    init(_ code: TraceCode, _ event: TraceEvent) {
      self.code = code
      self.event = event
    }

    /// Human text.
    public var detail: String { event.text }

    /// `detail` in pieces, in order (`detail` is their concatenation), for a writer that escapes or
    /// copies text as it goes: it gets the entry's text without the joined string being built.
    public func composeDetail(_ piece: (String) -> Void) { event.compose(piece) }

    /// `code: detail`.
    public var description: String { "\(code): \(detail)" }

    /// Entries are equal when their code and text are.
    public static func == (a: TraceEntry, b: TraceEntry) -> Bool { a.code == b.code && a.detail == b.detail }

    /// Hashes the code and the text.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(code)
      hasher.combine(detail)
    }
  }
}
