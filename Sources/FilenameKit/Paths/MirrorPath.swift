/// The relative path a URL's file gets in a mirror or an archive extraction, as `wget -x` lays it
/// out: `host/dir/…/name`, every segment one safe name on the platform.
///
/// ```swift
/// let p = try MirrorPath.make(url: "https://Example.com:8443/docs/%E4%B8%AD/a%2Fb.pdf?v=2#top", options: .init(platform: .linux))
/// p.path       // "example.com:8443/docs/中/a_b.pdf?v=2"
/// p.segments   // ["example.com:8443", "docs", "中", "a_b.pdf?v=2"]
/// ```
///
/// The rules, in order (``MirrorPathStep`` records each one taken):
/// 1. The URL is read as the URL Standard reads it (the package's URL parser): the host
///    lowercased, IDNA shown in Unicode, a trailing dot and userinfo dropped; a port other than the
///    scheme's default kept as `host:port` on linux, `host+port` elsewhere (`:` is forbidden on
///    windows and macos; wget writes `+` on Windows too); the fragment dropped; `.` and `..`
///    segments resolved, `%2e` spellings included.
/// 2. Each segment is percent-decoded as ``URLFilename`` decodes a name (UTF-8, else the referrer
///    charset or detection of `decoding`, else kept as written) and made one safe name by
///    ``FilenameSanitizer``: a `%2F` stays inside its segment (`a%2Fb` is `a_b`), nothing becomes
///    `.`, `..` or empty (a segment of dots only is `_`), a reserved name gets `_` (`CON_`).
///    Empty segments (`a//b`) are left out.
/// 3. A directory URL (the path ends in `/` or is empty) names the file `indexName`.
/// 4. The query is folded into the file name: `name?query` (`name@query` on windows and portable,
///    as wget's `--restrict-file-names=windows`), decoded and made safe with the name; a query
///    longer than `maxQueryLength` units is written `name?~` and its 16-digit FNV-1a hash. A name
///    the caller gives (a Content-Disposition name) replaces the last segment and takes no query.
/// 5. The whole path fits: each segment within the name limit (`NAME_MAX`), and the path, its
///    separators counted, within the room (`budget`'s path limit less its directory, else the
///    platform's path limit), less `reservedLength`. Over it, the longest segments are cut first,
///    all to one common length (the largest that fits, at least 16 units), each cut keeping its
///    extension and ending in `~` and 8 hex digits of the hash of the segment as the URL gave it,
///    so two long names that share their beginning stay apart. When even 16 units a segment do not
///    fit, the last directories are folded into one segment `~` and the hash of their text; when
///    not even the host, that segment and the name fit, ``MirrorPathError/noRoom(room:minimum:)``.
///
/// The work is linear in the URL's length: each segment is decoded and sanitized once (only as
/// many directories as the room could hold; the rest are only hashed), the common length is found
/// by bisection over at most 255 lengths.
public struct MirrorPath: Sendable, Hashable {
  /// The segments, host first, file name last; each one safe name on `platform`.
  public let segments: [String]
  /// Whether the URL named a directory (its file name is the index name).
  public let isDirectory: Bool
  /// The platform whose rules the segments follow.
  public let platform: Platform
  /// The path's length in the platform's unit, its separators counted.
  public let length: Int
  /// The room the path had, in the same unit (`reservedLength` not taken off).
  public let room: Int
  /// Every decision, in order.
  public let steps: [MirrorPathStep]
  /// The URL parser's diagnostics (dot segments, escapes, charsets, IDNA).
  public let diagnostics: [Diagnostic]

  /// Creates a result.
  public init(
    segments: [String], isDirectory: Bool, platform: Platform, length: Int, room: Int, steps: [MirrorPathStep],
    diagnostics: [Diagnostic]
  ) {
    self.segments = segments
    self.isDirectory = isDirectory
    self.platform = platform
    self.length = length
    self.room = room
    self.steps = steps
    self.diagnostics = diagnostics
  }

  /// The relative path with `/` between segments.
  public var path: String { segments.joined(separator: "/") }

  /// The relative path with the platform's separator (`\` on windows, `/` elsewhere).
  public var nativePath: String { segments.joined(separator: platform == .windows ? "\\" : "/") }

  /// The path inside `budget`'s directory, with its directory's separator (a POSIX directory, such as
  /// a Windows volume mounted on the host, keeps `/`).
  public func path(in budget: PathBudget) -> String {
    budget.path(for: budget.directory.hasPrefix("/") ? path : nativePath)
  }

  /// The mirror path of `url`; `name`, when given, replaces the URL's last segment (and its query).
  ///
  /// - Throws: ``MirrorPathError`` for a URL without a scheme or a host, a scheme that names no
  ///   file on a host, an invalid port, an empty index name, or a room too small for any path.
  public static func make(
    url: some StringProtocol, name: String? = nil, options: MirrorPathOptions = .init()
  ) throws(MirrorPathError) -> MirrorPath {
    var builder = MirrorPathBuilder(url: url, options: options)
    return try builder.run(name: name)
  }
}
