// The algorithms of the WHATWG MIME Sniffing Standard that work on a resource header:
// the pattern matching algorithm (§6), the MP4, WebM and MP3 signatures (§6.2.1–6.2.3), and the
// rules for identifying a resource with an unknown MIME type (§7.1).
// https://mimesniff.spec.whatwg.org/ (snapshot "Review Draft Publication: January 2026").

/// The standard's sniffing steps, each a function over `SniffBytes`.
enum WHATWGSniffing {
  /// The standard's resource header length: sniffing is deterministic from 1445 bytes (§5.2).
  static let resourceHeaderLength = 1445

  /// A binary data byte: 0x00–0x08, 0x0B, 0x0E–0x1A, 0x1C–0x1F (§3).
  @inline(__always) static func isBinaryDataByte(_ b: UInt8) -> Bool {
    b <= 0x08 || b == 0x0B || (b >= 0x0E && b <= 0x1A) || (b >= 0x1C && b <= 0x1F)
  }

  /// A whitespace byte: 0x09, 0x0A, 0x0C, 0x0D, 0x20 (§3).
  @inline(__always) static func isWhitespaceByte(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
  }

  /// The pattern matching algorithm (§6), given a table row. `whitespaceEnd` is where the leading
  /// whitespace bytes end (`leadingWhitespaceEnd`), computed once for a whole table.
  static func matches(_ row: SniffPattern, _ input: inout SniffBytes, whitespaceEnd: Int) -> Bool {
    let n = row.pattern.count
    if input.count < n { return false }
    var s = row.skipsWhitespace ? whitespaceEnd : 0
    for p in 0..<n {
      // The standard indexes past the end here when whitespace was skipped; that is a mismatch.
      guard let b = input.byte(s) else { return false }
      if row.isTagTerminated && p == n - 1 {
        if b != 0x20 && b != 0x3E { return false }
      } else if b & row.mask[p] != row.pattern[p] {
        return false
      }
      s += 1
    }
    return true
  }

  /// The first row of `table` that matches, as the image, font and archive algorithms run it.
  static func firstMatch(_ table: [SniffPattern], _ input: inout SniffBytes) -> SniffPattern? {
    var whitespaceEnd: Int? = nil
    for row in table {
      if row.skipsWhitespace && whitespaceEnd == nil { whitespaceEnd = leadingWhitespaceEnd(&input) }
      if matches(row, &input, whitespaceEnd: whitespaceEnd ?? 0) { return row }
    }
    return nil
  }

  /// The index of the first byte that is not a whitespace byte (the pattern matching algorithm's
  /// step 3 for a row whose ignored bytes are the whitespace bytes).
  static func leadingWhitespaceEnd(_ input: inout SniffBytes) -> Int {
    var s = 0
    while let b = input.byte(s), isWhitespaceByte(b) { s += 1 }
    return s
  }

  /// The audio or video type pattern matching algorithm (§6.2): the table, then the MP4, WebM and
  /// MP3-without-ID3 signatures.
  static func audioOrVideoType(_ input: inout SniffBytes) -> (String, SniffRule)? {
    if let row = firstMatch(SniffPatternTables.audioVideo, &input) { return (row.essence, .audioVideo) }
    if matchesMP4(&input) { return ("video/mp4", .mp4) }
    if matchesWebM(&input) { return ("video/webm", .webm) }
    if matchesMP3WithoutID3(&input) { return ("audio/mpeg", .mp3) }
    return nil
  }

  /// The signature for MP4 (§6.2.1): an `ftyp` box whose major brand, or a compatible brand,
  /// starts with `mp4`.
  static func matchesMP4(_ input: inout SniffBytes) -> Bool {
    guard input.count >= 12, let boxSize = input.u32be(0), input.count >= boxSize, boxSize % 4 == 0,
      input.has("ftyp", at: 4)
    else { return false }
    if input.has("mp4", at: 8) { return true }
    var read = 16  // skips the major brand's version
    while read < boxSize {
      if input.has("mp4", at: read) { return true }
      read += 4
    }
    return false
  }

  /// The signature for WebM (§6.2.2): an EBML header whose DocType element (0x42 0x82), within the
  /// first 38 bytes, holds `webm`.
  ///
  /// The standard aborts when `iter >= length - 4`, which rejects a DocType ending exactly at the
  /// end of the bytes; WPT's "WebM with default header values" (12 bytes) expects it to match, so a
  /// DocType that fits (`iter + 4 <= length`) is read.
  static func matchesWebM(_ input: inout SniffBytes) -> Bool {
    guard input.count >= 4, input.u32be(0) == 0x1A45_DFA3 else { return false }
    var iter = 4
    while iter < input.count && iter < 38 {
      if input.byte(iter) == 0x42, input.byte(iter + 1) == 0x82 {
        iter += 2
        if iter >= input.count { return false }
        iter += vintSize(&input, at: iter)
        if iter > input.count - 4 { return false }
        if matchesPadded("webm", &input, at: iter) { return true }
      }
      iter += 1
    }
    return false
  }

  /// "Parse a vint" (§6.2.2), the size part: the position of the first set bit of the first byte,
  /// at most 8.
  static func vintSize(_ input: inout SniffBytes, at i: Int) -> Int {
    guard let first = input.byte(i) else { return 1 }
    var mask: UInt8 = 0x80
    var size = 1
    while size < 8 && size < input.count && first & mask == 0 {
      mask >>= 1
      size += 1
    }
    return size
  }

  /// "Matching a padded sequence" (§6.2.2): `pattern` at `i`, possibly preceded by 0x00 bytes.
  static func matchesPadded(_ pattern: StaticString, _ input: inout SniffBytes, at i: Int) -> Bool {
    var s = i
    while input.byte(s) == 0x00 { s += 1 }
    return input.has(pattern, at: s)
  }

  /// The signature for MP3 without ID3 (§6.2.3): a Layer III frame header at 0, and another one
  /// right after the frame it announces.
  ///
  /// The standard's steps for this signature are garbled as written (`skipped-bytes > s - length`
  /// with `s` = 0 rejects every input; the sync test joins its two conditions with "and"; the layer
  /// test negates a whole byte). This follows their evident intent, with the frame header of
  /// ISO/IEC 11172-3 §2.4.2.3 and ISO/IEC 13818-3: 11 sync bits, a version that is not reserved,
  /// Layer III, a bit-rate index other than 0 (free) and 15, a sample-rate index other than 3.
  static func matchesMP3WithoutID3(_ input: inout SniffBytes) -> Bool {
    guard input.count >= 4, let size = mp3FrameSize(&input, at: 0), size >= 4, size < input.count else { return false }
    return mp3FrameSize(&input, at: size) != nil
  }

  /// Layer III bit rates in kbit/s by index: MPEG-1, then MPEG-2 and 2.5.
  private static let mp3Rates: [Int] = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
  private static let mp25Rates: [Int] = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
  private static let mpeg1SampleRates: [Int] = [44100, 48000, 32000]

  /// The length of the Layer III frame whose header is at `s`, or nil when there is none.
  static func mp3FrameSize(_ input: inout SniffBytes, at s: Int) -> Int? {
    guard let b0 = input.byte(s), let b1 = input.byte(s + 1), let b2 = input.byte(s + 2), input.byte(s + 3) != nil,
      b0 == 0xFF, b1 & 0xE0 == 0xE0
    else { return nil }
    let version = (b1 >> 3) & 0x03  // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
    let layer = (b1 >> 1) & 0x03  // 1 is Layer III
    let bitRateIndex = Int(b2 >> 4)
    let sampleRateIndex = Int((b2 >> 2) & 0x03)
    let pad = Int((b2 >> 1) & 0x01)
    guard version != 1, layer == 1, bitRateIndex != 0, bitRateIndex != 15, sampleRateIndex != 3 else { return nil }
    let mpeg1 = version == 3
    let bitRate = (mpeg1 ? mp3Rates : mp25Rates)[bitRateIndex] * 1000
    let sampleRate = mpeg1SampleRates[sampleRateIndex] >> (mpeg1 ? 0 : version == 2 ? 1 : 2)
    return (mpeg1 ? 144 : 72) * bitRate / sampleRate + pad
  }

  /// The rules for identifying a resource with an unknown MIME type (§7.1), on a resource header.
  /// `sniffScriptable` is the standard's sniff-scriptable flag (the inverse of `nosniff`).
  static func unknownType(_ input: inout SniffBytes, sniffScriptable: Bool) -> (String, SniffRule) {
    if sniffScriptable, let row = firstMatch(SniffPatternTables.scriptable, &input) {
      return (row.essence, .scriptable)
    }
    if let row = firstMatch(SniffPatternTables.nonScriptable, &input) { return (row.essence, .nonScriptable) }
    if let found = signatureType(&input) { return found }
    return textOrBinary(&input)
  }

  /// §7.1 steps 3–6: the image, audio or video, and archive algorithms, in that order.
  static func signatureType(_ input: inout SniffBytes) -> (String, SniffRule)? {
    if let row = firstMatch(SniffPatternTables.image, &input) { return (row.essence, .image) }
    if let found = audioOrVideoType(&input) { return found }
    if let row = firstMatch(SniffPatternTables.archive, &input) { return (row.essence, .archive) }
    return nil
  }

  /// §7.1's last steps: `text/plain` when the header has no binary data byte, else
  /// `application/octet-stream`.
  static func textOrBinary(_ input: inout SniffBytes) -> (String, SniffRule) {
    var i = 0
    while let b = input.byte(i) {
      if isBinaryDataByte(b) { return ("application/octet-stream", .binary) }
      i += 1
    }
    return ("text/plain", .text)
  }
}
