#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads and writes: the real process streams, or buffers in tests.
package final class ToolIO {
  /// Receives standard output text.
  package var writeOut: (String) -> Void
  /// Receives standard output as UTF-8 bytes (the batch engine's answers), when the destination takes
  /// bytes; nil sends them to `writeOut` as a `String` (which checks the UTF-8 again, byte by byte).
  package var writeOutBytes: ((UnsafeBufferPointer<UInt8>) -> Void)?
  /// Receives standard error text.
  package var writeErr: (String) -> Void
  /// Reads up to `max` bytes of standard input; empty at end of input.
  package var readIn: (Int) -> [UInt8]
  /// Flushes standard output.
  package var flushOut: () -> Void
  /// Whether standard output is a terminal (for colours and progress bars).
  package var outIsTerminal: Bool
  /// Whether the user asked for no colour (`NO_COLOR` set to a non-empty value; no-color.org).
  package var noColor: Bool
  /// The `errno` of the first failed write to standard output, or nil while every write succeeded.
  package var outputError: () -> Int32?
  /// The `errno` of a failed read of standard input (which `readIn` reports as end of input), or
  /// nil while every read succeeded.
  package var inputError: () -> Int32?

  /// Creates an I/O set from closures.
  package init(
    writeOut: @escaping (String) -> Void, writeErr: @escaping (String) -> Void,
    readIn: @escaping (Int) -> [UInt8], flushOut: @escaping () -> Void = {}, outIsTerminal: Bool = false,
    noColor: Bool = false, outputError: @escaping () -> Int32? = { nil },
    writeOutBytes: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil, inputError: @escaping () -> Int32? = { nil }
  ) {
    self.writeOut = writeOut
    self.writeOutBytes = writeOutBytes
    self.writeErr = writeErr
    self.readIn = readIn
    self.flushOut = flushOut
    self.outIsTerminal = outIsTerminal
    self.noColor = noColor
    self.outputError = outputError
    self.inputError = inputError
  }

  /// The process's own stdin, stdout and stderr. Standard output is buffered until `flushOut`
  /// (or 64 KiB); standard error is written at once.
  ///
  /// A failed write to standard output (a full disk, `/dev/full`, a closed pipe when SIGPIPE is
  /// ignored, an I/O error) is remembered in `outputError`; later output is dropped, and reading
  /// stdin stops (reads return end of input), since nothing read could be answered any more.
  /// `finish(_:)` turns it into a failing exit status.
  package static func standard() -> ToolIO {
    final class OutState {
      var bytes: [UInt8] = []
      var error: Int32?
      var inError: Int32?
    }
    let state = OutState()
    state.bytes.reserveCapacity(1 << 16)
    let flush = {
      if state.error == nil { state.error = ToolIO.writeAll(fd: 1, state.bytes) }
      state.bytes.removeAll(keepingCapacity: true)
    }
    let append = { (b: UnsafeBufferPointer<UInt8>) in
      state.bytes.append(contentsOf: b)
      if state.bytes.count >= 1 << 16 { flush() }
    }
    return ToolIO(
      writeOut: { s in
        var s = s
        s.withUTF8(append)
      },
      writeErr: { s in _ = ToolIO.writeAll(fd: 2, Array(s.utf8)) },
      readIn: { max in
        guard state.error == nil else { return [] }
        return [UInt8](unsafeUninitializedCapacity: max) { buf, count in
          var n = -1
          repeat { n = read(0, buf.baseAddress, max) } while n < 0 && errno == EINTR
          if n < 0 { state.inError = errno }
          count = Swift.max(n, 0)
        }
      },
      flushOut: flush,
      outIsTerminal: isatty(1) == 1,
      noColor: getenv("NO_COLOR").map { $0.pointee != 0 } ?? false,
      outputError: { state.error },
      writeOutBytes: append,
      inputError: { state.inError }
    )
  }

  /// Writes UTF-8 text (well formed) to standard output: through `writeOutBytes` when set.
  func writeOut(utf8 bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writeOut(utf8: $0) }
  }

  /// `writeOut(utf8:)` of bytes lent by their owner.
  func writeOut(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if let writeOutBytes {
      writeOutBytes(bytes)
    } else {
      writeOut(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Flushes standard output and returns the exit status to use: `status`, unless writing the
  /// output failed. Then the output is incomplete, so the run failed: a message on standard error
  /// and `ExitStatus.failure` (or `status` when it already says failure). A closed pipe (EPIPE,
  /// seen only when SIGPIPE is ignored) ends the run as SIGPIPE itself would, quietly with
  /// 128 + SIGPIPE: the reader left on purpose (`| head`), and nothing needs saying.
  package func finish(_ status: Int32) -> Int32 {
    flushOut()
    guard let error = outputError() else { return status }
    if error == EPIPE { return 128 + SIGPIPE }
    writeErr("filenamekit: error writing standard output: \(ToolIO.describe(errno: error))\n")
    return status == ExitStatus.ok ? ExitStatus.failure : status
  }

  /// The system's text for `errno` value `error`.
  static func describe(errno error: Int32) -> String { String(cString: strerror(error)) }

  /// Writes every byte to a file descriptor, retrying short writes and interrupted ones. Returns
  /// nil when every byte was written, else the `errno` of the failure (a write that wrote nothing
  /// counts as EIO, so a descriptor that takes no bytes cannot loop forever).
  @discardableResult
  static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
      var offset = 0
      while offset < raw.count {
        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if n == 0 { return EIO }
        offset += n
      }
      return nil
    }
  }

  /// Buffers for tests: returns the I/O and readers of what was written.
  package static func capturing(stdin: [UInt8] = []) -> (io: ToolIO, out: () -> String, err: () -> String) {
    final class Box {
      var out = ""
      var err = ""
      var input: [UInt8]
      init(_ i: [UInt8]) { input = i }
    }
    let box = Box(stdin)
    let io = ToolIO(
      writeOut: { box.out += $0 }, writeErr: { box.err += $0 },
      readIn: { max in
        let n = Swift.min(max, box.input.count)
        defer { box.input.removeFirst(n) }
        return Array(box.input.prefix(n))
      }
    )
    return (io, { box.out }, { box.err })
  }
}
