/// Something a parser tolerated or rejected, with where it happened.
///
/// Codes are stable, machine-readable kebab-case strings (`duplicate-parameter`); `offset` is the
/// byte offset in the input where the problem was seen.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// A machine-readable diagnostic code.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's stable kebab-case name.
    public let rawValue: String
    /// Wraps a code name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }
  }

  /// What happened.
  public let code: Code
  /// The byte offset in the input where it happened.
  public let offset: Int
  /// Extra human-readable detail (a charset name, a parameter name), when useful.
  public let detail: String?

  /// Creates a diagnostic.
  public init(_ code: Code, at offset: Int, _ detail: String? = nil) {
    self.code = code
    self.offset = offset
    self.detail = detail
  }

  /// `code@offset (detail)`.
  public var description: String {
    detail.map { "\(code.rawValue)@\(offset) (\($0))" } ?? "\(code.rawValue)@\(offset)"
  }
}
