import FilenameKit

/// `filenamekit suggest`: the whole pipeline, with `--explain`.
enum SuggestCommand: ToolCommand {
  static let name = "suggest"
  static let abstract = "Suggest a safe file name for a download, and say whether it downloads."
  static let valueOptions: Set<String> = CharsetArguments.valueOptions.union(DestinationArgument.valueOptions).union([
    "--url", "--content-disposition", "--content-disposition-hex", "--content-type", "--suggested-name",
    "--default-name", "--platform", "--max-length", "--renderer", "--content-file", "--content-hex", "--language",
    "--reserve", "--template", "--field", "--response-head",
  ])
  static let flagOptions: Set<String> = CharsetArguments.flagOptions.union(DestinationArgument.flagOptions).union([
    "--json", "--explain", "--strict", "--nfd", "--neutralize", "--ascii",
  ])
  static let help = """
    USAGE: filenamekit suggest [--url U] [--content-disposition V | --content-disposition-hex H]
                               [--content-type T] [--suggested-name N] [--default-name N]
                               [--content-file PATH | --content-hex H] [--response-head FILE|-]
                               \(CharsetArguments.usage) [--language L]
                               [--platform linux|macos|windows|portable] [--max-length N]
                               [--reserve N] [--renderer webview|none] [--strict] [--nfd]
                               [--neutralize] [--ascii] [--template T [--field NAME=VALUE ...]]
                               [--dest DIR [--long-paths]] [--json] [--explain]

    Runs the whole pipeline: parses the headers and the URL, picks the name by precedence
    (filename*, filename, suggested name, URL query, URL path, host, default name, "download"),
    fixes the extension from the media type, sanitizes for the platform, and decides whether the
    response downloads or displays. --explain prints every decision. At least one of --url,
    --content-disposition(-hex), --content-type, --suggested-name or --content-file/--content-hex
    is required. A registered extension the media type does not claim is kept, and shown on a
    'mismatch:' line ("extension_mismatch" in --json): setup.exe served as application/pdf.

    The body's first bytes (--content-file, --content-hex) name a file by what it is when the
    declared type is absent or generic (application/octet-stream and the like): 'export' with a
    ZIP body becomes 'export.zip'. An extension that would make the name runnable (.exe, .sh, .lnk,
    ...) is never added from the bytes: 'setup' with a PE body stays 'setup', risk executable. An
    executable behind a harmless name or type (a PE body served as invoice.pdf) is flagged: risk
    executable, disguise content-mismatch. At most the first 4096 bytes are read.

    Option values are taken as the bytes the shell passed, so a raw 8-bit header value reaches
    the parser unchanged; --content-disposition-hex is for bytes a shell cannot type.

    OPTIONS:
      --url U                    The response URL (after redirects). Bytes that are not UTF-8 are
                                 %-escaped, as a browser sends them.
      --content-disposition V    The Content-Disposition value, as bytes.
      --content-disposition-hex H  The same as hex bytes (spaces allowed).
      --content-type T           The Content-Type value.
      --suggested-name N         A caller's name (an HTML download attribute).
      --default-name N           The name to use when nothing else survives.
      --content-file PATH        The body's leading bytes, from a file (at most 4096 are read).
      --content-hex H            The body's leading bytes as hex (spaces allowed).
      --response-head FILE|-     A whole response head as received (status line and fields; or
                                 curl's --write-out '%{header_json}' object): its
                                 Content-Disposition, Content-Type (and charset), Content-Encoding
                                 and Location name the file, with --url as the request URL.
    \(CharsetArguments.help)
      --language L               The reader's language (a tag such as zh-TW or ru, or an
                                 Accept-Language value): re-weights charset detection toward its
                                 charsets; never overrides bytes that read only one way.
      --platform P               linux, macos, windows or portable (default: this machine's).
      --max-length N             A lower length limit, in the platform's unit.
      --reserve N                Keep N units free for a uniqueness suffix such as " (12)"; below
                                 the limit. Never all of it when that would cut the extension off
                                 (as sanitize --reserve).
      --renderer R               webview (default) or none (a headless tool: everything downloads).
      --strict                   Parse Content-Disposition strictly (RFC 6266 / tc2231); no detection.
      --nfd                      Normalize to NFD instead of NFC.
      --neutralize               Append .download to executables and shortcuts.
      --ascii                    A plain ASCII name: other scripts transliterated by ICU
                                 (Any-Latin; Latin-ASCII), what has none replaced.
      --template T               Name the file by a template: {name}, {stem}, {ext}, {host} are
                                 the suggestion's, other {field}s come from --field; {id!} marks a
                                 field kept whole when the name is cut to fit (the others are cut,
                                 longest first); {{ and }} are literal braces. The fit leaves
                                 --reserve free.
      --field NAME=VALUE         A template field (repeatable); sanitized as one name, so a '/' in
                                 it never makes a directory.
      --dest DIR                 The directory the file goes into. Its file system chooses the
                                 rules unless --platform is given (vfat, exfat, ntfs, cifs/smb:
                                 windows; apfs, hfs: macos; ext4, xfs, btrfs, tmpfs: linux), and
                                 the name is fitted so that the whole path stays within the path
                                 limit (Windows 260, macOS 1024, Linux 4096) and NAME_MAX. A
                                 directory that does not exist or cannot be opened is an error.
      --long-paths               With --dest: the application declares Windows long paths.
      --json                     One JSON object, as the batch 'suggest' op prints it.
      --explain                  Print the trace of every decision.

    EXAMPLES:
      filenamekit suggest --url 'https://example.com/download.php?id=7' \\
          --content-disposition "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87" --content-type application/pdf
      filenamekit suggest --url 'https://example.com/files/%B1%A8%B8%E6.docx' --explain
      filenamekit suggest --content-disposition "$(printf 'attachment; filename="\\xd6\\xd0\\xce\\xc4.pdf"')" --referrer-charset gbk
      filenamekit suggest --content-disposition-hex 6174746163686d656e743b2066696c656e616d653d22d6d0cec42e70646622
      filenamekit suggest --url 'https://example.com/a/..%2F..%2Fetc%2Fpasswd' --platform windows --json
      filenamekit suggest --content-disposition 'attachment; filename=export' \\
          --content-type application/octet-stream --content-file ./export --explain
      filenamekit suggest --url https://example.com/v/intro.mp4 --template '{title} [{id!}].{ext}' \\
          --field title='A talk: part 1/2' --field id=x1

    """

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(TerminalText.escape(a.positional(0)))'")
    }
    let inputs = [
      "--url", "--content-disposition", "--content-disposition-hex", "--content-type", "--suggested-name",
      "--content-file", "--content-hex", "--response-head",
    ]
    guard inputs.contains(where: { a.bytes($0) != nil }) else {
      throw UsageError("nothing to name: give at least one of \(inputs.joined(separator: ", "))")
    }
    let charset = try CharsetArguments(a)
    var request = SuggestRequest(naming: .flags)
    request.url = a.bytes("--url").map(SuggestRequest.urlText)
    request.contentDisposition = a.bytes("--content-disposition")
    request.contentDispositionHex = a.value("--content-disposition-hex")
    request.contentType = a.bytes("--content-type")
    request.suggestedName = a.value("--suggested-name")
    request.defaultName = a.value("--default-name")
    if a.bytes("--content-file") != nil && a.bytes("--content-hex") != nil {
      throw UsageError("give --content-file or --content-hex, not both")
    }
    request.contentHex = a.value("--content-hex")
    if let path = a.bytes("--content-file") {
      request.leadingBytes = try LeadingBytesFile.leadingBytes(of: path, flag: "--content-file")
    }
    request.fallbackCharset = charset.charset
    request.platform = a.value("--platform")
    request.maxLength = a.value("--max-length").map { .string($0) }
    request.renderer = a.value("--renderer")
    request.strict = a.has("--strict")
    request.detect = charset.detect
    request.nfd = a.has("--nfd")
    request.neutralize = a.has("--neutralize")
    request.ascii = a.has("--ascii")
    request.language = a.value("--language")
    if let path = a.bytes("--response-head") {
      return try ResponseHeadInput.run(path, request: request, json: a.has("--json"), io: io)
    }
    let (metadata, resolved): (DownloadMetadata, SuggestionOptions)
    do {
      (metadata, resolved) = try request.resolve()
    } catch {
      throw UsageError(error.message)
    }
    var options = resolved
    let destination = try DestinationArgument.destination(a, platform: options.platform)
    if let destination {
      options.platform = destination.platform
      options.sanitizer = destination.budget.options(options.sanitizer)
    }
    options.reservedSuffixLength = try ReserveArgument.value(
      a, platform: options.platform, maxLength: options.maxLength)
    let s = suggestFilename(for: metadata, options: options)
    var rendered: RenderedTemplate?
    do throws(BatchError) {
      let fields = try TemplateRequest.fieldArguments(a.values("--field"))
      rendered = try TemplateRequest.make(template: a.value("--template"), fields: fields, naming: .flags)?
        .render(s, url: request.url, options: options)
    } catch {
      throw UsageError(error.message)
    }
    let name = rendered?.name ?? s.filename.string
    if a.has("--json") {
      var fields = BatchSuggest.fields(s, includeTrace: true, template: rendered)
      if let destination {
        fields.append(
          (
            "destination",
            .object(JSONFieldList.collect { DestinationArgument.write(destination, name: name, to: &$0) })
          ))
      }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return ExitStatus.ok
    }
    let color = TracePrinter.useColor(io)
    var out = SuggestionSummary.render(s, explain: a.has("--explain"), color: color, template: rendered)
    if let destination {
      let lines = out.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      out =
        lines[0] + "\n"
        + DestinationArgument.summary(destination, name: name, labels: ("  path:       ", "  file system: "))
        + (lines.count > 1 ? lines[1] : "")
    }
    io.writeOut(out)
    return ExitStatus.ok
  }
}
