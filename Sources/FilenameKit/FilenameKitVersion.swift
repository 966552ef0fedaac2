/// The version of FilenameKit, as `filenamekit --version` and the C API's `fnk_version` report it.
public enum FilenameKitVersion {
  /// The release, `MAJOR.MINOR.PATCH`.
  public static let release = "0.1.0"
}
