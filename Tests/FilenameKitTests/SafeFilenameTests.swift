import Foundation
import Testing

@testable import FilenameKit

/// `SafeFilename`: what the sanitizer hands out, with the stem, extension and risk it found, and
/// no way to make one from a name that is not safe.
@Suite("SafeFilename")
struct SafeFilenameTests {
  /// Every fixture output, on every platform it is for: the carried split and risk are the ones
  /// the free functions compute from the text.
  @Test func carriesTheSplitAndRisk() {
    for c in FilenameSanitizerTests.cases where c.inputHex == nil {
      let options = c.options?.options ?? SanitizerOptions()
      for platform in c.resolvedPlatforms {
        let r = FilenameSanitizer.sanitize(c.input.value, for: platform, options: options)
        let f = r.filename
        let (stem, ext) = FileExtension.split(f.string)
        #expect(
          f.stem == stem && f.fileExtension == ext, "\(c.id) on \(platform): \(f.stem) / \(f.fileExtension ?? "nil")")
        #expect(f.platform == platform && f.risk == r.risk && f.string == r.name, "\(c.id) on \(platform)")
        if let ext = f.fileExtension { #expect(f.string == f.stem + "." + ext, "\(c.id) on \(platform)") }
      }
    }
  }

  @Test func validatingAcceptsOnlySafeNames() {
    #expect(SafeFilename(validating: "report.pdf", for: .windows)?.fileExtension == "pdf")
    #expect(SafeFilename(validating: "archive.tar.gz", for: .linux)?.stem == "archive")
    #expect(SafeFilename(validating: "CON.txt", for: .windows) == nil)
    #expect(SafeFilename(validating: "a/b", for: .linux) == nil)
    #expect(SafeFilename(validating: "", for: .linux) == nil)
    #expect(SafeFilename(validating: "setup.exe", for: .windows)?.risk == .executable)
  }

  /// Equality is byte equality: NFC and NFD spellings of a name are two files on a file system
  /// that does not normalize.
  @Test func equalityIsByBytes() throws {
    let nfc = try #require(SafeFilename(validating: "\u{E9}.txt", for: .linux))
    let nfd = try #require(SafeFilename(validating: "e\u{301}.txt", for: .linux, options: .init(normalization: .nfd)))
    #expect(nfc != nfd)
    #expect(Set([nfc, nfd]).count == 2)
    #expect(nfc == SafeFilename(validating: "\u{E9}.txt", for: .linux))
  }

  @Test func suggestionsCarryOne() throws {
    let s = suggestFilename(
      for: DownloadMetadata(url: "https://e.example/dl?id=1", contentType: "application/pdf"),
      options: .init(platform: .windows))
    #expect(s.filename.string == "dl.pdf" && s.filename.fileExtension == "pdf" && s.filename.platform == .windows)
    let dir = NSTemporaryDirectory() + "fk-safe-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = try UniqueFilename.claim(directory: dir, name: s.filename)
    let second = try UniqueFilename.claim(directory: dir, name: s.filename)
    _ = close(first.fd)
    _ = close(second.fd)
    #expect(first.name == "dl.pdf" && second.name == "dl (1).pdf")
  }
}
