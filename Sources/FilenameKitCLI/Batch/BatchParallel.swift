import Dispatch

/// `filenamekit batch --jobs N`: the same answers as one thread, computed on N.
///
/// The lines of each read (or of a window of at most `windowLines` lines and `windowBytes` bytes, when
/// one read holds more) are copied into a window, split into N contiguous slices, and each slice is
/// answered on its own thread into its own buffers; the answers are then written in input order.
/// Answering a line depends on nothing but the line, so the bytes out are those of one thread, and
/// memory is bounded by the window. As with one thread, the output is flushed before every read.
enum BatchParallel {
  /// The most lines one window holds.
  static let windowLines = 8192
  /// The most line bytes one window holds (a line longer than this is a window of its own).
  static let windowBytes = 8 << 20

  /// One input line of a window, or a line cut at the cap.
  enum Item {
    case line(Range<Int>)
    case tooLong([UInt8])
  }

  /// Lines waiting for their answers, and the threads' buffers.
  final class Window: @unchecked Sendable {
    // Unchecked: between windows only the reading thread touches it; while a window is answered, each
    // thread writes only its own `scratch[i]` and reads `bytes` and `items`, which nobody changes then.
    var bytes: [UInt8] = []
    var items: [Item] = []
    /// One per thread; a pointer, not an array property, so that threads writing their own element
    /// do not make overlapping accesses to one property (which exclusivity checking stops).
    let scratch: UnsafeMutableBufferPointer<BatchEngine.Scratch>
    let maxLineBytes: Int

    init(jobs: Int, maxLineBytes: Int) {
      scratch = .allocate(capacity: jobs)
      _ = scratch.initialize(from: (0..<jobs).map { _ in BatchEngine.Scratch() })
      self.maxLineBytes = maxLineBytes
      bytes.reserveCapacity(1 << 16)
    }

    deinit {
      for s in scratch { s.deallocate() }
      _ = scratch.deinitialize()
      scratch.deallocate()
    }

    var isFull: Bool { items.count >= BatchParallel.windowLines || bytes.count >= BatchParallel.windowBytes }

    func add(_ event: BatchLineReader.Event) {
      switch event {
      case .line(let line):
        let start = bytes.count
        bytes.append(contentsOf: line)
        items.append(.line(start..<bytes.count))
      case .tooLong(let prefix): items.append(.tooLong(prefix))
      }
    }

    /// Answers items `slice` into thread `i`'s buffers.
    private func answer(slice: Range<Int>, on i: Int) {
      bytes.withUnsafeBufferPointer { all in
        for k in slice {
          switch items[k] {
          case .line(let r): BatchEngine.emit(UnsafeBufferPointer(rebasing: all[r]), scratch: &scratch[i])
          case .tooLong(let prefix):
            BatchEngine.answerTruncated(prefix, maxLineBytes: maxLineBytes, scratch: &scratch[i])
            scratch[i].out.append(0x0A)
          }
        }
      }
    }

    /// Answers every item, slice `i` on thread `i`, then writes the answers in order and empties the
    /// window.
    func answer(io: ToolIO) {
      guard !items.isEmpty else { return }
      let jobs = min(scratch.count, items.count)
      let per = (items.count + jobs - 1) / jobs
      DispatchQueue.concurrentPerform(iterations: jobs) { i in
        self.answer(slice: (i * per)..<min(self.items.count, (i + 1) * per), on: i)
      }
      for i in 0..<jobs {
        scratch[i].out.withBytes { io.writeOut(utf8: $0) }
        scratch[i].out.removeAll()
      }
      bytes.removeAll(keepingCapacity: true)
      items.removeAll(keepingCapacity: true)
    }
  }

  /// Streams stdin to stdout on `jobs` threads (at least 2; one thread is `BatchEngine.run`).
  static func run(io: ToolIO, maxLineBytes: Int, jobs: Int) {
    var reader = BatchLineReader(maxLineBytes: maxLineBytes)
    let window = Window(jobs: jobs, maxLineBytes: maxLineBytes)
    while true {
      let chunk = io.readIn(1 << 16)
      if chunk.isEmpty { break }
      chunk.withUnsafeBufferPointer { chunk in
        reader.feed(chunk) { event in
          window.add(event)
          if window.isFull { window.answer(io: io) }
        }
      }
      window.answer(io: io)
      io.flushOut()
    }
    reader.finish { event in window.add(event) }
    window.answer(io: io)
    io.flushOut()
  }
}
