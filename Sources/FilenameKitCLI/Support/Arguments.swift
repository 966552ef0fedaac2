/// A usage error: the message goes to stderr and the exit status is 64 (EX_USAGE).
public struct UsageError: Error, Sendable, CustomStringConvertible {
  /// What was wrong with the command line.
  public let message: String
  /// Creates a usage error.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

/// A parsed command line: positionals, options with values (repeatable) and flags.
struct Arguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Parses `args` given which options take a value and which are flags. `--opt=value` and
  /// `--opt value` are both accepted; `--` ends option parsing.
  init(_ args: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let arg = args[i]
      i += 1
      // The first byte decides before any Character comparison: comparing the first grapheme
      // cluster of a name made of one huge cluster (a base and 60,000 marks) is quadratic.
      if onlyPositionals || arg.utf8.first != UInt8(ascii: "-") || !arg.hasPrefix("-") || arg.utf8.elementsEqual("-".utf8) {
        positionals.append(arg)
        continue
      }
      if arg == "--" { onlyPositionals = true; continue }
      var name = arg
      var inline: String? = nil
      if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      if flagOptions.contains(name) {
        guard inline == nil else { throw UsageError("option \(name) takes no value") }
        flags.insert(name)
      } else if valueOptions.contains(name) {
        if let inline { values[name, default: []].append(inline); continue }
        guard i < args.count else { throw UsageError("option \(name) needs a value") }
        values[name, default: []].append(args[i])
        i += 1
      } else {
        throw UsageError("unknown option \(name)")
      }
    }
  }

  /// The last value given for an option.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Whether a flag was given.
  func has(_ name: String) -> Bool { flags.contains(name) }
}
