import Foundation
import Testing

@testable import FilenameKitFetch

/// Blind pass H1: without hard links (vfat, exFAT, SMB, FUSE), a download is given its final name
/// by `renameat2(RENAME_NOREPLACE)` or an `O_EXCL` copy, and never replaces a file already there.
@Suite("FileDownload: the final name never replaces a file, with or without hard links")
struct FileDownloadPublishTests {
  @Test(
    "an existing file keeps its content; the download gets the next free name; no .part is left",
    arguments: [FileDownload.PublishStrategy.link, .renameNoReplace, .copy])
  func neverReplaces(_ strategy: FileDownload.PublishStrategy) throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/x.bin"))
    try Data("also mine".utf8).write(to: URL(fileURLWithPath: dir + "/x (1).bin"))
    let download = FileDownload(
      directory: dir, platform: .linux, leadingByteLimit: 0, nameByContent: { _, _ in "x.bin" })
    download.publishStrategy = strategy
    let response = HTTPResponse(request: HTTPRequest(url: "http://127.0.0.1/x"), status: 200, reason: "OK", headers: [])
    #expect(download.headersReceived(response) == .receive)
    let body = Array("downloaded body".utf8)
    #expect(body.withUnsafeBytes { download.bodyReceived($0) })
    #expect(download.complete(), "\(download.failure ?? "")")
    #expect(download.fileName == "x (2).bin")
    #expect(listing(dir) == ["x.bin": 4, "x (1).bin": 9, "x (2).bin": body.count])
    #expect(try String(contentsOfFile: dir + "/x.bin", encoding: .utf8) == "mine")
    #expect(try String(contentsOfFile: dir + "/x (2).bin", encoding: .utf8) == "downloaded body")
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
