import FilenameKit

/// Reads the records of WARC files (ISO 28500: WARC/1.0 and WARC/1.1) one at a time and names every
/// `response` and `resource` record: from the record's HTTP head (`ResponseNaming`), its
/// `WARC-Target-URI`, and the payload's first bytes, decoded as a browser would save them.
///
/// Memory stays flat: a record is never held whole; only its HTTP head (at most `maxHeadBytes`)
/// and the payload's leading bytes are, and payloads stream to disk. A record that cannot be read
/// (a missing or wrong Content-Length, a header without its end, a cut-off gzip member, broken
/// chunking) gets a report with its offset and the error, and reading goes on at the next record.
final class WarcScanner {
  /// The longest WARC header block read (ISO 28500 sets none; real headers are well under 4 KiB).
  static let maxHeaderBytes = 1 << 20
  /// The longest HTTP head read from a block (as `suggest --response-head`).
  static let maxHeadBytes = ResponseHeadInput.maxBytes
  /// Leading payload bytes given to the sniffer (as `suggest --content-file`).
  static let leadingBytes = 4096

  let base: SuggestRequest
  let extractor: WarcExtractor?
  let maxBytes: Int64
  let maxRatio: Int
  /// Records read, records named, and reports with an error.
  private(set) var records = 0
  private(set) var named = 0
  private(set) var errors = 0
  /// Bytes of WARC records read (decoded, for a .warc.gz).
  private(set) var bytes: Int64 = 0

  init(base: SuggestRequest, extractor: WarcExtractor?, maxBytes: Int64, maxRatio: Int) {
    self.base = base
    self.extractor = extractor
    self.maxBytes = maxBytes
    self.maxRatio = maxRatio
  }

  /// Reads every record of the file at `path`, handing each report to `emit` in file order.
  func scan(path: String, emit: (WarcRecordReport) -> Void) throws(UsageError) {
    let input = try WarcInput(path: path, maxBytes: maxBytes, maxRatio: maxRatio)
    defer { bytes += input.decodedTotal }
    var line: [UInt8] = []
    func report(_ r: WarcRecordReport) {
      if r.error != nil { errors += 1 }
      emit(r)
    }
    while true {
      let more = input.beginRecord()
      if let p = input.problem { report(WarcRecordReport(offset: input.problemOffset, error: p)) }
      guard more else {
        if input.problem != nil && input.ioError == nil { continue }
        break
      }
      while let b = input.peek(), b == 0x0D || b == 0x0A { _ = input.skip(1) }
      if input.peek() == nil {
        if let p = input.problem { report(WarcRecordReport(offset: input.problemOffset, error: p)) }
        continue
      }
      let offset = input.recordOffset
      _ = input.readLine(into: &line, limit: 64)
      let version = Self.chomp(line)
      guard version.elementsEqual("WARC/1.0".utf8) || version.elementsEqual("WARC/1.1".utf8) else {
        report(
          WarcRecordReport(
            offset: offset, error: "not the start of a WARC record (a WARC/1.0 or WARC/1.1 line was expected)"))
        input.resync(after: offset)
        continue
      }
      var header = WarcRecordHeader(version: String(decoding: version, as: UTF8.self))
      var total = line.count
      var ended = false
      while total <= Self.maxHeaderBytes, input.readLine(into: &line, limit: Self.maxHeaderBytes - total + 1) {
        total += line.count
        let text = Self.chomp(line)
        if text.isEmpty && line.last == 0x0A {
          ended = true
          break
        }
        header.add(line: text)
      }
      records += 1
      var r = WarcRecordReport(
        offset: offset, recordID: header.text("warc-record-id"), type: header.type,
        targetURI: header.text("warc-target-uri").map(Self.unbracketed))
      guard ended else {
        r.error =
          total > Self.maxHeaderBytes
          ? "the WARC header is longer than \(Self.maxHeaderBytes) bytes"
          : "the record ends inside its WARC header" + (input.problem.map { ": " + $0 } ?? "")
        report(r)
        input.resync(after: offset)
        continue
      }
      guard let length = header.contentLength else {
        r.error = "the record has no valid Content-Length (ISO 28500 §5.3 requires one)"
        report(r)
        input.resync(after: offset)
        continue
      }
      var block = WarcBlock(input: input, remaining: length)
      let type = header.type ?? ""
      let namedType = type == "response" || type == "resource"
      if namedType {
        name(&r, header: header, block: &block)
        named += 1
      } else {
        block.skipRest()
        if !WarcRecordHeader.knownTypes.contains(type) {
          r.notes.append("unknown record type '\(TerminalText.escape(type))': skipped")
        }
      }
      if block.remaining > 0 {
        let got = length - block.remaining
        r.error =
          "the record is cut off: its block has \(got) of \(length) bytes" + (input.problem.map { " (\($0))" } ?? "")
      } else if !Self.readTrailer(input) {
        r.error = "the block is not followed by CRLF CRLF: its Content-Length (\(length)) is wrong"
      }
      extractor?.end(keep: r.error == nil && r.extracted != nil)
      if r.error != nil {
        if r.extracted != nil {
          r.skipped = "the record is broken: the partial file was removed"
          r.extracted = nil
        }
        report(r)
        input.resync(after: offset)
        continue
      }
      if namedType || !r.notes.isEmpty { report(r) }
    }
    if let e = input.ioError { throw UsageError("\(TerminalText.escape(path)): \(e)") }
  }

  /// Names a `response` or `resource` record and, when extracting, writes its payload.
  private func name(_ r: inout WarcRecordReport, header: WarcRecordHeader, block: inout WarcBlock) {
    // The HTTP head: read in growing steps until it ends, so a 1 MiB head costs linear time.
    var buffer: [UInt8] = []
    let contentType = header.value("content-type") ?? []
    var http = header.type == "response"
    var head = ResponseHead()
    var want = min(Int(min(block.remaining, 1 << 16)), Self.maxHeadBytes)
    while true {
      let before = buffer.count
      block.read(into: &buffer, upTo: want)
      let grew = buffer.count > before
      if buffer.count >= 5, !buffer.starts(with: "HTTP/".utf8) {
        http = false
        break
      }
      guard http else { break }
      head = ResponseHead.parse(buffer)
      if head.isComplete || !grew || block.remaining == 0 || buffer.count >= Self.maxHeadBytes { break }
      want = min(buffer.count * 2, Self.maxHeadBytes)
    }
    if http && !head.isComplete {
      r.notes.append(
        buffer.count >= Self.maxHeadBytes
          ? "the HTTP head is longer than \(Self.maxHeadBytes) bytes: named from its start, nothing saved"
          : "the HTTP head has no empty line: the record holds no body")
    }
    if !http {
      // A resource (or a response that is not HTTP): the record's Content-Type is the payload's.
      head = ResponseHead(
        status: nil, fields: contentType.isEmpty ? [] : [.init(name: Array("content-type".utf8), value: contentType)])
    }
    var request = base
    let bodyStart = http ? head.length : 0
    let codings = http ? ResponseNaming.codings(head) : []
    let transfer = http ? Self.transferCodings(head) : []
    let chunked = transfer.last == "chunked"
    var inflate = false
    if !codings.isEmpty, let pre = try? ResponseNaming.name(head: head, url: r.targetURI, base: request) {
      inflate = pre.coding == .decoded
    }
    var decoder = PayloadDecoder(chunked: chunked, inflate: inflate, maxBytes: maxBytes, maxRatio: maxRatio)
    defer { decoder.release() }
    var lead: [UInt8] = []
    var failed: String?
    let collect: (UnsafeRawBufferPointer) -> Bool = {
      lead.append(contentsOf: $0)
      return true
    }
    let complete = http ? head.isComplete : true
    if complete {
      var i = bodyStart
      buffer.withUnsafeBytes { all in
        while i < all.count && lead.count < Self.leadingBytes {
          let n = min(512, all.count - i)
          if !decoder.feed(UnsafeRawBufferPointer(rebasing: all[i..<i + n]), collect) { break }
          i += n
        }
      }
      var piece: [UInt8] = []
      while decoder.error == nil && lead.count < Self.leadingBytes && block.remaining > 0 && i == buffer.count {
        piece.removeAll(keepingCapacity: true)
        block.read(into: &piece, upTo: 512)
        if piece.isEmpty { break }
        if !piece.withUnsafeBytes({ decoder.feed($0, collect) }) { break }
      }
      buffer.removeFirst(min(i, buffer.count))
      failed = decoder.error
    }
    request.leadingBytes = Array(lead.prefix(Self.leadingBytes))
    let result: ResponseNaming.Result
    do {
      result = try ResponseNaming.name(head: head, url: r.targetURI, base: request)
    } catch {
      r.error = error.message
      block.skipRest()
      return
    }
    r.naming = result
    r.sniffed = result.suggestion.sniffed?.mediaType
    if !transfer.isEmpty && transfer != ["chunked"] {
      r.notes.append(
        "Transfer-Encoding '\(TerminalText.escape(transfer.joined(separator: ", ")))': only chunked is removed")
    }
    guard let extractor, complete else {
      block.skipRest()
      if let failed { r.notes.append("payload: \(failed)") }
      return
    }
    guard result.savable else {
      r.skipped = "a browser saves no file from this response (status \(result.status ?? 200))"
      block.skipRest()
      return
    }
    if let failed {
      r.error = "payload: \(failed)"
      block.skipRest()
      return
    }
    do {
      r.extracted = try extractor.begin(name: result.suggestion.filename.string, targetURI: r.targetURI)
    } catch {
      r.skipped = error.message
      block.skipRest()
      return
    }
    let asSent =
      result.coding == .kept || result.coding == .unsupported || (!transfer.isEmpty && transfer != ["chunked"])
    r.extractedAs = asSent ? "as-sent" : "decoded"
    var written: Int64 = 0
    var writeFailed = false
    let sink: (UnsafeRawBufferPointer) -> Bool = { bytes in
      guard extractor.append(bytes) else {
        writeFailed = true
        return false
      }
      written += Int64(bytes.count)
      return true
    }
    var ok = lead.withUnsafeBytes { sink($0) }
    if ok { ok = buffer.withUnsafeBytes { decoder.feed($0, sink) } }
    var piece: [UInt8] = []
    while ok && block.remaining > 0 {
      piece.removeAll(keepingCapacity: true)
      block.read(into: &piece, upTo: WarcInput.bufferSize)
      if piece.isEmpty { break }
      ok = piece.withUnsafeBytes { decoder.feed($0, sink) }
    }
    r.extractedBytes = written
    if writeFailed {
      r.error = "cannot write '\(TerminalText.escape(r.extracted ?? ""))' in the destination"
    } else if block.remaining == 0 && !decoder.finish() {
      r.error = "payload: \(decoder.error ?? "")"
    } else if decoder.trailingBytes > 0 {
      r.notes.append("\(decoder.trailingBytes) bytes after the end of the compressed body were ignored")
    }
    block.skipRest()
  }

  /// The transfer codings of `head` (RFC 9112 §6.1), lowercased, without `identity`.
  static func transferCodings(_ head: ResponseHead) -> [String] {
    head.values("transfer-encoding").flatMap { $0.split(separator: 0x2C) }
      .map { String(decoding: WarcRecordHeader.trimmed($0), as: UTF8.self).lowercased() }
      .filter { !$0.isEmpty && $0 != "identity" }
  }

  /// The line without its CRLF or LF.
  static func chomp(_ line: [UInt8]) -> ArraySlice<UInt8> {
    var end = line.endIndex
    if end > 0 && line[end - 1] == 0x0A { end -= 1 }
    if end > 0 && line[end - 1] == 0x0D { end -= 1 }
    return line[..<end]
  }

  /// `<uri>` → `uri` (the WARC/1.0 grammar put the target URI in angle brackets).
  static func unbracketed(_ uri: String) -> String {
    guard uri.hasPrefix("<") && uri.hasSuffix(">") && uri.count >= 2 else { return uri }
    return String(uri.dropFirst().dropLast())
  }

  /// The two line ends after a block (ISO 28500 §5.1: CRLF CRLF; a bare LF is taken too).
  static func readTrailer(_ input: WarcInput) -> Bool {
    for _ in 0..<2 {
      if input.peek() == 0x0D { _ = input.skip(1) }
      guard input.peek() == 0x0A else { return false }
      _ = input.skip(1)
    }
    return true
  }
}

/// The block of one record: at most `remaining` more bytes of the input.
struct WarcBlock {
  let input: WarcInput
  /// Bytes of the block not yet read.
  private(set) var remaining: Int64

  /// Appends block bytes to `buffer` until it holds `count` (or the block or input ends).
  mutating func read(into buffer: inout [UInt8], upTo count: Int) {
    while buffer.count < count && remaining > 0 {
      let got = input.next(max: Int(min(Int64(count - buffer.count), remaining)))
      if got.isEmpty { return }
      buffer.append(contentsOf: got)
      remaining -= Int64(got.count)
    }
  }

  /// Skips the rest of the block.
  mutating func skipRest() { remaining -= input.skip(remaining) }
}
