// ZIP-based formats, told apart by the local file headers in the leading bytes
// (PKWARE APPNOTE.TXT §4.3.7: signature 50 4B 03 04, then fixed fields, the name, the extra field
// and the data). OOXML (ECMA-376 Part 2, Open Packaging Conventions) by its part names; ODF
// (OASIS ODF 1.2 Part 3 §3.3) and EPUB (OCF 3 §4.3) by the `mimetype` entry they store first; Java
// archives by `META-INF/`; Android packages by `AndroidManifest.xml`, `classes.dex` or
// `resources.arsc`.

/// Walks the local file headers of a ZIP archive.
enum ZIPSniffing {
  /// What the entries seen so far say.
  private struct Evidence {
    var contentTypes = false
    var ooxml: StaticString? = nil
    var ooxmlPart: String? = nil
    var metaInf = false
    var android: String? = nil
  }

  /// The type of a ZIP archive, or nil when the bytes do not start with a local file header
  /// (or the empty-archive end record).
  static func sniff(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard let sig = input.u32le(0) else { return nil }
    if sig == 0x0605_4B50 { return ("application/zip", .zip, "empty archive") }
    guard sig == 0x0403_4B50 else { return nil }
    var evidence = Evidence()
    var offset = 0
    var entries = 0
    // Each turn moves past at least one 30-byte header, so the walk ends within the bytes.
    while input.u32le(offset) == 0x0403_4B50, let nameLength = input.u16le(offset + 26),
      let extraLength = input.u16le(offset + 28)
    {
      let nameStart = offset + 30
      guard nameStart + nameLength <= input.count else { break }
      let dataStart = nameStart + nameLength + extraLength
      if entries == 0,
        let found = mimetypeEntry(&input, header: offset, name: nameStart, nameLength: nameLength, data: dataStart)
      {
        return (found, .zipMimetype, "mimetype entry")
      }
      note(&input, name: nameStart, length: nameLength, into: &evidence)
      if let part = evidence.ooxmlPart, evidence.contentTypes, let type = evidence.ooxml {
        return (type.description, .ooxml, part)
      }
      if let entry = evidence.android { return ("application/vnd.android.package-archive", .apk, entry) }
      entries += 1
      guard let next = nextHeader(&input, header: offset, data: dataStart) else { break }
      offset = next
    }
    if let type = evidence.ooxml, evidence.ooxmlPart != nil { return (type.description, .ooxml, evidence.ooxmlPart) }
    if evidence.metaInf { return ("application/java-archive", .jar, "META-INF/") }
    return ("application/zip", .zip, nil)
  }

  /// The offset of the next local header: after this entry's data when its size is known, else
  /// (a data descriptor follows the data, flag bit 3) the next `PK\3\4` in the bytes.
  private static func nextHeader(_ input: inout SniffBytes, header: Int, data: Int) -> Int? {
    guard let flags = input.u16le(header + 6), let size = input.u32le(header + 18) else { return nil }
    if flags & 0x0008 == 0 || size != 0 {
      let next = data + size
      return next + 30 <= input.count ? next : nil
    }
    var k = data
    while k + 30 <= input.count {
      if input.byte(k) == 0x50, input.u32le(k) == 0x0403_4B50 { return k }
      k += 1
    }
    return nil
  }

  /// The media type in a first entry named `mimetype`, stored (method 0) uncompressed, when it is a
  /// type the registry knows (ODF's `application/vnd.oasis.opendocument.*`, EPUB's
  /// `application/epub+zip`, …).
  private static func mimetypeEntry(_ input: inout SniffBytes, header: Int, name: Int, nameLength: Int, data: Int)
    -> String?
  {
    guard input.range(name, count: nameLength, equals: "mimetype"), input.u16le(header + 8) == 0,
      let size = input.u32le(header + 18), size > 0, size <= 80, let text = input.text(data, count: size),
      text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
      let mt = MediaType(text), !mt.isGeneric, MediaTypeRegistry.contains(mt.essence)
    else { return nil }
    return mt.essence
  }

  /// Records what an entry's name says.
  private static func note(_ input: inout SniffBytes, name: Int, length: Int, into e: inout Evidence) {
    if input.range(name, count: length, equals: "[Content_Types].xml") {
      e.contentTypes = true
    } else if e.ooxmlPart == nil, let type = ooxmlType(&input, name: name, length: length) {
      e.ooxml = type
      e.ooxmlPart = input.text(name, count: length)
    } else if input.range(name, count: length, equals: "AndroidManifest.xml")
      || input.range(name, count: length, equals: "classes.dex")
      || input.range(name, count: length, equals: "resources.arsc")
    {
      e.android = input.text(name, count: length)
    } else if input.range(name, count: length, startsWith: "META-INF/") {
      e.metaInf = true
    }
  }

  /// The OOXML type a part name's folder belongs to: `word/`, `xl/`, `ppt/`.
  private static func ooxmlType(_ input: inout SniffBytes, name: Int, length: Int) -> StaticString? {
    if input.range(name, count: length, startsWith: "word/") {
      return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    }
    if input.range(name, count: length, startsWith: "xl/") {
      return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    }
    if input.range(name, count: length, startsWith: "ppt/") {
      return "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    }
    return nil
  }
}
