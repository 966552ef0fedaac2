// filenamekit-bench: times FilenameKit's public entry points and the CLI batch engine side by side
// with Foundation's `HTTPURLResponse.suggestedFilename` and a one-pass byte scan (issue 8).
// Usage: swift run -c release filenamekit-bench [--quick] [--json] [--filter NAME]… [--fixtures DIR]
import FilenameKit
import FilenameKitCLI
import Foundation

let usage = """
  USAGE: filenamekit-bench [--quick] [--json] [--filter NAME]... [--fixtures DIR] [--list]
         filenamekit-bench --batch-stdin

  Times every workload of Fixtures/bench (warm-up, then at least 5 timed runs of one fixed
  iteration count; median and min per operation), its baselines (Foundation, byte scan), the
  scaling series and heap allocations per operation, then prints a table with ratios and targets.

  OPTIONS:
    --quick          A smoke run: short runs, small batch and scaling inputs (for CI; no thresholds).
    --json           Print exactly one JSON object: {"machine": ..., "rows": [...]}.
    --filter NAME    Only rows whose name contains NAME (repeatable; positional NAMEs work too).
    --fixtures DIR   Where workloads.json, scaling.json, hostile-fields.json and the batch
                     .jsonl files are (the hostile shapes come from DIR/../hostile and
                     DIR/../sanitize, as Fixtures/ lays them out).
    --list           Print the row names and exit.
    --profile NAME   Run row NAME for --iterations N operations (default 1000) and exit; for
                     valgrind --tool=callgrind --toggle-collect='*BenchProfile*measured*'.
    --batch-stdin    Run the CLI batch engine on stdin -> stdout (for the peak-RSS script).

  EXAMPLES:
    swift run -c release filenamekit-bench
    swift run -c release filenamekit-bench --filter suggest --filter disposition-ascii
    swift run -c release filenamekit-bench --json > figures.json
    Benchmarks/scripts/batch-rss.sh

  """

var quick = false
var json = false
var list = false
var filters: [String] = []
var fixtureDir: String? = nil
var profileName: String? = nil
var profileIterations = 1000
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
  switch a {
  case "--quick": quick = true
  case "--json": json = true
  case "--list": list = true
  case "--filter": if let f = args.popFirst() { filters.append(f) }
  case "--fixtures": fixtureDir = args.popFirst()
  case "--profile": profileName = args.popFirst()
  case "--iterations": profileIterations = args.popFirst().flatMap { Int($0) } ?? profileIterations
  case "--batch-stdin":
    BatchBenchmarkHook.run(io: .standard())
    exit(0)
  case "-h", "--help":
    print(usage, terminator: "")
    exit(0)
  default:
    if a.hasPrefix("-") {
      FileHandle.standardError.write(Data("unknown option \(a)\n\n\(usage)".utf8))
      exit(64)
    }
    filters.append(a)
  }
}

#if DEBUG
  let buildConfiguration = "debug"
  FileHandle.standardError.write(
    Data(
      """
      ****************************************************************************
      *  DEBUG BUILD: these figures mean nothing. Use: swift run -c release       *
      *  filenamekit-bench (or swift build -c release --product filenamekit-bench) *
      ****************************************************************************

      """.utf8))
#else
  let buildConfiguration = "release"
#endif

/// "model name, N cpus, Swift x.y, release".
func machineDescription(quick: Bool) -> String {
  let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
  let model =
    cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" }
    ?? "unknown CPU"
  #if compiler(>=6.4)
    let swift = "Swift >= 6.4"
  #elseif compiler(>=6.3)
    let swift = "Swift 6.3"
  #else
    let swift = "Swift < 6.3"
  #endif
  return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cpus, \(swift), \(buildConfiguration)"
    + (quick ? ", quick" : "")
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("filenamekit-bench: \(message)\n".utf8))
  exit(1)
}

let root = FixturePaths.root(override: fixtureDir)
var benchmarks: [Benchmark] = []
var answers: [(String, String?, String?, String?)] = []
/// The headers Go's `mime.ParseMediaType` parses too (Content-Disposition and Content-Type workloads).
var goInputs: [(workload: String, header: [UInt8])] = []
/// The suggest workloads timed through the Python binding as well (after the in-process rows).
var reachWorkloads: [WorkloadFixture] = []
do {
  let workloads = FixturePaths.load("workloads.json", in: root)
  for w in workloads {
    benchmarks.append(try Workloads.make(w))
    let input = Workloads.inputBytes(w)
    benchmarks.append(ScanBaseline.make(workload: w.id, input: input))
    if w.kind == "disposition" || w.kind == "mime" { goInputs.append((w.id, input)) }
    let foundationInputs: FoundationBaseline.Inputs
    switch w.kind {
    case "disposition":
      foundationInputs = FoundationBaseline.inputs(
        url: nil, urlASCII: nil, disposition: w.headerBytes, contentType: nil)
    case "url":
      foundationInputs = FoundationBaseline.inputs(url: w.url, urlASCII: w.urlASCII, disposition: nil, contentType: nil)
    case "suggest":
      foundationInputs = FoundationBaseline.inputs(
        url: w.url, urlASCII: w.urlASCII, disposition: w.dispositionBytes,
        contentType: w.contentType)
    case "mime":
      let i = FoundationBaseline.inputs(url: nil, urlASCII: nil, disposition: nil, contentType: w.input)
      benchmarks.append(FoundationBaseline.make(workload: w.id, inputs: i, bytes: input.count, mime: true))
      continue
    default:
      continue
    }
    benchmarks.append(FoundationBaseline.make(workload: w.id, inputs: foundationInputs, bytes: input.count))
    let ours: String?
    switch w.kind {
    case "disposition":
      ours = ContentDisposition(parsing: w.headerBytes, options: .init(fallbackCharset: w.fallbackCharset)).filename
    case "url": ours = URLFilename.extract(from: w.url ?? "").filename
    default:
      ours =
        suggestFilename(
          for: Workloads.metadata(w), options: .init(fallbackCharset: w.fallbackCharset, platform: w.platformValue)
        ).filename.string
    }
    answers.append((w.id, ours, FoundationBaseline.suggestedFilename(foundationInputs), w.expect))
  }
  benchmarks.append(FoundationBaseline.constructionOnly(workload: "suggest-typical"))
  for w in workloads where w.id == "suggest-typical" || w.id == "suggest-url-only" {
    benchmarks.insert(
      contentsOf: try ReachWorkloads.cCalls(w), at: benchmarks.firstIndex { $0.name == w.id }.map { $0 + 1 } ?? 0)
    reachWorkloads.append(w)
  }

  let lines = try BatchWorkload.lines(in: root)
  let linesPerRun = quick ? 200 : 20_000
  let (batch, stream) = try BatchWorkload.make(lines, linesPerRun: linesPerRun)
  benchmarks.append(batch)
  benchmarks.append(try BatchSuggestWorkload.make(in: root, linesPerRun: linesPerRun))
  benchmarks.append(
    ScanBaseline.make(
      workload: "batch-disposition", input: stream, opsPerCall: linesPerRun,
      bytesPerOp: stream.count / linesPerRun))
  let warcCopies = quick ? 4 : 200
  let warcDir = root.deletingLastPathComponent().appendingPathComponent("warc")
  benchmarks.append(
    try WarcWorkload.make("warc-plain", fixture: warcDir.appendingPathComponent("warcio.warc"), copies: warcCopies))
  benchmarks.append(
    try WarcWorkload.make("warc-gz", fixture: warcDir.appendingPathComponent("warcio.warc.gz"), copies: warcCopies))

  for s in FixturePaths.load("scaling.json", in: root) {
    var scaled = s
    if quick { scaled.sizes = s.sizes?.filter { $0 <= 1 << 16 } }
    benchmarks += Workloads.scaling(scaled)
  }
} catch {
  fail("\(error)")
}

// Hostile 1 MiB shapes (64 KiB with --quick), built only when their row is wanted: the core parse,
// and the whole batch line end to end.
let hostileSize = quick ? 1 << 16 : HostileWorkload.size
// `--profile NAME` wants that row only: no other 1 MiB shape is built (under valgrind that took minutes).
let hostileFilters = filters + (profileName.map { [$0] } ?? [])
func wanted(_ name: String) -> Bool { hostileFilters.isEmpty || hostileFilters.contains(where: { name.contains($0) }) }
do {
  for shape in HostileWorkload.shapes(fixtures: root) {
    if wanted("hostile:\(shape.id)") { benchmarks.append(HostileWorkload.make(shape, size: hostileSize)) }
    if wanted("hostile-batch:\(shape.id)") {
      benchmarks.append(try HostileBatchWorkload.make(shape, size: hostileSize))
    }
  }
  for shape in HostileBatchWorkload.nameShapes(fixtures: root) where wanted("hostile-batch:name-\(shape.id)") {
    benchmarks.append(try HostileBatchWorkload.make(shape, size: hostileSize))
  }
  for shape in HostileBatchWorkload.fieldShapes(fixtures: root) where wanted("hostile-batch:field-\(shape.id)") {
    benchmarks.append(try HostileBatchWorkload.make(shape, size: hostileSize))
  }
} catch {
  fail("\(error)")
}

if !filters.isEmpty {
  benchmarks = benchmarks.filter { b in filters.contains { b.name.contains($0) } }
  goInputs = goInputs.filter { g in filters.contains { "baseline:go:\(g.workload)".contains($0) } }
  answers = answers.filter { a in filters.contains { a.0.contains($0) } }
}
if let name = profileName {
  // For callgrind: exactly `--iterations` operations of one row, no harness, no other rows.
  guard let b = benchmarks.first(where: { $0.name == name }) else { fail("no row named \(name) (see --list)") }
  b.body(1)
  BenchProfile.measured(b, iterations: profileIterations)
  exit(0)
}
if list {
  for b in benchmarks { print(b.name) }
  for g in goInputs { print("baseline:go:\(g.workload)") }
  exit(0)
}

let harness = Harness(quick: quick)
if !harness.countsAllocations {
  FileHandle.standardError.write(
    Data("filenamekit-bench: the malloc counter is not active; allocations are null\n".utf8))
}
var measurements: [Measurement] = []
for b in benchmarks {
  if !json { FileHandle.standardError.write(Data("  \(b.name)…\n".utf8)) }
  measurements.append(harness.measure(b))
}
// Go's standard library on the same headers, each row placed after its workload's rows.
var notes: [String] = []
switch GoBaseline.run(goInputs, fixtures: root, quick: quick) {
case .success(let rows):
  for (workload, m, answer) in rows {
    let at = measurements.lastIndex { $0.benchmark.workload == workload }.map { $0 + 1 } ?? measurements.count
    measurements.insert(m, at: at)
    notes.append("baseline:go:\(workload) answer: \(answer)")
  }
case .failure(let reason):
  notes.append("Go baseline skipped: \(reason)")
  FileHandle.standardError.write(Data("filenamekit-bench: Go baseline skipped: \(reason)\n".utf8))
}
// The Python binding's call and whole batch processes (dynamic and self-contained CLI), each row after
// its workload's rows.
if filters.isEmpty || filters.contains(where: { "python:".contains($0) || $0.hasPrefix("python") }) {
  for w in reachWorkloads {
    switch ReachWorkloads.python(w, fixtures: root, quick: quick) {
    case .success(let (m, answer)):
      let at = measurements.lastIndex { $0.benchmark.workload == w.id }.map { $0 + 1 } ?? measurements.count
      measurements.insert(m, at: at)
      notes.append("python:\(w.id) answer: \(answer)")
    case .failure(let reason):
      notes.append("python:\(w.id) skipped: \(reason)")
    }
  }
}
if filters.isEmpty || filters.contains(where: { "process:batch-suggest".contains($0) }) {
  for r in ReachWorkloads.processes(fixtures: root, quick: quick) {
    switch r {
    case .success(let m): measurements.append(m)
    case .failure(let reason): notes.append("skipped: \(reason)")
    }
  }
}
let report = Report(machine: machineDescription(quick: quick), rows: measurements, answers: answers, notes: notes)
print(json ? report.json() : report.table(), terminator: json ? "\n" : "")
