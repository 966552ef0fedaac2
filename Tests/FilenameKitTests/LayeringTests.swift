import FilenameKitTestSupport
import Foundation
import Testing

/// The core's stage folders form a DAG in pipeline order: a file may use the types of its own
/// folder and of the folders below it, never of one above. A type belongs to the folder whose file
/// declares it (struct, enum, class, protocol, actor, typealias); a file uses a type when its code
/// (line comments aside) names it. Generated tables extend the types of their generator's folder and are
/// not a stage.
@Suite("Layering")
struct LayeringTests {
  /// The stage folders of Sources/FilenameKit, lowest first.
  static let order = [
    "Vocabulary", "Grammar", "Diagnostics", "Charset", "MediaType", "ContentDisposition", "URL", "Sniffing",
    "Sanitizer", "FileSystem", "Suggestion", "Response", "Paths",
  ]

  /// One use of a type from a folder above: `file` in `folder` names `type`, declared in `owner`.
  struct BackEdge: Hashable, CustomStringConvertible {
    let folder: String
    let file: String
    let type: String
    let owner: String
    var description: String { "\(folder)/\(file) uses \(type) of \(owner)" }
  }

  /// The back edges among `files` (folder, file name, source text) for the layer `order`.
  static func backEdges(_ files: [(folder: String, name: String, text: String)], order: [String]) -> [BackEdge] {
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    var owner: [String: String] = [:]
    for f in files {
      for type in topLevelDeclarations(f.text) where owner[type] == nil { owner[type] = f.folder }
    }
    var edges: Set<BackEdge> = []
    for f in files {
      guard let mine = rank[f.folder] else { continue }
      for type in capitalizedWords(f.text) {
        guard let o = owner[type], o != f.folder, let theirs = rank[o], theirs > mine else { continue }
        edges.insert(BackEdge(folder: f.folder, file: f.name, type: type, owner: o))
      }
    }
    return edges.sorted { $0.description < $1.description }
  }

  static let modifiers: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private", "final", "indirect",
  ]
  static let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]

  /// The names of the types a file declares at its top level (unindented lines; nested types are
  /// reached through their outer type's name).
  static func topLevelDeclarations(_ text: String) -> [String] {
    var names: [String] = []
    for line in text.split(separator: "\n") where line.first.map({ !$0.isWhitespace }) == true {
      var words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "{" || $0 == "=" })[...]
      while let w = words.first, modifiers.contains(w) || w.hasPrefix("@") { words = words.dropFirst() }
      guard let kind = words.first, kinds.contains(kind), words.count > 1 else { continue }
      names.append(String(words[words.index(after: words.startIndex)]))
    }
    return names
  }

  /// The words of a file's code (line comments aside) that begin with a capital letter.
  static func capitalizedWords(_ text: String) -> Set<String> {
    var out: Set<String> = []
    for line in text.split(separator: "\n") {
      let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
      var word = ""
      for c in code + " " {
        if c.isLetter || c.isNumber || c == "_" {
          word.append(c)
        } else {
          if let first = word.first, first.isUppercase { out.insert(word) }
          word = ""
        }
      }
    }
    return out
  }

  /// The core's Swift files by folder, the generated tables aside.
  static func coreFiles() throws -> (folders: Set<String>, files: [(folder: String, name: String, text: String)]) {
    let root = FixtureLoader.packageRoot.appendingPathComponent("Sources/FilenameKit")
    let fm = FileManager.default
    var folders: Set<String> = []
    var files: [(folder: String, name: String, text: String)] = []
    for folder in try fm.contentsOfDirectory(atPath: root.path).sorted() {
      var isDir: ObjCBool = false
      let dir = root.appendingPathComponent(folder)
      guard fm.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue, !folder.hasSuffix(".docc"),
        folder != "Generated"
      else { continue }
      folders.insert(folder)
      for name in try fm.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".swift") {
        files.append((folder, name, try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)))
      }
    }
    return (folders, files)
  }

  @Test func everyStageFolderHasARank() throws {
    let (folders, files) = try Self.coreFiles()
    #expect(folders == Set(Self.order), "folders without a layer, or layers without a folder")
    #expect(files.count > 100)
  }

  @Test func noBackEdges() throws {
    let edges = Self.backEdges(try Self.coreFiles().files, order: Self.order)
    #expect(edges.isEmpty, "\(edges)")
  }

  /// The DocC article Architecture.md describes the stage folders in this order: its sentence listing
  /// the order, and one `###` section per folder under "## The stage folders".
  @Test func architectureArticleFollowsTheOrder() throws {
    let url = FixtureLoader.packageRoot.appendingPathComponent("Sources/FilenameKit/FilenameKit.docc/Architecture.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let paragraphs = text.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }
    #expect(paragraphs.contains(Self.order.joined(separator: ", ") + "."), "the order sentence differs from `order`")
    let section = try #require(text.components(separatedBy: "## The stage folders\n").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    let headings = section.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
    #expect(headings == Self.order)
  }

  /// The check finds a back edge when there is one, and ignores names in comments.
  @Test func detectsABackEdge() {
    let files: [(folder: String, name: String, text: String)] = [
      ("Grammar", "Low.swift", "enum Low {}\nlet x = High.self\n"),
      ("Sanitizer", "High.swift", "public struct High {}\n// Low is fine here\nlet y = Low.self\n"),
      ("Grammar", "Commented.swift", "// High only in a comment\nenum Other {}\n"),
    ]
    let edges = Self.backEdges(files, order: ["Grammar", "Sanitizer"])
    #expect(edges == [BackEdge(folder: "Grammar", file: "Low.swift", type: "High", owner: "Sanitizer")])
  }
}
