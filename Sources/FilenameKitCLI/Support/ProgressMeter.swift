#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Download progress on standard error: a redrawn bar on a terminal, plain lines otherwise.
///
/// The bar: ` 42% [##########..............]  4.2 MiB / 10.0 MiB  1.5 MiB/s  ETA 0:04`.
/// Plain lines, at most one per `lineInterval` seconds, then a final summary line:
/// `progress: 4.2 MiB / 10.0 MiB (42%), 1.5 MiB/s, ETA 0:04`.
final class ProgressMeter {
  /// How progress is shown.
  enum Style: String, CaseIterable {
    /// A bar redrawn in place (`\r`), for a terminal.
    case bar
    /// One line at a time, for logs and pipes.
    case lines
    /// Nothing.
    case none
  }

  let style: Style
  private let write: (String) -> Void
  private let clock: () -> Double
  private let width: Int
  private let lineInterval: Double
  private let start: Double
  private var lastDraw: Double = -1
  private var drewBar = false
  private var total: Int64?
  private var received: Int64 = 0

  /// Creates a meter writing through `write`; `clock` returns seconds (monotonic) and `width` is the
  /// terminal width for the bar.
  init(
    style: Style, width: Int = 80, lineInterval: Double = 1, write: @escaping (String) -> Void,
    clock: @escaping () -> Double = ProgressMeter.monotonicSeconds
  ) {
    self.style = style
    self.write = write
    self.clock = clock
    self.width = max(width, 40)
    self.lineInterval = lineInterval
    self.start = clock()
  }

  /// Records progress; draws when enough time has passed (10 times a second for the bar).
  func update(received: Int64, total: Int64?) {
    self.received = received
    if let total { self.total = total }
    guard style != .none else { return }
    let now = clock()
    let interval = style == .bar ? 0.1 : lineInterval
    guard lastDraw < 0 ? now - start >= interval : now - lastDraw >= interval else { return }
    lastDraw = now
    draw(now: now)
  }

  /// Ends the display: the bar's final state plus a newline, or a summary line.
  func finish(note: String) {
    guard style != .none else { return }
    let elapsed = clock() - start
    let rate = elapsed > 0 ? Double(received) / elapsed : 0
    let summary = "\(note): \(Self.bytes(received)) in \(Self.duration(elapsed)) (\(Self.bytes(Int64(rate)))/s)"
    if style == .bar && drewBar {
      write("\r" + summary + "\u{1B}[K\n")
    } else {
      write(summary + "\n")
    }
  }

  private func draw(now: Double) {
    let elapsed = now - start
    let rate = elapsed > 0 ? Double(received) / elapsed : 0
    let line = Self.render(received: received, total: total, rate: rate, style: style, width: width)
    if style == .bar {
      drewBar = true
      write("\r" + line + "\u{1B}[K")
    } else {
      write(line + "\n")
    }
  }

  /// One progress display: the bar (for `.bar`) or a plain line.
  static func render(received: Int64, total: Int64?, rate: Double, style: Style, width: Int = 80) -> String {
    var amount = bytes(received)
    var percent: Int? = nil
    var eta: String? = nil
    if let total, total > 0 {
      amount += " / " + bytes(total)
      percent = Int(min(100, max(0, received) * 100 / total))
      if rate > 0, total >= received { eta = "ETA " + duration(Double(total - received) / rate) }
    }
    let speed = bytes(Int64(rate)) + "/s"
    guard style == .bar else {
      return "progress: " + amount + (percent.map { " (\($0)%)" } ?? "") + ", " + speed + (eta.map { ", " + $0 } ?? "")
    }
    guard let percent else { return "  " + amount + "  " + speed }
    let pct = String(percent).leftPadded(3) + "% "
    let tail = "  " + amount + "  " + speed + (eta.map { "  " + $0 } ?? "")
    let barWidth = max(10, width - pct.count - tail.count - 3)
    let filled = percent * barWidth / 100
    return pct + "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
      + tail
  }

  /// `512 B`, `1.5 KiB`, `10.0 MiB`, `2.3 GiB`.
  static func bytes(_ n: Int64) -> String {
    guard n >= 1024 else { return "\(max(n, 0)) B" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(n) / 1024
    var unit = 0
    while value >= 1023.95 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// `0:04`, `12:30`, `1:02:03`; `--:--` when out of range.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 360_000 else { return "--:--" }
    let s = Int(seconds.rounded())
    let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
    return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
  }

  /// Seconds on the monotonic clock.
  static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}

extension String {
  /// Pads with spaces on the left to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
