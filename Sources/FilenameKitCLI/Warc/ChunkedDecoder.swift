/// Removes the chunked transfer coding (RFC 9112 §7.1) from a body fed in pieces, handing on the
/// chunk data.
///
/// `chunk-size` is hex digits (at most 15, so it fits Int64), optionally followed by `;`
/// extensions, up to CRLF (a bare LF is taken, as browsers and libcurl do); each chunk's data ends in
/// CRLF; the last chunk (size 0) is followed by trailer fields and an empty line, which are read and
/// dropped. Anything else is an error at the byte where it was seen.
struct ChunkedDecoder {
  /// The longest chunk-size line (with extensions) accepted.
  static let maxLineBytes = 4096

  private enum Phase { case size, data, dataEnd, trailer, done }
  private var phase = Phase.size
  private var line: [UInt8] = []
  private var remaining: Int64 = 0
  /// Body bytes consumed so far (for messages).
  private(set) var consumed: Int64 = 0
  /// Why the framing is broken, once it is.
  private(set) var error: String?
  /// Whether the last chunk and its trailer were read.
  var isDone: Bool { phase == .done }

  /// Decodes `input`, passing chunk data to `sink`; false when the framing is broken (see `error`)
  /// or `sink` refused. Bytes after the end are ignored.
  mutating func feed(_ input: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    var i = 0
    while i < input.count && error == nil {
      switch phase {
      case .done:
        return true
      case .data:
        let n = Int(min(remaining, Int64(input.count - i)))
        if !sink(UnsafeRawBufferPointer(rebasing: input[i..<i + n])) { return false }
        i += n
        consumed += Int64(n)
        remaining -= Int64(n)
        if remaining == 0 { phase = .dataEnd }
      case .size, .dataEnd, .trailer:
        let b = input[i]
        i += 1
        consumed += 1
        if b != 0x0A {
          line.append(b)
          if line.count > Self.maxLineBytes { fail("a chunk-size line longer than \(Self.maxLineBytes) bytes") }
          continue
        }
        if line.last == 0x0D { line.removeLast() }
        endLine()
        line.removeAll(keepingCapacity: true)
      }
    }
    return error == nil
  }

  private mutating func endLine() {
    switch phase {
    case .dataEnd:
      guard line.isEmpty else { return fail("chunk data not followed by CRLF") }
      phase = .size
    case .trailer:
      if line.isEmpty { phase = .done }
    case .size:
      var n: Int64 = 0
      var digits = 0
      for b in line {
        let v: UInt8
        switch b {
        case 0x30...0x39: v = b - 0x30
        case 0x41...0x46: v = b - 0x37
        case 0x61...0x66: v = b - 0x57
        default: v = 0xFF
        }
        if v == 0xFF { break }
        digits += 1
        guard digits <= 15 else { return fail("a chunk size of more than 15 hex digits") }
        n = n << 4 | Int64(v)
      }
      let rest = line.dropFirst(digits).drop { $0 == 0x20 || $0 == 0x09 }
      guard digits > 0, rest.isEmpty || rest.first == 0x3B else {
        return fail("a bad chunk size '\(TerminalText.escape(String(decoding: line.prefix(40), as: UTF8.self)))'")
      }
      remaining = n
      phase = n == 0 ? .trailer : .data
    case .data, .done:
      break
    }
  }

  private mutating func fail(_ what: String) {
    error = "\(what) at body byte \(consumed)"
  }
}
