import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The lower bound: one pass over the input bytes that looks at every byte (counts separators).
enum ScanBaseline {
  @inline(never)
  static func countSeparators(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var n = 0
    for b in bytes where b == 0x3B || b == 0x3D || b == 0x22 || b == 0x25 || b == 0x2F { n &+= 1 }
    return n
  }

  static func make(workload: String, input: [UInt8], opsPerCall: Int = 1, bytesPerOp: Int? = nil) -> Benchmark {
    Benchmark("baseline:scan:\(workload)", workload: workload, bytes: bytesPerOp ?? input.count, opsPerCall: opsPerCall)
    { n in
      input.withUnsafeBufferPointer { p in
        for _ in 0..<n { blackHole(countSeparators(p)) }
      }
    }
  }
}

/// Foundation's answer to the same question: `HTTPURLResponse.suggestedFilename` (and `mimeType`).
///
/// swift-corelibs-foundation computes `suggestedFilename` and `mimeType` inside
/// `HTTPURLResponse.init(url:statusCode:httpVersion:headerFields:)`, so construction cannot be
/// excluded; `constructionOnly` measures a response without those headers, for reference.
enum FoundationBaseline {
  /// Header values as Foundation takes them: a String. Raw 8-bit bytes become Latin-1 scalars,
  /// one per byte (the most faithful String form of bytes that are not UTF-8).
  static func headerString(_ bytes: [UInt8]) -> String {
    if let s = String(validating: bytes, as: UTF8.self) { return s }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  static let placeholderURL = URL(string: "https://example.com/download")!

  struct Inputs {
    var url: URL
    var headers: [String: String]
  }

  static func inputs(url: String?, urlASCII: String?, disposition: [UInt8]?, contentType: String?) -> Inputs {
    var headers: [String: String] = [:]
    if let d = disposition { headers["Content-Disposition"] = headerString(d) }
    if let c = contentType { headers["Content-Type"] = c }
    // Where URL(string:) refuses a raw non-ASCII host, the fixture's IDNA form is what a client would hold.
    let u = url.flatMap { URL(string: $0) } ?? urlASCII.flatMap { URL(string: $0) }
    return Inputs(url: u ?? placeholderURL, headers: headers)
  }

  static func suggestedFilename(_ i: Inputs) -> String? {
    HTTPURLResponse(url: i.url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: i.headers)?.suggestedFilename
  }

  static func mimeType(_ i: Inputs) -> String? {
    HTTPURLResponse(url: i.url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: i.headers)?.mimeType
  }

  static func make(workload: String, inputs i: Inputs, bytes: Int, mime: Bool = false) -> Benchmark {
    Benchmark("baseline:foundation:\(workload)", workload: workload, bytes: bytes) { n in
      if mime {
        for _ in 0..<n { blackHole(mimeType(i)) }
      } else {
        for _ in 0..<n { blackHole(suggestedFilename(i)) }
      }
    }
  }

  /// Construction of a response with only a URL: the part of the Foundation figure that is not parsing.
  static func constructionOnly(workload: String) -> Benchmark {
    let url = placeholderURL
    return Benchmark("note:foundation-construction-only", workload: workload, bytes: 0) { n in
      for _ in 0..<n {
        blackHole(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]))
      }
    }
  }
}
