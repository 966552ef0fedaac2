// Properties of `ContentSniffer` and of content sniffing in `suggestFilename`: whatever bytes a
// server sends, the sniffer answers within them, and sniffing never makes a download unsafe.

import FilenameKit

/// Input: the leading bytes of a body, as they are.
enum SniffChecks {
  /// The types the WHATWG unknown-type rules can compute (§6's tables, §7.1).
  static let whatwgTypes: Set<String> = [
    "image/x-icon", "image/bmp", "image/gif", "image/webp", "image/png", "image/jpeg", "audio/aiff", "audio/mpeg",
    "application/ogg", "audio/midi", "video/avi", "audio/wave", "video/mp4", "video/webm", "application/x-gzip",
    "application/zip", "application/x-rar-compressed", "text/html", "text/xml", "application/pdf",
    "application/postscript", "text/plain", "application/octet-stream",
  ]

  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    // An exact-size heap copy: under AddressSanitizer any read past the last byte is reported.
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    defer { buffer.deallocate() }
    _ = buffer.initialize(from: bytes)
    let exact = UnsafeBufferPointer(buffer)
    checkSniffer(exact, bytes, &f)
    checkWHATWG(exact, &f)
    checkPipeline(bytes, &f)
  }

  /// `sniff`: an answer for any non-empty input, within the bytes and the 4 KiB cap, a valid
  /// lowercase essence, the same answer from the first 4 KiB alone, and `executable(in:)` agreeing.
  static func checkSniffer(_ exact: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8], _ f: inout FuzzFailures) {
    let r = ContentSniffer.sniff(exact)
    let limit = min(bytes.count, ContentSniffer.maxBytes)
    f.expect((r == nil) == bytes.isEmpty, "sniff answered \(String(describing: r)) for \(bytes.count) bytes")
    guard let r else { return }
    f.expect(r.bytesExamined <= limit, "examined \(r.bytesExamined) of \(bytes.count) bytes (limit \(limit))")
    f.expect(MediaType(r.mediaType)?.essence == r.mediaType, "not a lowercase essence: \(shown(r.mediaType))")
    f.expect(
      ContentSniffer.sniff(bytes.prefix(ContentSniffer.maxBytes)) == r, "the bytes past 4 KiB changed the answer")
    f.expect(ContentSniffer.sniff(exact) == r, "sniff is not deterministic")
    let exe = ContentSniffer.executable(in: exact)
    f.expect(exe?.isExecutable ?? true, "executable(in:) returned a non-executable")
    if r.isExecutable {
      f.expect(exe == r, "sniff says executable (\(r)) but executable(in:) says \(String(describing: exe))")
    }
  }

  /// `whatwgUnknownType`: one of the standard's types, within the 1445-byte resource header.
  static func checkWHATWG(_ exact: UnsafeBufferPointer<UInt8>, _ f: inout FuzzFailures) {
    for flag in [true, false] {
      let w = ContentSniffer.whatwgUnknownType(exact, sniffScriptable: flag)
      f.expect(whatwgTypes.contains(w.mediaType), "WHATWG type outside the standard: \(shown(w.mediaType))")
      f.expect(w.bytesExamined <= min(exact.count, 1445), "WHATWG rules examined \(w.bytesExamined) of \(exact.count)")
      if !flag {
        f.expect(
          w.mediaType != "text/html" && w.mediaType != "text/xml" && w.mediaType != "application/pdf",
          "a scriptable type without the sniff-scriptable flag: \(w.mediaType)")
      }
    }
  }

  /// `suggestFilename` with the bytes behind a generic type and `inline`: always a download, a safe
  /// name, an executable always reported, and never a risky name under `.neutralize`.
  static func checkPipeline(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    var m = DownloadMetadata(
      url: "https://example.com/get.php?id=1", contentDisposition: "inline; filename=export",
      contentType: "application/octet-stream")
    m.leadingBytes = bytes
    for policy in DangerousTypePolicy.allCases {
      let o = SuggestionOptions(platform: .portable, dangerousTypes: policy)
      let s = suggestFilename(for: m, options: o)
      let context = "suggest(\(bytes.count) content bytes, \(policy))"
      SanitizeChecks.checkSafeName(s.filename.string, platform: .portable, options: o.sanitizer, context: context, &f)
      f.expect(s.decision.isDownload, "\(context): a generic type with content became a display")
      f.expect(s.mediaType?.essence == "application/octet-stream", "\(context): the declared type was replaced")
      if s.sniffed?.isExecutable == true {
        f.expect(s.risk == .executable, "\(context): executable content reported \(s.risk)")
      }
      if policy == .neutralize {
        f.expect(
          FilenameSanitizer.risk(of: s.filename.string) == .ordinary,
          "\(context): neutralize left a risky name \(shown(s.filename.string))")
      }
    }
  }
}
