// Media containers the WHATWG tables stop at: ISO base media files by their `ftyp` brands
// (ISO/IEC 14496-12 §4.3; brands from the MP4 registration authority, mp4ra.org), EBML by its
// DocType (RFC 8794 §11.2.4; Matroska RFC 9559), Ogg by the codecs of its beginning-of-stream
// pages (RFC 3533 §4, §6; Vorbis I §4.2.1, RFC 7845 §5.1, Theora §6.2, FLAC-in-Ogg mapping), native FLAC (`fLaC`),
// TIFF (TIFF 6.0 §2 "Image File Header"; BigTIFF: version 43), and AIFF-C (an IFF `FORM` of type
// `AIFC`, Apple's AIFF-C draft 1991).

/// ISO BMFF, Matroska/WebM, Ogg, FLAC, TIFF and AIFF-C.
enum MediaContainerSniffing {
  /// The type of an ISO base media file by its brands, or nil when the bytes have no `ftyp` box
  /// at 0. The major brand decides when it names a specific type; otherwise the first compatible
  /// brand that does; otherwise the major brand's family (`isom`, `mp41` … video/mp4, `mif1` HEIF).
  /// At most this many compatible brands are read (real files list a handful; the bound keeps a
  /// forged box size from turning the whole window into brands).
  static let maxCompatibleBrands = 32

  static func isoBMFF(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard let size = input.u32be(0), input.has("ftyp", at: 4), input.count >= 12 else { return nil }
    // A size of 0 means "to the end of the file", 1 a 64-bit size: read what is there.
    let end = min(size < 16 ? input.count : size, input.count, 16 + 4 * maxCompatibleBrands)
    if let t = specificType(&input, brandAt: 8) { return (t.0, .isoBMFF, t.1) }
    var k = 16
    while k + 4 <= end {
      if let t = specificType(&input, brandAt: k) { return (t.0, .isoBMFF, t.1) }
      k += 4
    }
    if let t = familyType(&input, brandAt: 8) { return (t.0, .isoBMFF, t.1) }
    k = 16
    while k + 4 <= end {
      if let t = familyType(&input, brandAt: k) { return (t.0, .isoBMFF, t.1) }
      k += 4
    }
    return nil
  }

  /// Brands that name one type.
  private static func specificType(_ input: inout SniffBytes, brandAt i: Int) -> (String, String)? {
    func brand(_ b: StaticString) -> Bool { input.has(b, at: i) }
    if brand("avif") || brand("avis") { return ("image/avif", "brand avif") }
    if brand("heic") || brand("heix") || brand("heim") || brand("heis") || brand("hevc") || brand("hevx") {
      return ("image/heic", "brand heic")
    }
    if brand("qt  ") { return ("video/quicktime", "brand qt") }
    if brand("M4A ") || brand("M4B ") || brand("M4P ") { return ("audio/mp4", "brand M4A") }
    if brand("3g2") { return ("video/3gpp2", "brand 3g2") }
    if brand("3gp") || brand("3ge") || brand("3gg") || brand("3gs") { return ("video/3gpp", "brand 3gp") }
    if brand("M4V ") || brand("M4VH") || brand("M4VP") { return ("video/mp4", "brand M4V") }
    return nil
  }

  /// Brands that name a family: MP4 (`isom`, `iso2`…, `mp41`, `mp42`, `avc1`, `dash`, `mmp4`,
  /// `F4V `), HEIF (`mif1`, `msf1`).
  private static func familyType(_ input: inout SniffBytes, brandAt i: Int) -> (String, String)? {
    func brand(_ b: StaticString) -> Bool { input.has(b, at: i) }
    if brand("iso") || brand("mp4") || brand("avc1") || brand("dash") || brand("mmp4") || brand("F4V ") || brand("MSNV")
    {
      return ("video/mp4", "brand mp4 family")
    }
    if brand("mif1") || brand("msf1") { return ("image/heif", "brand mif1") }
    return nil
  }

  /// The type of an EBML file by its DocType, searched in the first 64 bytes: `webm` video/webm,
  /// `matroska` video/x-matroska; nil when the bytes do not start with the EBML magic.
  static func ebml(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard input.u32be(0) == 0x1A45_DFA3 else { return nil }
    var i = 4
    while i + 2 < input.count && i < 64 {
      if input.byte(i) == 0x42, input.byte(i + 1) == 0x82 {
        let sizeAt = i + 2
        let width = WHATWGSniffing.vintSize(&input, at: sizeAt)
        if width == 1, let b = input.byte(sizeAt) {
          let length = Int(b & 0x7F)
          if input.range(sizeAt + 1, count: length, equals: "webm") { return ("video/webm", .matroska, "DocType webm") }
          if input.range(sizeAt + 1, count: length, equals: "matroska") {
            return ("video/x-matroska", .matroska, "DocType matroska")
          }
        }
      }
      i += 1
    }
    return nil
  }

  /// The type of an Ogg stream by the first packet of its streams: Vorbis, Opus, Speex and FLAC
  /// audio/ogg, Theora and Dirac video/ogg; nil when the bytes are not an Ogg page or name no codec
  /// known here (the WHATWG row then says application/ogg). Every logical stream starts with a
  /// beginning-of-stream page holding its identification packet, and all of them come before any
  /// other page (RFC 3533 §4, §6: header_type flag 0x02); so when the first stream is not one of
  /// these (an Ogg Skeleton `fishead` index, Xiph's Ogg Skeleton 4, or a subtitle stream), the
  /// following beginning-of-stream pages are read too, within the bytes given: any video stream
  /// makes the file video, else any audio stream audio (Xiph's media types page: `video/ogg` for
  /// Theora with or without Vorbis, `audio/ogg` for audio alone).
  static func ogg(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    var offset = 0
    var audio: String? = nil
    for page in 0..<maxOggBeginningPages {
      guard input.has("OggS", at: offset), input.byte(offset + 4) == 0, let flags = input.byte(offset + 5),
        let segments = input.byte(offset + 26)
      else { break }
      if page > 0 && flags & 0x02 == 0 { break }  // past the beginning-of-stream pages
      let packet = offset + 27 + Int(segments)
      switch oggCodec(&input, at: packet) {
      case .video(let name)?: return ("video/ogg", .ogg, name)
      case .audio(let name)?: if audio == nil { audio = name }
      case nil: break
      }
      // The page's size: its header, lacing table and the segments the table sizes (§6).
      var size = 0
      for k in 0..<Int(segments) {
        guard let lacing = input.byte(offset + 27 + k) else { return audio.map { ("audio/ogg", .ogg, $0) } }
        size += Int(lacing)
      }
      offset = packet + size
    }
    return audio.map { ("audio/ogg", .ogg, $0) }
  }

  /// The beginning-of-stream pages `ogg` reads at most (each stream of a file has one).
  static let maxOggBeginningPages = 16

  /// What an Ogg identification packet names.
  private enum OggCodec {
    case audio(String)
    case video(String)
  }

  /// The codec of the identification packet at `packet`: Vorbis I §4.2.2 (`\x01vorbis`), RFC 7845
  /// §5.1 (`OpusHead`), Speex (`Speex   `), the FLAC-to-Ogg mapping (`\x7FFLAC`), Theora §6.2
  /// (`\x80theora`), Dirac's Ogg mapping (`BBCD\0`); nil for any other packet (Skeleton, Kate…).
  private static func oggCodec(_ input: inout SniffBytes, at packet: Int) -> OggCodec? {
    if input.has("\u{01}vorbis", at: packet) { return .audio("Vorbis") }
    if input.has("OpusHead", at: packet) { return .audio("Opus") }
    if input.has("Speex   ", at: packet) { return .audio("Speex") }
    if input.has("FLAC", at: packet + 1), input.byte(packet) == 0x7F { return .audio("FLAC") }
    if input.has("theora", at: packet + 1), input.byte(packet) == 0x80 { return .video("Theora") }
    if input.has("BBCD\u{00}", at: packet) { return .video("Dirac") }
    return nil
  }

  /// A native FLAC stream: `fLaC` followed by a STREAMINFO block header (type 0, length 34).
  static func flac(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard input.has("fLaC", at: 0), let header = input.u32be(4), (header >> 24) & 0x7F == 0, header & 0xFF_FFFF == 34
    else { return nil }
    return ("audio/flac", .flac, nil)
  }

  /// A TIFF file: byte order `II` or `MM`, then 42 (or 43, BigTIFF) in that order.
  static func tiff(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard let order = input.u32be(0) else { return nil }
    switch order {
    case 0x4949_2A00, 0x4D4D_002A: return ("image/tiff", .tiff, nil)
    case 0x4949_2B00, 0x4D4D_002B: return ("image/tiff", .tiff, "BigTIFF")
    default: return nil
    }
  }

  /// An AIFF-C file: `FORM`, a size, `AIFC` (plain AIFF is in the WHATWG table).
  static func aifc(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard input.has("FORM", at: 0), input.has("AIFC", at: 8) else { return nil }
    return ("audio/x-aifc", .iff, "AIFF-C")
  }
}
