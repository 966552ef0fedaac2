import FilenameKitTestSupport
import Testing

@testable import FilenameKit

/// Issue 17: the extension tables read in place for ASCII names (`DangerousTypes.asciiExtensionKinds`)
/// answer exactly what the Sets answer, on every name of the risk and sanitize fixtures and on
/// every table entry in the shapes the ASCII path has to get right (case, trailing dots and
/// spaces, a leading dot, a long stem, non-ASCII before and after the dot, lengths around the
/// longest key).
@Suite("Dangerous types: the ASCII table agrees with the Sets")
struct ASCIIKindsTests {
  static var names: [String] {
    let risk = FilenameSanitizerTests.riskCases.map(\.name)
    let sanitize = FilenameSanitizerTests.cases.flatMap { [$0.input.value, $0.expected.value] }
    var extensions =
      Array(DangerousTypes.executable) + Array(DangerousTypes.shortcut)
      + Array(DangerousTypes.windowsThemes) + DangerousTypes.executableOnlyOn.flatMap { Array($0.extensions) }
      + Array(DangerousTypes.decoys) + ["", "x", "exe1", "ex", "{0AFACED1-E828-11D1-9187-B532F1E9575D}"]
    extensions += (18...26).map { String(repeating: "a", count: $0) }
    extensions += ["desktopthemepackfil", "desktopthemepackfilee", "ｅｘｅ", "exé", "Exe"]
    var built: [String] = []
    for ext in extensions {
      for stem in ["file", "", ".", "a.b", String(repeating: "n", count: 70), "é", "x."] {
        for tail in ["", ".", " ", ". .", "．", "\u{3000}"] {
          built.append(stem + "." + ext + tail)
          built.append(stem + "." + ext.uppercased() + tail)
        }
      }
      built.append(ext)
      built.append(String(repeating: "b", count: 60) + "." + ext)
    }
    return risk + sanitize + built
  }

  @Test("risk and the shell's rule, on every platform")
  func agrees() {
    let names = Self.names
    #expect(names.count > 10_000)
    var asciiAnswered = 0
    for name in names {
      let s = name[...]
      if DangerousTypes.asciiExtensionKinds(s) != nil { asciiAnswered += 1 }
      for platform in [nil] + Platform.allCases.map(Optional.some) {
        let fast = DangerousTypes.risk(of: s, on: platform)
        let reference = DangerousTypes.riskBySets(of: s, on: platform)
        #expect(fast == reference, "risk of \(name.debugDescription) on \(String(describing: platform))")
      }
      for platform in Platform.allCases {
        let fast = DangerousTypes.isFollowedByShell(s, on: platform)
        let reference = DangerousTypes.isFollowedByShellBySets(s, on: platform)
        #expect(fast == reference, "shell rule of \(name.debugDescription) on \(platform)")
      }
    }
    #expect(asciiAnswered > names.count / 2, "the ASCII path answered only \(asciiAnswered)")
  }
}
