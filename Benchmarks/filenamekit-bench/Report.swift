import Foundation

/// Formats measurements as the table (with ratios, answers, scaling and targets) or as one JSON object.
struct Report {
  let machine: String
  let rows: [Measurement]
  /// Per workload: (FilenameKit's answer, Foundation's answer, the right answer).
  let answers: [(String, String?, String?, String?)]
  /// Lines printed under the table (the Go baseline's answers, or why it was skipped).
  var notes: [String] = []

  func row(_ name: String) -> Measurement? { rows.first { $0.benchmark.name == name } }

  // MARK: JSON

  /// Exactly one JSON object: `{"machine": …, "rows": [{"name", "median_ns", "min_ns", "allocations"}, …]}`.
  func json() -> String {
    var out = "{\"machine\":" + Report.quote(machine) + ",\"rows\":["
    var first = true
    for m in rows where !m.benchmark.name.hasPrefix("note:") {
      if !first { out += "," }
      first = false
      out += "{\"name\":" + Report.quote(m.benchmark.name)
      out += ",\"median_ns\":" + Report.number(m.median) + ",\"min_ns\":" + Report.number(m.min)
      out += ",\"allocations\":" + (m.allocations.map(Report.number) ?? "null") + "}"
    }
    return out + "]}"
  }

  static func number(_ x: Double) -> String {
    if x == x.rounded() && abs(x) < 1e15 { return String(Int(x)) }
    return String(format: "%.2f", x)
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
      }
    }
    return out + "\""
  }

  // MARK: Table

  func table() -> String {
    var out = "filenamekit-bench on \(machine)\n\n"
    let header = [
      "name", "median ns/op", "min ns/op", "ops/s", "allocs/op", "× scan", "Foundation ×", "Go ×", "runs×iter",
    ]
    var lines: [[String]] = [header]
    for m in rows where !m.benchmark.name.hasPrefix("scale:") && !m.benchmark.name.hasPrefix("hostile:") {
      var scan = ""
      var foundation = ""
      var go = ""
      if let w = m.benchmark.workload, !m.benchmark.name.hasPrefix("baseline:"), !m.benchmark.name.hasPrefix("note:") {
        if let s = row("baseline:scan:\(w)"), s.median > 0 { scan = String(format: "%.1f×", m.median / s.median) }
        if let f = row("baseline:foundation:\(w)") { foundation = String(format: "%.1f× faster", f.median / m.median) }
        if let g = row("baseline:go:\(w)") { go = String(format: "%.1f× faster", g.median / m.median) }
      }
      lines.append([
        m.benchmark.name, Report.ns(m.median), Report.ns(m.min), Report.rate(m.opsPerSecond),
        m.allocations.map(Report.allocs) ?? "n/a", scan, foundation, go, "\(m.runs.count)×\(m.iterations)",
      ])
    }
    out += Report.align(lines)
    for n in notes { out += n + "\n" }
    if let b = row("batch-disposition") {
      out +=
        "\nbatch-disposition: \(Report.rate(b.opsPerSecond)) lines/s (median), \(Report.rate(1e9 / b.min)) lines/s (best run)\n"
    }
    for name in ["batch-suggest", "warc-plain", "warc-gz"] {
      guard let b = row(name) else { continue }
      let unit = name.hasPrefix("warc") ? "records/s" : "lines/s"
      let mbs = String(format: "%.1f", Double(b.benchmark.bytes) / b.median * 1e3)
      out += "\(name): \(Report.rate(b.opsPerSecond)) \(unit) (median), \(mbs) MB/s of input\n"
    }

    if !answers.isEmpty {
      out += "\nAnswers (FilenameKit vs Foundation's suggestedFilename; `right` from the fixture):\n"
      var a: [[String]] = [["workload", "FilenameKit", "Foundation", "right", "Foundation right?"]]
      for (w, ours, theirs, right) in answers {
        let verdict = right.map { r in theirs == r ? "yes" : "no" } ?? "-"
        a.append([
          w, ours.map(Report.show) ?? "nil", theirs.map(Report.show) ?? "nil", right.map(Report.show) ?? "(see README)",
          verdict,
        ])
      }
      out += Report.align(a)
    }

    let scaled = rows.filter { $0.benchmark.name.hasPrefix("scale:") }
    if !scaled.isEmpty {
      out += "\nScaling (ns/byte by input size):\n"
      var s: [[String]] = [["entry point", "bytes", "median ns/op", "ns/byte", "allocs/op"]]
      for m in scaled {
        let parts = m.benchmark.name.split(separator: ":")
        s.append([
          String(parts[1]), String(parts[2]), Report.ns(m.median), String(format: "%.2f", m.nsPerByte),
          m.allocations.map(Report.allocs) ?? "n/a",
        ])
      }
      out += Report.align(s)
      for (entry, ratio, spread) in scalingRatios() {
        out +=
          "\(entry): ns/byte at the largest size / at the smallest = \(String(format: "%.2f", ratio)); "
          + "max/min over sizes >= 1 KiB = \(String(format: "%.2f", spread))\n"
      }
    }
    let hostile = rows.filter { $0.benchmark.name.hasPrefix("hostile:") }
    if !hostile.isEmpty {
      out += "\nHostile shapes (Fixtures/hostile/scale-matrix.json; core parse only, batch decoding not included):\n"
      var h: [[String]] = [["shape", "bytes", "median ms/op", "ns/byte", "allocs/op"]]
      for m in hostile.sorted(by: { $0.median > $1.median }) {
        h.append([
          String(m.benchmark.name.dropFirst("hostile:".count)), "\(m.benchmark.bytes)",
          String(format: "%.2f", m.median / 1e6), String(format: "%.2f", m.nsPerByte),
          m.allocations.map(Report.allocs) ?? "n/a",
        ])
      }
      out += Report.align(h)
    }
    let endToEnd = rows.filter { $0.benchmark.name.hasPrefix("hostile-batch:") }
    if !endToEnd.isEmpty {
      out += "\nHostile shapes end to end (one `filenamekit batch` suggest line each; issue 13: < 100 ms):\n"
      var h: [[String]] = [["shape", "line bytes", "median ms/op", "min ms/op"]]
      for m in endToEnd.sorted(by: { $0.median > $1.median }) {
        h.append([
          String(m.benchmark.name.dropFirst("hostile-batch:".count)), "\(m.benchmark.bytes)",
          String(format: "%.1f", m.median / 1e6), String(format: "%.1f", m.min / 1e6),
        ])
      }
      out += Report.align(h)
    }
    let caveat =
      machine.contains("debug")
      ? "; DEBUG BUILD, not meaningful" : machine.contains("quick") ? "; quick run, indicative only" : ""
    out += "\nTargets (issues 8 and 17; reported, not asserted\(caveat)):\n" + targets().map { "  \($0)\n" }.joined()
    return out
  }

  /// Per scaled entry point: ns/byte(largest)/ns/byte(smallest), and max/min ns/byte over sizes >= 1 KiB.
  func scalingRatios() -> [(String, Double, Double)] {
    var result: [(String, Double, Double)] = []
    for entry in ["disposition", "sanitize"] {
      let ms = rows.filter { $0.benchmark.name.hasPrefix("scale:\(entry):") }.sorted {
        $0.benchmark.bytes < $1.benchmark.bytes
      }
      guard let small = ms.first, let large = ms.last, small.nsPerByte > 0 else { continue }
      let big = ms.filter { $0.benchmark.bytes >= 1024 }.map(\.nsPerByte)
      let spread = (big.max() ?? 0) / Swift.max(big.min() ?? 1, 1e-9)
      result.append((entry, large.nsPerByte / small.nsPerByte, spread))
    }
    return result
  }

  func targets() -> [String] {
    var t: [String] = []
    func mark(_ ok: Bool) -> String { ok ? "MET   " : "MISSED" }
    func x(_ v: Double) -> String { String(format: "%.1f", v) }
    for w in ["suggest-typical", "suggest-url-only"] {
      if let s = row(w) {
        t.append("\(mark(s.median <= 1000)) \(w) median: \(Report.ns(s.median)) ns (issue 17: <= 1000 ns)")
      }
    }
    if let d = row("disposition-ascii") {
      if let s = row("baseline:scan:disposition-ascii") {
        t.append(
          "\(mark(d.median / s.median <= 10)) disposition-ascii vs byte scan: \(x(d.median / s.median))× (issue 17: <= 10×)"
        )
      }
      if let a = d.allocations {
        t.append("\(mark(a <= 1)) disposition-ascii allocations: \(Report.allocs(a)) per op (issue 17: <= 1)")
      }
      if let g = row("baseline:go:disposition-ascii") {
        t.append(
          "\(mark(g.median / d.median >= 3)) disposition-ascii vs Go mime.ParseMediaType: \(x(g.median / d.median))× faster (issue 17: >= 3×)"
        )
      }
    }
    if let m = row("mime-pdf") {
      t.append("\(mark(m.median <= 80)) mime-pdf median: \(Report.ns(m.median)) ns (issue 17: <= 80 ns)")
    }
    if let s = row("suggest-typical"), let f = row("baseline:foundation:suggest-typical") {
      let r = f.median / s.median
      let right = answers.first { $0.0 == "suggest-typical" }
      let ours = right.map { $0.1 == $0.3 } ?? false
      let theirs = right.map { $0.2 == $0.3 } ?? false
      t.append(
        "\(mark(r >= 20 && ours)) suggest-typical vs Foundation: \(x(r))× faster (issue 8: >= 20×); "
          + "FilenameKit right: \(ours), Foundation right: \(theirs)")
    }
    let endToEnd = rows.filter { $0.benchmark.name.hasPrefix("hostile-batch:") }
    if let worst = endToEnd.max(by: { $0.median < $1.median }) {
      t.append(
        "\(mark(worst.median < 100e6)) hostile shapes end to end: slowest \(worst.benchmark.name.dropFirst("hostile-batch:".count)) "
          + "\(String(format: "%.1f", worst.median / 1e6)) ms median of \(endToEnd.count) rows (issue 13: < 100 ms each)"
      )
    }
    for (entry, ratio, _) in scalingRatios() {
      t.append(
        "\(mark(ratio < 1.5)) scaling \(entry): ns/byte largest vs smallest size ratio \(String(format: "%.2f", ratio)) (issue 8: < 1.5)"
      )
    }
    if let b = row("batch-disposition") {
      t.append(
        "\(mark(b.opsPerSecond >= 250_000)) batch-disposition: \(Report.rate(b.opsPerSecond)) lines/s (issue 17: >= 250,000)"
      )
    }
    let hostile = rows.filter { $0.benchmark.name.hasPrefix("hostile:") && $0.benchmark.bytes >= 1 << 20 }
    if let worst = hostile.max(by: { $0.median < $1.median }) {
      let over = hostile.filter { $0.median > 20e6 }.count
      t.append(
        "\(mark(over == 0)) hostile 1 MiB shapes: worst \(worst.benchmark.name) \(String(format: "%.1f", worst.median / 1e6)) ms, "
          + "\(over) of \(hostile.count) over 20 ms (issue 17: core parse <= ~20 ms each)")
    }
    return t
  }

  static func ns(_ x: Double) -> String { x >= 100 ? String(format: "%.0f", x) : String(format: "%.1f", x) }
  static func rate(_ x: Double) -> String {
    let digits = String(Int(x.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
      if i > 0 && i % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return String(out.reversed())
  }
  static func allocs(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%.2f", x) }
  static func show(_ s: String) -> String {
    let escaped = s.unicodeScalars.map { u -> String in
      u.value < 0x20 || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value)
        ? String(format: "\\u{%X}", u.value) : String(u)
    }.joined()
    return "\"" + (escaped.count > 48 ? String(escaped.prefix(45)) + "…" : escaped) + "\""
  }

  static func align(_ lines: [[String]]) -> String {
    var widths: [Int] = []
    for l in lines {
      for (i, c) in l.enumerated() {
        if i >= widths.count { widths.append(0) }
        widths[i] = Swift.max(widths[i], c.count)
      }
    }
    return lines.map { l in
      l.enumerated().map { i, c in
        i == 0
          ? c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[i] - c.count) + c
      }
      .joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}
