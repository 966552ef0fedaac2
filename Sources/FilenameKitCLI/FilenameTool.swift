#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit statuses of the CLI (sysexits.h where one fits).
public enum ExitStatus {
  /// Success.
  public static let ok: Int32 = 0
  /// The operation failed (network, I/O).
  public static let failure: Int32 = 1
  /// Bad command line (EX_USAGE).
  public static let usage: Int32 = 64
  /// Bad input data where a command is strict (EX_DATAERR).
  public static let dataError: Int32 = 65
}

/// A subcommand of `filenamekit`.
protocol ToolCommand: Sendable {
  /// The subcommand's name.
  static var name: String { get }
  /// One line for the command list.
  static var abstract: String { get }
  /// Full help, with examples.
  static var help: String { get }
  /// Runs the command on its arguments (after the subcommand name).
  static func run(_ args: [String], io: ToolIO) throws(UsageError) -> Int32
}

/// The `filenamekit` command-line tool.
public enum FilenameTool {
  /// The tool's version.
  public static let version = "0.1.0"

  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any ToolCommand.Type] = [
    SuggestCommand.self,
    DispositionCommand.self,
    SanitizeCommand.self,
    MimeCommand.self,
    URLCommand.self,
    FetchCommand.self,
    BatchCommand.self,
  ]

  /// The names of every subcommand.
  public static var commandNames: [String] { commands.map { $0.name } }

  /// Runs the tool with the process's arguments and streams, then exits.
  public static func main() -> Never {
    let io = ToolIO.standard()
    let status = run(Array(CommandLine.arguments.dropFirst()), io: io)
    io.flushOut()
    exit(status)
  }

  /// Runs the tool on `args` (without the program name) and returns the exit status.
  public static func run(_ args: [String], io: ToolIO) -> Int32 {
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
      io.writeOut("filenamekit \(version)\n")
      return ExitStatus.ok
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      io.writeErr("filenamekit: unknown command '\(first)'\n\n" + usage)
      return ExitStatus.usage
    }
    let rest = Array(args.dropFirst())
    // Compared as bytes: String == on a name that is one huge grapheme cluster is quadratic.
    if rest.contains(where: { $0.utf8.elementsEqual("--help".utf8) || $0.utf8.elementsEqual("-h".utf8) }) {
      io.writeOut(command.help)
      return ExitStatus.ok
    }
    do {
      return try command.run(rest, io: io)
    } catch {
      io.writeErr("filenamekit \(command.name): \(error.message)\nSee 'filenamekit \(command.name) --help'.\n")
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
