#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads and writes: the real process streams, or buffers in tests.
public final class ToolIO {
  /// Receives standard output text.
  public var writeOut: (String) -> Void
  /// Receives standard error text.
  public var writeErr: (String) -> Void
  /// Reads up to `max` bytes of standard input; empty at end of input.
  public var readIn: (Int) -> [UInt8]
  /// Flushes standard output.
  public var flushOut: () -> Void
  /// Whether standard output is a terminal (for colours and progress bars).
  public var outIsTerminal: Bool
  /// Whether the user asked for no colour (`NO_COLOR` set to a non-empty value; no-color.org).
  public var noColor: Bool

  /// Creates an I/O set from closures.
  public init(
    writeOut: @escaping (String) -> Void, writeErr: @escaping (String) -> Void,
    readIn: @escaping (Int) -> [UInt8], flushOut: @escaping () -> Void = {}, outIsTerminal: Bool = false,
    noColor: Bool = false
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
    self.readIn = readIn
    self.flushOut = flushOut
    self.outIsTerminal = outIsTerminal
    self.noColor = noColor
  }

  /// The process's own stdin, stdout and stderr. Standard output is buffered until `flushOut`
  /// (or 64 KiB); standard error is written at once.
  public static func standard() -> ToolIO {
    final class OutBuffer { var bytes: [UInt8] = [] }
    let buffer = OutBuffer()
    buffer.bytes.reserveCapacity(1 << 16)
    let flush = {
      ToolIO.writeAll(fd: 1, buffer.bytes)
      buffer.bytes.removeAll(keepingCapacity: true)
    }
    return ToolIO(
      writeOut: { s in
        buffer.bytes.append(contentsOf: s.utf8)
        if buffer.bytes.count >= 1 << 16 { flush() }
      },
      writeErr: { s in ToolIO.writeAll(fd: 2, Array(s.utf8)) },
      readIn: { max in
        [UInt8](unsafeUninitializedCapacity: max) { buf, count in
          var n = -1
          repeat { n = read(0, buf.baseAddress, max) } while n < 0 && errno == EINTR
          count = Swift.max(n, 0)
        }
      },
      flushOut: flush,
      outIsTerminal: isatty(1) == 1,
      noColor: getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    )
  }

  /// Writes every byte to a file descriptor, retrying short writes.
  static func writeAll(fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += n
      }
    }
  }

  /// Buffers for tests: returns the I/O and readers of what was written.
  public static func capturing(stdin: [UInt8] = []) -> (io: ToolIO, out: () -> String, err: () -> String) {
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
