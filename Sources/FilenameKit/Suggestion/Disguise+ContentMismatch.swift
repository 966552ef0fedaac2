extension SanitizedFilename.Disguise {
  /// The content is an executable but the name's extension or the declared type claims something
  /// harmless (`invoice.pdf` whose bytes are a PE file). Found by `suggestFilename` from the body's
  /// leading bytes, never by the sanitizer alone.
  public static let contentMismatch = Self(rawValue: "content-mismatch")
}
