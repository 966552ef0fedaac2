/// Extension tables behind `FilenameSanitizer.risk(of:)` and the disguise report.
///
/// Sources: the lists, Chromium's `download_file_types.asciipb` (dangerous types) and
/// `IsShellIntegratedExtension`, and Windows' and macOS's default handlers. Extensions compare
/// ASCII-case-insensitively.
enum DangerousTypes {
  /// Programs, scripts and installers that the OS (or a default handler) runs when opened.
  /// `desktop` is listed here rather than under shortcuts: a `.desktop` launcher runs its `Exec=` line.
  static let executable: Set<String> = [
    // Windows programs, installers, scripts and control-panel items
    "exe", "msi", "msp", "mst", "msix", "msixbundle", "appx", "appxbundle", "com", "scr", "pif", "bat", "cmd",
    "ps1", "ps1xml", "ps2", "ps2xml", "psc1", "psc2", "psm1", "psd1", "vb", "vbe", "vbs", "js", "jse", "ws", "wsc",
    "wsf", "wsh", "hta", "cpl", "msc", "reg", "inf", "ins", "isp", "gadget", "application", "xbap", "chm",
    "dll", "ocx", "sys", "drv", "py", "pyw", "pyz", "pyzw", "jar", "jnlp", "appref-ms",
    // macOS
    "app", "pkg", "mpkg", "dmg", "command", "tool", "workflow", "action", "terminal", "scpt", "applescript",
    "osax", "prefpane", "kext",
    // Linux and other Unix
    "sh", "bash", "zsh", "csh", "ksh", "fish", "run", "bin", "deb", "rpm", "desktop", "appimage", "flatpakref",
    "snap", "apk",
  ]

  /// Shell-integrated shortcuts that the OS follows: they point at something else, often remote.
  static let shortcut: Set<String> = [
    "lnk", "url", "scf", "local", "webloc", "inetloc", "fileloc", "website", "settingcontent-ms",
    "library-ms", "searchconnector-ms", "glk", "desklink", "mapimail",
  ]

  /// Document and media extensions a disguised executable pretends to have (`invoice.pdf.exe`).
  static let decoys: Set<String> = [
    "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf", "txt", "csv", "htm", "html",
    "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "webp", "heic", "svg", "mp3", "mp4", "m4a", "wav",
    "avi", "mov", "mkv", "wmv", "zip", "rar", "7z", "gz", "epub", "xml", "json",
  ]

  /// The risk of a name's last extension. Trailing dots and spaces are ignored first, as
  /// Windows ignores them (`evil.exe.` runs as `evil.exe`).
  static func risk(of name: Substring) -> FileRisk {
    // Byte-level: "." and " " are ASCII, so UTF-8 positions are exact and no grapheme breaking is needed.
    let utf8 = name.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex {
      let before = utf8.index(before: end)
      let b = utf8[before]
      guard b == UInt8(ascii: ".") || b == UInt8(ascii: " ") else { break }
      end = before
    }
    let trimmed = name[..<end]
    guard let ext = lastExtension(trimmed) else { return .ordinary }
    // `{CLSID}`: Windows hands a name ending in `.{…}` to the class it names.
    if ext.first == "{" && ext.last == "}" { return .shortcut }
    let lower = FileExtension.lowercasedASCII(ext)
    if executable.contains(lower) { return .executable }
    if shortcut.contains(lower) { return .shortcut }
    return .ordinary
  }

  /// The text after the last dot (not a leading dot), or nil.
  static func lastExtension(_ name: Substring) -> Substring? {
    let utf8 = name.utf8
    guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return nil }
    let ext = name[utf8.index(after: dot)...]
    return ext.isEmpty ? nil : ext
  }

  /// Disguises in a sanitized name whose risk is `risk`; `raw` is the input as given.
  /// - `double-extension`: a dangerous extension after a decoy one (`invoice.pdf.exe`, `photo.jpg .exe`).
  /// - `whitespace-padding`: two or more spaces or invisible characters right before the dangerous
  ///   extension, pushing it out of view (`photo.jpg      .exe`).
  /// - `bidi-spoof`: the input used a bidi embedding, override or isolate (U+202A–U+202E,
  ///   U+2066–U+2069), which reorders what is shown (`invoice\u{202E}fdp.exe` shows as `invoiceexe.pdf`).
  static func disguises(sanitized: String, raw: String, risk: FileRisk, hadBidiOverride: Bool) -> [SanitizedFilename.Disguise] {
    var found: [SanitizedFilename.Disguise] = []
    if risk != .ordinary {
      let name = sanitized[...]
      if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        var stem = name[..<dot]
        while let last = stem.last, last == " " { stem = stem.dropLast() }
        if let decoy = lastExtension(stem), decoys.contains(FileExtension.lowercasedASCII(decoy)) {
          found.append(.doubleExtension)
        }
      }
      if paddedBeforeLastDot(raw) { found.append(.whitespacePadding) }
    }
    if hadBidiOverride { found.append(.bidiSpoof) }
    return found
  }

  /// Whether at least two whitespace or invisible scalars sit right before the last dot of `raw`.
  private static func paddedBeforeLastDot(_ raw: String) -> Bool {
    let scalars = raw.unicodeScalars
    guard let dot = scalars.lastIndex(of: ".") else { return false }
    var count = 0
    var i = dot
    while i > scalars.startIndex {
      i = scalars.index(before: i)
      let p = scalars[i].properties
      guard p.isWhitespace || p.isDefaultIgnorableCodePoint else { break }
      count += 1
      if count >= 2 { return true }
    }
    return false
  }
}
