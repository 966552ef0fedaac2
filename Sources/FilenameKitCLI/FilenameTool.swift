import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exit statuses of the CLI (sysexits.h where one fits).
package enum ExitStatus {
  /// Success.
  package static let ok: Int32 = 0
  /// The operation failed (network, I/O).
  package static let failure: Int32 = 1
  /// Bad command line (EX_USAGE).
  package static let usage: Int32 = 64
  /// Bad input data where a command is strict (EX_DATAERR).
  package static let dataError: Int32 = 65
  /// A library the tool needs (ICU) could not be loaded (EX_UNAVAILABLE).
  package static let unavailable: Int32 = 69
}

/// A subcommand of `filenamekit`.
protocol ToolCommand: Sendable {
  /// The subcommand's name.
  static var name: String { get }
  /// One line for the command list.
  static var abstract: String { get }
  /// Full help, with examples.
  static var help: String { get }
  /// The options that take a value.
  static var valueOptions: Set<String> { get }
  /// The options that are flags.
  static var flagOptions: Set<String> { get }
  /// Runs the command on its arguments (after the subcommand name), as the bytes the OS passed.
  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32
}

extension ToolCommand {
  /// Every option the command accepts, sorted (for help checks and shell completion).
  static var options: [String] { valueOptions.union(flagOptions).sorted() }

  /// Parses the command's arguments against its options.
  static func arguments(_ args: [[UInt8]]) throws(UsageError) -> Arguments {
    try Arguments(args, valueOptions: valueOptions, flagOptions: flagOptions)
  }
}

/// The `filenamekit` command-line tool.
package enum FilenameTool {
  /// The tool's version.
  package static let version = FilenameKitVersion.release

  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any ToolCommand.Type] = [
    SuggestCommand.self,
    DispositionCommand.self,
    SanitizeCommand.self,
    MimeCommand.self,
    URLCommand.self,
    PathCommand.self,
    FetchCommand.self,
    BatchCommand.self,
    WarcCommand.self,
    CompletionsCommand.self,
  ]

  /// The names of every subcommand.
  package static var commandNames: [String] { commands.map { $0.name } }

  /// Runs the tool with the process's arguments and streams, then exits.
  package static func main() -> Never {
    // SIGQUIT (Ctrl-\) ends the tool like SIGINT does, with status 128 + 3, not with the Swift
    // runtime's crash backtrace. (`fetch` downloads handle it themselves, to remove a partial file.)
    // A parent may hand over a blocked mask (a test runner's threads block signals, then spawn).
    let previous = signal(SIGQUIT) { _ in _exit(128 + SIGQUIT) }
    // 1 is SIG_IGN.
    if unsafeBitCast(previous, to: Int.self) != 1 {
      var quit = sigset_t()
      sigemptyset(&quit)
      sigaddset(&quit, SIGQUIT)
      pthread_sigmask(SIG_UNBLOCK, &quit, nil)
    } else {
      signal(SIGQUIT, SIG_IGN)  // ignored when the process started (nohup): stays ignored
    }
    let io = ToolIO.standard()
    let status = run(argv: processArguments(), io: io)
    // A failed write to stdout (a full disk, /dev/full) makes the run fail (ToolIO.finish).
    exit(io.finish(status))
  }

  /// The process's arguments (without the program name) as the exact bytes the OS passed.
  /// `CommandLine.arguments` would decode them as UTF-8 with replacement, destroying raw 8-bit header
  /// values (GBK, Latin-1) before the parser sees them.
  package static func processArguments() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { i in
      guard let p = CommandLine.unsafeArgv[i] else { return [] }
      return Array(
        UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
    }
  }

  /// Runs the tool on text arguments (their UTF-8 bytes; without the program name).
  package static func run(_ args: [String], io: ToolIO) -> Int32 {
    run(argv: args.map { Array($0.utf8) }, io: io)
  }

  /// Runs the tool on `argv` (without the program name) and returns the exit status.
  package static func run(argv: [[UInt8]], io: ToolIO) -> Int32 {
    let args = argv.map { String(decoding: $0, as: UTF8.self) }
    guard let first = args.first else {
      io.writeErr(usage)
      return ExitStatus.usage
    }
    switch first {
    case "--help", "-h", "help":
      if args.count > 1, let command = commands.first(where: { $0.name == args[1] }) {
        io.writeOut(command.help)
      } else {
        io.writeOut(usage)
      }
      return ExitStatus.ok
    case "--version":
      io.writeOut("filenamekit \(version) (rules \(FilenameKitVersion.rules))\n")
      return ExitStatus.ok
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let hint = Arguments.closest(to: first, in: Set(commandNames)).map { " (did you mean '\($0)'?)" } ?? ""
      io.writeErr("filenamekit: unknown command '\(TerminalText.escape(first))'\(hint)\n\n" + usage)
      return ExitStatus.usage
    }
    let rest = Array(args.dropFirst())
    // Compared as bytes: String == on a name that is one huge grapheme cluster is quadratic.
    let end = rest.firstIndex(where: { $0.utf8.elementsEqual("--".utf8) }) ?? rest.endIndex
    if rest[..<end].contains(where: { $0.utf8.elementsEqual("--help".utf8) || $0.utf8.elementsEqual("-h".utf8) }) {
      io.writeOut(command.help)
      return ExitStatus.ok
    }
    // Every command but `completions` needs ICU, which is loaded at run time: say what is missing
    // instead of answering without it.
    if command.name != "completions", let problem = TextServicesStatus.problem {
      io.writeErr("filenamekit: \(TerminalText.escape(problem))\n")
      return ExitStatus.unavailable
    }
    do {
      return try command.run(Array(argv.dropFirst()), io: io)
    } catch {
      // The message may quote an argument (an unknown option, a bad value): escaped like all user text.
      io.writeErr(
        "filenamekit \(command.name): \(TerminalText.escape(error.message))\nSee 'filenamekit \(command.name) --help'.\n"
      )
      return ExitStatus.usage
    }
  }

  /// The top-level help.
  static var usage: String {
    var s = """
      filenamekit \(version): safe, correct file names from HTTP download metadata.

      USAGE: filenamekit <command> [options]

      COMMANDS:

      """
    for c in commands {
      s += "  " + c.name.padding(to: 13) + c.abstract + "\n"
    }
    s += """

      Run 'filenamekit <command> --help' for a command's options and examples.
      'filenamekit --version' prints the version.

      """
    return s
  }
}

extension String {
  /// Pads with spaces to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
