import FilenameKit
import FilenameKitFoundation
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every ```swift block of README.md compiles, and so does the delegate of the DocC article
/// WKWebViewGuide.md (its block that imports WebKit): each is copied into
/// `ReadmeSnippets/ReadmeSnippetN.swift` (N in README order, the guide's last), and this test checks
/// that the copy is verbatim, so neither text can drift from code that builds. Import lines may sit at
/// the top of the file (a block's statements run inside a function there).
@Suite("README snippets")
struct ReadmeSnippetTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Swift blocks of a Markdown file, in order.
  static func blocks(in path: String) throws -> [[String]] {
    let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line == "```swift" {
        current = []
        continue
      }
      if current != nil, line == "```" {
        blocks.append(current!)
        current = nil
        continue
      }
      current?.append(line)
    }
    return blocks
  }

  /// The README's Swift blocks, in order, then the WKWebView guide's delegate.
  static func blocks() throws -> [[String]] {
    let readme = try blocks(in: "README.md")
    let guide = try blocks(in: "Sources/FilenameKit/FilenameKit.docc/WKWebViewGuide.md")
    let delegate = guide.filter { $0.contains("import WebKit") }
    #expect(delegate.count == 1, "WKWebViewGuide.md has \(delegate.count) blocks that import WebKit, not one")
    return readme + delegate
  }

  @Test("each README Swift block, and the WKWebView guide's, is in its snippet file, verbatim")
  func verbatim() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count >= 3)
    for (i, block) in blocks.enumerated() {
      let file = Self.repository.appendingPathComponent(
        "Tests/FilenameKitFoundationTests/ReadmeSnippets/ReadmeSnippet\(i + 1).swift")
      let text = try String(contentsOf: file, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for imp in block where imp.hasPrefix("import ") { #expect(lines.contains(imp), "snippet \(i + 1): \(imp)") }
      // No FilenameKit module the block does not import: a block that imports only the adapter must
      // compile with only the adapter (which re-exports the core).
      for imp in lines where imp.hasPrefix("import FilenameKit") {
        #expect(block.contains(imp), "snippet \(i + 1) imports \(imp), which its README block does not")
      }
      let body = block.filter { !$0.hasPrefix("import ") }
      let trimmed = Array(body.drop { $0.isEmpty })
      let found = lines.indices.contains { start in
        start + trimmed.count <= lines.count && Array(lines[start..<start + trimmed.count]) == trimmed
      }
      #expect(
        found, "Swift block \(i + 1) (README's, then the WKWebView guide's) differs from \(file.lastPathComponent)")
    }
  }

  @Test("the snippets give the names their comments promise")
  func run() throws {
    #expect(readmeSnippet1() == ["download.pdf", "中文.txt", "a.txt"])
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fk-snippet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let response = HTTPURLResponse(
      url: URL(string: "https://example.com/r.pdf")!, statusCode: 200, httpVersion: nil,
      headerFields: ["Content-Type": "application/pdf"])!
    #expect(try readmeSnippet2(response: response, downloadsDirectory: dir).claimed.lastPathComponent == "r.pdf")
    // The options reach the pipeline: raw GBK bytes (as Apple's stack hands them over, one ISO-8859-1
    // scalar a byte) read with the fallback charset, `:` replaced for portable, `.exe` neutralized.
    let gbk = HTTPURLResponse(
      url: URL(string: "https://example.com/d")!, statusCode: 200, httpVersion: nil,
      headerFields: ["Content-Disposition": "attachment; filename=\"\u{D6}\u{D0}\u{CE}\u{C4}:1.exe\""])!
    #expect(try readmeSnippet2(response: gbk, downloadsDirectory: dir).portable == "中文_1.exe.download")
  }
}

/// Issue 18 item 7: errno → CocoaError codes, with the POSIX error kept.
@Suite("Foundation adapter: errors")
struct ClaimErrorTests {
  @Test(
    "each errno maps to the matching CocoaError code",
    arguments: [
      (ENOENT, CocoaError.Code.fileNoSuchFile), (ENOTDIR, .fileNoSuchFile), (EACCES, .fileWriteNoPermission),
      (EPERM, .fileWriteNoPermission), (ENOSPC, .fileWriteOutOfSpace), (EDQUOT, .fileWriteOutOfSpace),
      (EROFS, .fileWriteVolumeReadOnly), (EEXIST, .fileWriteFileExists), (ENAMETOOLONG, .fileWriteInvalidFileName),
      (EINVAL, .fileWriteInvalidFileName), (EIO, .fileWriteUnknown),
    ])
  func mapping(_ e: Int32, _ code: CocoaError.Code) {
    let error = CocoaError.fileWrite(errno: e, message: "m")
    #expect(error.code == code)
    #expect((error.userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code.rawValue == e)
  }

  @Test("claimUniqueFile throws the mapped code for real failures")
  func real() throws {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    #expect(Self.code { try FileManager.default.claimUniqueFile(in: missing, named: "a.txt") } == .fileNoSuchFile)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("fk-notdir-\(UUID().uuidString)")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(Self.code { try FileManager.default.claimUniqueFile(in: file, named: "a.txt") } == .fileNoSuchFile)
    let dir = FileManager.default.temporaryDirectory
    #expect(Self.code { try FileManager.default.claimUniqueFile(in: dir, named: "a/b") } == .fileWriteInvalidFileName)
  }

  static func code(_ body: () throws -> Any) -> CocoaError.Code? {
    do {
      _ = try body()
      return nil
    } catch let e as CocoaError { return e.code } catch { return nil }
  }
}
