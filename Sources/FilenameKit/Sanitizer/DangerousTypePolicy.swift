/// What `FilenameSanitizer` does with a name whose type the operating system would run or follow.
public enum DangerousTypePolicy: String, Sendable, Hashable, CaseIterable {
  /// Keep the name; report the risk in `SanitizedFilename.risk` (the default).
  case report
  /// Append `.download` to an executable or shortcut name, so the OS will not run or follow it.
  case neutralize
}
