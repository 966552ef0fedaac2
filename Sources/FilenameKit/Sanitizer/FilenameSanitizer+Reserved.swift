// Windows reserved device names, the file names its shell acts on by themselves, and names in
// the form of NTFS 8.3 short-name aliases.

extension FilenameSanitizer {
  /// Whether `name` is a Windows reserved device name: CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9,
  /// COM¹ COM² COM³, LPT¹ LPT² LPT³, CONIN$, CONOUT$, and CLOCK$ (reserved by older Windows, and by
  /// Chromium's `IsReservedNameOnWindows`), in any ASCII case, alone or followed by an
  /// extension (`nul.tar.gz`). Windows looks at the part before the first dot, ignoring trailing
  /// spaces (`CON .txt` is CON too). The name is first folded as Windows' best-fit conversion to an
  /// ANSI code page would (fullwidth `ＣＯＮ` is `CON`, U+3000 is a space, U+FF0E is a dot).
  public static func isReservedOnWindows(_ name: some StringProtocol) -> Bool {
    reservedBaseEnd(Substring(name)) != nil
  }

  /// The end of the reserved base name (before trailing spaces), or nil when the name is not reserved.
  /// Decided on the best-fit folded form (`bestFitFolded`), as an ANSI program would pass the name
  /// to Windows: `ＣＯＮ.txt` is `CON.txt`, `AUX　.txt` (U+3000) is `AUX .txt`, `NUL．txt` is `NUL.txt`.
  static func reservedBaseEnd(_ name: Substring) -> Substring.Index? {
    // By scalars: as Characters, "." followed by a combining mark is not "." (`con.\u{301}` hid CON).
    let scalars = name.unicodeScalars
    // Every reserved name begins with C, P, A, N or L (either case, once folded): anything else is
    // answered before the name is scanned.
    guard let first = scalars.first else { return nil }
    switch bestFitFolded(first) | 0x20 {
    case 0x63, 0x70, 0x61, 0x6E, 0x6C: break
    default: return nil
    }
    let base = scalars[..<(scalars.firstIndex(where: { bestFitFolded($0) == 0x2E }) ?? scalars.endIndex)]
    var end = base.endIndex
    while end > base.startIndex, bestFitFolded(base[base.index(before: end)]) == 0x20 {
      end = base.index(before: end)
    }
    let trimmed = base[..<end]
    // The longest reserved name is CONOUT$ (7 scalars); COM¹ is 4.
    guard trimmed.count >= 3, trimmed.count <= 7 else { return nil }
    var upper: [UInt32] = []
    for s in trimmed {
      // ¹ ² ³ stay themselves (they are their own reserved names, and some tables fold them to digits).
      let v = s.value == 0xB2 || s.value == 0xB3 || s.value == 0xB9 ? s.value : bestFitFolded(s)
      upper.append((0x61...0x7A).contains(v) ? v - 0x20 : v)
    }
    return isReservedUppercased(upper) ? end : nil
  }

  private static func isReservedUppercased(_ u: [UInt32]) -> Bool {
    func word(_ w: StaticString) -> [UInt32] {
      var out: [UInt32] = []
      let p = w.utf8Start
      for i in 0..<w.utf8CodeUnitCount { out.append(UInt32(p[i])) }
      return out
    }
    if u.count == 3 {
      return u == word("CON") || u == word("PRN") || u == word("AUX") || u == word("NUL")
    }
    if u.count == 4 {
      let head = Array(u[0..<3])
      guard head == word("COM") || head == word("LPT") else { return false }
      let d = u[3]
      // digits 0–9 and the superscripts ¹ ² ³
      return (0x30...0x39).contains(d) || d == 0xB9 || d == 0xB2 || d == 0xB3
    }
    return u == word("CONIN$") || u == word("CONOUT$") || u == word("CLOCK$")
  }

  /// Whether `name` is a file the Windows shell reads by itself from any folder it shows or
  /// mounts: `desktop.ini` (folder customization, can point the icon at a share), `Thumbs.db`
  /// (the thumbnail cache), `autorun.inf` (AutoPlay), and `ehthumbs.db` and
  /// `ehthumbs_vista.db` (Windows Media Center's thumbnail caches) and `folder.htt` (the folder's
  /// Web View template, HTML with script Explorer renders when it shows the folder), in any ASCII
  /// case. Chromium's `IsReservedNameOnWindows` lists the first two; the third is Windows' AutoPlay
  /// file. Decided,
  /// like the device names, on the best-fit folded form (`ｄｅｓｋｔｏｐ.ini` is `desktop.ini`
  /// to an ANSI program, and U+FF0E is a dot).
  public static func isShellNameOnWindows(_ name: some StringProtocol) -> Bool {
    shellNameBaseEnd(Substring(name)) != nil
  }

  /// The end of the base name (before the first folded dot) of a shell name, or nil.
  static func shellNameBaseEnd(_ name: Substring) -> Substring.Index? {
    // A name that does not begin with the first letter of one of them once folded is none of
    // them: answered before allocating (most names).
    guard let first = name.unicodeScalars.first, case let f = bestFitFolded(first), f < 0x80,
      shellNameFirstLetters.contains(ASCII.lowercase(UInt8(f)))
    else { return nil }
    var folded: [UInt8] = []
    folded.reserveCapacity(longestShellName)
    var dot: Substring.Index?
    let scalars = name.unicodeScalars
    for i in scalars.indices {
      let v = bestFitFolded(scalars[i])
      guard folded.count < longestShellName, v < 0x80 else { return nil }
      if v == 0x2E && dot == nil { dot = i }
      folded.append(ASCII.lowercase(UInt8(v)))
    }
    guard let dot else { return nil }
    return shellNames.contains { folded.elementsEqual($0.utf8) } ? dot : nil
  }

  /// The names of `isShellNameOnWindows`, lowercase.
  static let shellNames = ["desktop.ini", "thumbs.db", "autorun.inf", "ehthumbs.db", "ehthumbs_vista.db", "folder.htt"]

  /// The first letters of `shellNames`.
  static let shellNameFirstLetters = ASCIISet(shellNames.compactMap(\.utf8.first))

  /// The length of the longest of `shellNames` (`ehthumbs_vista.db`), so longer names stop early.
  static let longestShellName = 17

  /// The `~` of a name in the form of an NTFS 8.3 short name (`SETUP~1.EXE`, `DESKTO~1.INI`,
  /// `PROGRA~1`), or nil. On a volume that keeps short names (the default on the Windows system
  /// volume) such a name can be the alias of an existing file with a long name, so opening it
  /// writes through to that file and past checks made on long names (`desktop.ini` is a shell name;
  /// `DESKTO~1.INI` can be the same file). Git refuses such names for the same reason
  /// (core.protectNTFS; CVE-2014-9390, CVE-2019-1353). The form: a base of 3–8 scalars, at most one
  /// dot, then an extension of at most 3; the base ends with `~` and digits, the first of them
  /// 1–9, with something before the `~`. Decided on the best-fit folded form like the device
  /// names (U+FF5E is `~`), in any case. Short names are ASCII here, so a name with a scalar that
  /// does not fold to printable ASCII is not one.
  static func shortNameAliasTilde(_ name: Substring) -> Substring.Index? {
    // 8 + dot + 3 scalars of at most 4 bytes each: a longer name is answered without a look, and
    // so is a name of ASCII without a `~` (most names; only a `~` or a lookalike makes one).
    guard name.utf8.count <= 48, ASCII.containsByte(in: name, where: { $0 == UInt8(ascii: "~") || $0 >= 0x80 })
    else { return nil }
    let scalars = name.unicodeScalars
    var count = 0
    var dot: Int? = nil
    var tilde: (index: Substring.Index, at: Int)? = nil
    var digits = 0
    var leadingZero = false
    var i = scalars.startIndex
    while i < scalars.endIndex {
      let v = bestFitFolded(scalars[i])
      guard count < 12, v > 0x20, v < 0x7F else { return nil }
      if v == 0x2E {
        guard dot == nil else { return nil }
        dot = count
      } else if dot == nil {
        if v == 0x7E {
          (tilde, digits, leadingZero) = ((i, count), 0, false)
        } else if tilde != nil && (0x30...0x39).contains(v) {
          if digits == 0 { leadingZero = v == 0x30 }
          digits += 1
        } else {
          tilde = nil
        }
      }
      count += 1
      scalars.formIndex(after: &i)
    }
    let base = dot ?? count
    guard base >= 3, base <= 8, count - base <= 4, let tilde, tilde.at >= 1, digits >= 1, !leadingZero,
      tilde.at + 1 + digits == base
    else { return nil }
    return tilde.index
  }
}
