import Foundation

/// Locates and decodes fixture files under the package's top-level `Fixtures/` directory, for every test
/// target and the benchmark harness. Fixture files are JSON arrays; bare strings are section comments.
///
/// A fixture that cannot be read or decoded stops the test run with the file name and the decoding error:
/// a broken fixture must never look like an empty one.
public enum FixtureLoader {
  /// The package root, found from this source file's path (SwiftPM resources are awkward on Linux).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `Fixtures/` directory.
  public static let root: URL = packageRoot.appendingPathComponent("Fixtures")

  /// Decodes every object in `Fixtures/<path>` as `T`, skipping string entries; stops the run if the file
  /// is missing, is not a JSON array, or any object does not decode.
  public static func load<T: Decodable>(_ path: String, as: T.Type = T.self) -> [T] {
    load(contentsOf: root.appendingPathComponent(path))
  }

  /// Decodes every object of the fixture file at `url` as `T` (a fixture outside `Fixtures/`, such as
  /// the benchmark harness's `--fixtures` directory), with the same rules as `load(_:as:)`. A file
  /// that cannot load stops the run with `fatalError`, whose message an optimized build prints too
  /// (`preconditionFailure`'s is dropped there, and the benchmark harness is built for release).
  public static func load<T: Decodable>(contentsOf url: URL, as: T.Type = T.self) -> [T] {
    do {
      let data = try Data(contentsOf: url)
      return try JSONDecoder().decode([Entry<T>].self, from: data).compactMap(\.value)
    } catch {
      fatalError("fixture \(url.path) cannot load: \(error)")
    }
  }

  /// Every file under `Fixtures/<directory>` with the given extension, sorted; stops the run if the
  /// directory cannot be listed.
  public static func files(in directory: String, ext: String) -> [URL] {
    let dir = root.appendingPathComponent(directory)
    do {
      let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      return names.filter { $0.hasSuffix("." + ext) }.sorted().map { dir.appendingPathComponent($0) }
    } catch {
      fatalError("fixture directory Fixtures/\(directory) cannot be listed: \(error)")
    }
  }

  private enum Entry<Value: Decodable>: Decodable {
    case comment
    case value(Value)
    init(from decoder: any Decoder) throws {
      if (try? decoder.singleValueContainer().decode(String.self)) != nil {
        self = .comment
        return
      }
      self = .value(try Value(from: decoder))
    }
    var value: Value? { if case .value(let v) = self { v } else { nil } }
  }
}
