/// Tells what a download is from its leading bytes: bytes in, media type and the rule that matched
/// out. Byte parsing only: no Foundation, no allocation per byte, no read past the bytes given, and
/// at most the first `maxBytes` are considered.
///
/// ```swift
/// ContentSniffer.sniff(pdfBytes)?.mediaType          // "application/pdf"
/// ContentSniffer.sniff(docxBytes)?.mediaType         // "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
/// ContentSniffer.executable(in: peBytes)?.rule        // .pe
/// ContentSniffer.whatwgUnknownType(Array("<b>".utf8)).mediaType  // "text/html"
/// ```
///
/// `sniff` runs, in order: executable signatures (PE/MZ, ELF, Mach-O, fat, Java class, Windows
/// shell link, `#!`); the containers the WHATWG tables stop at (ZIP-based formats, ISO BMFF brands,
/// Matroska/WebM, Ogg codecs, FLAC, TIFF, AIFF-C, OLE compound files, HWP, WebAssembly, DEX, gzip,
/// bzip2, xz, zstd, 7z, RAR 5, Cabinet, tar); the WHATWG rules for an unknown
/// MIME type with the sniff-scriptable flag set (scriptable rows, PostScript and byte order marks,
/// images, audio and video, archives); the WHATWG font table; and finally text or binary.
public enum ContentSniffer {
  /// How many leading bytes are considered: 4 KiB.
  public static let maxBytes = 4096

  /// The media type of content starting with `bytes` (only the first `maxBytes` are read); nil for
  /// empty bytes. Binary bytes that match nothing give `application/octet-stream` (rule `.binary`).
  public static func sniff(_ bytes: some Collection<UInt8>) -> SniffResult? {
    withInput(bytes, limit: maxBytes) { input in
      guard input.count > 0 else { return nil }
      if let r = ExecutableSniffing.sniff(&input) { return r }
      if let (type, rule, detail) = container(&input) {
        return SniffResult(
          mediaType: type, rule: rule, bytesExamined: input.examined,
          isExecutable: isExecutableContainer(type, rule), detail: detail)
      }
      let (type, rule) = whatwgType(&input)
      return SniffResult(
        mediaType: registryName(type), rule: rule, bytesExamined: input.examined,
        detail: type == registryName(type) ? nil : "WHATWG: \(type)")
    }
  }

  /// The executable format of content starting with `bytes`, or nil: the check that runs even when
  /// the declared type is specific (an executable behind `image/png` is a disguise).
  public static func executable(in bytes: some Collection<UInt8>) -> SniffResult? {
    withInput(bytes, limit: maxBytes) { input in
      guard let r = ExecutableSniffing.sniff(&input) ?? containerExecutable(&input), r.isExecutable else { return nil }
      return r
    }
  }

  /// Whether a declared media type `essence` (lowercase) names an executable the sniffer would flag
  /// by its bytes: PE and DOS programs, ELF executables and shared objects, Mach-O, Java classes,
  /// Windows shell links and installers, under the names servers send for them
  /// (`application/x-dosexec`, `application/x-elf`, `application/x-pie-executable`, …).
  public static func isExecutableType(_ essence: String) -> Bool { executableTypes.contains(essence) }

  /// The media types of `isExecutableType`.
  static let executableTypes: Set<String> = [
    "application/vnd.microsoft.portable-executable", "application/x-msdownload", "application/x-dosexec",
    "application/x-msdos-program", "application/x-ms-dos-executable", "application/x-winexe",
    "application/x-executable", "application/x-elf", "application/x-pie-executable", "application/x-sharedlib",
    "application/x-mach-binary",
    "application/x-msi", "application/x-ms-installer", "application/java-vm", "application/x-ms-shortcut",
  ]

  /// The WHATWG MIME Sniffing Standard's "rules for identifying a resource with an unknown MIME
  /// type" (§7.1) exactly, on the resource header (the first 1445 bytes): the computed MIME type
  /// and the table or step that decided it. `sniffScriptable` is the standard's flag (the inverse
  /// of `X-Content-Type-Options: nosniff`).
  public static func whatwgUnknownType(_ bytes: some Collection<UInt8>, sniffScriptable: Bool = true) -> SniffResult {
    withInput(bytes, limit: WHATWGSniffing.resourceHeaderLength) { input in
      let (type, rule) = WHATWGSniffing.unknownType(&input, sniffScriptable: sniffScriptable)
      return SniffResult(mediaType: type, rule: rule, bytesExamined: input.examined)
    }
  }

  // MARK: - Steps

  /// The containers, in an order where no signature is a prefix of a later one's.
  static func container(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    if let r = ZIPSniffing.sniff(&input) { return r }
    if let r = MediaContainerSniffing.isoBMFF(&input) { return r }
    if let r = MediaContainerSniffing.ebml(&input) { return r }
    if let r = MediaContainerSniffing.ogg(&input) { return r }
    if let r = MediaContainerSniffing.flac(&input) { return r }
    if let r = MediaContainerSniffing.tiff(&input) { return r }
    if let r = MediaContainerSniffing.aifc(&input) { return r }
    if let r = CompoundFileSniffing.sniff(&input) { return r }
    if let r = CompoundFileSniffing.hwp3(&input) { return r }
    if let r = BytecodeSniffing.sniff(&input) { return r }
    return ArchiveSniffing.sniff(&input)
  }

  /// The WHATWG steps (sniff-scriptable set), with the font table before the text/binary decision.
  static func whatwgType(_ input: inout SniffBytes) -> (String, SniffRule) {
    if let row = WHATWGSniffing.firstMatch(SniffPatternTables.scriptable, &input) { return (row.essence, .scriptable) }
    if let row = WHATWGSniffing.firstMatch(SniffPatternTables.nonScriptable, &input) {
      return (row.essence, .nonScriptable)
    }
    if let found = WHATWGSniffing.signatureType(&input) { return found }
    if let row = WHATWGSniffing.firstMatch(SniffPatternTables.font, &input) { return (row.essence, .font) }
    return WHATWGSniffing.textOrBinary(&input)
  }

  /// Containers that install or run when opened: an MSI, a Java archive (run by a double click
  /// where Java is installed) and an Android package; the same types declared are executable too
  ///.
  static func isExecutableContainer(_ type: String, _ rule: SniffRule) -> Bool {
    type == "application/x-msi" || rule == .jar || rule == .apk
  }

  /// An executable container (`isExecutableContainer`), or nil: what `executable(in:)` adds to the
  /// programs' own signatures.
  private static func containerExecutable(_ input: inout SniffBytes) -> SniffResult? {
    guard
      let (type, rule, detail) = CompoundFileSniffing.sniff(&input) ?? ZIPSniffing.sniff(&input),
      isExecutableContainer(type, rule)
    else { return nil }
    return SniffResult(mediaType: type, rule: rule, bytesExamined: input.examined, isExecutable: true, detail: detail)
  }

  /// The registry's name for a type the WHATWG tables name differently (`audio/wave` is
  /// `audio/wav` there, `audio/aiff` `audio/x-aiff`, …), so that it has an extension.
  static func registryName(_ whatwg: String) -> String {
    switch whatwg {
    case "audio/wave": return "audio/wav"
    case "audio/aiff": return "audio/x-aiff"
    case "application/x-gzip": return "application/gzip"
    case "application/x-rar-compressed": return "application/vnd.rar"
    default: return whatwg
    }
  }

  /// Runs `body` over at most `limit` leading bytes, in place when they are contiguous.
  static func withInput<R>(_ bytes: some Collection<UInt8>, limit: Int, _ body: (inout SniffBytes) -> R) -> R {
    if let r = bytes.withContiguousStorageIfAvailable({ buffer -> R in
      var input = SniffBytes(UnsafeBufferPointer(rebasing: buffer.prefix(limit)))
      return body(&input)
    }) {
      return r
    }
    let copy = Array(bytes.prefix(limit))
    return copy.withUnsafeBufferPointer { buffer in
      var input = SniffBytes(buffer)
      return body(&input)
    }
  }
}
