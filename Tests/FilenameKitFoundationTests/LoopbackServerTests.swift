import FilenameKit
import FilenameKitFoundation
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A one-route HTTP/1.1 server on 127.0.0.1 for the test: answers every request with `response`.
final class LoopbackServer: Sendable {
  let port: UInt16
  private let fd: Int32

  init(response: [UInt8]) throws {
    let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard s >= 0 else { throw POSIXError(.EIO) }
    var one: Int32 = 1
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    addr.sin_port = 0
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(s, 16) == 0 else {
      close(s)
      throw POSIXError(.EADDRINUSE)
    }
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) }
    }
    port = UInt16(bigEndian: addr.sin_port)
    fd = s
    let listener = s
    Thread.detachNewThread {
      while true {
        let c = accept(listener, nil, nil)
        if c < 0 { return }
        var request: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
          let n = read(c, &buf, buf.count)
          if n <= 0 { break }
          request += buf[0..<n]
        }
        _ = response.withUnsafeBytes { write(c, $0.baseAddress, $0.count) }
        close(c)
      }
    }
  }

  func stop() {
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }
}

@Suite("Foundation adapter: live loopback server")
struct LoopbackServerTests {
  @Test("URLSession response -> suggestion -> unique file on disk")
  func endToEnd() async throws {
    let body = Array("%PDF-1.4 test body".utf8)
    var head =
      "HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
    head +=
      "Content-Disposition: attachment; filename=\"fallback.pdf\"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A.pdf\r\n\r\n"
    let server = try LoopbackServer(response: Array(head.utf8) + body)
    defer { server.stop() }
    let url = URL(string: "http://127.0.0.1:\(server.port)/download.php?id=1")!
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fk-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }

    var names: [String] = []
    for _ in 0..<2 {
      let (data, response) = try await URLSession.shared.data(from: url)
      let s = response.filenameSuggestion()
      #expect(s.filename.string == "季度报告.pdf")
      #expect(s.source == .dispositionExtended)
      #expect(s.decision.isDownload)
      let (fileURL, handle) = try s.claimDestination(in: dir, platform: .linux)
      try handle.write(contentsOf: data)
      try handle.close()
      names.append(fileURL.lastPathComponent)
      #expect(try Data(contentsOf: fileURL) == Data(body))
    }
    #expect(names == ["季度报告.pdf", "季度报告 (1).pdf"])
  }
}
