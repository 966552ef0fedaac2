import FilenameKitTestSupport
import Foundation
import Testing

@testable import FilenameKitFetch

/// One publish case of `Fixtures/cli/fetch-publish.json`.
struct PublishCase: Decodable, CustomTestStringConvertible, Sendable {
  let id: String
  let source: String
  let strategy: String
  let existing: [String: String]
  let interfere: String?
  /// What someone else does to `x.bin.part` once the body is written: `symlink` (the file moved to
  /// `moved.bin`, the name made a symlink to their `target.txt`), `delete` (the name removed, their
  /// `x.bin.part` put in its place).
  let swap_part: String?
  /// The final name, or nil when the download must fail (nothing published).
  let saved: String?
  let files: [String: Int]
  var testDescription: String { id }
}

/// A download is given its final name by `link(2)` of its descriptor, `renameat2(RENAME_NOREPLACE)`
/// or a rename over its own checked placeholder; it never replaces a file already there or put there
/// meanwhile, and never publishes a `.part` name someone else replaced.
@Suite("FileDownload: the final name never replaces a file, with or without hard links")
struct FileDownloadPublishTests {
  static let cases = FixtureLoader.load("cli/fetch-publish.json", as: PublishCase.self)

  @Test func loaded() { #expect(Self.cases.count >= 6) }

  @Test("an existing file keeps its content; the download gets the next free name; no .part is left", arguments: cases)
  func neverReplaces(_ c: PublishCase) throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (name, content) in c.existing {
      try Data(content.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
    }
    let download = FileDownload(
      directory: dir, platform: .linux, leadingByteLimit: 0, nameByContent: { _, _ in "x.bin" })
    download.publishStrategy = try #require(
      ["link": .link, "renameNoReplace": .renameNoReplace, "placeholder": .placeholder][c.strategy])
    var interfered = false
    download.beforeRenameOverPlaceholder = { name in
      guard !interfered, let how = c.interfere else { return }
      interfered = true
      let path = dir + "/" + name
      unlink(path)
      switch how {
      case "replace": _ = FileManager.default.createFile(atPath: path, contents: Data("theirs".utf8))
      case "symlink": try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "x.bin")
      default: break
      }
    }
    download.beforePublish = { part in
      let path = dir + "/" + part
      switch c.swap_part {
      case "symlink":
        rename(path, dir + "/moved.bin")
        _ = FileManager.default.createFile(atPath: dir + "/target.txt", contents: Data("attacker".utf8))
        try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "target.txt")
      case "delete":
        unlink(path)
        _ = FileManager.default.createFile(atPath: path, contents: Data("theirs".utf8))
      default: break
      }
    }
    let response = HTTPResponse(request: HTTPRequest(url: "http://127.0.0.1/x"), status: 200, reason: "OK", headers: [])
    #expect(download.headersReceived(response) == .receive)
    let body = Array("downloaded body".utf8)
    #expect(body.withUnsafeBytes { download.bodyReceived($0) })
    guard let saved = c.saved else {
      #expect(!download.complete())
      #expect(download.failure?.contains("was replaced during the download") == true, "\(download.failure ?? "")")
      #expect(download.fileName == nil)
      #expect(listing(dir) == c.files)
      return
    }
    #expect(download.complete(), "\(download.failure ?? "")")
    #expect(download.fileName == saved)
    #expect(interfered == (c.interfere != nil))
    #expect(listing(dir) == c.files)
    for (name, content) in c.existing {
      #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == content)
    }
    #expect(try String(contentsOfFile: dir + "/" + saved, encoding: .utf8) == "downloaded body")
    if c.swap_part == "symlink" {
      #expect(try String(contentsOfFile: dir + "/target.txt", encoding: .utf8) == "attacker")
    }
  }

  /// Final blind pass M2: a `windows` name fits 255 UTF-16 units but not this host's 255 bytes
  /// (88 CJK characters: 256 bytes); the download is fitted to both instead of failing to create.
  @Test(
    "a windows-profile name longer than the host's byte limit is shortened, not refused",
    arguments: [
      String(repeating: "\u{62A5}\u{544A}", count: 42) + ".pdf", String(repeating: "\u{E9}", count: 200) + ".txt",
    ])
  func windowsNameFitsTheHost(_ wanted: String) throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let download = FileDownload(
      directory: dir, platform: .windows, leadingByteLimit: 0, nameByContent: { _, _ in wanted })
    let response = HTTPResponse(request: HTTPRequest(url: "http://127.0.0.1/x"), status: 200, reason: "OK", headers: [])
    #expect(download.headersReceived(response) == .receive)
    let body = Array("body".utf8)
    #expect(body.withUnsafeBytes { download.bodyReceived($0) })
    #expect(download.complete(), "\(download.failure ?? "")")
    let saved = try #require(download.fileName)
    #expect(saved.utf8.count <= 255 && saved.utf16.count <= 255)
    #expect(saved.hasSuffix(String(wanted.suffix(4))))
    #expect(listing(dir) == [saved: body.count])
  }
}
