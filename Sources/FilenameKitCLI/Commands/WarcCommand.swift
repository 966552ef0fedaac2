import FilenameKit

/// `filenamekit warc`: names (and extracts) the responses archived in WARC files.
enum WarcCommand: ToolCommand {
  static let name = "warc"
  static let abstract = "Name the responses archived in WARC files, and extract them under safe names."
  static let valueOptions: Set<String> = DecodeLimitArguments.valueOptions.union([
    "--extract", "--layout", "--platform",
  ])
  static let flagOptions: Set<String> = ["--json"]
  static let help = """
    USAGE: filenamekit warc [--json] [--extract DIR] [--layout flat|mirror]
                            [--platform linux|macos|windows|portable]
                            [--max-decoded-size B] [--max-decode-ratio R] FILE...

    Reads WARC/1.0 and WARC/1.1 files (ISO 28500), plain or gzip-compressed one member per record
    (.warc.gz, as Common Crawl and wget write them), one record at a time, and names every
    'response' and 'resource' record as a browser would name the download: from the record's
    HTTP head (Content-Disposition, Content-Type, Content-Encoding, status), its WARC-Target-URI
    and the payload's first 4096 bytes (decoded). Other record types are skipped; an unknown type
    gets a note. A record that cannot be read (no valid Content-Length, a header without its end,
    a block not followed by CRLF CRLF, a cut-off or corrupt gzip member) gets an error with its
    offset, and reading goes on with the next record. Memory stays flat whatever the number and
    size of the records: payloads are streamed, never held.

    OPTIONS:
      --json                     One JSON object per record: offset, record_id, type, target_uri,
                                 filename, decision, reason, risk, media_type, sniffed_type, status,
                                 savable, content_coding, content_encoding, extracted,
                                 extracted_bytes, extracted_as, skipped, error, notes,
                                 rules_version.
      --extract DIR              Write each payload a browser would save (a 2xx response, or a
                                 resource) into DIR, which must exist: chunked transfer coding
                                 removed; gzip and deflate content coding removed unless the file
                                 is itself gzip; any other coding kept as sent (extracted_as
                                 'as-sent', and a note). Each file is created under the first free
                                 variant of its name (NAME (1).EXT, ...): nothing is overwritten,
                                 nothing is written outside DIR. A record found broken has its
                                 partial file removed.
      --layout L                 flat (default): every file in DIR; mirror: in DIR/HOST/, the
                                 target URI's host.
      --platform P               The platform whose file-name rules apply (default: this machine's).
      --max-decoded-size B       The most bytes one gzip member or one payload may decode to
                                 (default 4294967296; 0: no limit).
      --max-decode-ratio R       The most it may grow, decoded bytes per encoded byte, once past
                                 16 MiB (default 200; 0: no limit). Past either limit the record
                                 gets an error and nothing of it is saved (a compression bomb).

    Without --json each record is one line: OFFSET, NAME, TARGET-URI, '-> PATH' when written, and
    notes on their own lines. A summary goes to standard error.

    EXIT STATUS: 0 every record read; 65 a record had an error (the others were still read);
    1 a file cannot be read or DIR cannot be opened; 64 bad command line.

    EXAMPLES:
      filenamekit warc --json crawl.warc.gz
      filenamekit warc --extract out --layout mirror CC-MAIN-*.warc.gz

    """

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard !a.positionals.isEmpty else { throw UsageError("give one or more WARC files") }
    let limits = try DecodeLimitArguments(a)
    var request = SuggestRequest(naming: .flags)
    request.platform = a.value("--platform")
    let platform: Platform
    do {
      platform = try request.resolve().1.platform
    } catch {
      throw UsageError(error.message)
    }
    var layout = WarcExtractor.Layout.flat
    if let l = a.value("--layout") {
      guard let v = WarcExtractor.Layout(rawValue: l) else { throw UsageError("--layout is flat or mirror") }
      guard a.value("--extract") != nil else { throw UsageError("--layout goes with --extract") }
      layout = v
    }
    var extractor: WarcExtractor?
    if let dir = a.value("--extract") {
      extractor = try WarcExtractor(directory: dir, layout: layout, platform: platform)
    }
    let scanner = WarcScanner(
      base: request, extractor: extractor, maxBytes: limits.maxDecodedBytes, maxRatio: limits.maxDecodeRatio)
    let json = a.has("--json")
    var failed = false
    for path in a.positionals {
      let name = String(decoding: path, as: UTF8.self)
      do {
        try scanner.scan(path: name) { r in
          if json {
            let fields = JSONFieldList.collect { r.write(to: &$0) }
            io.writeOut(JSONValue.object(fields).serialized + "\n")
          } else {
            io.writeOut(r.text)
          }
        }
      } catch {
        io.writeErr("filenamekit warc: \(error.message)\n")
        failed = true
      }
    }
    io.writeErr(
      "warc: \(scanner.records) records, \(scanner.named) named, \(scanner.errors) with an error, "
        + "\(scanner.bytes) bytes\n")
    if failed { return ExitStatus.failure }
    return scanner.errors > 0 ? ExitStatus.dataError : ExitStatus.ok
  }
}
