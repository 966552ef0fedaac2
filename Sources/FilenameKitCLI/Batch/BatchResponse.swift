import FilenameKit

/// Batch op `response`: names a download from the raw bytes of its response head (`head_hex`) and
/// its URL (`url`), with every `suggest` option (`ResponseNaming`).
enum BatchResponse {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    guard let hex = r.headHex else { throw BatchError(.missingField, "missing 'head_hex' (the response head as hex)") }
    guard r.contentDisposition == nil, r.contentDispositionHex == nil, r.contentType == nil else {
      throw BatchError(
        .conflictingFields,
        "head_hex carries the header fields: send content_disposition and content_type in it, not beside it")
    }
    guard let bytes = Hex.decode(hex) else { throw BatchError(.invalidHex, "head_hex is not valid hex") }
    let head = ResponseHead.parse(bytes)
    let result = try ResponseNaming.name(head: head, url: r.url, base: BatchSuggest.request(r))
    ResponseNaming.write(result, to: &w)
  }
}
