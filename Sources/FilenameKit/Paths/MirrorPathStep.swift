/// One decision `MirrorPath.make(url:name:options:)` took, in order.
public struct MirrorPathStep: Sendable, Hashable, CustomStringConvertible {
  /// A stable, machine-readable step code.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's stable kebab-case name.
    public let rawValue: String
    /// Wraps a code name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// Userinfo (`user:password@`) was left out of the host segment.
    public static let userinfoDropped = Code(rawValue: "mirror-userinfo-dropped")
    /// A port other than the scheme's default was kept beside the host (`host:port`; `host+port`
    /// where `:` is forbidden).
    public static let portKept = Code(rawValue: "mirror-port-kept")
    /// The scheme's default port was left out (WHATWG URL: it serializes as no port).
    public static let defaultPortDropped = Code(rawValue: "mirror-default-port-dropped")
    /// Empty path segments (`a//b`) were left out: a directory has a name.
    public static let emptySegmentsDropped = Code(rawValue: "mirror-empty-segments-dropped")
    /// A directory URL (its path ends in `/` or is empty) got the index name.
    public static let indexName = Code(rawValue: "mirror-index-name")
    /// The caller's name replaced the URL's last segment (a Content-Disposition name).
    public static let givenName = Code(rawValue: "mirror-given-name")
    /// The query was folded into the file name (`name?query`; `name@query` on windows and portable).
    public static let queryFolded = Code(rawValue: "mirror-query-folded")
    /// The query was longer than the limit: its hash was folded in instead (`name?~` and 16 hex digits).
    public static let queryHashed = Code(rawValue: "mirror-query-hashed")
    /// The fragment was left out: it is never sent to the server.
    public static let fragmentDropped = Code(rawValue: "mirror-fragment-dropped")
    /// The sanitizer changed a segment; detail: its change codes.
    public static let segmentSanitized = Code(rawValue: "mirror-segment-sanitized")
    /// A segment was cut to fit, with `~` and 8 hex digits of its hash; detail: lengths before and after.
    public static let segmentShortened = Code(rawValue: "mirror-segment-shortened")
    /// Directories that could not fit were folded into one `~` segment of their hash; detail: how many.
    public static let directoriesFolded = Code(rawValue: "mirror-directories-folded")
    /// `MirrorLayout`: a file needed as a directory moved into it under the index name.
    public static let fileMovedIntoDirectory = Code(rawValue: "mirror-file-moved-into-directory")
    /// `MirrorLayout`: a path another URL also had got `~` and 8 hex digits of the URL's hash.
    public static let clashSuffixed = Code(rawValue: "mirror-clash-suffixed")

    /// Every code, in the order steps are taken.
    public static let allCases: [Code] = [
      .userinfoDropped, .portKept, .defaultPortDropped, .emptySegmentsDropped, .indexName, .givenName, .queryFolded,
      .queryHashed, .fragmentDropped, .segmentSanitized, .segmentShortened, .directoriesFolded,
      .fileMovedIntoDirectory, .clashSuffixed,
    ]
  }

  /// What happened.
  public let code: Code
  /// The segment it happened to (0 is the host), when it concerns one.
  public let segment: Int?
  /// What happened, for people.
  public let detail: String

  /// Creates a step.
  public init(_ code: Code, segment: Int? = nil, _ detail: String) {
    self.code = code
    self.segment = segment
    self.detail = detail
  }

  /// `code [segment]: detail`.
  public var description: String {
    segment.map { "\(code.rawValue) [\($0)]: \(detail)" } ?? "\(code.rawValue): \(detail)"
  }
}
