/// Extension tables behind `FilenameSanitizer.risk(of:)` and the disguise report.
///
/// Extensions compare ASCII-case-insensitively. The tables come from
/// Chromium's `IsShellIntegratedExtension`, the OSes' default handlers and the Windows types
/// malware abuses, from three references users trust:
/// - Chromium's download file types policy (`components/safe_browsing/content/resources/
///   download_file_types.asciipb`, version 49): any danger level other than `NOT_DANGEROUS`;
/// - Microsoft's blocked attachment list ("Blocked attachments in Outlook", and the
///   `BlockedFileTypes` default of Outlook on the web);
/// - Firefox's executable list (`sExecutableExts` in `xpcom/io/nsLocalFileCommon.cpp`).
/// Rule: an extension named by two of the three, or `DANGEROUS` (the highest level) in
/// Chromium, or on Microsoft's own default block lists (Outlook's Level 1 list, "Attachment file
/// types restricted by Outlook", and Outlook on the web's default `BlockedFileTypes`), or a type
/// a default handler runs, installs or mounts, is listed. Not `tmp`, which Outlook on the web blocks only because attackers rename
/// programs to it: Windows registers no handler for `.tmp` (opening one asks which program to
/// use), so a `.tmp` runs nothing by itself; and `.tmp` is also what downloaders and editors name
/// partial and scratch files, so flagging it would flag them all (fixture
/// `blocklist-tmp-ordinary`). Every type Chromium rates `ALLOW_ON_USER_GESTURE`
/// or `DANGEROUS` on some platform is listed: in the tables below when it is dangerous wherever the file ends
/// up, in `executableOnlyOn` when only one platform's handlers run it and its name is common for
/// harmless files elsewhere (`xml`, `ini` on Windows; `dart`, `cdr` on macOS; `out` on Linux).
/// Apple's own type declarations were swept too (every `com.apple.internet-location`
/// type in CoreTypes, and the Finder's older location files), and freedesktop.org's launcher and
/// package types (shared-mime-info: `application/x-desktop` is `*.desktop` and `*.kdelnk`;
/// Flatpak's `application/vnd.flatpak`, `.flatpakref`, `.flatpakrepo`). HTML, XHTML and SVG (`htm`, `html`, `shtml`, `xht`, `xhtml`, `svg`) stay
/// ordinary: all three references rate them harmless (Chromium lists them only to sample pings);
/// a browser opens them as a page with an opaque `file:` origin. Something that points elsewhere (an Access
/// object shortcut, a remote-desktop connection, a saved search) is a shortcut; something the
/// OS runs, installs, mounts or hands to a code-running host is executable.
enum DangerousTypes {
  /// Programs, scripts and installers that the OS (or a default handler) runs when opened.
  /// `desktop` is listed here rather than under shortcuts: a `.desktop` launcher runs its `Exec=` line.
  static let executable: Set<String> = [
    // Windows programs, installers, scripts and control-panel items
    "exe", "msi", "msp", "mst", "msix", "msixbundle", "appx", "appxbundle", "com", "scr", "pif", "bat", "cmd",
    "ps1", "ps1xml", "ps2", "ps2xml", "psc1", "psc2", "psm1", "psd1", "vb", "vbe", "vbs", "js", "jse", "ws", "wsc",
    "wsf", "wsh", "hta", "cpl", "msc", "reg", "inf", "ins", "isp", "gadget", "application", "xbap", "chm",
    "dll", "ocx", "sys", "drv", "py", "pyw", "pyz", "pyzw", "jar", "jnlp", "appref-ms",
    // Windows, disk images Windows mounts on a double click (and whose contents lose
    // the mark of the web), containers and installers it opens with a code-running host
    "iso", "img", "vhd", "vhdx", "cab", "msu", "appinstaller", "wsb", "diagcab", "one", "onepkg", "xll",
    "theme", "themepack", "deskthemepack", "desktopthemepackfile", "mht", "mhtml", "sct", "shb", "shs", "hlp",
    // Windows, two references or Chromium DANGEROUS: Access databases and projects, MS Shell,
    // certificates, Office and system settings, compiled code
    "ade", "adp", "accda", "accdb", "accde", "accdr", "mda", "mdb", "mde", "mdt", "mdw", "mdz",
    "msh", "msh1", "msh2", "mshxml", "msh1xml", "msh2xml", "cer", "crt", "der", "asp", "asx", "bas",
    "fxp", "grp", "mau", "mof", "ops", "pcd", "plg", "prf", "prg", "pst", "vsmacros", "vsw", "xrm-ms",
    "manifest", "ad", "swf", "spl", "class", "pl", "pyc", "pyo", "pyd",
    // Windows, Microsoft's default block lists alone (Outlook Level 1, Outlook on the web): server
    // pages and help projects opened by code-running hosts, component and data-link definitions,
    // printer and web-printing packages, PowerShell cmdlet and session definitions, VB projects
    "aspx", "cnt", "hpj", "htc", "its", "mcf", "osd", "vbp", "cdxml", "pssc", "psdm1", "udl", "printerexport",
    "webpnp", "diagcfg", "diagpkg", "bgi",
    // Windows, the rest of Chromium's ALLOW_ON_USER_GESTURE and DANGEROUS types:
    // compiled help, control-panel and InstallShield scripts, a fresh Chrome or OpenOffice
    // extension, EFI programs, fonts in PE format, hypertext templates, Task Scheduler jobs, MMC
    // consoles, portable-app installers, registry scripts, SYLK (runs formulas in Excel), U3 apps,
    // `vbscript`, mail Outlook opens (CVE-2015-6172); and Firefox's `air` (Adobe AIR installer)
    "chi", "cpi", "crx", "efi", "fon", "htt", "inx", "isu", "job", "mmc", "oxt", "paf", "rgs", "slk", "u3p",
    "vbscript", "eml", "msg", "air", "rb",
    // Visio drawings, stencils and templates: Chromium ALLOW_ON_USER_GESTURE and Firefox both name
    // them (two references; once excluded here, listed since the second issue-13 pass)
    "vdx", "vsd", "vsdm", "vsdx", "vss", "vssm", "vssx", "vst", "vstm", "vstx", "vsx", "vtx",
    // Excel query files ("Microsoft Office query files" in Excel's File Block settings): opening one
    // makes Excel fetch and run what a URL returns (the 2018 Necurs .iqy campaigns: NHS Digital
    // CC-2481, NJCCIC). Macro-enabled Office files, which exist to carry VBA: Office blocks macros
    // only in files with the Mark of the Web ("Macros from the internet are blocked by default",
    // Microsoft, 2022), and a download saved by this library carries none. The browsers' lists
    // rate the macro formats harmless (they inspect them instead); listed here all the same. The
    // binary workbook `xlsb` carries VBA like `xlsm` (its registered type is
    // application/vnd.ms-excel.sheet.binary.macroEnabled.12), and a Word add-in `wll` is a DLL
    // Word loads, like Excel's `xll`.
    "iqy", "dqy", "oqy", "rqy", "docm", "dotm", "xlsm", "xltm", "xlam", "xla", "pptm", "potm", "ppsm", "ppam",
    "sldm", "xlsb", "wll",
    // macOS
    "app", "pkg", "mpkg", "dmg", "command", "tool", "workflow", "action", "terminal", "scpt", "applescript",
    "osax", "prefpane", "kext", "scptd", "osas", "seplugin",
    // macOS, the rest of Chromium's ALLOW_ON_USER_GESTURE and DANGEROUS types:
    // disk images the Finder mounts, dynamic libraries, Automator actions and workflows,
    // archives the Archive Utility expands, configuration and network profiles that System Settings
    // installs. `dart`, `cdr`, `smi`, `toast`, `as`, `service` are macOS-only (`executableOnlyOn`):
    // names far more common elsewhere for harmless files (Dart source, CorelDRAW drawings, SAMI
    // subtitles, ActionScript, systemd units). `definition` (an Automator action definition,
    // Chromium ALLOW_ON_USER_GESTURE) is listed here: no common harmless format uses it.
    "dmgpart", "sparsebundle", "sparseimage", "udif", "ndif", "dc42", "diskcopy42", "imgpart", "dvdr",
    "dylib", "wflow", "caction", "definition", "xip", "cpgz", "pax", "mobileconfig", "configprofile",
    "internetconnect", "networkconnect",
    // macOS: Apple Shortcuts (opening one imports actions that can run shell
    // scripts and AppleScript), screen savers (a code bundle System Settings installs on opening)
    "shortcut", "saver",
    // Linux and other Unix
    "sh", "bash", "zsh", "csh", "ksh", "fish", "run", "bin", "deb", "rpm", "desktop", "appimage", "flatpakref",
    "snap", "apk",
    // Linux and Android, the rest of Chromium's list: shell archives, tcsh, Puppy Linux and Slackware
    // packages, Dalvik executables (`out`, a Linux program's default name, is Linux-only:
    // `executableOnlyOn`)
    "shar", "tcsh", "pet", "pup", "slp", "dex",
    // Linux: KDE's old name for a `.desktop` launcher (shared-mime-info maps
    // both to application/x-desktop, and file managers run its `Exec=` line the same way); Flatpak
    // bundles and repository files, and openSUSE one-click installs, which the software centre
    // installs from or adds as a package source on opening (like `flatpakref` and `mobileconfig`)
    "kdelnk", "flatpak", "flatpakrepo", "ymp",
    // Named by none of the three references (Chromium v49, Firefox's
    // `sExecutableExts`, Outlook's lists), classified by the rule above (what opening or loading it
    // does) and by the types already here. Compiled code other programs load, like `dll`, `ocx`,
    // `dylib`, `pyd`, `kext`: ELF shared objects (`so`, which the content sniffer already flags),
    // DirectShow filters (`ax`, PE DLLs), Linux kernel modules (`ko`). Installers a default handler
    // runs, like `application`, `crx`, `oxt`: Office add-in manifests (`vsto`: VSTOInstaller
    // installs the add-in's code, abused in 2022 campaigns), Visual Studio extensions (`vsix`,
    // VSIXInstaller), Firefox and Thunderbird extensions (`xpi`), Windows provisioning packages
    // (`ppkg`, applied on opening). JavaScript for Automation scripts (`jxa`), run by `osascript`
    // like `scpt`. From the mail gateways' lists (addendum L-d), by the same rule: AutoIt compiled
    // scripts (`a3x`, run by AutoIt3.exe, the DarkGate loader's format), the Office 97–2003 macro
    // carriers PowerPoint add-ins (`ppa`, like `ppam`) and Word wizards (`wiz`, like `dotm`).
    "so", "ax", "ko", "vsto", "vsix", "xpi", "ppkg", "jxa", "a3x", "ppa", "wiz",
  ]

  /// Types that only one platform's own handlers run or mount, from Chromium's download file types
  /// policy (v49), where each is rated `ALLOW_ON_USER_GESTURE` or `DANGEROUS` for that platform
  /// alone, and whose names are far more common for harmless files elsewhere. They are `executable`
  /// when sanitizing for that platform or for portable (`risk(of:on:)`), and ordinary on the others
  /// and for the platform-free `FilenameSanitizer.risk(of:)`:
  /// - Windows: `xml`, `xsl`, `xsd`, `rels`, `partial` (Chromium: "open in IE even when Chrome is the
  ///   default browser"; an XSL style sheet also runs script through `msxsl:script`, `wmic
  ///   /format:`), `cfg`, `ini` (`DANGEROUS`: configuration a program in the same folder reads, as
  ///   `manifest` and `local` change how it loads; the names Windows acts on, `desktop.ini` and
  ///   `autorun.inf`, are also handled by name in `FilenameSanitizer+Reserved.swift`), `tmp`
  ///   (Outlook's Level 1 blocked attachment list);
  /// - macOS: the disk images the Finder mounts on opening (`cdr`, `dart`, `smi`, `toast`, Chromium
  ///   inspection type DMG, like `dmg`), `as` (expanded as a gzip archive), `service` (an
  ///   Automator service); elsewhere CorelDRAW drawings, Dart source, SAMI subtitles, ActionScript,
  ///   systemd units;
  /// - Linux: `out` (a compiled program's default name; elsewhere any output file).
  static let executableOnlyOn: [(platform: Platform, extensions: Set<String>)] = [
    (.windows, ["xml", "xsl", "xsd", "rels", "partial", "cfg", "ini", "tmp"]),
    (.macos, ["cdr", "dart", "smi", "toast", "as", "service"]),
    (.linux, ["out"]),
  ]

  /// Windows shortcuts: files the Windows shell follows, hands to a protocol handler or acts on
  /// by itself (following a link, loading DLLs, fetching an icon from a share just by showing the
  /// file). On windows and portable a name ending in one is neutralized whatever the policy, as
  /// Chromium's `IsShellIntegratedExtension` and its `DANGEROUS` level do for the first six;
  /// the rule holds for every shortcut: saved searches (`search-ms`, used in
  /// phishing to open an attacker's WebDAV share in Explorer), libraries and search connectors,
  /// remote-desktop connections, Exchange folder shortcuts, Access object shortcuts, and the shell's
  /// Send To targets (`desklink`, `mapimail`, and `mydocs`, `zfsendtotarget`: files
  /// whose type is a shell handler's CLSID, acted on by Explorer rather than opened as data).
  /// `{CLSID}` extensions count too (see `risk(of:)`). So do the types whose extension Explorer never
  /// shows, whatever the user's setting (the `NeverShowExt` value of their ProgIDs: `lnkfile`,
  /// `piffile`, `InternetShortcut`, `SHCmdFile`, `DocShortcut`, `ShellScrap`, `Application.Reference`):
  /// an `.appref-ms` (a ClickOnce reference that installs and runs its application), a `.pif` (a program
  /// information file, which Windows runs as a program when it holds PE code), `.shb` (a document
  /// shortcut) or `.shs` (a shell scrap object) shows as its stem alone, so `invoice.pdf.pif`
  /// looks like a PDF.
  static let windowsShortcuts: Set<String> = [
    "lnk", "pif", "shb", "shs", "appref-ms", "local", "url", "scf", "website", "settingcontent-ms", "library-ms",
    "searchconnector-ms", "search-ms",
    "appcontent-ms", "glk", "desklink", "mapimail", "mydocs", "zfsendtotarget", "rdp", "xnk", "mad", "maf", "mag",
    "mam", "maq", "mar", "mas", "mat", "mav", "maw",
  ]

  /// Windows theme files, neutralized on windows and portable whatever the policy, like shortcuts:
  /// Explorer reads one to show it and fetches the wallpaper, icons and cursors it names, from a
  /// UNC path too, which hands the user's NTLM credentials to that host (CVE-2024-21320), and
  /// opening one loads the visual style it points at, from a remote share too (CVE-2023-38146,
  /// "ThemeBleed": code execution). Their risk is `executable` (they are in `executable`).
  /// `deskthemepack` is the Windows 8+ theme pack (`desktopthemepackfile` its ProgID, listed too).
  /// Sources: Microsoft's blocked attachment lists (`theme`, `themepack`, `desktopthemepackfile`).
  static let windowsThemes: Set<String> = ["theme", "themepack", "deskthemepack", "desktopthemepackfile"]

  /// Apple location files: the Finder opens the URL inside (`webloc`, `inetloc`, `afploc`, `atloc`,
  /// `ftploc`, `mailloc`, `newsloc`, `smbloc`, `telnetloc`, `vncloc`) or the local file it names
  /// (`fileloc`). An `inetloc` naming a `file://` program ran it without a prompt (the Finder bug
  /// SSD Secure Disclosure published in September 2021); a `smbloc` or `afploc` mounts a share,
  /// a `vncloc` opens Screen Sharing, a `telnetloc` a terminal session. The list is every
  /// `com.apple.internet-location` type macOS declares (CoreTypes: web, generic, file, FTP, AFP,
  /// mail, news, VNC) with the Finder's older AppleTalk, SMB and Telnet ones (Firefox's
  /// `sExecutableExts` names `afploc`, `atloc`, `fileloc`, `ftploc`, `inetloc`, `webloc`). On macos and portable a name ending in one
  /// is neutralized whatever the policy; Windows and Linux open them as plain property lists.
  static let appleShortcuts: Set<String> = [
    "webloc", "inetloc", "fileloc", "afploc", "atloc", "ftploc", "mailloc", "newsloc", "smbloc", "telnetloc",
    "vncloc",
  ]

  /// Every shortcut: a file that points at something else, often remote, which the OS follows
  /// when it is opened (or shown).
  static let shortcut: Set<String> = windowsShortcuts.union(appleShortcuts)

  /// Document and media extensions a disguised executable pretends to have (`invoice.pdf.exe`).
  static let decoys: Set<String> = [
    "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf", "txt", "csv", "htm", "html",
    "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "webp", "heic", "svg", "mp3", "mp4", "m4a", "wav",
    "avi", "mov", "mkv", "wmv", "zip", "rar", "7z", "gz", "epub", "xml", "json", "docb", "indd",
  ]

  /// The risk of a name's last extension. Trailing dots and spaces are ignored first, as
  /// Windows ignores them (`evil.exe.` runs as `evil.exe`), and the extension is best-fit folded
  /// (`typeKey`: `invoice.ｅｘｅ` is an executable, on every platform, since the name becomes
  /// `invoice.exe` wherever an ANSI program handles it).
  /// With `platform`, the types only that platform runs count too (`executableOnlyOn`; every
  /// platform's on portable); without, only the tables that hold on every platform.
  /// An ASCII end is judged in place (`asciiExtensionKinds`, the same tables).
  static func risk(of name: Substring, on platform: Platform? = nil) -> FileRisk {
    if let kinds = asciiExtensionKinds(name) { return risk(kinds, on: platform) }
    return riskBySets(of: name, on: platform)
  }

  /// `risk(of:on:)` read from the Sets, for any name (the reference the ASCII path agrees with).
  static func riskBySets(of name: Substring, on platform: Platform?) -> FileRisk {
    guard let ext = typeExtension(name) else { return .ordinary }
    let lower = typeKey(ext)
    // `{CLSID}`: Windows hands a name ending in `.{…}` to the class it names.
    if lower.first == "{" && lower.last == "}" { return .shortcut }
    if executable.contains(lower) { return .executable }
    if shortcut.contains(lower) { return .shortcut }
    if let platform,
      executableOnlyOn.contains(where: {
        ($0.platform == platform || platform == .portable) && $0.extensions.contains(lower)
      })
    {
      return .executable
    }
    return .ordinary
  }

  /// Whether the shell of `platform` follows `name` by itself: its last extension (trailing dots
  /// and spaces ignored, best-fit folded as in `risk(of:)`) is a Windows shortcut, a Windows theme
  /// file or a `{CLSID}` on windows, an Apple location file on macos, any of them on portable;
  /// never on linux, whose file managers follow none of them (a `.desktop` launcher is an
  /// executable, under the policy).
  static func isFollowedByShell(_ name: Substring, on platform: Platform) -> Bool {
    guard platform != .linux else { return false }
    if let kinds = asciiExtensionKinds(name) { return isFollowedByShell(kinds, on: platform) }
    return isFollowedByShellBySets(name, on: platform)
  }

  /// `risk(of:on:)` and `isFollowedByShell` together, the extension read once (a name no step of
  /// the sanitizer changes is asked both).
  static func assess(_ name: Substring, on platform: Platform) -> (risk: FileRisk, followedByShell: Bool) {
    if let kinds = asciiExtensionKinds(name) {
      return (risk(kinds, on: platform), isFollowedByShell(kinds, on: platform))
    }
    return (riskBySets(of: name, on: platform), isFollowedByShellBySets(name, on: platform))
  }

  /// `isFollowedByShell` for an extension of the ASCII tables' `kinds`.
  static func isFollowedByShell(_ kinds: Kinds, on platform: Platform) -> Bool {
    switch platform {
    case .windows: !kinds.isDisjoint(with: [.windowsShortcut, .windowsTheme])
    case .macos: kinds.contains(.appleShortcut)
    case .portable: !kinds.isDisjoint(with: [.windowsShortcut, .appleShortcut, .windowsTheme])
    case .linux: false
    }
  }

  /// `isFollowedByShell` read from the Sets, for any name (the reference the ASCII path agrees with).
  static func isFollowedByShellBySets(_ name: Substring, on platform: Platform) -> Bool {
    guard platform != .linux, let ext = typeExtension(name) else { return false }
    let key = typeKey(ext)
    if platform.hasWindowsRules && key.first == "{" && key.last == "}" { return true }
    switch platform {
    case .windows: return windowsShortcuts.contains(key) || windowsThemes.contains(key)
    case .macos: return appleShortcuts.contains(key)
    case .portable: return shortcut.contains(key) || windowsThemes.contains(key)
    case .linux: return false
    }
  }

  /// An extension as the tables hold it: ASCII-lowercased after Windows' best-fit fold
  /// (`FilenameSanitizer.bestFitFolded`), so `ｅｘｅ` (fullwidth) or `ēxē` is `exe`: the name an
  /// ANSI program would create when it copies or extracts the file ("WorstFit").
  static func typeKey(_ ext: Substring) -> String {
    if ext.utf8.allSatisfy({ $0 < 0x80 }) { return FileExtension.lowercasedASCII(ext) }
    var folded = String.UnicodeScalarView()
    for s in ext.unicodeScalars {
      folded.append(Unicode.Scalar(FilenameSanitizer.bestFitFolded(s)) ?? s)
    }
    return FileExtension.lowercasedASCII(String(folded))
  }

  /// `name` without trailing dots and spaces, which Windows ignores: `.` and ` ` and what the
  /// best-fit fold turns into them (U+FF0E, U+3000, …), since an ANSI program writes those as dots
  /// and spaces too.
  static func trimmingWindowsEnd(_ name: Substring) -> Substring {
    // By scalars, not Characters: no grapheme breaking is needed, and a mark after a dot is not a dot.
    let scalars = name.unicodeScalars
    var end = scalars.endIndex
    while end > scalars.startIndex {
      let before = scalars.index(before: end)
      let v = FilenameSanitizer.bestFitFolded(scalars[before])
      guard v == 0x2E || v == 0x20 else { break }
      end = before
    }
    return name[..<end]
  }

  /// The text after the last dot (not a leading dot), or nil. A dot is `.` or a scalar the best-fit
  /// fold turns into one (`isExtensionDot`: U+FF0E, …), since `invoice．exe` becomes `invoice.exe`
  /// wherever an ANSI program handles it; `isDot` may widen that (`isDecoyDot`), never to another
  /// ASCII scalar (the ASCII path looks for `.` alone). With `limit`, only a dot among the last
  /// `limit + 1` scalars counts (an extension longer than any in the tables is none of theirs), so
  /// a megabyte without a dot is not walked.
  static func lastExtension(
    _ name: Substring, isDot: (Unicode.Scalar) -> Bool = isExtensionDot, within limit: Int = .max
  ) -> Substring? {
    let utf8 = name.utf8
    let from = limit >= utf8.count ? utf8.startIndex : utf8.index(utf8.endIndex, offsetBy: -(limit + 1))
    if !utf8[from...].contains(where: { $0 >= 0x80 }) {
      guard let dot = utf8[from...].lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return nil }
      let ext = name[utf8.index(after: dot)...]
      return ext.isEmpty ? nil : ext
    }
    let scalars = name.unicodeScalars
    var i = scalars.endIndex
    var walked = 0
    while i > scalars.startIndex && walked <= limit {
      let before = scalars.index(before: i)
      if isDot(scalars[before]) {
        guard before != scalars.startIndex else { return nil }
        let ext = name[scalars.index(after: before)...]
        return ext.isEmpty ? nil : ext
      }
      i = before
      walked += 1
    }
    return nil
  }

  /// The extension `risk` and `isFollowedByShell` judge: the last one, trailing dots and spaces
  /// aside. A dot is looked for among the last 65 scalars only, more than the longest extension
  /// of the tables (`desktopthemepackfile`, a 38-scalar `{CLSID}`), so a megabyte without a dot
  /// is not walked; except when the name ends in `}`, since any `.{…}` is judged a CLSID.
  static func typeExtension(_ name: Substring) -> Substring? {
    let trimmed = trimmingWindowsEnd(name)
    let endsInBrace = trimmed.unicodeScalars.last.map { FilenameSanitizer.bestFitFolded($0) == 0x7D } ?? false
    return lastExtension(trimmed, within: endsInBrace ? .max : 64)
  }

  /// A dot where a reader sees the one before an extension, which is where a decoy hides: an
  /// extension dot or a dot lookalike (`isDotLookalike`).
  static func isDecoyDot(_ s: Unicode.Scalar) -> Bool { isExtensionDot(s) || isDotLookalike(s) }

  /// Scalars a reader takes for the dot before an extension: what Unicode names a full stop or a
  /// single dot in any script (U+06D4 ARABIC FULL STOP, U+1362 ETHIOPIC FULL STOP, U+2E3C
  /// STENOGRAPHIC FULL STOP, U+FBB2 ARABIC SYMBOL DOT ABOVE, U+3002, U+30FB …), what UTS #39's
  /// confusables.txt maps to `.` (U+2024, U+0660, U+A4F8 …) or to a prototype drawn as a dot (the
  /// middle dot: U+2022 BULLET, U+2219, U+22C5; U+0971: U+02D9 DOT ABOVE; U+119E: U+318D HANGUL
  /// LETTER ARAEA; U+0F0B TIBETAN TSHEG; U+00B0: U+2E30 RING POINT; the combining dots: U+05C5 …).
  /// The rule is the generator's (`Scripts/generate-lookalikes.py`), the data Unicode's
  /// (`lookalikeTable`). ASCII is never one: the ASCII paths look for `.` alone.
  static func isDotLookalike(_ s: Unicode.Scalar) -> Bool { lookalike(s) == UInt8(ascii: ".") }

  /// Whether `s` reads as part of a word, a letter or a digit: what it passes for when it passes
  /// for something (`lookalikeTable`: U+2228 `∨` reads as `v`, U+00A1 `¡` as `i`; U+0640 ARABIC
  /// TATWEEL, a baseline stroke UTS #39 maps to `_`, and the dot lookalikes do not), else its
  /// general category (`isLetterOrDigit`). ASCII takes the category, with no lookup.
  static func readsAsLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
    if let b = lookalike(s) { return isLetterOrDigitByte(b) }
    return isLetterOrDigit(s)
  }

  /// An ASCII letter or digit (the table's letters are lowercase, but for `I`).
  private static func isLetterOrDigitByte(_ b: UInt8) -> Bool {
    ASCII.isDigit(b) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "I")
  }

  /// What the non-ASCII scalar `s` reads as, from `lookalikeTable`: `.`, a lowercase ASCII letter
  /// or digit, other ASCII punctuation, or nil (ASCII, or nothing it passes for). A binary search
  /// over 2,002 entries, made only for non-ASCII scalars of an extension or of the few scalars
  /// between a decoy and a dangerous extension.
  static func lookalike(_ s: Unicode.Scalar) -> UInt8? {
    guard s.value >= 0x80 else { return nil }
    let table = lookalikeTable
    let key = s.value << 8
    var low = 0
    var high = table.count
    while low < high {
      let mid = (low + high) / 2
      if table[mid] & ~0xFF < key { low = mid + 1 } else { high = mid }
    }
    guard low < table.count, table[low] & ~0xFF == key else { return nil }
    return UInt8(truncatingIfNeeded: table[low])
  }

  /// A decoy extension as a reader takes it, to compare with `decoys`: UTS #39's fold first
  /// (`рdf` with U+0440, `𝐩𝐝𝐟`, `ｐｄｆ`, Greek `ρ`, Armenian `օ` for `o`: `lookalike`), then the
  /// best-fit fold (`ēxē`), ASCII-lowercased, combining marks that look like no letter dropped
  /// (`a.pdf\u{301}.exe` still reads `.pdf`, and so does `pḍf` once decomposed); but a capital I, or what looks like one (`Ι`, `І`,
  /// `𝐈`), stays `I`: it reads as `i` without case and as `l` in a sans-serif font (`invoice.xIsx.exe`),
  /// and `isDecoy` tries both. An all-ASCII extension is only copied, with no lookup.
  static func decoyKey(_ ext: Substring) -> String {
    if ext.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: ext.utf8.map { $0 == UInt8(ascii: "I") ? $0 : ASCII.lowercase($0) }, as: UTF8.self)
    }
    // Decomposed first: a mark the sanitizer's NFC composed into a letter (`txṭ`, `pḍf`, `pdḟ`)
    // reads as the letter under it, as a mark left beside one does.
    var text = String(ext)
    let decomposed = text.withUTF8 { TextServices.normalize($0, form: .nfd) }.map {
      String(decoding: $0, as: UTF8.self)
    }
    var folded = String.UnicodeScalarView()
    for s in (decomposed ?? text).unicodeScalars {
      // What it looks like first (`σ` reads as `o`, though best fit makes it `s`), then what an
      // ANSI program makes of it (`ē` is `e`); a mark that looks like no letter is dropped.
      if let b = lookalike(s), isLetterOrDigitByte(b) {
        folded.append(Unicode.Scalar(b))
      } else if FilenameSanitizer.isMark(s) {
        continue
      } else {
        let v = FilenameSanitizer.bestFitFolded(s)
        folded.append(v < 0x80 ? Unicode.Scalar(v == 0x49 ? 0x49 : ASCII.lowercase(UInt8(v))) : s)
      }
    }
    return String(folded)
  }

  /// Whether `key` (`decoyKey`) is a decoy, reading each `I` as `i` and then as `l`.
  static func isDecoy(_ key: String) -> Bool {
    guard key.utf8.contains(UInt8(ascii: "I")) else { return readsAsDocument(key) }
    let asI = String(decoding: key.utf8.map { $0 == UInt8(ascii: "I") ? UInt8(ascii: "i") : $0 }, as: UTF8.self)
    let asL = String(decoding: key.utf8.map { $0 == UInt8(ascii: "I") ? UInt8(ascii: "l") : $0 }, as: UTF8.self)
    return readsAsDocument(asI) || readsAsDocument(asL)
  }

  /// Whether a lowercased extension names a file type a reader takes for something to open: one of
  /// `decoys`, or any registered extension (`MediaTypeRegistry`) that is not itself dangerous and
  /// whose most likely media type names a kind of file: documents, media, archives, e-books, mail,
  /// office and iWork files (`song.ogg.exe`, `notes.md.exe`, `design.psd.exe`,
  /// `Proposal.hwp.exe`, `Q3.xlsm.exe`, `Slides.ppsx.scr`, `Invoice.pages.app`).
  /// Not the types that say only "some bytes" or "an unfinished or spare copy" (`notDecoyTypes`:
  /// `bin`, `bak`, `old`, `part`), whose names are not a lure.
  static func readsAsDocument(_ key: String) -> Bool {
    if decoys.contains(key) || documentLikeExecutables.contains(key) { return true }
    guard !executable.contains(key), !shortcut.contains(key),
      let type = MediaTypeRegistry.mediaTypes(forExtension: key).first
    else { return false }
    return !notDecoyTypes.contains(type)
  }

  /// Extensions rated executable here that a reader still takes for a document
  /// (`Q3.xlsm.exe`, `Statement.eml.exe`): macro-enabled Office files, Visio drawings, mail and web
  /// archives, OneNote and Access files. The other executables read as programs, not as a lure.
  static let documentLikeExecutables: Set<String> = [
    "docm", "dotm", "xlsm", "xlsb", "xltm", "pptm", "potm", "ppsm", "sldm", "vsd", "vsdx", "vsdm", "vdx", "vss", "vssx",
    "vssm", "vst", "vstx", "vstm", "eml", "msg", "mht", "mhtml", "one", "onepkg", "accdb", "mdb",
  ]

  /// Registered types whose extensions are no lure before a dangerous one: unknown bytes, backups
  /// and trash, downloads in progress.
  static let notDecoyTypes: Set<String> = [
    "application/octet-stream", "application/x-trash", "application/x-partial-download",
  ]

  /// Whether the extension of `stem` reads as a decoy (`decoys`): the text after its last dot or
  /// dot lookalike (`isDecoyDot`), or, when that dot is a combining mark (a dot under a letter of
  /// the decoy itself: `p\u{323}df`), after its last dot that is not one. Only the last 64 scalars
  /// are looked at: no decoy is longer.
  static func endsInDecoy(_ stem: Substring) -> Bool {
    if let decoy = lastExtension(stem, isDot: isDecoyDot, within: 64), isDecoy(decoyKey(decoy)) {
      return true
    }
    let isSpacingDot: (Unicode.Scalar) -> Bool = { isDecoyDot($0) && !FilenameSanitizer.isMark($0) }
    guard let decoy = lastExtension(stem, isDot: isSpacingDot, within: 64) else { return false }
    return isDecoy(decoyKey(decoy))
  }

  /// `.`, or a scalar Windows' best-fit conversion turns into `.` (U+FF0E FULLWIDTH FULL STOP, …).
  static func isExtensionDot(_ s: Unicode.Scalar) -> Bool { FilenameSanitizer.bestFitFolded(s) == 0x2E }

  /// Disguises in a sanitized name whose risk is `risk`; `raw` is the input as given.
  /// - `double-extension`: a dangerous extension after a decoy one, with nothing between them that
  ///   reads as a letter or digit (`readsAsLetterOrDigit`: `invoice.pdf.exe`, `photo.jpg .exe`,
  ///   `invoice.pdf..exe`, `invoice.pdf._.exe`, `invoice.pdfꓸꓸꓸ.exe`, `invoice.pdf` + U+0640 TATWEEL
  ///   + `.exe`); the decoy's own dot may be a lookalike (`invoice\u{2024}pdf.exe`, `invoice۔pdf.exe`,
  ///   `isDotLookalike`) and its letters too (`invoice.рdf.exe`, `decoyKey`). Judged without the
  ///   trailing dots and spaces Windows drops, as `risk` is.
  /// - `whitespace-padding`: blank-looking scalars (whitespace, invisible, U+2800, the blank class
  ///   of `FilenameSanitizer.isBlank`) with other fillers, marks piled on one letter, or a long run
  ///   of dots or punctuation, right before the dangerous extension, pushing it out of view
  ///   (`photo.jpg      .exe`, `invoice.pdf⠀⠀⠀.exe`, `invoice.pdf. .exe`; see `paddedBeforeLastDot`).
  /// - `bidi-spoof`: the input used a bidi control, any of the twelve (UAX #9 §2: LRE RLE PDF LRO
  ///   RLO U+202A–U+202E, LRI RLI FSI PDI U+2066–U+2069, and the marks LRM U+200E, RLM U+200F,
  ///   ALM U+061C), which reorder what is shown (`invoice\u{202E}fdp.exe` shows as `invoiceexe.pdf`;
  ///   a mark is a strong character that flips the neutrals beside it, UTR #36 §2.1).
  static func disguises(sanitized: String, raw: String, risk: FileRisk, hadBidiOverride: Bool) -> [SanitizedFilename
    .Disguise]
  {
    var found: [SanitizedFilename.Disguise] = []
    if risk != .ordinary {
      // Judged as `risk` judged it: without the trailing dots and spaces Windows ignores, which
      // linux and macos keep (`invoice.pdf.exe.` runs as `invoice.pdf.exe` once it reaches Windows).
      let name = trimmingWindowsEnd(sanitized[...])
      let scalars = name.unicodeScalars
      var double = false
      if let dot = scalars.lastIndex(where: isExtensionDot), dot != name.startIndex {
        // Marks on the decoy (`a.pdf\u{301}.exe`) do not hide it: it still reads as `.pdf`. A dot
        // lookalike before it reads as its dot (`invoice\u{2024}pdf.exe` shows as `invoice․pdf`),
        // and a lookalike letter as the letter (`invoice.рdf.exe`, U+0440: `decoyKey`).
        double = endsInDecoy(name[..<decoyEnd(scalars, before: dot)])
      }
      let rawName = trimmingWindowsEnd(raw[...])
      let inside = paddingInside(rawName)
      if double || inside.followsDecoy { found.append(.doubleExtension) }
      if inside.long || paddedBeforeLastDot(rawName) { found.append(.whitespacePadding) }
    }
    if hadBidiOverride { found.append(.bidiSpoof) }
    return found
  }

  /// Where the text that separates a decoy from the dangerous extension at `dot` begins: walking
  /// back over whatever reads as neither a letter nor a digit, which hides nothing and separates
  /// nothing: spaces and marks on them (`pdf` + " \u{301}" × 60 + `.exe` keeps its spaces, since
  /// marks between them stop the collapse), more dots (`invoice.pdf..exe`, which Explorer shows as
  /// `invoice.pdf.` with extensions hidden), `_` left where something was removed, punctuation runs;
  /// over a long run of one uncased letter or digit, which pads as dots do (`ꓸ`, `ー`, `一`, `٠`);
  /// and over a number set apart from what precedes it (`invoice.pdf (1).exe`, `scan.jpg_2024-03.exe`,
  /// `invoice.pdf.2.exe`): the copy number browsers and file managers append, which leaves the decoy
  /// reading as the extension of a numbered copy. Digits joined to letters are
  /// name text (`report.pdf-v2.exe`, `song.mp3.exe`'s own `3`). Walked back by index: the name is not
  /// cut to its length limit yet, and re-slicing per scalar was quadratic.
  static func decoyEnd(_ scalars: Substring.UnicodeScalarView, before dot: Substring.Index) -> Substring.Index {
    var end = dot
    while end > scalars.startIndex {
      let previous = scalars.index(before: end)
      let s = scalars[previous]
      if !readsAsLetterOrDigit(s) {
        end = previous
        continue
      }
      if isDecimalDigit(s) {
        var start = previous
        while start > scalars.startIndex, isDecimalDigit(scalars[scalars.index(before: start)]) {
          start = scalars.index(before: start)
        }
        if start > scalars.startIndex, !readsAsLetterOrDigit(scalars[scalars.index(before: start)]) {
          end = start
          continue
        }
      }
      let run = repeatedRun(scalars, endingAt: end)
      guard run.count >= longFillerRun, canStandInForFiller(s) else { break }
      end = run.start
    }
    return end
  }

  /// A decimal digit in any script (general category Nd): `0`–`9`, `０`, `٣`.
  static func isDecimalDigit(_ s: Unicode.Scalar) -> Bool {
    if s.value < 0x80 { return ASCII.isDigit(UInt8(s.value)) }
    return ScalarTraits(s).category == .decimalNumber
  }

  /// Padding anywhere in `raw` before its last dot, with name text after it, which
  /// `paddedBeforeLastDot` does not see (`invoice.pdf` + 60 spaces + `x.exe`
  /// is shown as `invoice.pdf      …`). Runs of what is neither a letter nor a digit are counted as
  /// `paddedBeforeLastDot` counts them, in blank units and fillers (a run of `longFillerRun` or more
  /// of one uncased letter or digit is fillers, `canStandInForFiller`):
  /// - `long`: after some name text (a leading run is trimmed, as browsers and this sanitizer trim
  ///   one, and pushes nothing), a run of `longBlankRun` blank units or of `longPaddingRun` units
  ///   of any kind: it pushes whatever follows, the dangerous extension included, out of view;
  /// - `followsDecoy`: padding as `paddedBeforeLastDot` defines it (two units, one of them blank,
  ///   or `longFillerRun` fillers) right after a decoy extension (`endsInDecoy`): the decoy is what
  ///   a reader takes for the name's end.
  /// One pass; a decoy is looked for (64 scalars at most) only after a run that held a dot, once
  /// per padded run, so the cost stays linear however many runs there are.
  static func paddingInside(_ raw: Substring) -> (long: Bool, followsDecoy: Bool) {
    guard let dot = raw.unicodeScalars.lastIndex(where: isExtensionDot) else { return (false, false) }
    var text = String(raw[..<dot])
    return text.withUTF8 { paddingInside(raw, utf8: $0) }
  }

  /// `paddingInside` over the UTF-8 of the text before the last dot (`raw`'s start): scalars are
  /// decoded from the bytes and classed through a one-entry cache (a run repeats one scalar), so a
  /// megabyte of marks or blanks costs a few instructions a scalar.
  private static func paddingInside(_ raw: Substring, utf8 u: UnsafeBufferPointer<UInt8>) -> (
    long: Bool, followsDecoy: Bool
  ) {
    var long = false
    var followsDecoy = false
    var runStart = -1
    var blanks = 0
    var fillers = 0
    var marks = 0
    var onBlank = false
    var dotBefore = false
    var dotInRun = false
    var cache = PaddingClassCache()
    func endRun() {
      if runStart >= 0 {
        if runStart > 0 && (blanks >= longBlankRun || blanks + fillers >= longPaddingRun) { long = true }
        let padded = isPadding(blanks: blanks, fillers: fillers)
        if padded && dotBefore && endsInDecoy(raw[..<raw.utf8.index(raw.startIndex, offsetBy: runStart)]) {
          followsDecoy = true
        }
        if padded { dotBefore = false }
      }
      if dotInRun { dotBefore = true }
      runStart = -1
      blanks = 0
      fillers = 0
      dotInRun = false
    }
    var i = 0
    while i < u.count && !(long && followsDecoy) {
      let (s, next) = UTF8Validation.scalar(in: u, at: i)
      switch cache.paddingClass(of: s) {
      case .blank:
        if runStart < 0 { runStart = i }
        blanks += 1
        onBlank = true
        marks = 0
      case .mark(let isDot):
        // A blank's marks are its own; a letter or a filler keeps `legibleMarks`, more are a pile.
        marks += 1
        if isDot { dotInRun = true }
        if !onBlank && marks > legibleMarks {
          if runStart < 0 { runStart = i }
          blanks += 1
        }
      case .letter(let canFill):
        onBlank = false
        marks = 0
        if canFill {
          // A long run of one uncased letter or digit is fillers (`ー` × 10).
          var end = next
          var count = 1
          while end < u.count {
            let (t, after) = UTF8Validation.scalar(in: u, at: end)
            guard t == s else { break }
            end = after
            count += 1
          }
          if count >= longFillerRun {
            if runStart < 0 { runStart = i }
            fillers += count
            i = end
            continue
          }
        }
        endRun()
      case .filler(let isDot):
        if runStart < 0 { runStart = i }
        if isDot { dotInRun = true }
        fillers += 1
        onBlank = false
        marks = 0
      }
      i = next
    }
    endRun()
    return (long, followsDecoy)
  }

  /// What a scalar is to `paddingInside`.
  enum PaddingClass: Equatable {
    case blank
    case mark(isDot: Bool)
    case letter(canFill: Bool)
    case filler(isDot: Bool)
  }

  /// `PaddingClass` of the last scalar asked, kept.
  struct PaddingClassCache {
    private var last: Unicode.Scalar? = nil
    private var lastClass = PaddingClass.blank

    mutating func paddingClass(of s: Unicode.Scalar) -> PaddingClass {
      if s == last { return lastClass }
      let c: PaddingClass
      if FilenameSanitizer.isBlankPadding(s) {
        c = .blank
      } else if FilenameSanitizer.isMark(s) {
        c = .mark(isDot: isDecoyDot(s))
      } else if readsAsLetterOrDigit(s) {
        c = .letter(canFill: canStandInForFiller(s))
      } else {
        c = .filler(isDot: isDecoyDot(s))
      }
      last = s
      lastClass = c
      return c
    }
  }

  /// Whether a run of `blanks` blank units and `fillers` fillers is padding (`paddedBeforeLastDot`,
  /// `paddingInside`): two units of which one is blank, or `longFillerRun` fillers.
  static func isPadding(blanks: Int, fillers: Int) -> Bool {
    (blanks >= 1 && blanks + fillers >= 2) || fillers >= longFillerRun
  }

  /// How many blank units in one run pad a name wherever the run stands (`paddingInside`): more
  /// than the double space a typist leaves, enough to push what follows across a column.
  static let longBlankRun = 4

  /// How many units of any kind (blank units and fillers: `_`, `-`, dots, `ー`) in one run pad a
  /// name wherever the run stands (`paddingInside`): twice the `longFillerRun` that pads right
  /// before an extension, longer than any separator or rule a name draws with them.
  static let longPaddingRun = 16

  /// Whether padding sits right before the last dot of `raw`: what renders blank, piles up or
  /// only repeats, not only whitespace. Walking back from the dot to the last letter or digit:
  /// - a blank unit is a blank-looking cluster (a blank-looking scalar: whitespace, a
  ///   Default_Ignorable such as a Hangul filler, U+2800, or the blank class: U+1D159, U+FFFC,
  ///   private-use, unassigned; with any combining marks after it: a mark on a blank draws at most
  ///   an accent, and it keeps spaces apart so they do not collapse, `invoice.pdf` + 60 × " \u{301}"
  ///   + `.exe`), or a combining mark beyond the `legibleMarks` a letter
  ///   carries in text (`invoice.pdf` + 30 × U+0332 + `.exe`), or a mark with no letter before it;
  /// - a filler is any other scalar that is neither a letter nor a digit: a dot, `_`, `-`, U+2024,
  ///   U+0F0B, punctuation; and each scalar of a run of `longFillerRun` or more of one uncased letter
  ///   or digit (`canStandInForFiller`: `ꓸ` U+A4F8, `ー`, `一`, `٠` look like dots and dashes).
  /// Padding is two units of which one is blank (`invoice.pdf. .exe`, `invoice.pdf.\u{200B}.exe`,
  /// `photo.jpg  .exe`), or a run of `longFillerRun` fillers (`invoice.pdf` + 40 dots + `exe`). A
  /// mark or two on the decoy (`a.pdf\u{301}.exe`, Vietnamese `bệ.exe` in NFD), one space or one
  /// extra dot is no padding.
  private static func paddedBeforeLastDot(_ raw: Substring) -> Bool {
    let scalars = raw.unicodeScalars
    guard let dot = scalars.lastIndex(where: isExtensionDot) else { return false }
    var blanks = 0
    var fillers = 0
    var marks = 0
    func padded() -> Bool { isPadding(blanks: blanks, fillers: fillers) }
    var i = dot
    while i > scalars.startIndex && !padded() {
      i = scalars.index(before: i)
      let s = scalars[i]
      if FilenameSanitizer.isBlankPadding(s) {
        // An invisible the sanitizer keeps for its neighbours (the ZWJ of 👩‍👩, VS16, a Persian
        // ZWNJ) belongs to what it joins, and pads nothing.
        let after = scalars.index(after: i)
        let before = i > scalars.startIndex ? scalars[scalars.index(before: i)] : nil
        if FilenameSanitizer.keepsInvisible(s, previous: before, next: after < scalars.endIndex ? scalars[after] : nil)
        {
          continue
        }
        // A blank cluster: the marks after it are its own.
        blanks += 1
        marks = 0
      } else if FilenameSanitizer.isMark(s) {
        marks += 1
      } else {
        // A letter or digit keeps the marks text needs, and so does a filler; more are a pile.
        blanks += max(0, marks - legibleMarks)
        marks = 0
        if readsAsLetterOrDigit(s) {
          // A long run of one uncased letter or digit is a filler run (`invoice.pdf` + 40 × `ー` U+30FC).
          guard canStandInForFiller(s) else { return padded() }
          let run = repeatedRun(scalars, endingAt: scalars.index(after: i))
          guard run.count >= longFillerRun else { return padded() }
          fillers += run.count
          i = run.start
          continue
        }
        fillers += 1
      }
    }
    blanks += marks
    return padded()
  }

  /// Whether a run of `s` can stand in for a run of dots or dashes: a letter or digit outside ASCII
  /// that has no case (`ꓸ` U+A4F8, `ᐧ` U+1427, `ˍ` U+02CD, `ー` U+30FC, `一` U+4E00, `ㅡ` U+3161,
  /// `٠` U+0660). Cased letters and ASCII digits repeat in real names (`AAAA`, `zzzz`, `0000`).
  static func canStandInForFiller(_ s: Unicode.Scalar) -> Bool {
    guard s.value >= 0x80 else { return false }
    switch ScalarTraits(s).category {
    case .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber: return true
    default: return false
    }
  }

  /// The run of one repeated scalar that ends right before `end`: where it starts and how long it is.
  static func repeatedRun<View: BidirectionalCollection<Unicode.Scalar>>(_ scalars: View, endingAt end: View.Index)
    -> (start: View.Index, count: Int)
  {
    guard end > scalars.startIndex else { return (end, 0) }
    let last = scalars[scalars.index(before: end)]
    var start = end
    var count = 0
    while start > scalars.startIndex, scalars[scalars.index(before: start)] == last {
      start = scalars.index(before: start)
      count += 1
    }
    return (start, count)
  }

  /// How many fillers in a row (dots, `_`, `-`, punctuation) pad a name without any blank: more
  /// than any separator text uses (`a.pdf_-.exe` is no padding), fewer than a column needs to
  /// push the extension out of view.
  static let longFillerRun = 8

  /// Whether `s` is a letter or a digit (general categories L and N): what names are made of,
  /// as opposed to what only separates, repeats or renders blank.
  static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
    switch ScalarTraits(s).category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }

  /// How many combining marks one letter carries in ordinary text before more of them are
  /// padding: Vietnamese stacks two (U+0323 U+0302 on `e`), pointed Hebrew and Devanagari three
  /// (a vowel sign, a nukta, a nasal); more than that is a pile, not spelling.
  static let legibleMarks = 3
}
