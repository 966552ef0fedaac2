// swift-tools-version: 6.2
// FilenameKit: safe, correct file names from HTTP download metadata.
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode and warnings treated as defects.
let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "FilenameKit",
  products: [
    // The core: no Foundation, ICU only through `TextServices`.
    .library(name: "FilenameKit", targets: ["FilenameKit"]),
    // Foundation conveniences (HTTPURLResponse, URL, FileManager).
    .library(name: "FilenameKitFoundation", targets: ["FilenameKitFoundation"]),
    // The command-line debugger and batch engine.
    .executable(name: "filenamekit", targets: ["filenamekit"]),
    // The fuzz targets (Sources/Fuzz/, Tests/Fuzz/README.md), the benchmark harness and the linkage check are
    // executable targets of this package only: `swift build --product fuzz-url` builds one; dependents see none.
  ],
  targets: [
    // Thin C wrappers over the system ICU (ICU's C names are version-renamed macros).
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
    ),
    .target(name: "FilenameKit", dependencies: ["CICU"], swiftSettings: strict),
    // Thin C wrappers over libcurl (variadic setopt), for `filenamekit fetch` only; never in the core.
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
    // The HTTP client of `filenamekit fetch`: raw header bytes, redirects hop by hop, streamed bodies.
    .target(name: "FilenameKitFetch", dependencies: ["CCurl", "FilenameKit"], swiftSettings: strict),
    // HTTPURLResponse / URL / FileManager conveniences for app code.
    .target(name: "FilenameKitFoundation", dependencies: ["FilenameKit"], swiftSettings: strict),
    .testTarget(name: "FilenameKitFoundationTests", dependencies: ["FilenameKitFoundation"], swiftSettings: strict),
    // Everything the CLI does, as a library so tests can drive it in-process.
    .target(name: "FilenameKitCLI", dependencies: ["FilenameKit", "FilenameKitFetch"], swiftSettings: strict),
    .executableTarget(name: "filenamekit", dependencies: ["FilenameKitCLI"], swiftSettings: strict),
    // Links only the core; a test runs `ldd` on it to prove the core stays Foundation-free.
    .executableTarget(name: "core-linkage-check", dependencies: ["FilenameKit"], swiftSettings: strict),
    // Benchmarks (issue 8): `swift run -c release filenamekit-bench`. CAllocCounter interposes malloc to
    // count allocations, so it is linked into the benchmark executable only.
    .target(name: "CAllocCounter", path: "Benchmarks/CAllocCounter"),
    .executableTarget(
      name: "filenamekit-bench", dependencies: ["FilenameKit", "FilenameKitCLI", "CAllocCounter"],
      path: "Benchmarks/filenamekit-bench", swiftSettings: strict
    ),
    // Fuzz property checks shared by the fuzz executables and the regression replay test.
    .target(name: "FuzzSupport", dependencies: ["FilenameKit"], path: "Sources/Fuzz/FuzzSupport", swiftSettings: strict),
    .executableTarget(name: "fuzz-disposition", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-disposition", swiftSettings: strict),
    .executableTarget(name: "fuzz-mime", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-mime", swiftSettings: strict),
    .executableTarget(name: "fuzz-url", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-url", swiftSettings: strict),
    .executableTarget(name: "fuzz-sanitize", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-sanitize", swiftSettings: strict),
    .executableTarget(name: "fuzz-suggest", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-suggest", swiftSettings: strict),
    .executableTarget(name: "fuzz-sniff", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-sniff", swiftSettings: strict),
    .testTarget(name: "FilenameKitTests", dependencies: ["FilenameKit", "FuzzSupport"], swiftSettings: strict),
    .testTarget(
      name: "FilenameKitCLITests",
      dependencies: ["FilenameKitCLI", "filenamekit", "core-linkage-check"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
