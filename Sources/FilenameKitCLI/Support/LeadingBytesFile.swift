import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the leading bytes of a file for `--content-file`: at most `ContentSniffer.maxBytes`, so
/// a multi-gigabyte file (or a FIFO that never ends) costs one small read.
enum LeadingBytesFile {
  /// The first `limit` bytes of the file at `path` (its exact bytes, as the shell passed them;
  /// fewer when the file is shorter); the error says why not, naming `flag`.
  static func leadingBytes(of path: [UInt8], flag: String, limit: Int = ContentSniffer.maxBytes) throws(UsageError)
    -> [UInt8]
  {
    let fd = (path + [0]).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
    }
    guard fd >= 0 else { throw failure(path, flag: flag) }
    defer { _ = close(fd) }
    var out = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, limit - filled) }
      if n < 0 {
        if errno == EINTR { continue }
        throw failure(path, flag: flag)
      }
      if n == 0 { break }
      filled += n
    }
    out.removeSubrange(filled...)
    return out
  }

  private static func failure(_ path: [UInt8], flag: String) -> UsageError {
    let shown = TerminalText.escape(String(decoding: path, as: UTF8.self))
    return UsageError("\(flag): cannot read '\(shown)': \(String(cString: strerror(errno)))")
  }
}
