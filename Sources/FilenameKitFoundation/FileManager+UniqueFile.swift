import FilenameKit
import Foundation

extension FileManager {
  /// Creates a new, empty file in `directory` under `name`, or `name (1).ext`, `name (2).ext`, …
  /// when taken, with `O_CREAT|O_EXCL`: nothing is ever overwritten, even when several threads or
  /// processes claim the same name at once.
  ///
  /// The returned `FileHandle` owns the descriptor and closes it when released (this wraps the
  /// core's `UniqueFilename.claim`, whose bare `Int32` descriptor the caller must `close(2)` itself).
  ///
  /// - Throws: a `CocoaError` whose code matches the cause (`.fileNoSuchFile` when the directory does
  ///   not exist, `.fileWriteNoPermission`, `.fileWriteOutOfSpace`, `.fileWriteVolumeReadOnly`,
  ///   `.fileWriteInvalidFileName`, `.fileWriteFileExists` when every candidate name is taken, …; see
  ///   `CocoaError.fileWriteCode(forErrno:)`), with the POSIX error as `NSUnderlyingErrorKey`.
  public func claimUniqueFile(in directory: URL, named name: String, platform: Platform = .current) throws -> (
    url: URL, handle: FileHandle
  ) {
    do {
      let claimed = try UniqueFilename.claim(directory: directory.path, name: name, for: platform)
      return (
        directory.appendingPathComponent(claimed.name, isDirectory: false),
        FileHandle(fileDescriptor: claimed.fd, closeOnDealloc: true)
      )
    } catch {
      throw CocoaError.fileWrite(
        errno: error.errno, message: error.message,
        url: directory.appendingPathComponent(name, isDirectory: false))
    }
  }
}

extension Suggestion {
  /// Claims a unique file for this suggestion in `directory` (never overwriting). The handle owns
  /// the descriptor; errors are as `FileManager.claimUniqueFile(in:named:platform:)` throws them.
  public func claimDestination(in directory: URL, platform: Platform = .current) throws -> (
    url: URL, handle: FileHandle
  ) {
    try FileManager.default.claimUniqueFile(in: directory, named: filename.string, platform: platform)
  }
}
