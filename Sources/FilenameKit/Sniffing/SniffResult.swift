/// What `ContentSniffer` made of a body's leading bytes: a media type, the rule that matched, and
/// how far into the bytes it had to look.
///
/// ```swift
/// let r = ContentSniffer.sniff(Array("%PDF-1.7\n".utf8))!
/// r.mediaType      // "application/pdf"
/// r.rule           // .scriptable
/// r.bytesExamined  // 8: the furthest byte any rule read (here the OLE signature's), not the whole input
/// ```
public struct SniffResult: Sendable, Hashable, CustomStringConvertible {
  /// The media type essence, lowercase (`application/pdf`, `image/heic`, …);
  /// `application/octet-stream` when the bytes are binary and no signature matched.
  public let mediaType: String
  /// The rule that matched.
  public let rule: SniffRule
  /// One past the furthest byte the sniffer read (never more than the bytes given, nor 4 KiB).
  public let bytesExamined: Int
  /// Whether the bytes are a program the operating system runs: PE/MZ, ELF executable or shared
  /// object, Mach-O (fat included), Windows Installer, or a `#!` script.
  public let isExecutable: Bool
  /// What inside the bytes decided it, when more than the signature: an ISO BMFF brand, a ZIP
  /// entry name, a Matroska DocType, an interpreter, … (nil otherwise).
  public let detail: String?

  /// Creates a result.
  public init(mediaType: String, rule: SniffRule, bytesExamined: Int, isExecutable: Bool = false, detail: String? = nil)
  {
    self.mediaType = mediaType
    self.rule = rule
    self.bytesExamined = bytesExamined
    self.isExecutable = isExecutable
    self.detail = detail
  }

  /// `type by rule (detail), N bytes examined`.
  public var description: String {
    var s = "\(mediaType) by \(rule.rawValue)"
    if let detail { s += " (\(detail))" }
    return s + ", \(bytesExamined) byte\(bytesExamined == 1 ? "" : "s") examined"
  }
}

/// The rule behind a `SniffResult`: a WHATWG MIME Sniffing table or step, a container this library
/// looks into, or an executable format. The raw values are stable (they appear in traces and JSON).
public enum SniffRule: String, Sendable, Hashable, CaseIterable {
  // WHATWG MIME Sniffing, "rules for identifying an unknown MIME type" (§7.1) and its tables (§6).
  /// The scriptable rows (HTML tags, `<?xml`, `%PDF-`), with leading whitespace skipped.
  case scriptable = "whatwg-scriptable"
  /// The non-scriptable rows: `%!PS-Adobe-` and the UTF-16/UTF-8 byte order marks.
  case nonScriptable = "whatwg-non-scriptable"
  /// The image type pattern table (§6.1).
  case image = "whatwg-image"
  /// The audio or video type pattern table (§6.2).
  case audioVideo = "whatwg-audio-video"
  /// The signature for MP4 (§6.2.1).
  case mp4 = "whatwg-mp4"
  /// The signature for WebM (§6.2.2).
  case webm = "whatwg-webm"
  /// The signature for MP3 without ID3 (§6.2.3).
  case mp3 = "whatwg-mp3"
  /// The font type pattern table (§6.3).
  case font = "whatwg-font"
  /// The archive type pattern table (§6.4).
  case archive = "whatwg-archive"
  /// No binary data byte: text (§7.1's last steps).
  case text = "whatwg-text"
  /// Binary data bytes and no signature: nothing recognized.
  case binary = "whatwg-binary"

  // Containers the WHATWG tables stop at.
  /// A ZIP archive with no more specific entries in the bytes given.
  case zip
  /// OOXML (`docx`/`xlsx`/`pptx`): `[Content_Types].xml` and a `word/`, `xl/` or `ppt/` part.
  case ooxml = "zip-ooxml"
  /// ODF or EPUB: the stored `mimetype` entry written first.
  case zipMimetype = "zip-mimetype"
  /// A Java archive: `META-INF/` and no Android entries.
  case jar = "zip-jar"
  /// An Android package: `AndroidManifest.xml`, `classes.dex` or `resources.arsc`.
  case apk = "zip-apk"
  /// An ISO base media file (`ftyp` box): the major or a compatible brand.
  case isoBMFF = "iso-bmff-brand"
  /// EBML (Matroska/WebM): the DocType element.
  case matroska = "ebml-doctype"
  /// Ogg: the codec of the first packet.
  case ogg = "ogg-codec"
  /// A native FLAC stream (`fLaC`).
  case flac
  /// A TIFF image (`II*\0` or `MM\0*`, BigTIFF `+`), which the WHATWG image table leaves out.
  case tiff
  /// An IFF `FORM` the WHATWG table does not list: AIFF-C.
  case iff = "iff-form"
  /// gzip, bzip2, xz, zstd, 7z, RAR 5 or Microsoft Cabinet (`MSCF`) signatures.
  case compression
  /// POSIX or GNU tar: `ustar` at offset 257.
  case tar = "tar-ustar"
  /// An OLE compound file, by the names of its directory entries or its root CLSID.
  case compoundFile = "ole-compound"
  /// A Hangul Word Processor 3 file (`HWP Document File`).
  case hwp
  /// Bytecode for a virtual machine: a WebAssembly module (`\0asm`, version 1) or an Android DEX
  /// file (`dex\n` and a version).
  case bytecode

  // Executables.
  /// `MZ` and `PE\0\0` at the offset in `e_lfanew`.
  case pe
  /// `MZ` with a binary DOS header whose PE header is beyond the bytes given, or absent.
  case mz
  /// `\x7FELF` with a valid class, data and version byte.
  case elf
  /// A Mach-O header (`FEEDFACE`/`FEEDFACF`, either byte order).
  case machO = "mach-o"
  /// A Mach-O universal ("fat") header (`CAFEBABE` with a small architecture count).
  case machOFat = "mach-o-fat"
  /// A Java class file (JVM specification §4.1: `CAFEBABE`, then the minor and major version, the
  /// major ≥ 45 where a universal header's count would be), which `java` runs.
  case javaClass = "java-class"
  /// A Windows shell link (`.lnk`, MS-SHLLINK §2.1: HeaderSize 0x4C and the LinkCLSID), which runs
  /// its target with its arguments when opened.
  case shellLink = "ms-shllink"
  /// A `#!` line naming an absolute interpreter path.
  case shebang
}
