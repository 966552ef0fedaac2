/// What an operating system would do with a file because of its extension.
public enum FileRisk: String, Sendable, Hashable, CaseIterable {
  /// A program, script or installer the OS runs when the file is opened (`exe`, `sh`, `dmg`, ...).
  case executable
  /// A shell-integrated shortcut the OS follows when opened (`lnk`, `url`, `webloc`, `{CLSID}`, ...).
  case shortcut
  /// Anything else.
  case ordinary
}
