import FilenameKit

/// `filenamekit sanitize NAME`: make a name safe for a platform and show every change.
enum SanitizeCommand: ToolCommand {
  static let name = "sanitize"
  static let abstract = "Make a file name safe for a platform; report changes and risk."
  static let help = """
    USAGE: filenamekit sanitize <name> [--hex] [--platform P] [--max-length N] [--reserve N]
                                  [--replacement S] [--nfd] [--neutralize] [--ascii]
                                  [--dest DIR [--long-paths]] [--json]

    Sanitizes a file name: Unicode normalization, removal of controls, bidi controls and
    invisible characters, replacement of path separators and forbidden characters, whitespace
    cleanup, leading dots, Windows trailing dots and reserved names, and the length limit
    (cut at grapheme boundaries, keeping the extension). Also classifies the name as
    executable, shortcut or ordinary and reports disguises (double extension, bidi spoof).

    OPTIONS:
      --platform P        linux, macos, windows or portable (default: this machine's, \(Platform.current.rawValue)).
      --max-length N      A limit below the platform's 255, in its unit (bytes; UTF-16 units
                          on windows).
      --reserve N         Keep N units free for a uniqueness suffix such as " (12)"; below the
                          limit. Never all of it when that would cut the extension off.
      --nfd               Normalize to NFD instead of NFC.
      --replacement S     Replaces separators and forbidden characters (default "_"): at most
                          8 characters the platform allows in a name, none of them '.' or a space.
      --neutralize        Append ".download" to executables and shortcuts.
      --ascii             Plain ASCII: other scripts transliterated by ICU (Any-Latin;
                          Latin-ASCII), what has none replaced.
      --hex               The name is given as hex bytes (for NUL and other controls); bytes
                          that are not UTF-8, here or in <name>, are kept as %XX.
      --dest DIR          The directory the file goes into. Its file system chooses the rules
                          unless --platform is given (vfat, exfat, ntfs, cifs/smb: windows;
                          apfs, hfs: macos; ext4, xfs, btrfs, tmpfs: linux), and the name is
                          fitted so that the whole path stays within the path limit (Windows
                          260, macOS 1024, Linux 4096) and NAME_MAX. A directory that does not
                          exist or cannot be opened is an error.
      --long-paths        With --dest: the application declares Windows long paths.
      --json              One JSON object, as the batch 'sanitize' op prints it.

    EXAMPLES:
      filenamekit sanitize '../../etc/passwd'
      filenamekit sanitize --platform windows 'CON.txt'
      filenamekit sanitize --platform portable --max-length 64 "$(printf 'a%.0s' {1..300}).tar.gz"
      filenamekit sanitize --hex 696e766f696365e280ae6664702e657865
      filenamekit sanitize --json --platform windows 'report: final?.pdf'
      filenamekit sanitize --ascii '会议纪要 2024.docx'

    """

  static let valueOptions: Set<String> = DestinationArgument.valueOptions.union([
    "--platform", "--max-length", "--reserve", "--replacement",
  ])
  static let flagOptions: Set<String> = DestinationArgument.flagOptions.union([
    "--nfd", "--json", "--hex", "--neutralize", "--ascii",
  ])

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one name") }
    // Bytes, not a String: a byte that is not UTF-8 is kept visible as %XX and reported.
    var name = a.positionals[0]
    if a.has("--hex") {
      guard let bytes = Hex.decode(a.positional(0)) else { throw UsageError("--hex: not an even-length hex string") }
      name = bytes
    }
    var platform = Platform.current
    if let p = a.value("--platform") {
      guard let known = Platform(rawValue: p) else {
        throw UsageError("--platform: unknown platform '\(TerminalText.escape(p))' (linux, macos, windows, portable)")
      }
      platform = known
    }
    var options = SanitizerOptions()
    if let s = a.value("--max-length") {
      do throws(BatchError) {
        options.maxLength = try SuggestRequest.positiveInteger(.string(s), name: "--max-length", text: true)
      } catch {
        throw UsageError(error.message)
      }
    }
    let destination = try DestinationArgument.destination(a, platform: platform)
    if let destination {
      platform = destination.platform
      options = destination.budget.options(options)
    }
    options.reservedSuffixLength = try ReserveArgument.value(a, platform: platform, maxLength: options.maxLength)
    if let r = a.value("--replacement") {
      // Said, not silently swapped for `_`.
      guard FilenameSanitizer.isUsableReplacement(r, on: platform) else {
        throw UsageError(
          "--replacement '\(TerminalText.escape(r))' cannot be used on \(platform.rawValue): at most \(FilenameSanitizer.maxReplacementLength) characters, none of them a separator, forbidden, control, invisible, space, '.' or combining mark"
        )
      }
      options.replacement = r
    }
    if a.has("--nfd") { options.normalization = .nfd }
    if a.has("--neutralize") { options.dangerousTypes = .neutralize }
    if a.has("--ascii") { options.asciiOnly = true }

    let result = FilenameSanitizer.sanitize(utf8: name, for: platform, options: options)
    if a.has("--json") {
      var fields = BatchSanitize.fields(result)
      if let destination {
        fields.append(
          (
            "destination",
            .object(JSONFieldList.collect { DestinationArgument.write(destination, name: result.name, to: &$0) })
          ))
      }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return ExitStatus.ok
    }
    var out = describe(result, platform: platform, options: options)
    if let destination {
      out += DestinationArgument.summary(destination, name: result.name, labels: ("path:      ", "fs:        "))
    }
    io.writeOut(out)
    return ExitStatus.ok
  }

  /// The readable form.
  static func describe(_ r: SanitizedFilename, platform: Platform, options: SanitizerOptions) -> String {
    var s = "filename:  \(TerminalText.escape(r.name))\n"
    let limit = min(platform.maxLength, options.maxLength ?? platform.maxLength)
    s += "length:    \(platform.length(of: r.name)) of \(limit) \(platform.lengthUnitName) (\(platform.rawValue))\n"
    s += "risk:      \(r.risk.rawValue)"
    if !r.disguise.isEmpty { s += " (disguise: \(r.disguise.map(\.rawValue).joined(separator: ", ")))" }
    s += "\n"
    if r.changes.isEmpty {
      s += "changes:   none\n"
    } else {
      s += "changes:\n"
      let width = (r.changes.map(\.code.rawValue.count).max() ?? 0) + 2
      for c in r.changes { s += "  " + c.code.rawValue.padding(to: width) + TerminalText.escape(c.detail) + "\n" }
    }
    return s
  }
}
