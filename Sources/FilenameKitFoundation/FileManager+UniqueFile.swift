import FilenameKit
import Foundation

extension FileManager {
  /// Creates a new, empty file in `directory` under `name`, or `name (1).ext`, `name (2).ext`, …
  /// when taken, with `O_CREAT|O_EXCL`: nothing is ever overwritten, even when several threads or
  /// processes claim the same name at once. The caller owns the returned handle.
  public func claimUniqueFile(in directory: URL, named name: String, platform: Platform = .current) throws -> (url: URL, handle: FileHandle) {
    do {
      let claimed = try UniqueFilename.claim(directory: directory.path, name: name, for: platform)
      return (directory.appendingPathComponent(claimed.name, isDirectory: false),
              FileHandle(fileDescriptor: claimed.fd, closeOnDealloc: true))
    } catch {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: error.message, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: error.errno) ?? .EIO)])
    }
  }
}

extension Suggestion {
  /// Claims a unique file for this suggestion in `directory` (never overwriting).
  public func claimDestination(in directory: URL, platform: Platform = .current) throws -> (url: URL, handle: FileHandle) {
    try FileManager.default.claimUniqueFile(in: directory, named: filename, platform: platform)
  }
}
