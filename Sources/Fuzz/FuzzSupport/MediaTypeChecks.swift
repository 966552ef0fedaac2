// Properties of `MediaType` parsing and serialization.

import FilenameKit

/// Input: the bytes of a MIME type or Content-Type header value.
enum MediaTypeChecks {
  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    stable(MediaType(utf8: bytes), "MediaType(utf8:)", &f)
    stable(MediaType(headerBytes: bytes), "MediaType(headerBytes:)", &f)
    stable(MediaType.extract(fromContentTypeBytes: bytes), "extract(fromContentTypeBytes:)", &f)
    if let t = MediaType(utf8: bytes) {
      f.expect(t.essence == t.type + "/" + t.subtype, "essence \(shown(t.essence))")
      f.expect(!t.type.isEmpty && !t.subtype.isEmpty, "empty type or subtype in \(shown(t.description))")
      var names = Set<String>()
      for p in t.parameters { f.expect(names.insert(p.name).inserted, "repeated parameter \(shown(p.name))") }
    }
  }

  /// serialize -> parse -> serialize is stable, and the reparse equals the value.
  static func stable(_ t: MediaType?, _ entry: String, _ f: inout FuzzFailures) {
    guard let t else { return }
    let s1 = t.description
    guard let again = MediaType(s1) else {
      f.expect(false, "\(entry): serialization \(shown(s1)) does not parse")
      return
    }
    f.expect(again.description == s1, "\(entry): \(shown(s1)) reserializes as \(shown(again.description))")
    f.expect(again == t, "\(entry): \(shown(s1)) reparses to a different value")
    f.expect(MediaType(utf8: Array(s1.utf8)) == again, "\(entry): utf8 and string parses differ for \(shown(s1))")
  }
}
