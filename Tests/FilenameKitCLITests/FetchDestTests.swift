import FilenameKitTestSupport
import Foundation
import Testing

@testable import FilenameKitCLI

/// `fetch --dest DIR` against the local test server (Fixtures/cli/fetch-dest.json): the saved name
/// follows the rules of DIR's file system, fits the path budget, and never replaces a file.
@Suite("fetch --dest", .serialized)
struct FetchDestTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    /// host, fat, missing, file or none.
    let volume: String
    let path: String
    let platform: String?
    let longPaths: Bool?
    /// The length of a directory path to make inside the volume and download into.
    let depth: Int?
    let existing: [String]?
    let extra: [String]?
    let status: Int32
    let saved: String?
    let savedSuffix: String?
    let fitsRoom: Bool?
    let rules: String?
    let fileSystem: String?
    let errContains: [String]?
    /// The `error.code` of the --json answer of a failed fetch.
    let errorCode: String?
    /// The option that names the directory: --dest (the default) or --output-dir.
    let destOption: String?
    enum CodingKeys: String, CodingKey {
      case id, source, volume, path, platform, depth, existing, extra, status, saved, rules
      case longPaths = "long_paths"
      case savedSuffix = "saved_suffix"
      case fitsRoom = "fits_room"
      case fileSystem = "file_system"
      case errContains = "err_contains"
      case errorCode = "error_code"
      case destOption = "dest_option"
    }
    var testDescription: String { id }
  }

  static let cases = FixtureLoader.load("cli/fetch-dest.json", as: Case.self)

  @Test func loaded() {
    #expect(Self.cases.count >= 12)
    #expect(Set(Self.cases.map(\.volume)).isSuperset(of: ["host", "fat", "missing"]))
  }

  /// A directory inside `root` whose absolute path is at least `depth` bytes long.
  static func deepDirectory(in root: String, depth: Int) throws -> String {
    var dir = root
    while dir.utf8.count < depth {
      dir += "/" + String(repeating: "d", count: min(40, max(1, depth - dir.utf8.count - 1)))
    }
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test(arguments: cases)
  func fetchInto(_ c: Case) throws {
    if c.volume == "fat" {
      guard MountedVolume.canMountFAT else { return }
      try MountedVolume.withFAT { try Self.check(c, root: $0) }
      return
    }
    let root = NSTemporaryDirectory() + "fk-dest-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Self.check(c, root: root)
  }

  static func check(_ c: Case, root: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    var dir = c.depth.map { _ in root } ?? root
    if let depth = c.depth { dir = try deepDirectory(in: root, depth: depth) }
    switch c.volume {
    case "missing": dir = root + "/not-there"
    case "file":
      dir = root + "/a-file"
      #expect(FileManager.default.createFile(atPath: dir, contents: Data("x".utf8)))
    default: break
    }
    for name in c.existing ?? [] {
      #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("old".utf8)))
    }
    var args = ["fetch", "--json", "--progress", "none"]
    if c.volume != "none" { args += [c.destOption ?? "--dest", dir] }
    if let p = c.platform { args += ["--platform", p] }
    if c.longPaths == true { args.append("--long-paths") }
    args += (c.extra ?? []) + [server.base + c.path]
    let r = CLIHarness.run(args)
    #expect(r.status == c.status, "\(c.id): \(r.err)")
    for s in c.errContains ?? [] { #expect(r.err.contains(s), "\(c.id): \(r.err)") }
    if let code = c.errorCode { #expect(r.out.contains("\"error\":{\"code\":\"\(code)\""), "\(c.id): \(r.out)") }
    guard c.status == 0 else { return }
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    guard case .object(let fields) = v,
      case .object(let saved)? = fields.first(where: { $0.0 == "saved" })?.1,
      case .object(let destination)? = fields.first(where: { $0.0 == "destination" })?.1,
      case .string(let name)? = saved.first(where: { $0.0 == "name" })?.1
    else {
      Issue.record("\(c.id): no saved name or destination in \(r.out)")
      return
    }
    let d = Dictionary(destination, uniquingKeysWith: { a, _ in a })
    if let expected = c.saved { #expect(name == expected, "\(c.id)") }
    if let suffix = c.savedSuffix { #expect(name.hasSuffix(suffix) && name.count > suffix.count, "\(c.id): \(name)") }
    if let rules = c.rules { #expect(d["rules"] == .string(rules), "\(c.id)") }
    if let fs = c.fileSystem { #expect(d["file_system"] == .string(fs), "\(c.id)") }
    if c.fitsRoom == true, case .int(let room)? = d["room"] {
      #expect(name.utf16.count <= room && room < 255, "\(c.id): \(name.utf16.count) units in a room of \(room)")
    }
    // The body is in the file the report names, and the files that were there are untouched.
    #expect(FileManager.default.contents(atPath: dir + "/" + name) == Data("file\n".utf8), "\(c.id)")
    for old in c.existing ?? [] {
      #expect(FileManager.default.contents(atPath: dir + "/" + old) == Data("old".utf8), "\(c.id): \(old) replaced")
    }
  }
}
