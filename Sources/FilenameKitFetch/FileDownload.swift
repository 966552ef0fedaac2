internal import CCurl
import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams the final response's body into a claimed temporary file, and gives it its final name only
/// when the body is complete (never overwriting anything).
///
/// When the final response's head arrives and its status is 2xx, the first `leadingByteLimit` bytes of
/// the body (or all of it, when shorter) are held in memory; then `name` decides the file name from the
/// head and those bytes (so a generic download can be named by what it is). The body goes to `NAME.part`, created with `O_CREAT|O_EXCL` by `UniqueFilename.claim` (`NAME (1).part` when
/// taken), so a transfer stopped by any signal — SIGKILL included — leaves at most a file that says it
/// is partial. `complete()` then links the file it wrote to the first free name of `NAME`,
/// `NAME (1).ext`, … with `link(2)`, which fails rather than replace an existing file, and removes the
/// `.part` name; every step is relative to the directory as it was opened (`openat`, `linkat`,
/// `unlinkat`). The file is linked by its descriptor (`/proc/self/fd/N`), not by the `.part` name:
/// anyone who can write to the directory can replace that name during the download (a symlink to
/// elsewhere), and a link by name would publish their file as the download. Where the descriptor
/// cannot be linked, and for the renames below, the `.part` name is checked to be this download's
/// file (its device and inode) before and the new name after; a mismatch fails the download, and a
/// name it gave to someone else's file is removed again. On a file
/// system without hard links (vfat, exFAT, some SMB and FUSE mounts), the `.part` file is renamed with
/// `renameat2(RENAME_NOREPLACE)`, which fails rather than replace; where even that is refused, the
/// final name is claimed as an empty placeholder with `O_CREAT|O_EXCL` and the `.part` file renamed
/// over it once checked to still be that placeholder. No file of anyone else's is replaced, and no
/// signal leaves a partial file under a final name (at worst an empty placeholder). Body chunks are written straight to the
/// descriptor once the name is decided, so memory stays bounded whatever the size. SIGINT, SIGTERM, SIGHUP and SIGQUIT (when
/// `Interrupts` are installed) stop the transfer; `discard()` then removes the partial file.
package final class FileDownload: HTTPTransferDelegate {
  /// The directory to save into.
  package let directory: String
  /// The file system rules for the claimed name.
  package let platform: Platform
  /// A limit on the saved and temporary names below the platform's, in its unit: the room a name
  /// has in the directory (a path limit less the directory, or the file system's `NAME_MAX`); the
  /// `.part` name and numbered names (`NAME (1).ext`) are shortened to it. Nil: the platform's.
  package var maxNameLength: Int?
  private let name: (HTTPResponse, [UInt8]) -> String
  private let leadingByteLimit: Int
  private let onProgress: (Int64, Int64?) -> Void
  private var fd: Int32 = -1
  /// The directory, opened once: the file is created, linked, renamed and removed relative to it
  /// (`openat`, `linkat`, `renameat`, `unlinkat`), so replacing the directory's path during the
  /// download (a symlink swapped in) can neither move the file elsewhere nor remove someone else's.
  private var dirFD: Int32 = -1
  private var wantedName: String?
  /// The device and inode of the `.part` file this download created, from its descriptor: the file
  /// published is this one, whatever its name points at by then.
  private var partIdentity: (device: UInt64, inode: UInt64)?

  /// The final response's head, once received.
  package private(set) var response: HTTPResponse?
  /// The temporary name the body is written under (`NAME.part`), while the download runs.
  package private(set) var partName: String?
  /// The name the file was saved under, once `complete()` succeeded.
  package private(set) var fileName: String?
  /// Bytes of the body received so far (the first ones may still be held for naming).
  package private(set) var bytesWritten: Int64 = 0
  /// The body's first bytes (at most `leadingByteLimit`), as `name` saw them.
  package private(set) var leadingBytes: [UInt8] = []
  /// Whether `name` has been asked (the file is claimed, or claiming failed).
  private var named = false
  /// Why saving failed (claiming, writing or closing), if it did.
  package private(set) var failure: String?
  /// The signal that stopped the transfer (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or 0.
  package private(set) var interruptedBy: Int32 = 0
  /// What happened to the body's Content-Encoding: nil when it had none (or only identity),
  /// `.decoded`, or `.kept` (see `keepsContentCoding(_:)`).
  package private(set) var contentCoding: ContentCodingOutcome?

  /// What a download did with a gzip or deflate Content-Encoding.
  package enum ContentCodingOutcome: String, Sendable, Hashable {
    /// Decoded: the file is the decoded body.
    case decoded
    /// Kept: the file is the body as sent, because the file itself is compressed.
    case kept
  }

  /// Bytes after the end of a decoded gzip or deflate stream that did not start another gzip
  /// member, ignored (not saved) as gzip(1) and browsers ignore them; 0 when there were none.
  package private(set) var ignoredTrailingBytes: Int64 = 0
  /// Whether a gzip body was kept as sent (its media type says gzip) and saved under a name whose
  /// extension does not say so (`data.txt` with `Content-Type: application/gzip`): the file is gzip
  /// whatever its name says.
  package var keptUnderOtherExtension: Bool {
    guard contentCoding == .kept, let fileName else { return false }
    return Self.contentExtension(of: fileName).map(Self.compressedExtensions.contains) != true
  }

  /// File name extensions of files that are themselves gzip-compressed: gzip itself (`gz`, `gzip`,
  /// `tgz`), and formats defined as a gzip-compressed other one: `svgz` (SVG 1.1 §1.2), `emz` and
  /// `wmz` (compressed EMF and WMF, as Office writes them), `cpgz` (cpio), `x3dz`, `x3dvz` and `wrz`
  /// (X3D and VRML, ISO/IEC 19776-1 and 14772-1 allow gzip).
  package static let compressedExtensions: Set<String> = [
    "gz", "gzip", "tgz", "svgz", "emz", "wmz", "cpgz", "x3dz", "x3dvz", "wrz",
  ]

  /// Suffixes that say a download is unfinished (`.part`, Chrome's `.crdownload`, Safari's
  /// `.download`, `.partial`): looked through when asking what a name's file is (`x.gz.download`
  /// is a gzip file), since they describe the state of the download, not its content.
  package static let unfinishedSuffixes: Set<String> = ["part", "crdownload", "download", "partial"]

  /// The extension that says what `name`'s file is: the last one, looking through suffixes of
  /// `unfinishedSuffixes` (`x.tar.gz.download` → `gz`), lowercase; nil when there is none.
  static func contentExtension(of name: String) -> String? {
    var parts = name.lowercased().split(separator: ".", omittingEmptySubsequences: false).dropFirst()
    while let last = parts.last, unfinishedSuffixes.contains(String(last)), parts.count > 1 { parts.removeLast() }
    return parts.last.map(String.init)
  }
  /// Media types of gzip files (essences, lowercase).
  package static let compressedTypes: Set<String> = [
    "application/gzip", "application/x-gzip", "application/x-gunzip", "application/gzipped",
    "application/gzip-compressed", "application/x-gzip-compressed", "gzip/document", "application/x-tgz",
    "application/x-compressed-tar",
  ]

  /// The suffix of the temporary name.
  package static let partSuffix = ".part"

  /// Creates a download into `directory`; `name` picks the file name from the final response head,
  /// and `progress` receives (bytes written, expected total) as the body streams.
  package convenience init(
    directory: String, platform: Platform = .current, name: @escaping (HTTPResponse) -> String,
    progress: @escaping (Int64, Int64?) -> Void = { _, _ in }
  ) {
    self.init(
      directory: directory, platform: platform, leadingByteLimit: 0, nameByContent: { r, _ in name(r) },
      progress: progress)
  }

  /// Creates a download into `directory` whose name may depend on the content: `nameByContent` gets the
  /// final response head and the body's first `leadingByteLimit` bytes (fewer when the body is shorter),
  /// and is asked once they have arrived, before any file is created.
  package init(
    directory: String, platform: Platform = .current, leadingByteLimit: Int = ContentSniffer.maxBytes,
    nameByContent: @escaping (HTTPResponse, [UInt8]) -> String,
    progress: @escaping (Int64, Int64?) -> Void = { _, _ in }
  ) {
    self.directory = directory
    self.platform = platform
    self.leadingByteLimit = max(0, leadingByteLimit)
    self.name = nameByContent
    self.onProgress = progress
  }

  deinit {
    if fd >= 0 { _ = close(fd) }
    if dirFD >= 0 { _ = close(dirFD) }
  }

  /// The saved file's path (after `complete()`).
  package var path: String? { fileName.map(join) }

  /// The temporary file's path, while there is one.
  package var partPath: String? { partName.map(join) }

  private func join(_ name: String) -> String { directory.hasSuffix("/") ? directory + name : directory + "/" + name }

  /// Receives the body of a 2xx response (skips the body of anything else, of a 204 or 205, which
  /// has none: `HTTPResponse.hasNoContent`, and of a response whose name is ambiguous:
  /// `HTTPResponse.isRefusedForConflict`); with no leading bytes to wait for, claims the temporary
  /// file at once.
  package func headersReceived(_ response: HTTPResponse) -> BodyAction {
    self.response = response
    guard Self.isSavable(response), interruptedBy == 0 else { return .skip }
    if leadingByteLimit == 0 && !claim() { return .skip }
    onProgress(0, expectedFileSize)
    return .receive
  }

  /// Keeps a gzip body as sent, undecoded, when the file is itself gzip: its declared type is a
  /// gzip type (`compressedTypes`) or the name it gets (asked of `name` without leading bytes) ends
  /// in `.gz`, `.tgz`, `.svgz`, `.emz`, … (`compressedExtensions`; the last extension decides,
  /// `tar.gz` → `gz`, looking through `unfinishedSuffixes`: `x.gz.download`). A server that labels
  /// a `.tar.gz` with `Content-Encoding: gzip` (a common misconfiguration) means the file, not a
  /// transfer coding; Firefox (`nsExternalHelperAppService`, ApplyDecodingForExtension) and Chrome
  /// keep those bytes too, so `a.tar.gz` stays a gzip file. Decoded otherwise; `contentCoding`
  /// records which (and `keptUnderOtherExtension` a body kept under a name that does not say gzip).
  package func keepsContentCoding(_ response: HTTPResponse) -> Bool {
    let coding = response.headers.filter { $0.name == "content-encoding" }
      .map { String(decoding: $0.value, as: UTF8.self).lowercased() }
    guard coding.contains(where: { $0.contains("gzip") }) else {
      contentCoding = .decoded
      return false
    }
    let type = response.value("content-type").flatMap { MediaType.extract(fromContentTypeBytes: $0) }?.essence
    let nameSaysGzip = Self.contentExtension(of: name(response, [])).map(Self.compressedExtensions.contains) == true
    let keep = nameSaysGzip || type.map(Self.compressedTypes.contains) == true
    contentCoding = keep ? .kept : .decoded
    return keep
  }

  /// Records the bytes ignored after the end of a decoded stream (`ignoredTrailingBytes`).
  package func contentDecodingIgnored(trailingBytes: Int64) { ignoredTrailingBytes += trailingBytes }

  /// Whether `response` has a body worth saving under a name: 2xx, with content, and no field
  /// conflict that browsers refuse.
  package static func isSavable(_ response: HTTPResponse) -> Bool {
    response.isSuccess && !response.hasNoContent && !response.isRefusedForConflict
  }

  /// Holds a chunk until the leading bytes are complete, then names and claims the file and writes
  /// them and everything after; false (stopping the transfer) on a claim or write error or an interrupt.
  package func bodyReceived(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard checkInterrupt(), let base = chunk.baseAddress else { return false }
    var rest = UnsafeRawBufferPointer(start: base, count: chunk.count)
    if !named {
      let take = min(leadingByteLimit - leadingBytes.count, rest.count)
      leadingBytes += rest.prefix(take)
      rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(take))
      if leadingBytes.count >= leadingByteLimit {
        guard claim(), writeHeld() else { return false }
      }
    }
    if named {
      guard fd >= 0, writeAll(rest) else { return false }
    }
    bytesWritten += Int64(chunk.count)
    onProgress(bytesWritten, expectedFileSize)
    return true
  }

  /// The file's size to expect: Content-Length, unless the body is decoded from gzip or deflate,
  /// whose Content-Length counts the coded bytes, not the file's (a progress line
  /// of `46.2 MiB / 99.6 KiB (100%)` would follow); then unknown.
  private var expectedFileSize: Int64? {
    guard let response else { return nil }
    if contentCoding != .kept, case .inflate = BodyFraming.coding(response) { return nil }
    return response.contentLength
  }

  /// The profile names on this disk are fitted with: the target platform's, or `portable` (both
  /// 255 UTF-8 bytes and 255 UTF-16 units) for a `windows` target on a host that counts bytes, so a
  /// `windows` name of 88 CJK characters (256 bytes) still fits a Linux file system. (The other way
  /// round needs nothing: a name of at most 255 bytes is at most 255 UTF-16 units.)
  private var diskPlatform: Platform {
    platform == .windows && Platform.current != .windows ? .portable : platform
  }

  /// Asks `name` (once) and creates `NAME.part` with `O_CREAT|O_EXCL`; false with `failure` set when
  /// that fails.
  private func claim() -> Bool {
    guard !named, let response else { return fd >= 0 }
    named = true
    let wanted = name(response, leadingBytes)
    do {
      if dirFD < 0 { dirFD = try UniqueFilename.openDirectory(directory) }
      let claimed = try UniqueFilename.claim(
        directoryFD: dirFD, named: directory, name: wanted + Self.partSuffix, for: diskPlatform,
        maxLength: maxNameLength)
      fd = claimed.fd
      partName = claimed.name
      wantedName = wanted
      var st = stat()
      if fstat(fd, &st) == 0 { partIdentity = (UInt64(st.st_dev), UInt64(st.st_ino)) }
      return true
    } catch {
      failure = error.message
      return false
    }
  }

  /// Writes the leading bytes held for naming.
  private func writeHeld() -> Bool {
    leadingBytes.withUnsafeBytes { writeAll($0) }
  }

  /// Writes all of `bytes` to the file (retrying short writes and EINTR).
  private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, base + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        failure = "cannot write '\(partName ?? "")': \(String(cString: strerror(errno)))"
        return false
      }
      offset += n
    }
    return true
  }

  /// False (stopping the transfer) once one of the signals has arrived.
  package func progress(received: Int64, total: Int64?) -> Bool { checkInterrupt() }

  /// Closes the file after a complete transfer and moves it to its final name; false (with `failure`
  /// set, the temporary file left for `discard()`) when closing or naming fails.
  /// A body shorter than the leading bytes (an empty one too) is named and claimed here.
  package func complete() -> Bool {
    if !named, let response, Self.isSavable(response), interruptedBy == 0 {
      guard claim(), writeHeld() else { return false }
    }
    guard fd >= 0, let part = partName, let wanted = wantedName else { return failure == nil }
    // A second descriptor of the file outlives the close, whose error (a write the file system
    // could not finish) must still stop the download: the file is published through it.
    let file = dup(fd)
    let status = close(fd)
    fd = -1
    defer { if file >= 0 { _ = close(file) } }
    guard status == 0, file >= 0 else {
      failure = "cannot close '\(part)': \(String(cString: strerror(errno)))"
      return false
    }
    beforePublish?(part)
    guard let final = publish(part, as: wanted, file: file) else { return false }
    fileName = final
    partName = nil
    return true
  }

  /// Tests only: runs after the file is closed and before it is published (to swap the `.part` name).
  var beforePublish: ((String) -> Void)?

  /// Whether `name` in the directory is this download's `.part` file itself (same device and inode,
  /// the name not followed if it is a symlink).
  private func isOurFile(_ name: String) -> Bool {
    guard let id = partIdentity else { return false }
    var st = stat()
    return fstatat(dirFD, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && UInt64(st.st_dev) == id.device
      && UInt64(st.st_ino) == id.inode
  }

  /// The failure when the `.part` name no longer is this download's file: someone with write access
  /// to the directory replaced it (a symlink, another file) while the download ran.
  private func replacedFailure(_ part: String) -> String? {
    failure = "'\(part)' was replaced during the download (by a symlink or another file): nothing was published"
    return nil
  }

  /// Links the open file itself to `candidate`: through `/proc/self/fd` (Linux, `linkat(2)` with
  /// AT_SYMLINK_FOLLOW), which names the descriptor's inode and cannot be redirected; where that is
  /// unavailable, by the `.part` name, checked to be this file before and the new name after (a name
  /// that turns out to be something else is removed again). 0, or the errno of the link.
  private func linkFile(_ file: Int32, _ part: String, to candidate: String) -> Int32 {
    #if os(Linux)
      if linkat(AT_FDCWD, "/proc/self/fd/\(file)", dirFD, candidate, AT_SYMLINK_FOLLOW) == 0 { return 0 }
      let e = errno
      if e == EEXIST { return e }
    #endif
    guard isOurFile(part) else { return ESTALE }
    if linkat(dirFD, part, dirFD, candidate, 0) != 0 { return errno }
    guard isOurFile(candidate) else {
      _ = unlinkat(dirFD, candidate, 0)
      return ESTALE
    }
    return 0
  }

  /// Removes the `.part` name once the file has its final name, unless the name is no longer this
  /// download's file (then it is someone else's, and stays).
  private func removePartName(_ part: String) {
    if isOurFile(part) { _ = unlinkat(dirFD, part, 0) }
  }

  /// Gives the file (open as `file`, created as `part`) the first free name of `wanted`'s sequence
  /// without replacing anything. What is published is the file this download wrote, never whatever
  /// the `.part` name points at by then.
  private func publish(_ part: String, as wanted: String, file: Int32) -> String? {
    guard publishStrategy == .link else { return publishWithoutLinks(part, as: wanted) }
    for candidate in UniqueFilename.candidates(wanted, for: diskPlatform, maxLength: maxNameLength) {
      let e = linkFile(file, part, to: candidate)
      if e == 0 {
        removePartName(part)
        return candidate
      }
      if e == ESTALE { return replacedFailure(part) }
      if e == EEXIST { continue }
      if [EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(e) {
        return publishWithoutLinks(part, as: wanted)
      }
      failure = "cannot name '\(candidate)': \(String(cString: strerror(e)))"
      return nil
    }
    failure = "no free name for '\(wanted)' in '\(directory)'"
    return nil
  }

  /// How `publish` gives the final name: `link(2)` first (falling back by itself when the file
  /// system has no hard links); tests force the fallbacks.
  enum PublishStrategy { case link, renameNoReplace, placeholder }
  var publishStrategy = PublishStrategy.link

  /// Without hard links: rename to the first free name with `RENAME_NOREPLACE` (EEXIST: the next
  /// name); where the file system refuses that flag, `publishOverPlaceholder`, whose plain rename
  /// replaces only an empty file this download created and checked.
  private func publishWithoutLinks(_ part: String, as wanted: String) -> String? {
    guard publishStrategy != .placeholder else { return publishOverPlaceholder(part, as: wanted) }
    for candidate in UniqueFilename.candidates(wanted, for: diskPlatform, maxLength: maxNameLength) {
      // A rename moves whatever the name holds: the name is checked before, the result after.
      guard isOurFile(part) else { return replacedFailure(part) }
      if fkcurl_rename_noreplace(dirFD, part, dirFD, candidate) == 0 {
        guard isOurFile(candidate) else {
          _ = unlinkat(dirFD, candidate, 0)
          return replacedFailure(part)
        }
        return candidate
      }
      let e = errno
      if e == EEXIST { continue }
      if [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP, EPERM].contains(e) { return publishOverPlaceholder(part, as: wanted) }
      failure = "cannot rename '\(part)' to '\(candidate)': \(String(cString: strerror(e)))"
      return nil
    }
    failure = "no free name for '\(wanted)' in '\(directory)'"
    return nil
  }

  /// The last resort, where the file system has neither hard links nor `RENAME_NOREPLACE`: claim the
  /// first free final name with `O_CREAT|O_EXCL` (an empty placeholder only this download created;
  /// `O_EXCL` never follows a symlink), check the name still is that placeholder, and rename the
  /// `.part` file over it with a plain `renameat`, which replaces only our own empty file (Chromium's
  /// downloader likewise picks a unique name, then renames over it). A name that no longer holds the
  /// placeholder (removed or replaced meanwhile) is left alone and the next name is claimed. A signal
  /// at any moment leaves at worst an empty placeholder under the final name, never a partial file.
  private func publishOverPlaceholder(_ part: String, as wanted: String) -> String? {
    for _ in 0..<Self.placeholderAttempts {
      let claimed: (fd: Int32, name: String)
      do {
        claimed = try UniqueFilename.claim(directoryFD: dirFD, named: directory, name: wanted, for: diskPlatform)
      } catch {
        failure = error.message
        return nil
      }
      defer { _ = close(claimed.fd) }
      beforeRenameOverPlaceholder?(claimed.name)
      guard isEmptyPlaceholder(claimed.name, open: claimed.fd) else { continue }
      guard isOurFile(part) else {
        removeIfSame(claimed.name, as: claimed.fd)
        return replacedFailure(part)
      }
      if renameat(dirFD, part, dirFD, claimed.name) == 0 {
        guard isOurFile(claimed.name) else {
          _ = unlinkat(dirFD, claimed.name, 0)
          return replacedFailure(part)
        }
        return claimed.name
      }
      let e = errno
      removeIfSame(claimed.name, as: claimed.fd)
      failure = "cannot rename '\(part)' to '\(claimed.name)': \(String(cString: strerror(e)))"
      return nil
    }
    failure = "no free name for '\(wanted)' in '\(directory)': placeholders kept being replaced"
    return nil
  }

  /// How many placeholders `publishOverPlaceholder` claims before giving up (each one replaced by
  /// someone else leaves that name to them).
  static let placeholderAttempts = 100

  /// Tests only: runs between claiming a placeholder and renaming over it (to replace it meanwhile).
  var beforeRenameOverPlaceholder: ((String) -> Void)?

  /// Whether `name` is still the empty file open as `fd`: same device and inode (not followed if
  /// a symlink), size 0.
  private func isEmptyPlaceholder(_ name: String, open fd: Int32) -> Bool {
    var open = stat()
    var named = stat()
    return fstat(fd, &open) == 0 && fstatat(dirFD, name, &named, AT_SYMLINK_NOFOLLOW) == 0
      && open.st_dev == named.st_dev && open.st_ino == named.st_ino && named.st_size == 0
  }

  /// Removes `name` only while it is still the (empty) placeholder open as `fd`.
  private func removeIfSame(_ name: String, as fd: Int32) {
    guard isEmptyPlaceholder(name, open: fd) else { return }
    _ = unlinkat(dirFD, name, 0)
  }

  /// Closes and deletes the partial file (it was created by this download, so nobody else's data
  /// is touched). Returns its path when one was removed.
  @discardableResult
  package func discard() -> String? {
    if fd >= 0 {
      _ = close(fd)
      fd = -1
    }
    guard let path = partPath, let part = partName, dirFD >= 0 else { return nil }
    partName = nil
    return unlinkat(dirFD, part, 0) == 0 ? path : nil
  }

  private func checkInterrupt() -> Bool {
    let signal = Interrupts.received
    if signal != 0 { interruptedBy = signal }
    return signal == 0
  }
}
