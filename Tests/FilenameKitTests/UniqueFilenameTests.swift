import Foundation
import Testing

@testable import FilenameKit

/// `UniqueFilename`: the candidate sequence (Fixtures/sanitize/unique.json), `claim` on a real
/// directory, and many threads claiming the same name at once.
@Suite("UniqueFilename")
struct UniqueFilenameTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let name: SanitizeFixtureText
    let platform: String
    let taken: [SanitizeFixtureText]
    let expected: SanitizeFixtureText?
    let maxAttempts: Int?
    let maxLength: Int?
    enum CodingKeys: String, CodingKey {
      case id, source, name, platform, taken, expected
      case maxAttempts = "max_attempts"
      case maxLength = "max_length"
    }
    var testDescription: String { id }
  }

  static let cases: [Case] = FixtureLoader.load("sanitize/unique.json", as: Case.self)

  @Test func fixtureFileIsComplete() throws {
    let cases = FixtureLoader.load("sanitize/unique.json", as: Case.self)
    #expect(cases.count >= 15)
    #expect(Set(cases.map(\.id)).count == cases.count)
  }

  @Test(arguments: cases)
  func firstAvailable(_ c: Case) throws {
    let platform = try #require(Platform(rawValue: c.platform))
    // Compare by scalars: Swift's String equality is canonical equivalence.
    let taken = Set(c.taken.map { Array($0.value.unicodeScalars) })
    var asked: [String] = []
    let got = UniqueFilename.firstAvailable(
      c.name.value, for: platform, maxLength: c.maxLength, maxAttempts: c.maxAttempts ?? 10_000
    ) {
      asked.append($0)
      return taken.contains(Array($0.unicodeScalars))
    }
    #expect(
      got.map { Array($0.unicodeScalars) } == c.expected.map { Array($0.value.unicodeScalars) },
      "\(c.id): got \(got.map { SanitizeFixtureText($0).description } ?? "nil")")
    let limit = min(c.maxLength ?? platform.maxLength, platform.maxLength)
    for name in asked { #expect(platform.length(of: name) <= limit, "\(c.id): \(name.utf8.count)") }
    #expect(Set(asked.map { Array($0.unicodeScalars) }).count == asked.count, "\(c.id): a candidate was offered twice")
  }

  /// A fresh empty directory under the system temporary directory.
  static func makeTempDirectory() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/filenamekit-unique-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buf in buf.baseAddress.flatMap { mkdtemp($0) } }
    guard let made else { throw CocoaError(.fileWriteUnknown) }
    return String(cString: made)
  }

  static func readFile(_ path: String) -> String? {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func claimCreatesAndNeverOverwrites() throws {
    let dir = try Self.makeTempDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data("original".utf8).write(to: URL(fileURLWithPath: dir + "/keep.txt"))
    let (fd, name) = try UniqueFilename.claim(directory: dir, name: "keep.txt", for: .linux)
    #expect(name == "keep (1).txt")
    #expect(fd >= 0)
    _ = "new".withCString { write(fd, $0, 3) }
    close(fd)
    #expect(Self.readFile(dir + "/keep.txt") == "original")
    #expect(Self.readFile(dir + "/keep (1).txt") == "new")
    // Mode 0644 (less the umask) and a regular file.
    var st = stat()
    #expect(stat(dir + "/keep (1).txt", &st) == 0)
    #expect(st.st_mode & S_IFMT == S_IFREG)
    #expect(st.st_mode & 0o022 == 0)

    let (fd2, name2) = try UniqueFilename.claim(directory: dir, name: "archive.tar.gz", for: .linux)
    close(fd2)
    let (fd3, name3) = try UniqueFilename.claim(directory: dir, name: "archive.tar.gz", for: .linux)
    close(fd3)
    #expect(name2 == "archive.tar.gz")
    #expect(name3 == "archive (1).tar.gz")
  }

  @Test func claimErrors() throws {
    let dir = try Self.makeTempDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for bad in ["", ".", "..", "a/b", "a\u{0}b"] {
      #expect(throws: UniqueFilenameError.self) { _ = try UniqueFilename.claim(directory: dir, name: bad) }
      do {
        _ = try UniqueFilename.claim(directory: dir, name: bad)
      } catch {
        #expect(error.errno == EINVAL)
      }
    }
    do {
      _ = try UniqueFilename.claim(directory: dir + "/missing", name: "x.txt")
      Issue.record("claim in a missing directory succeeded")
    } catch {
      #expect(error.errno == ENOENT)
      #expect(error.description.contains("missing"))
    }
    // A NUL ends a C path early: "<dir>\0/elsewhere" must not claim in <dir>.
    do {
      _ = try UniqueFilename.claim(directory: dir + "\u{0}/elsewhere", name: "x.txt")
      Issue.record("claim in a directory path holding a NUL succeeded")
    } catch {
      #expect(error.errno == EINVAL)
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/x.txt"))
    // Every candidate taken: EEXIST after maxAttempts, nothing replaced.
    for n in ["x.txt", "x (1).txt"] { try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/" + n)) }
    do {
      _ = try UniqueFilename.claim(directory: dir, name: "x.txt", maxAttempts: 2)
      Issue.record("claim with every candidate taken succeeded")
    } catch {
      #expect(error.errno == EEXIST)
    }
    #expect(Self.readFile(dir + "/x.txt") == "keep")
    #expect(Self.readFile(dir + "/x (1).txt") == "keep")
  }

  /// Many threads claim the same name at once: every one gets its own file, and every file
  /// holds what its claimer wrote (none lost or overwritten). 32 threads are held at a gate and
  /// released together; each claims 4 times.
  @Test func concurrentClaimsGetDistinctFiles() throws {
    let dir = try Self.makeTempDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let threads = 32
    let perThread = 4
    let claimers = threads * perThread
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var names: [Int: String] = [:]
      var errors: [String] = []
    }
    let results = Results()
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for t in 0..<threads {
      done.enter()
      let thread = Thread {
        gate.wait()
        for k in 0..<perThread {
          let i = t * perThread + k
          do {
            let (fd, name) = try UniqueFilename.claim(directory: dir, name: "report.pdf", for: .linux)
            let text = "claimer \(i)"
            _ = text.withCString { write(fd, $0, strlen($0)) }
            close(fd)
            results.lock.lock()
            results.names[i] = name
            results.lock.unlock()
          } catch {
            results.lock.lock()
            results.errors.append("\(error)")
            results.lock.unlock()
          }
        }
        done.leave()
      }
      thread.start()
    }
    for _ in 0..<threads { gate.signal() }
    done.wait()
    #expect(results.errors.isEmpty, "\(results.errors)")
    #expect(results.names.count == claimers)
    #expect(Set(results.names.values).count == claimers, "two claimers got the same name")
    var expectedNames: Set<String> = ["report.pdf"]
    for n in 1..<claimers { expectedNames.insert("report (\(n)).pdf") }
    #expect(Set(results.names.values) == expectedNames)
    let listing = try FileManager.default.contentsOfDirectory(atPath: dir)
    #expect(Set(listing) == expectedNames)
    for (i, name) in results.names {
      #expect(Self.readFile(dir + "/" + name) == "claimer \(i)", "\(name) lost its content")
    }
  }
}
