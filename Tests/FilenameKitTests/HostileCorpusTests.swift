import Foundation
import Synchronization
import Testing

@testable import FilenameKit

/// A fixture value that may describe a huge input instead of storing it: a string, or
/// `{"repeat": S, "count": N, "prefix": P, "suffix": Q, "start": K, "descending": B}` (S repeated N
/// times, `{i}` in S replaced by the index K, K+1, … or counting down), or a list of both, joined.
enum HostileText: Decodable, Sendable {
  case text(String)
  case repeated(prefix: String, unit: String, count: Int, suffix: String, start: Int, descending: Bool)
  case list([HostileText])

  private enum Keys: String, CodingKey { case prefix, `repeat`, count, suffix, start, descending }

  init(from decoder: any Decoder) throws {
    if let s = try? decoder.singleValueContainer().decode(String.self) {
      self = .text(s)
      return
    }
    if let l = try? decoder.singleValueContainer().decode([HostileText].self) {
      self = .list(l)
      return
    }
    let c = try decoder.container(keyedBy: Keys.self)
    self = .repeated(
      prefix: try c.decodeIfPresent(String.self, forKey: .prefix) ?? "",
      unit: try c.decode(String.self, forKey: .repeat),
      count: try c.decode(Int.self, forKey: .count), suffix: try c.decodeIfPresent(String.self, forKey: .suffix) ?? "",
      start: try c.decodeIfPresent(Int.self, forKey: .start) ?? 0,
      descending: try c.decodeIfPresent(Bool.self, forKey: .descending) ?? false)
  }

  /// The text this describes.
  var value: String {
    switch self {
    case .text(let s): return s
    case .list(let l): return l.map(\.value).joined()
    case .repeated(let prefix, let unit, let count, let suffix, let start, let descending):
      var out = prefix
      if unit.contains("{i}") {
        let parts = unit.components(separatedBy: "{i}")
        for k in 0..<count {
          out += parts.joined(separator: String(start + (descending ? count - 1 - k : k)))
        }
      } else {
        out.reserveCapacity(prefix.utf8.count + unit.utf8.count * count + suffix.utf8.count)
        for _ in 0..<count { out += unit }
      }
      return out + suffix
    }
  }

  /// A short form for failure messages.
  var summary: String {
    switch self {
    case .text(let s): return s.count > 80 ? String(s.prefix(80)).debugDescription + "…" : s.debugDescription
    case .list(let l): return l.map(\.summary).joined(separator: " + ")
    case .repeated(let prefix, let unit, let count, let suffix, _, _):
      return "\(prefix.debugDescription) + \(unit.debugDescription) × \(count) + \(suffix.debugDescription)"
    }
  }
}

/// One hostile-server case (Fixtures/hostile/*.json, written by generate-hostile.py).
struct HostileCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let category: String
  let url: HostileText?
  let content_disposition: HostileText?
  let content_disposition_hex: String?
  let content_type: HostileText?
  let suggested_name: HostileText?
  let default_name: HostileText?
  let profile: String?
  let dangerous_types: String?
  let max_length: Int?
  let tc2231_code: String?
  let expect: [String: HostileText]?
  let expect_risk: String?
  let expect_absent: [String]?
  var testDescription: String { id }

  var metadata: DownloadMetadata {
    var m = DownloadMetadata(
      url: url?.value, contentDisposition: content_disposition?.value, contentType: content_type?.value,
      suggestedName: suggested_name?.value)
    if let hex = content_disposition_hex { m.contentDisposition = FixtureHex.decode(hex) }
    return m
  }

  func options(_ platform: Platform) -> SuggestionOptions {
    SuggestionOptions(
      defaultName: default_name?.value, profile: profile == "strict" ? .strict : .compatible, platform: platform,
      maxLength: max_length, dangerousTypes: dangerous_types == "neutralize" ? .neutralize : .report)
  }
}

@Suite("hostile-server corpus: every case, every platform")
struct HostileCorpusTests {
  /// Every corpus file of Fixtures/hostile/ (the scale matrix there has its own schema and suite).
  static let cases: [HostileCase] = FixtureLoader.files(in: "hostile", ext: "json")
    .filter { $0.lastPathComponent != "scale-matrix.json" }
    .flatMap { url in FixtureLoader.load("hostile/" + url.lastPathComponent, as: HostileCase.self) }

  @Test func corpusIsComplete() throws {
    #expect(Self.cases.count >= 300)
    #expect(Set(Self.cases.map(\.id)).count == Self.cases.count, "duplicate ids")
    for category in ["traversal", "control", "injection", "encoding", "spoofing", "reserved", "scale", "tc2231"] {
      #expect(Self.cases.contains { $0.category == category }, "no \(category) cases")
    }
    // Every tc2231 case a user agent must reject (header or parameter ignored) is in the corpus.
    struct TC: Decodable {
      let tc2231_code: String
      let tc2231_kind: String?
    }
    let rejected = FixtureLoader.load("content-disposition/tc2231.json", as: TC.self)
      .filter { $0.tc2231_kind == "header-ignored" || $0.tc2231_kind == "parameter-ignored" }.map(\.tc2231_code)
    #expect(rejected.count >= 30)
    let covered = Set(Self.cases.compactMap(\.tc2231_code))
    for code in rejected { #expect(covered.contains(code), "tc2231 \(code) is not in the hostile corpus") }
    // Most cases pin the exact name, not only the invariants.
    #expect(Self.cases.filter { $0.expect != nil }.count * 10 >= Self.cases.count * 8)
  }

  @Test(arguments: cases)
  func safeOnEveryPlatform(_ c: HostileCase) {
    let metadata = c.metadata
    for platform in Platform.allCases {
      let options = c.options(platform)
      let s = suggestFilename(for: metadata, options: options)
      let name = s.filename.string
      #expect(
        FilenameSanitizer.isSafe(name, for: platform, options: options.sanitizer),
        "\(platform): unsafe \(name.debugDescription)")
      if let want = c.expect?[platform.rawValue] {
        #expect(name == want.value, "\(platform): got \(name.debugDescription), want \(want.summary)")
      }
      if let risk = c.expect_risk { #expect(s.risk.rawValue == risk, "\(platform): risk \(s.risk.rawValue)") }
      for bad in c.expect_absent ?? [] {
        #expect(!name.contains(bad), "\(platform): \(name.debugDescription) contains \(bad.debugDescription)")
      }
      #expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0 == "/" }, "\(platform): \(name.debugDescription)")
      Self.dump(c, platform, s)
    }
  }

  /// With HOSTILE_DUMP=FILE set, appends every result as a JSON line (id, platform, filename,
  /// source, risk) for reviewing new cases by hand before their expectations are written down.
  static func dump(_ c: HostileCase, _ platform: Platform, _ s: Suggestion) {
    guard let path = ProcessInfo.processInfo.environment["HOSTILE_DUMP"] else { return }
    let line: [String: String] = [
      "id": c.id, "platform": platform.rawValue, "filename": String(s.filename.string.prefix(300)),
      "source": s.source.rawValue, "risk": s.risk.rawValue,
    ]
    guard var data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { return }
    data.append(0x0A)
    dumpLock.withLock { _ in
      if let h = FileHandle(forWritingAtPath: path) {
        h.seekToEndOfFile()
        h.write(data)
        h.closeFile()
      } else {
        _ = FileManager.default.createFile(atPath: path, contents: data)
      }
    }
  }
  static let dumpLock = Mutex(())
}
