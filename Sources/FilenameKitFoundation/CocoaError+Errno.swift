import Foundation

extension CocoaError {
  /// The Cocoa file-writing code that matches a POSIX error number, as Foundation's own file APIs
  /// report them: `ENOENT`/`ENOTDIR` → `.fileNoSuchFile`, `EACCES`/`EPERM` → `.fileWriteNoPermission`,
  /// `ENOSPC`/`EDQUOT` → `.fileWriteOutOfSpace`, `EROFS` → `.fileWriteVolumeReadOnly`, `EEXIST` →
  /// `.fileWriteFileExists`, `ENAMETOOLONG`/`EINVAL`/`EILSEQ` → `.fileWriteInvalidFileName`, anything
  /// else → `.fileWriteUnknown`.
  public static func fileWriteCode(forErrno errno: Int32) -> CocoaError.Code {
    switch errno {
    case ENOENT, ENOTDIR: return .fileNoSuchFile
    case EACCES, EPERM: return .fileWriteNoPermission
    case ENOSPC, EDQUOT: return .fileWriteOutOfSpace
    case EROFS: return .fileWriteVolumeReadOnly
    case EEXIST: return .fileWriteFileExists
    case ENAMETOOLONG, EINVAL, EILSEQ: return .fileWriteInvalidFileName
    default: return .fileWriteUnknown
    }
  }

  /// A file-writing error for `errno`: the matching code, `message` as the description, the file's
  /// URL when known, and the POSIX error kept as `NSUnderlyingErrorKey`.
  public static func fileWrite(errno: Int32, message: String, url: URL? = nil) -> CocoaError {
    var info: [String: Any] = [
      NSLocalizedDescriptionKey: message,
      NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
    ]
    if let url { info[NSURLErrorKey] = url }
    return CocoaError(fileWriteCode(forErrno: errno), userInfo: info)
  }
}
