/// The version of FilenameKit, as `filenamekit --version` and the C API's `fnk_version` report it.
public enum FilenameKitVersion {
  /// The release, `MAJOR.MINOR.PATCH`.
  public static let release = "0.1.0"
}

extension FilenameKitVersion {
  /// The version of the naming rules: every answer (name, decision, risk, sniffed type) is a function
  /// of the input and this value. It changes whenever any answer can change (a rule, a table, a
  /// default), and only then, so an archival run records it per answer and is re-run only where it
  /// moved. `MAJOR.MINOR.PATCH` of the release, then `r` and a counter raised with every such change
  /// between releases.
  public static let rules = release + "-r1"
}
