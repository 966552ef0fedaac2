import FilenameKit

/// A referrer charset label as the CLI and the batch ops read it, and what is wrong with one that
/// names no charset: unknown, or a label of the WHATWG `replacement` encoding, which decodes
/// nothing (those were answered "unknown").
enum CharsetLabel {
  /// The charset a batch request's `label` names; an error saying what is wrong otherwise.
  static func batchCharset(_ label: String) throws(BatchError) -> Charset {
    guard let c = Charset(label: label) else { throw BatchError(.unknownValue, problem(with: label, shown: label)) }
    return c
  }

  /// What is wrong with `label`, which names no charset, written with `label` shown as `shown`.
  static func problem(with label: String, shown: String) -> String {
    Charset.isReplacementLabel(label)
      ? "charset '\(shown)' is a label of the WHATWG replacement encoding, which decodes nothing"
      : "unknown charset '\(shown)'"
  }
}
