import FilenameKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams the final response's body into a newly claimed file (never overwriting anything).
///
/// When the final response's head arrives and its status is 2xx, `name` decides the file name and
/// `UniqueFilename.claim` creates the file with `O_CREAT|O_EXCL` (`name (1).ext` when taken). Body chunks
/// are written straight to the descriptor, so memory stays bounded whatever the size. Ctrl-C and SIGTERM
/// (when `Interrupts` are installed) stop the transfer; `discard()` then removes the partial file.
public final class FileDownload: HTTPTransferDelegate {
  /// The directory to save into.
  public let directory: String
  /// The file system rules for the claimed name.
  public let platform: Platform
  private let name: (HTTPResponse) -> String
  private let onProgress: (Int64, Int64?) -> Void
  private var fd: Int32 = -1

  /// The final response's head, once received.
  public private(set) var response: HTTPResponse?
  /// The name the file was created under, once claimed.
  public private(set) var fileName: String?
  /// Bytes written so far.
  public private(set) var bytesWritten: Int64 = 0
  /// Why saving failed (claiming, writing or closing), if it did.
  public private(set) var failure: String?
  /// The signal that stopped the transfer (SIGINT, SIGTERM), or 0.
  public private(set) var interruptedBy: Int32 = 0

  /// Creates a download into `directory`; `name` picks the file name from the final response head,
  /// and `progress` receives (bytes written, expected total) as the body streams.
  public init(
    directory: String, platform: Platform = .current, name: @escaping (HTTPResponse) -> String,
    progress: @escaping (Int64, Int64?) -> Void = { _, _ in }
  ) {
    self.directory = directory
    self.platform = platform
    self.name = name
    self.onProgress = progress
  }

  deinit { if fd >= 0 { _ = close(fd) } }

  /// The saved file's path.
  public var path: String? {
    fileName.map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
  }

  /// Claims the file for a 2xx response (skips the body of anything else).
  public func headersReceived(_ response: HTTPResponse) -> BodyAction {
    self.response = response
    guard response.isSuccess, interruptedBy == 0 else { return .skip }
    do {
      let claimed = try UniqueFilename.claim(directory: directory, name: name(response), for: platform)
      fd = claimed.fd
      fileName = claimed.name
    } catch {
      failure = error.message
      return .skip
    }
    onProgress(0, response.contentLength)
    return .receive
  }

  /// Writes a chunk to the file; false (stopping the transfer) on a write error or an interrupt.
  public func bodyReceived(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard checkInterrupt(), fd >= 0, let base = chunk.baseAddress else { return false }
    var offset = 0
    while offset < chunk.count {
      let n = write(fd, base + offset, chunk.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        failure = "cannot write '\(fileName ?? "")': \(String(cString: strerror(errno)))"
        return false
      }
      offset += n
    }
    bytesWritten += Int64(chunk.count)
    onProgress(bytesWritten, response?.contentLength)
    return true
  }

  /// False (stopping the transfer) once SIGINT or SIGTERM has arrived.
  public func progress(received: Int64, total: Int64?) -> Bool { checkInterrupt() }

  /// Closes the file after a complete transfer; false (with `failure` set) when closing fails.
  public func complete() -> Bool {
    guard fd >= 0 else { return failure == nil }
    let status = close(fd)
    fd = -1
    if status != 0 {
      failure = "cannot close '\(fileName ?? "")': \(String(cString: strerror(errno)))"
      return false
    }
    return true
  }

  /// Closes and deletes the partial file (it was created by this download, so nobody else's data
  /// is touched). Returns its path when one was removed.
  @discardableResult
  public func discard() -> String? {
    if fd >= 0 { _ = close(fd); fd = -1 }
    guard let path else { return nil }
    fileName = nil
    return unlink(path) == 0 ? path : nil
  }

  private func checkInterrupt() -> Bool {
    let signal = Interrupts.received
    if signal != 0 { interruptedBy = signal }
    return signal == 0
  }
}
