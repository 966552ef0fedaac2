import FilenameKit

/// `filenamekit path URL`: the relative path a URL's file gets in a mirror (`MirrorPath`).
enum PathCommand: ToolCommand {
  static let name = "path"
  static let abstract = "The relative path host/dir/…/name of a URL in a mirror."
  static let valueOptions: Set<String> = CharsetArguments.valueOptions.union(
    DestinationArgument.valueOptions.union(["--platform", "--index-name", "--name", "--max-query-length"]))
  static let flagOptions: Set<String> = CharsetArguments.flagOptions.union(
    DestinationArgument.flagOptions.union(["--json"]))
  static let help = """
    USAGE: filenamekit path <url> [--platform P] [--dest DIR [--long-paths]] [--index-name N]
                              [--name NAME] [--max-query-length N]
                              \(CharsetArguments.usage) [--json]

    Shows where a URL's file goes in a mirror or an archive extraction, as 'wget -x' lays it
    out: host/dir/.../name. The host is lowercased (IDNA in Unicode), userinfo dropped, a port
    other than the default kept (host:port on linux, host+port elsewhere); '.' and '..' are
    resolved as the URL Standard resolves them (%2e%2e too); each segment is percent-decoded
    and sanitized for the platform, so no segment is '.', '..' or empty or holds a separator
    (%2F stays inside its segment). A directory URL gets the index name; the query is folded
    into the name (name?query, name@query on windows and portable), as a hash when long. The
    whole path fits the path limit: the longest segments are cut first, each ending in '~'
    and a hash, and directories that cannot fit are folded into one hashed segment.

    OPTIONS:
      --platform P               linux, macos, windows or portable (default: this machine's,
                                 \(Platform.current.rawValue), or with --dest the rules of its file system).
      --dest DIR                 The directory the mirror goes into: the whole path stays
                                 within its path limit (Windows 260, macOS 1024, Linux 4096)
                                 and NAME_MAX. A directory that does not exist or cannot be
                                 opened is an error.
      --long-paths               With --dest: the application declares Windows long paths.
      --index-name N             The file name of a directory URL (default index.html).
      --name NAME                The file's name (a Content-Disposition name): replaces the
                                 URL's last segment and its query.
      --max-query-length N       A longer query is written as its hash (default 64, in the
                                 platform's unit).
    \(CharsetArguments.help)
      --json                     One JSON object, as the batch 'path' op prints it.

    A URL without a scheme or a host, a scheme that names no file on a host (data:, file:,
    mailto:), or a bad port exits 65 with the reason.

    EXAMPLES:
      filenamekit path "https://Example.com:8443/docs/%E4%B8%AD/a%2Fb.pdf?v=2#top"
      filenamekit path --platform windows "http://example.com/CON/aux.txt?q=a:b"
      filenamekit path --index-name index.htm "https://example.com/docs/"
      filenamekit path --dest . --json "https://example.com/a/../b/c.tar.gz"

    """

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one URL") }
    var options = MirrorPathOptions()
    if let p = a.value("--platform") {
      guard let known = Platform(rawValue: p) else {
        throw UsageError("--platform: unknown platform '\(TerminalText.escape(p))' (linux, macos, windows, portable)")
      }
      options.platform = known
    }
    let destination = try DestinationArgument.destination(a, platform: options.platform)
    if let destination {
      options.platform = destination.platform
      options.budget = destination.budget
    }
    if let index = a.value("--index-name") {
      guard !index.isEmpty else { throw UsageError("--index-name: empty") }
      options.indexName = index
    }
    if let s = a.value("--max-query-length") {
      guard let n = Int(s), n >= 0 else { throw UsageError("--max-query-length: not a whole number: '\(s)'") }
      options.maxQueryLength = n
    }
    let charset = try CharsetArguments(a)
    options.decoding.detectCharset = charset.detect
    options.decoding.fallbackCharset = charset.charset
    let p: MirrorPath
    do throws(MirrorPathError) {
      p = try MirrorPath.make(url: SuggestRequest.urlText(a.positionals[0]), name: a.value("--name"), options: options)
    } catch {
      io.writeErr("filenamekit path: \(TerminalText.escape(error.description))\n")
      return ExitStatus.dataError
    }
    if a.has("--json") {
      var fields = BatchPath.fields(p)
      if let destination {
        fields.append(("full_path", .string(p.path(in: destination.budget))))
      }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return ExitStatus.ok
    }
    var s = "path:      \(TerminalText.escape(p.path))\n"
    if let destination { s += "full path: \(TerminalText.escape(p.path(in: destination.budget)))\n" }
    s += "length:    \(p.length) of \(p.room) \(p.platform.lengthUnitName) (\(p.platform.rawValue))\n"
    if !p.steps.isEmpty {
      s += "steps:\n"
      for step in p.steps { s += "  \(TerminalText.escape(step.description))\n" }
    }
    if !p.diagnostics.isEmpty {
      s += "diagnostics:\n"
      for d in p.diagnostics { s += "  \(TerminalText.escape(d.description))\n" }
    }
    io.writeOut(s)
    return ExitStatus.ok
  }
}
