import FuzzSupport
import Testing

@testable import FilenameKit

/// Issue 17: the fast path's `filename*=UTF-8''…` shapes (alone, or with a plain `filename`
/// before or after) build exactly the full parser's value, with every byte at every interesting
/// position, in both profiles and with a fallback charset (`DispositionFastPathChecks`).
@Suite("Content-Disposition: fast path agrees on filename*")
struct DispositionFastPathExtendedTests {
  @Test("every byte in and around a UTF-8 ext-value")
  func everyByte() {
    var taken = 0
    let bases = [
      "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf",
      "attachment; filename=\"resume.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf",
      "inline; filename*=utf-8''a.txt; filename=a.txt",
    ]
    for base in bases {
      let bytes = Array(base.utf8)
      let star = bytes.firstIndex(of: UInt8(ascii: "*"))!
      let quote = bytes.lastIndex(of: UInt8(ascii: "'"))!
      // Before the name's star, in the label, after the quotes, inside an escape and at the end.
      let positions = [star, star + 1, star + 3, quote, quote + 1, quote + 3, bytes.count]
      for position in positions {
        for b in UInt8.min...UInt8.max {
          var inserted = bytes
          inserted.insert(b, at: min(position, bytes.count))
          var replaced = bytes
          if position < bytes.count { replaced[position] = b }
          for h in [inserted, replaced] {
            if ContentDisposition.fastPathParse(h) != nil { taken += 1 }
            let failures = DispositionFastPathChecks.disagreements(
              h, extraOptions: [.init(fallbackCharset: Charset(label: "gbk"))])
            #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
          }
        }
      }
    }
    #expect(taken > 1_000, "the fast path took only \(taken) variations")
  }

  @Test("escapes that decode to separators, controls, invalid UTF-8 or nothing")
  func decodedEdges() {
    let values = [
      "%2F", "a%2Fb", "a%5Cb", "%00", "a%0Ab", "%7F", "%C3", "%C3%28", "%E2%80", "%F0%9F%98%80", "%ED%A0%80",
      "%EF%BF%BD", "%C2%85", "%C2%A0", "a%", "a%4", "a%4G", "%25", "%27", "x%20y", "%3D%3F", "AbC",
    ]
    for v in values {
      for form in ["attachment; filename*=UTF-8''\(v)", "attachment; filename=\"a\"; filename*=UTF-8''\(v)"] {
        let failures = DispositionFastPathChecks.disagreements(Array(form.utf8))
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
      }
    }
  }
}
