import Foundation

/// Locates and decodes fixture files under the package's top-level `Fixtures/` directory.
/// Fixture files are JSON arrays; bare strings are section comments and are skipped.
enum FixtureLoader {
  /// The `Fixtures/` directory, found from this source file's path (SwiftPM resources are awkward on Linux).
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Decodes every object in `Fixtures/<path>` as `T`, skipping string entries.
  static func load<T: Decodable>(_ path: String, as: T.Type = T.self) throws -> [T] {
    let data = try Data(contentsOf: root.appendingPathComponent(path))
    let items = try JSONDecoder().decode([Entry<T>].self, from: data)
    return items.compactMap(\.value)
  }

  /// Every file under `Fixtures/<directory>` with the given extension, sorted.
  static func files(in directory: String, ext: String) -> [URL] {
    let dir = root.appendingPathComponent(directory)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix("." + ext) }.sorted().map { dir.appendingPathComponent($0) }
  }

  private enum Entry<T: Decodable>: Decodable {
    case comment
    case value(T)
    init(from decoder: any Decoder) throws {
      if (try? decoder.singleValueContainer().decode(String.self)) != nil { self = .comment; return }
      self = .value(try T(from: decoder))
    }
    var value: T? { if case .value(let v) = self { return v } else { return nil } }
  }
}

/// Hex helpers for fixtures that carry raw bytes.
enum FixtureHex {
  static func decode(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    var it = s.utf8.filter { $0 != 0x20 }.makeIterator()
    while let h = it.next(), let l = it.next() {
      out.append(UInt8(String(decoding: [h, l], as: UTF8.self), radix: 16) ?? 0)
    }
    return out
  }
}
