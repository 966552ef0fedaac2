/// A response field that may appear only once but came more than once, with different values.
///
/// RFC 9110 §5.3: a field may be repeated only when its definition is a comma-separated list.
/// `Content-Disposition` (RFC 6266 §4.1), `Content-Type` (RFC 9110 §8.3) and `Location` (§10.2.2) are
/// not lists. Browsers differ on what to do, and `filenamekit fetch` follows them:
/// - `Content-Disposition` and `Location`: Chromium fails the response
///   (`ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_DISPOSITION`, `…_MULTIPLE_LOCATION`) when the values
///   differ, and so does Firefox (`NS_ERROR_CORRUPTED_CONTENT`): the name, or the target, is
///   ambiguous. `fetch` does not download such a response nor follow such a redirect; a probe shows it.
/// - `Content-Type`: the Fetch standard combines the fields into one list (`a, b`) and "extract a
///   MIME type" takes the last valid one; `fetch` passes the combined value to the core the same way.
/// Identical repeats are no conflict (both browsers accept them).
package struct HeaderConflict: Sendable, Hashable {
  /// The field name, lowercase.
  package let name: String
  /// Every value of the field, in order, as received.
  package let values: [[UInt8]]

  /// The fields checked: the singletons a download depends on.
  package static let singletonFields = ["content-disposition", "content-type", "location"]

  /// Whether a client must refuse the response (Content-Disposition, Location) rather than combine
  /// the values (Content-Type).
  package var refusesResponse: Bool { name != "content-type" }

  /// What the conflict means, in one sentence (values escaped, safe to print; at most the first
  /// four values, each cut at 200 bytes, so a server cannot make the sentence as large as its header).
  package var explanation: String {
    var shown = values.prefix(4).map { v in
      "'\(HTTPHeaderField.escape(Array(v.prefix(200))))\(v.count > 200 ? "…" : "")'"
    }.joined(separator: ", ")
    if values.count > 4 { shown += " and \(values.count - 4) more" }
    let head = "\(values.count) \(name) fields with different values (\(shown)), where RFC 9110 §5.3 allows one"
    switch name {
    case "content-type":
      return head + "; combined into one list, as the Fetch standard does (the last valid type wins)"
    case "location":
      return head + "; the redirect target is ambiguous, and browsers refuse it "
        + "(Chromium ERR_RESPONSE_HEADERS_MULTIPLE_LOCATION)"
    default:
      return head + "; the name is ambiguous, and browsers refuse such a response "
        + "(Chromium ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_DISPOSITION, Firefox NS_ERROR_CORRUPTED_CONTENT), "
        + "so it is not downloaded"
    }
  }
}

extension HTTPResponse {
  /// Whether a conflict makes the response unusable (`HeaderConflict.refusesResponse`).
  package var isRefusedForConflict: Bool { headerConflicts.contains(where: \.refusesResponse) }

  /// The singleton fields that came more than once with different values (`HeaderConflict`), in
  /// the order of `HeaderConflict.singletonFields`; `Location` only on a redirect, where it is used.
  package var headerConflicts: [HeaderConflict] {
    HeaderConflict.singletonFields.compactMap { name in
      guard name != "location" || [301, 302, 303, 307, 308].contains(status) else { return nil }
      let values = headers.filter { $0.name == name }.map(\.value)
      guard let first = values.first, values.contains(where: { $0 != first }) else { return nil }
      return HeaderConflict(name: name, values: values)
    }
  }

  /// Every value of the field `name` (lowercase) joined by `", "`, as RFC 9110 §5.3 combines a
  /// repeated field (and the Fetch standard's "get" does); nil when absent.
  package func combinedValue(_ name: String) -> [UInt8]? {
    var out: [UInt8] = []
    var found = false
    for field in headers where field.name == name {
      if found { out += [0x2C, 0x20] }
      out += field.value
      found = true
    }
    return found ? out : nil
  }
}
