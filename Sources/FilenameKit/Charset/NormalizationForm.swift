/// Unicode normalization forms the core can request.
public enum NormalizationForm: String, Sendable, Hashable, CaseIterable {
  /// Canonical composition (the default for file names everywhere but legacy HFS+).
  case nfc
  /// Canonical decomposition.
  case nfd
}
