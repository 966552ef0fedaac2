// RFC 9112 §5.2: obs-fold = OWS CRLF RWS. "A user agent that receives an obs-fold in a response
// message ... MUST replace each received obs-fold with one or more SP octets prior to interpreting
// the field value." Replacing the CR, the LF and the RWS after them (tabs included) byte for byte keeps
// every offset of the value.
enum ObsFold {
  /// A copy of `bytes` with every line fold (CRLF or a bare LF, followed by SP or HTAB, and that
  /// whitespace) turned into spaces, and the offset of the first fold; nil when there is none.
  static func unfolded(_ bytes: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], firstFold: Int)? {
    // Most values hold no LF at all: a word-at-a-time scan finds that, and nothing is copied.
    var next = ASCII.firstIndex(of: 0x0A, in: bytes)
    var copy: [UInt8]? = nil
    var first = -1
    while let k = next {
      next = ASCII.firstIndex(of: 0x0A, in: bytes, from: k + 1)
      guard k + 1 < bytes.count, ASCII.isOWS(bytes[k + 1]) else { continue }
      if copy == nil { copy = Array(bytes) }
      copy![k] = 0x20
      var start = k
      if k > 0 && bytes[k - 1] == 0x0D {
        copy![k - 1] = 0x20
        start = k - 1
      }
      if first < 0 { first = start }
      // The RWS of the fold is part of it: a tab there becomes a space too.
      var j = k + 1
      while j < bytes.count, ASCII.isOWS(bytes[j]) {
        copy![j] = 0x20
        j += 1
      }
    }
    guard let copy else { return nil }
    return (copy, first)
  }
}
