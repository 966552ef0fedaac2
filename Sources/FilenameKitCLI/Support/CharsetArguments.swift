import FilenameKit

/// The charset options of every command that decodes names (`suggest`, `disposition`, `url`, `fetch`):
/// one spelling, one default, one help text.
struct CharsetArguments {
  /// The options that take a value.
  static let valueOptions: Set<String> = ["--referrer-charset"]
  /// The flags.
  static let flagOptions: Set<String> = ["--detect", "--no-detect"]
  /// The USAGE fragment.
  static let usage = "[--referrer-charset C] [--detect | --no-detect]"
  /// The OPTIONS lines (aligned at column 29 of the help texts).
  static let help = """
      --referrer-charset C       Charset (a WHATWG label: gbk, shift_jis, euc-kr, big5,
                                 windows-1251, ...) for bytes that are not UTF-8: raw 8-bit
                                 Content-Disposition names and %-escapes in URL names. A given
                                 charset always wins over detection.
      --detect                   Guess the charset of such bytes when no --referrer-charset is
                                 given (the default), for Content-Disposition names and URL
                                 names alike. The guess and its confidence are reported.
      --no-detect                Do not guess: non-UTF-8 Content-Disposition bytes are read as
                                 ISO-8859-1 (as RFC 6266 says), URL escapes are kept as written.
    """

  /// The charset given with `--referrer-charset`.
  var charset: Charset?
  /// Whether to guess (on unless `--no-detect`).
  var detect: Bool

  /// The defaults: no referrer charset, detection on.
  static let defaults = CharsetArguments(charset: nil, detect: true)

  private init(charset: Charset?, detect: Bool) {
    self.charset = charset
    self.detect = detect
  }

  /// Reads the options; an unknown label or both flags together is a usage error.
  init(_ a: Arguments) throws(UsageError) {
    guard !(a.has("--detect") && a.has("--no-detect")) else {
      throw UsageError("--detect and --no-detect contradict each other")
    }
    detect = !a.has("--no-detect")
    if let label = a.value("--referrer-charset") {
      guard let c = Charset(label: label) else {
        let problem = CharsetLabel.problem(with: label, shown: TerminalText.escape(label))
        let hint = problem.hasPrefix("unknown") ? " (a WHATWG label such as gbk, shift_jis, euc-kr)" : ""
        throw UsageError("--referrer-charset: " + problem + hint)
      }
      charset = c
    }
  }
}
