internal import CCurl

/// A bounded gzip (RFC 1952) / zlib (RFC 1950) / raw deflate (RFC 1951) decoder over zlib, fed in
/// steps: the one `fetch` decodes a Content-Encoding with (inside its libcurl callbacks) and `warc`
/// decodes gzip members and payloads with.
///
/// Past a limit it stops in `tooLarge`: `maxBytes` decoded bytes, or 16 MiB and `maxRatio` times the
/// encoded bytes (`--max-decoded-size`, `--max-decode-ratio`), so a compression bomb ends early.
package final class Inflater {
  /// Where the stream is.
  package enum State: Sendable, Equatable {
    /// Inside the stream: more input is needed.
    case running
    /// The stream ended, its checksum and length verified; the input after it is not consumed.
    case end
    /// The input is not a valid stream (zlib's reason in `message`).
    case corrupt
    /// The decoded bytes passed a limit.
    case tooLarge
  }

  private let decoder: OpaquePointer

  /// A decoder; nil when zlib cannot start one (out of memory). `rawDeflate` lets a stream without
  /// a gzip or zlib header be read as raw deflate, as browsers read IIS's `deflate`.
  package init?(rawDeflate: Bool, maxBytes: Int64, maxRatio: Int) {
    guard let d = fkinflate_new(rawDeflate ? 1 : 0, maxBytes, Int64(maxRatio)) else { return nil }
    decoder = d
  }

  deinit { fkinflate_free(decoder) }

  /// Decodes from the front of `input` into `output`; `input` is left holding what was not
  /// consumed. Returns the state and how many bytes of `output` were written (none to use when
  /// the state is `tooLarge`).
  package func step(_ input: inout UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> (
    state: State, count: Int
  ) {
    guard let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return (state, 0) }
    var made = output.count
    var available = input.count
    var next = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
    let rc: Int32 = withUnsafeMutablePointer(to: &next) { p in
      p.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 1) {
        fkinflate_step(decoder, $0, &available, out, &made)
      }
    }
    if let next { input = UnsafeRawBufferPointer(start: next, count: available) }
    return (Self.state(rc), made)
  }

  /// Starts the next gzip member after `end` (RFC 1952 §2.2: a gzip file is a series of members);
  /// limits and counts go on. False when zlib cannot.
  package func nextMember() -> Bool { fkinflate_next_member(decoder) == 0 }

  /// The current state.
  package var state: State { Self.state(fkinflate_state(decoder)) }
  /// Decoded bytes so far.
  package var decodedBytes: Int64 { fkinflate_decoded_bytes(decoder) }
  /// Encoded bytes consumed so far.
  package var encodedBytes: Int64 { fkinflate_encoded_bytes(decoder) }
  /// zlib's reason for `corrupt`.
  package var message: String { String(cString: fkinflate_message(decoder)) }

  private static func state(_ rc: Int32) -> State {
    switch rc {
    case Int32(FKINFLATE_END): .end
    case Int32(FKINFLATE_CORRUPT): .corrupt
    case Int32(FKINFLATE_TOO_LARGE): .tooLarge
    default: .running
    }
  }
}
