#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into lines for the batch engine, bounded by a cap on line length.
///
/// A line that lies whole in one chunk is handed on where it is; only a line split across chunks is
/// gathered (once) in `pending`. A line longer than the cap is reported once, with its first
/// `maxLineBytes` bytes, and the rest of it is skipped, so memory stays bounded. The CR of a CRLF
/// line ending is not counted: the cap is on the request.
struct BatchLineReader {
  enum Event {
    /// A whole line, without its newline (a CR before it is kept).
    case line(UnsafeBufferPointer<UInt8>)
    /// A line over the cap: its first `maxLineBytes` bytes.
    case tooLong([UInt8])
  }

  let maxLineBytes: Int
  private var pending: [UInt8] = []
  private var overflowing = false

  /// The bytes gathered of a line at most: the cap and a CR that may end it.
  private let room: Int

  init(maxLineBytes: Int) {
    self.maxLineBytes = maxLineBytes
    self.room = maxLineBytes == Int.max ? Int.max : maxLineBytes + 1
  }

  /// Reports every line that ends in `chunk`, and keeps the unfinished tail.
  mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ handle: (Event) -> Void) {
    guard let base = chunk.baseAddress else { return }
    var start = 0
    while start < chunk.count, let hit = memchr(base + start, 0x0A, chunk.count - start) {
      let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      let part = UnsafeBufferPointer(rebasing: chunk[start..<end])
      if pending.isEmpty && !overflowing && part.count <= room {
        report(part, handle)
      } else {
        take(part, handle)
        if !overflowing { pending.withUnsafeBufferPointer { report($0, handle) } }
        pending.removeAll(keepingCapacity: true)
      }
      overflowing = false
      start = end + 1
    }
    take(UnsafeBufferPointer(rebasing: chunk[start...]), handle)
  }

  /// Reports a last line that had no newline.
  mutating func finish(_ handle: (Event) -> Void) {
    if !pending.isEmpty && !overflowing { pending.withUnsafeBufferPointer { report($0, handle) } }
    pending.removeAll()
    overflowing = false
  }

  /// Reports a whole line of at most `room` bytes: over the cap unless its last byte is a CR.
  private func report(_ line: UnsafeBufferPointer<UInt8>, _ handle: (Event) -> Void) {
    if line.count > maxLineBytes && line.last != 0x0D {
      handle(.tooLong(Array(line.prefix(maxLineBytes))))
    } else {
      handle(.line(line))
    }
  }

  /// Adds part of a line to `pending`, or reports the line as too long when it passes the cap.
  private mutating func take(_ part: UnsafeBufferPointer<UInt8>, _ handle: (Event) -> Void) {
    guard !overflowing else { return }
    if pending.count + part.count > room {
      pending.append(contentsOf: part.prefix(room - pending.count))
      handle(.tooLong(Array(pending.prefix(maxLineBytes))))
      pending.removeAll()
      overflowing = true
    } else {
      pending.append(contentsOf: part)
    }
  }
}
