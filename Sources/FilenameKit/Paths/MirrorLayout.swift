/// The mirror paths of many URLs together, with the clashes one URL alone cannot see resolved by
/// fixed rules, whatever the order the URLs were added in.
///
/// ```swift
/// var layout = MirrorLayout(platform: .linux)
/// for url in ["http://h/a", "http://h/a/b", "http://h/a/"] { try layout.add(url: url, options: options) }
/// layout.resolved().map(\.path)  // ["h/a/index~2b1f04c3.html", "h/a/b", "h/a/index.html"]
/// ```
///
/// The rules, in order:
/// 1. A path some URL needs as a directory is a directory (`h/a` for `http://h/a/b`).
/// 2. A file at such a path moves into it under the index name: `http://h/a` becomes
///    `h/a/index.html`, the file a server gives for `h/a/` (a URL without its trailing slash is
///    most often that directory's listing). wget instead loses the file: it deletes it when the
///    directory is needed later, or fails to write it when the directory came first.
/// 3. URLs that end on one path (the moved file and `http://h/a/`; names the sanitizer made equal,
///    `a?b` and `a_b` on windows; names that differ only in case where the file system folds case)
///    are ordered: an entry that was not moved there first, then by their URL's bytes. The first
///    keeps the path; each other gets `~` and 8 hex digits of its URL's FNV-1a hash before its
///    extension.
///
/// Each rule is one pass over a tree of the segments, so the work is linear in the paths' total
/// length. A move adds the index name and a separator, a suffix 9 units: make the paths with
/// `MirrorPathOptions.reservedLength` of `reserve(indexName:platform:)` to keep every resolved path
/// within the room.
public struct MirrorLayout: Sendable {
  /// One URL's resolved path.
  public struct Entry: Sendable, Hashable {
    /// The URL, as added.
    public let url: String
    /// The segments after the layout's rules.
    public let segments: [String]
    /// The rules that changed the path (`mirror-file-moved-into-directory`, `mirror-clash-suffixed`).
    public let steps: [MirrorPathStep]

    /// The relative path with `/` between segments.
    public var path: String { segments.joined(separator: "/") }
  }

  /// The rules of the segments.
  public let platform: Platform
  /// The name a moved file takes.
  public let indexName: String
  /// Whether names that differ only in case are one file (`TargetFileSystem.foldsCase`).
  public let foldsCase: Bool
  private var entries: [(url: String, segments: [String])] = []

  /// An empty layout; `indexName` as in `MirrorPathOptions`.
  public init(platform: Platform = .current, indexName: String = "index.html", foldsCase: Bool = false) {
    self.platform = platform
    self.indexName = indexName
    self.foldsCase = foldsCase
  }

  /// Room to reserve in each path for the layout's changes: the index name, a separator and a suffix.
  public static func reserve(indexName: String = "index.html", platform: Platform) -> Int {
    platform.length(of: indexName) + 1 + 1 + MirrorPathBuilder.hashDigits
  }

  /// Adds a URL's path (made with this layout's platform and index name).
  public mutating func add(url: String, path: MirrorPath) { entries.append((url, path.segments)) }

  /// Makes `url`'s path with `options` (its platform, index name and reserve set to the layout's)
  /// and adds it; returns the path as made, before the layout's rules.
  @discardableResult
  public mutating func add(url: String, name: String? = nil, options: MirrorPathOptions) throws(MirrorPathError)
    -> MirrorPath
  {
    var o = options
    o.platform = platform
    o.indexName = indexName
    o.reservedLength = Swift.max(o.reservedLength, Self.reserve(indexName: indexName, platform: platform))
    let p = try MirrorPath.make(url: url, name: name, options: o)
    add(url: url, path: p)
    return p
  }

  /// A node of the tree of segments: its children by (folded) name, the entries that end here.
  private struct Node {
    var children: [String: Int] = [:]
    var files: [Int] = []
  }

  /// Every entry, in the order added, with the rules applied.
  public func resolved() -> [Entry] {
    var segments = entries.map(\.segments)
    var steps = Array(repeating: [MirrorPathStep](), count: entries.count)
    var nodes = [Node()]
    var moved = [Bool](repeating: false, count: entries.count)
    for (k, segs) in segments.enumerated() {
      var n = 0
      for s in segs { n = child(of: n, s, in: &nodes) }
      nodes[n].files.append(k)
    }
    // Rule 2: a file where a directory is needed moves into it.
    for n in nodes.indices where !nodes[n].files.isEmpty && !nodes[n].children.isEmpty {
      let files = nodes[n].files
      nodes[n].files = []
      let index = child(of: n, indexName, in: &nodes)
      for k in files {
        segments[k].append(indexName)
        steps[k].append(
          MirrorPathStep(
            .fileMovedIntoDirectory, segment: segments[k].count - 1,
            "another URL needs \(segments[k].dropLast().joined(separator: "/")) as a directory"))
        nodes[index].files.append(k)
        moved[k] = true
      }
    }
    // Rule 3: one path, several URLs: one not moved there first, then the first by bytes, keeps it.
    let options = SanitizerOptions(fallbackName: "_")
    for n in nodes.indices where nodes[n].files.count > 1 {
      let order = nodes[n].files.sorted {
        moved[$0] != moved[$1] ? !moved[$0] : entries[$0].url.utf8.lexicographicallyPrecedes(entries[$1].url.utf8)
      }
      for k in order.dropFirst() {
        let last = segments[k].count - 1
        let name = segments[k][last]
        let cap = Swift.min(platform.length(of: name) + 1 + MirrorPathBuilder.hashDigits, platform.maxLength)
        segments[k][last] = MirrorPathBuilder.cut(
          name, to: cap, source: Array(entries[k].url.utf8), platform: platform, options: options)
        steps[k].append(MirrorPathStep(.clashSuffixed, segment: last, "\(entries[order[0]].url) has the path"))
      }
    }
    return entries.indices.map { Entry(url: entries[$0].url, segments: segments[$0], steps: steps[$0]) }
  }

  /// The child of node `n` named `name` (compared folded when the file system folds case), made
  /// when missing.
  private func child(of n: Int, _ name: String, in nodes: inout [Node]) -> Int {
    let key = foldsCase ? UniqueFilename.caseFoldingKey(name) : name
    if let c = nodes[n].children[key] { return c }
    nodes.append(Node())
    nodes[n].children[key] = nodes.count - 1
    return nodes.count - 1
  }
}
