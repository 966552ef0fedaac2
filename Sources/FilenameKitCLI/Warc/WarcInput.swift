import FilenameKitFetch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of one WARC file as its records see them, read in fixed-size buffers: the file itself,
/// or, when it starts with the gzip magic, the decoded bytes of its gzip members (ISO 28500 annex D:
/// each record compressed as one member, as Common Crawl and wget write them).
///
/// A member's bytes are never mixed with the next one's: `fill()` is false at the end of a member,
/// and `beginRecord()` moves on to the next, so a record is read inside its member and its offset is
/// the member's offset in the file (the offset warcio and CDX indexes give). Each member is decoded
/// with its own `Inflater` and limits. A corrupt member is left by scanning the file for the next
/// gzip magic after its start.
final class WarcInput {
  /// Size of the file and decode buffers.
  static let bufferSize = 1 << 16
  /// The gzip magic and method (RFC 1952 §2.3.1: ID1 ID2 CM=8).
  static let gzipMagic: [UInt8] = [0x1F, 0x8B, 0x08]

  private let fd: Int32
  /// Whether the file is a series of gzip members.
  let gzip: Bool
  private let maxBytes: Int64
  private let maxRatio: Int
  private let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: WarcInput.bufferSize, alignment: 8)
  private var rawStart = 0
  private var rawEnd = 0
  /// The file offset of `raw[0]`.
  private var rawOffset: Int64 = 0
  private let out = UnsafeMutableRawBufferPointer.allocate(byteCount: WarcInput.bufferSize, alignment: 8)
  private var outStart = 0
  private var outEnd = 0
  private var inflater: Inflater?
  /// The file offset where the current member starts (gzip), or of the next byte (plain).
  private var memberStart: Int64 = 0
  /// The offset in the record stream of the next byte: the file offset (plain), or the decoded
  /// offset within the current member (gzip).
  private(set) var position: Int64 = 0
  /// Why the last `fill()` or `beginRecord()` stopped short, when it was not a clean end.
  private(set) var problem: String? {
    didSet { if problem != nil { problemOffset = gzip ? memberStart : position } }
  }
  /// The file offset `problem` is about (the member's, in a .warc.gz).
  private(set) var problemOffset: Int64 = 0
  /// An I/O error, after which nothing more is read.
  private(set) var ioError: String?
  /// Whether bytes skipped before the next member go unsaid (the scan after a member already reported).
  private var scanQuietly = false
  /// Decoded bytes of all members, for throughput figures.
  private(set) var decodedTotal: Int64 = 0

  /// Opens `path`; throws the reason when it cannot be read.
  init(path: String, maxBytes: Int64, maxRatio: Int) throws(UsageError) {
    var fd: Int32
    repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else {
      throw UsageError("cannot open '\(TerminalText.escape(path))': \(String(cString: strerror(errno)))")
    }
    self.fd = fd
    self.maxBytes = maxBytes
    self.maxRatio = maxRatio
    var magic = [UInt8](repeating: 0, count: 2)
    let n = magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 2, 0) }
    gzip = n == 2 && magic[0] == 0x1F && magic[1] == 0x8B
  }

  deinit {
    _ = close(fd)
    raw.deallocate()
    out.deallocate()
  }

  /// The file offset of the record that starts at the next byte: its member's offset (gzip), or
  /// its own (plain).
  var recordOffset: Int64 { gzip ? memberStart : position }

  /// The next byte without consuming it; nil at the end of the member or file.
  func peek() -> UInt8? {
    guard fill() else { return nil }
    return out[outStart]
  }

  /// Up to `max` bytes, consumed; valid until the next call. Empty at the end of the member or file.
  func next(max: Int) -> UnsafeRawBufferPointer {
    guard max > 0, fill() else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    let n = min(max, outEnd - outStart)
    let slice = UnsafeRawBufferPointer(rebasing: out[outStart..<outStart + n])
    outStart += n
    position += Int64(n)
    return slice
  }

  /// Discards up to `count` bytes; returns how many were there.
  func skip(_ count: Int64) -> Int64 {
    var left = count
    while left > 0 {
      let got = next(max: Int(min(left, Int64(Self.bufferSize))))
      if got.isEmpty { break }
      left -= Int64(got.count)
    }
    return count - left
  }

  /// Reads one line, LF included, into `line` (cleared first). False at the end of the member or
  /// file with nothing read; a line longer than `limit` is consumed up to the limit and
  /// `line.count` is then past `limit`.
  func readLine(into line: inout [UInt8], limit: Int) -> Bool {
    line.removeAll(keepingCapacity: true)
    while fill() {
      let avail = UnsafeRawBufferPointer(rebasing: out[outStart..<outEnd])
      if let lf = avail.firstIndex(of: 0x0A) {
        let n = lf + 1
        if line.count + n > limit + 1 {
          consume(limit + 1 - line.count, into: &line)
          return true
        }
        consume(n, into: &line)
        return true
      }
      if line.count + avail.count > limit {
        consume(limit + 1 - line.count, into: &line)
        return true
      }
      consume(avail.count, into: &line)
    }
    return !line.isEmpty
  }

  private func consume(_ n: Int, into line: inout [UInt8]) {
    line.append(contentsOf: UnsafeRawBufferPointer(rebasing: out[outStart..<outStart + n]))
    outStart += n
    position += Int64(n)
  }

  /// Moves to where the next record may start: within the current member while it has bytes,
  /// else the next member (gzip). False at the end of the file. Bytes between members that are not
  /// a gzip member are skipped and said in `problem`.
  func beginRecord() -> Bool {
    problem = nil
    if !gzip { return fill() }
    if outStart < outEnd { return true }
    if let inflater, inflater.state == .running, fill() { return true }
    return startMember() && fill()
  }

  /// Leaves the current record after a framing error: the rest of its member (gzip, decoded and
  /// dropped), or, in a plain file, back to the byte after `offset`, where a scan for the next
  /// record line begins.
  func resync(after offset: Int64) {
    if gzip {
      guard offset == memberStart, inflater != nil else { return }
      position += Int64(outEnd - outStart)
      outStart = outEnd
      while !next(max: Self.bufferSize).isEmpty {}
      if inflater?.state != .end && inflater != nil { seek(to: memberStart + 1) }
      return
    }
    seek(to: offset + 1)
    _ = find(Self.recordStart)
  }

  /// The start of every record (ISO 28500 §5.2), searched for after a framing error in a plain file.
  static let recordStart = Array("WARC/1.".utf8)

  /// Consumes bytes up to the next `pattern` (plain files), leaving it unconsumed; false (all
  /// consumed) when there is none.
  private func find(_ pattern: [UInt8]) -> Bool {
    while true {
      if outEnd - outStart < pattern.count {
        let keep = outEnd - outStart
        if keep > 0 { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: out[outStart..<outEnd])) }
        outStart = 0
        outEnd = keep
        let n = readFile(into: UnsafeMutableRawBufferPointer(rebasing: out[keep...]))
        if n <= 0 {
          position += Int64(keep)
          outEnd = 0
          return false
        }
        outEnd += n
        decodedTotal += Int64(n)
        continue
      }
      var i = outStart
      let last = outEnd - pattern.count
      while i <= last {
        if out[i] == pattern[0] && UnsafeRawBufferPointer(rebasing: out[i..<i + pattern.count]).elementsEqual(pattern) {
          position += Int64(i - outStart)
          outStart = i
          return true
        }
        i += 1
      }
      position += Int64(last + 1 - outStart)
      outStart = last + 1
    }
  }

  /// Decoded bytes available in `out`, reading and decoding as needed; false at the end of the
  /// member or file, or on an error (said in `problem`).
  private func fill() -> Bool {
    if outStart < outEnd { return true }
    outStart = 0
    outEnd = 0
    if ioError != nil { return false }
    if !gzip {
      let n = readFile(into: out)
      if n <= 0 { return false }
      outEnd = n
      decodedTotal += Int64(n)
      return true
    }
    guard let inflater else { return false }
    while inflater.state == .running {
      if rawStart == rawEnd && !refill() {
        problem = "the gzip member at offset \(memberStart) ends early (the file is cut off)"
        self.inflater = nil
        return false
      }
      var input = UnsafeRawBufferPointer(rebasing: raw[rawStart..<rawEnd])
      let (state, count) = inflater.step(&input, into: out)
      rawStart = rawEnd - input.count
      switch state {
      case .corrupt:
        problem = "the gzip member at offset \(memberStart) is corrupt (zlib: \(inflater.message))"
        seek(to: memberStart + 1)
        return false
      case .tooLarge:
        problem =
          "the gzip member at offset \(memberStart) decodes to more than allowed (\(inflater.decodedBytes) bytes "
          + "from \(inflater.encodedBytes); --max-decoded-size \(maxBytes), --max-decode-ratio \(maxRatio))"
        seek(to: memberStart + 1)
        return false
      case .running, .end:
        if count > 0 {
          outEnd = count
          decodedTotal += Int64(count)
          return true
        }
      }
    }
    return false
  }

  /// Starts the member at the next gzip magic; false at the end of the file.
  private func startMember() -> Bool {
    var skipped: Int64 = 0
    let from = rawOffset + Int64(rawStart)
    while true {
      if rawEnd - rawStart < 3 {
        let keep = rawEnd - rawStart
        if keep > 0 { raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[rawStart..<rawEnd])) }
        rawOffset += Int64(rawStart)
        rawStart = 0
        rawEnd = keep
        let n = readFile(into: UnsafeMutableRawBufferPointer(rebasing: raw[keep...]))
        if n > 0 {
          rawEnd += n
          continue
        }
        skipped += Int64(rawEnd - rawStart)
        rawStart = rawEnd
        if skipped > 0 && !scanQuietly { problem = "\(skipped) bytes at offset \(from) are not a gzip member: skipped" }
        return false
      }
      if raw[rawStart] == 0x1F && raw[rawStart + 1] == 0x8B && raw[rawStart + 2] == 0x08 { break }
      rawStart += 1
      skipped += 1
    }
    if skipped > 0 && !scanQuietly { problem = "\(skipped) bytes at offset \(from) are not a gzip member: skipped" }
    scanQuietly = false
    memberStart = rawOffset + Int64(rawStart)
    position = 0
    inflater = Inflater(rawDeflate: false, maxBytes: maxBytes, maxRatio: maxRatio)
    return inflater != nil
  }

  /// More raw bytes; false at the end of the file.
  private func refill() -> Bool {
    rawOffset += Int64(rawEnd)
    rawStart = 0
    rawEnd = 0
    let n = readFile(into: raw)
    if n <= 0 { return false }
    rawEnd = n
    return true
  }

  /// Goes to `offset` in the file, dropping every buffer and the member being decoded.
  private func seek(to offset: Int64) {
    inflater = nil
    scanQuietly = true
    outStart = 0
    outEnd = 0
    rawStart = 0
    rawEnd = 0
    rawOffset = offset
    position = offset
    memberStart = offset
    if lseek(fd, off_t(offset), SEEK_SET) < 0 { ioError = "cannot seek: \(String(cString: strerror(errno)))" }
  }

  /// `read(2)` into `buffer`, retrying EINTR; 0 at the end of the file, -1 on an error (kept in `ioError`).
  private func readFile(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard ioError == nil, buffer.count > 0 else { return 0 }
    while true {
      let n = read(fd, buffer.baseAddress, buffer.count)
      if n >= 0 { return n }
      if errno == EINTR { continue }
      ioError = "cannot read: \(String(cString: strerror(errno)))"
      return -1
    }
  }
}
