#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into lines for the batch engine, bounded by a cap on line length.
///
/// A line that lies whole in one chunk is handed on where it is; only a line split across chunks is
/// gathered (once) in `pending`. A line longer than the cap is reported once, with its first
/// `maxLineBytes` bytes, and the rest of it is skipped, so memory stays bounded.
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

  init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

  /// Reports every line that ends in `chunk`, and keeps the unfinished tail.
  mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ handle: (Event) -> Void) {
    guard let base = chunk.baseAddress else { return }
    var start = 0
    while start < chunk.count, let hit = memchr(base + start, 0x0A, chunk.count - start) {
      let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      let part = UnsafeBufferPointer(rebasing: chunk[start..<end])
      if pending.isEmpty && !overflowing && part.count <= maxLineBytes {
        handle(.line(part))
      } else {
        take(part, handle)
        if !overflowing { pending.withUnsafeBufferPointer { handle(.line($0)) } }
        pending.removeAll(keepingCapacity: true)
      }
      overflowing = false
      start = end + 1
    }
    take(UnsafeBufferPointer(rebasing: chunk[start...]), handle)
  }

  /// Reports a last line that had no newline.
  mutating func finish(_ handle: (UnsafeBufferPointer<UInt8>) -> Void) {
    if !pending.isEmpty && !overflowing { pending.withUnsafeBufferPointer { handle($0) } }
    pending.removeAll()
    overflowing = false
  }

  /// Adds part of a line to `pending`, or reports the line as too long when it passes the cap.
  private mutating func take(_ part: UnsafeBufferPointer<UInt8>, _ handle: (Event) -> Void) {
    guard !overflowing else { return }
    if pending.count + part.count > maxLineBytes {
      pending.append(contentsOf: part.prefix(maxLineBytes - pending.count))
      handle(.tooLong(pending))
      pending.removeAll()
      overflowing = true
    } else {
      pending.append(contentsOf: part)
    }
  }
}
