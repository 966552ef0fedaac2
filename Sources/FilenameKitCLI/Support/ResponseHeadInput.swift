import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `suggest --response-head FILE|-`: reads a response head (raw, or curl's `%{header_json}`) and
/// answers as the batch op `response` does.
enum ResponseHeadInput {
  /// The most bytes read: a head this long is already far past any server's limit.
  static let maxBytes = 4 << 20

  static func run(_ path: [UInt8], request: SuggestRequest, json: Bool, io: ToolIO) throws(UsageError) -> Int32 {
    guard request.contentDisposition == nil, request.contentDispositionHex == nil, request.contentType == nil else {
      throw UsageError(
        "--response-head carries the fields: give it without --content-disposition(-hex) and --content-type")
    }
    var bytes: [UInt8]
    if path.elementsEqual("-".utf8) {
      bytes = []
      while bytes.count < maxBytes {
        let chunk = io.readIn(min(1 << 16, maxBytes - bytes.count))
        if chunk.isEmpty { break }
        bytes += chunk
      }
    } else {
      bytes = try LeadingBytesFile.leadingBytes(of: path, flag: "--response-head", limit: maxBytes)
    }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    let head: ResponseHead
    if first == UInt8(ascii: "{") {
      guard let h = CurlHeaderJSON.head(bytes) else {
        throw UsageError("--response-head: the text starts with '{' but is not curl's header_json object")
      }
      head = h
    } else {
      head = ResponseHead.parse(bytes)
    }
    let result: ResponseNaming.Result
    do {
      result = try ResponseNaming.name(head: head, url: request.url, base: request)
    } catch {
      throw UsageError(error.message)
    }
    if json {
      let fields = JSONFieldList.collect { ResponseNaming.write(result, to: &$0) }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return ExitStatus.ok
    }
    var text = SuggestionSummary.render(result.suggestion, explain: false, color: TracePrinter.useColor(io))
    text += "status: \(result.status.map(String.init) ?? "none (read as 200)")"
    text += result.savable ? "\n" : " (not saved)\n"
    if let c = result.codings { text += "content-encoding: \(c) (\(result.coding.rawValue))\n" }
    for note in result.notes { text += "note: \(note)\n" }
    io.writeOut(text)
    return ExitStatus.ok
  }
}
