import Foundation
import Testing

@testable import FilenameKit

/// The DocC article Codes.md is the one list of every stable code; these tests keep it, the sources'
/// declarations and each family's `allCases` in agreement.
@Suite("Codes article")
struct CodesArticleTests {
  /// The codes the article lists under each `## heading`.
  static let article: [String: Set<String>] = {
    let url = FixtureLoader.packageRoot.appendingPathComponent("Sources/FilenameKit/FilenameKit.docc/Codes.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      preconditionFailure("Codes.md cannot be read")
    }
    var out: [String: Set<String>] = [:]
    var heading = ""
    for line in text.split(separator: "\n") {
      if line.hasPrefix("## ") { heading = String(line.dropFirst(3)) }
      guard line.hasPrefix("| `") else { continue }
      let code = line.dropFirst(3).prefix { $0 != "`" }
      out[heading, default: []].insert(String(code))
    }
    return out
  }()

  /// The codes declared in a source file (`public static let x = …(rawValue: "code")`).
  static func declared(in path: String) -> Set<String> {
    let url = FixtureLoader.packageRoot.appendingPathComponent("Sources/FilenameKit/" + path)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { preconditionFailure("\(path) unreadable") }
    var out = Set<String>()
    for line in text.split(separator: "\n") where line.contains("public static let") {
      guard let start = (line.range(of: "(rawValue: \"") ?? line.range(of: "TraceCode(\""))?.upperBound else {
        continue
      }
      out.insert(String(line[start...].prefix { $0 != "\"" }))
    }
    return out
  }

  @Test func diagnosticCodesAreAllListed() {
    #expect(
      Self.article["Diagnostic codes: Content-Disposition"]
        == Self.declared(in: "ContentDisposition/ContentDisposition+Diagnostics.swift"))
    #expect(Self.article["Diagnostic codes: URL names"] == Self.declared(in: "URL/URLFilename+Diagnostics.swift"))
    #expect(
      Self.article["Diagnostic codes: every parser"] == Self.declared(in: "Diagnostics/DiagnosticList.swift"))
  }

  @Test func typedFamiliesMatchTheirAllCases() {
    #expect(Self.article["Trace codes"] == Set(Suggestion.TraceCode.allCases.map(\.rawValue)))
    #expect(Self.article["Trace codes"] == Self.declared(in: "Suggestion/TraceCode.swift"))
    #expect(Self.article["Sanitizer change codes"] == Set(SanitizerChange.Code.allCases.map(\.rawValue)))
    #expect(Self.article["Sanitizer change codes"] == Self.declared(in: "Sanitizer/FilenameSanitizer+Change.swift"))
    #expect(Self.article["Disguises"] == Set(SanitizedFilename.Disguise.allCases.map(\.rawValue)))
    #expect(Self.article["Download-decision conflicts"] == Set(DownloadDecision.Conflict.Code.allCases.map(\.rawValue)))
    #expect(Self.article["Mirror path steps"] == Set(MirrorPathStep.Code.allCases.map(\.rawValue)))
    #expect(Self.article["Mirror path steps"] == Self.declared(in: "Paths/MirrorPathStep.swift"))
  }

  @Test func codesAreUniqueKebabCase() {
    for (heading, codes) in Self.article {
      for code in codes {
        #expect(
          code.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D },
          "\(heading): \(code)")
      }
    }
  }
}
