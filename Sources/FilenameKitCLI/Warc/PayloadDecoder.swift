import FilenameKitFetch

/// Turns the body of an archived HTTP response, as sent, into the file a browser saves: the chunked
/// transfer coding removed (RFC 9112 §7.1), then a gzip or deflate content coding removed when
/// `ResponseNaming` says a browser removes it (RFC 9110 §8.4.1), within the decode limits.
///
/// As in `fetch`, further gzip members are decoded (RFC 1952 §2.2) and other bytes after the end
/// of the compressed stream are ignored and counted.
struct PayloadDecoder {
  private var chunked: ChunkedDecoder?
  private let inflater: Inflater?
  private let buffer: UnsafeMutableRawBufferPointer?
  /// Bytes after the end of the compressed stream that did not start another member (ignored).
  private(set) var trailingBytes: Int64 = 0
  /// Why the body cannot be decoded, once it cannot.
  private(set) var error: String?
  private let limits: (bytes: Int64, ratio: Int)

  /// A decoder for a body that is `chunked` or not and whose coding is to be removed (`inflate`) or not.
  init(chunked: Bool, inflate: Bool, maxBytes: Int64, maxRatio: Int) {
    self.chunked = chunked ? ChunkedDecoder() : nil
    limits = (maxBytes, maxRatio)
    if inflate {
      inflater = Inflater(rawDeflate: true, maxBytes: maxBytes, maxRatio: maxRatio)
      buffer = .allocate(byteCount: 1 << 16, alignment: 8)
    } else {
      inflater = nil
      buffer = nil
    }
  }

  /// Frees the decode buffer.
  func release() { buffer?.deallocate() }

  /// Decodes one piece of the body, handing the file's bytes to `sink`; false on an error or when
  /// `sink` refused.
  mutating func feed(_ input: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    guard error == nil else { return false }
    if var c = chunked {
      let ok = c.feed(input) { inflate($0, sink) }
      chunked = c
      if !ok, error == nil, let e = c.error { error = "chunked transfer coding: \(e)" }
      return ok && error == nil
    }
    return inflate(input, sink)
  }

  /// Checks the end of the body: the last chunk read, the compressed stream ended.
  mutating func finish() -> Bool {
    guard error == nil else { return false }
    if let c = chunked, !c.isDone {
      error = "chunked transfer coding: the body ends before the last chunk (after \(c.consumed) bytes)"
      return false
    }
    if let inflater, inflater.encodedBytes > 0, inflater.state != .end {
      error = "the compressed body ends early (after \(inflater.encodedBytes) bytes)"
      return false
    }
    return true
  }

  private mutating func inflate(_ input: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    guard let inflater, let buffer else { return sink(input) }
    var rest = input
    while !rest.isEmpty || inflater.state == .running {
      if inflater.state == .end {
        if trailingBytes > 0 || rest[0] != 0x1F || !inflater.nextMember() {
          trailingBytes += Int64(rest.count)
          return true
        }
      }
      let (state, count) = inflater.step(&rest, into: buffer)
      switch state {
      case .corrupt:
        error = "the compressed body is corrupt (zlib: \(inflater.message))"
        return false
      case .tooLarge:
        error =
          "the compressed body decodes to more than allowed (\(inflater.decodedBytes) bytes from "
          + "\(inflater.encodedBytes); --max-decoded-size \(limits.bytes), --max-decode-ratio \(limits.ratio))"
        return false
      case .running, .end:
        if count > 0 && !sink(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { return false }
        if state == .running && (count == 0 || (rest.isEmpty && count < buffer.count)) { return true }
      }
    }
    return true
  }
}
