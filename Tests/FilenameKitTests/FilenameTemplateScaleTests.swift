import Testing

@testable import FilenameKit

/// Templates are linear in their size and their fields': each shape of
/// Fixtures/paths/template-scale.json is parsed and rendered at 32 KiB and at 256 KiB, and the larger
/// must cost about 8 times the smaller, not 64 (this thread's CPU time, best of several runs, as
/// `FilenameSanitizerScaleTests` measures).
@Suite("FilenameTemplate scale", .serialized)
struct FilenameTemplateScaleTests {
  struct Shape: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let template_start: String?
    let template_unit: String
    let template_end: String
    let fields: [String: String]
    let field_unit: [String: String]?
    let distinct_fields: Bool?
    let platform: String
    let error: Bool?
    var testDescription: String { id }
  }

  static let shapes: [Shape] = FixtureLoader.load("paths/template-scale.json", as: Shape.self)
  static let (small, large) = (32 << 10, 256 << 10)
  /// Linear growth gives 8, quadratic 64; the sanitizer's scale test explains the margin.
  static let maxRatio = 24.0

  @Test func fixtureLoads() {
    #expect(Self.shapes.count >= 10)
    #expect(Set(Self.shapes.map(\.id)).count == Self.shapes.count)
  }

  /// The template and fields of `s` at about `bytes` bytes.
  static func input(_ s: Shape, bytes: Int) -> (String, [String: String]) {
    var template = s.template_start ?? ""
    var fields = s.fields
    var n = 0
    if !s.template_unit.isEmpty {
      while template.utf8.count < bytes {
        template += s.template_unit.replacing("{n}", with: String(n))
        if s.distinct_fields == true { fields["f\(n)"] = "v" }
        n += 1
      }
    }
    template += s.template_end
    for (name, unit) in s.field_unit ?? [:] {
      fields[name] = String(repeating: unit, count: bytes / unit.utf8.count)
    }
    return (template, fields)
  }

  /// The best of `runs` costs of parsing and rendering; whether it threw.
  static func cost(_ s: Shape, bytes: Int, runs: Int = 3) -> (Double, Bool) {
    let (template, fields) = input(s, bytes: bytes)
    let platform = Platform(rawValue: s.platform) ?? .linux
    var best = Double.infinity
    var threw = false
    for _ in 0..<runs {
      let start = FilenameSanitizerScaleTests.threadCPUNanoseconds()
      do {
        let r = try FilenameTemplate(template).render(fields, for: platform)
        precondition(!r.name.isEmpty)
        threw = false
      } catch {
        threw = true
      }
      best = min(best, FilenameSanitizerScaleTests.threadCPUNanoseconds() - start)
    }
    return (best, threw)
  }

  @Test(arguments: shapes)
  func linear(_ s: Shape) {
    let (a, threwSmall) = Self.cost(s, bytes: Self.small)
    let (b, threwLarge) = Self.cost(s, bytes: Self.large)
    #expect(threwSmall == (s.error == true) && threwLarge == (s.error == true), "\(s.id): error as expected")
    #expect(b / max(a, 1) < Self.maxRatio, "\(s.id): 32 KiB \(a / 1e6) ms, 256 KiB \(b / 1e6) ms")
  }
}
