// swift-tools-version: 6.2
// FilenameKit: safe, correct file names from HTTP download metadata.
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode and warnings treated as defects.
let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "FilenameKit",
  // iOS 14.5 and macOS 11.3 are where WKDownload begins; the core and the Foundation adapter need no more
  // (their newest API, String(unsafeUninitializedCapacity:initializingUTF8With:), is iOS 14 / macOS 11 /
  // tvOS 14 / watchOS 7). macOS is 15 because one deployment target covers every target of the package,
  // and the CLI, the benchmarks and the tests use macOS 15 APIs (Mutex, String(validating:as:)).
  platforms: [.iOS("14.5"), .macCatalyst("14.5"), .macOS(.v15), .tvOS(.v14), .watchOS(.v7), .visionOS(.v1)],
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
    // Thin C wrappers over ICU. Apple platforms link the system's libicucore (plain C names, no headers
    // in the SDK); elsewhere the system ICU is loaded at run time, whatever its major version (versioned
    // names). Sources/CICU/ICU.h explains the declarations; Tests/ICUDeclarationsCheck proves they match
    // ICU's headers.
    .target(
      name: "CICU",
      linkerSettings: [
        .linkedLibrary("icucore", .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
        // Elsewhere ICU is not linked: Sources/CICU/ICULoader.c opens the system's libicuuc (any major
        // version) with dlopen on first use.
        .linkedLibrary("dl", .when(platforms: [.linux, .android, .openbsd])),
      ]
    ),
    // The charset detector's model: one byte blob that Scripts/generate-charset-model.py writes as a C array,
    // in a module of its own so that the Swift core compiles none of it (and a core change rebuilds none of it).
    .target(name: "CCharsetModel"),
    .target(name: "FilenameKit", dependencies: ["CICU", "CCharsetModel"], swiftSettings: strict),
    // The C API (include/filenamekit.h): its handle table and last-error store in C, its functions in
    // Swift (FilenameKitC). Scripts/install links them, with the Swift runtime, into libfilenamekit.so.
    .target(name: "CFilenameKit"),
    .target(name: "FilenameKitC", dependencies: ["FilenameKit", "CFilenameKit"], swiftSettings: strict),
    // Thin C wrappers over libcurl (variadic setopt), for `filenamekit fetch` only; never in the core.
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("z")]),
    // The HTTP client of `filenamekit fetch`: raw header bytes, redirects hop by hop, streamed bodies.
    .target(name: "FilenameKitFetch", dependencies: ["CCurl", "FilenameKit"], swiftSettings: strict),
    // HTTPURLResponse / URL / FileManager conveniences for app code.
    .target(name: "FilenameKitFoundation", dependencies: ["FilenameKit"], swiftSettings: strict),
    .testTarget(
      name: "FilenameKitFoundationTests", dependencies: ["FilenameKitFoundation", "FilenameKitTestSupport"],
      swiftSettings: strict
    ),
    // Everything the CLI does, as a library so tests can drive it in-process.
    .target(name: "FilenameKitCLI", dependencies: ["FilenameKit", "FilenameKitFetch"], swiftSettings: strict),
    .executableTarget(name: "filenamekit", dependencies: ["FilenameKitCLI"], swiftSettings: strict),
    // Links only the core; a test runs `ldd` on it to prove the core stays Foundation-free.
    .executableTarget(name: "core-linkage-check", dependencies: ["FilenameKit"], swiftSettings: strict),
    // Benchmarks: `swift run -c release filenamekit-bench`. CAllocCounter interposes malloc to
    // count allocations, so it is linked into the benchmark executable only.
    .target(name: "CAllocCounter", path: "Benchmarks/CAllocCounter"),
    .executableTarget(
      name: "filenamekit-bench",
      dependencies: [
        "FilenameKit", "FilenameKitCLI", "CAllocCounter", "FilenameKitTestSupport", "FilenameKitC", "CFilenameKit",
      ],
      path: "Benchmarks/filenamekit-bench", swiftSettings: strict
    ),
    // Fuzz property checks shared by the fuzz executables and the regression replay test.
    .target(name: "FuzzSupport", dependencies: ["FilenameKit"], path: "Sources/Fuzz/FuzzSupport", swiftSettings: strict),
    .executableTarget(name: "fuzz-disposition", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-disposition", swiftSettings: strict),
    .executableTarget(name: "fuzz-disposition-fast", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-disposition-fast", swiftSettings: strict),
    .executableTarget(name: "fuzz-mime", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-mime", swiftSettings: strict),
    .executableTarget(name: "fuzz-url", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-url", swiftSettings: strict),
    .executableTarget(name: "fuzz-sanitize", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-sanitize", swiftSettings: strict),
    .executableTarget(name: "fuzz-suggest", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-suggest", swiftSettings: strict),
    .executableTarget(name: "fuzz-sniff", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/fuzz-sniff", swiftSettings: strict),
    // The fixture loader and hex decoder every test target and the benchmark harness share.
    .target(name: "FilenameKitTestSupport", path: "Tests/TestSupport", swiftSettings: strict),
    .testTarget(
      name: "FilenameKitTests", dependencies: ["FilenameKit", "FuzzSupport", "FilenameKitTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "FilenameKitCLITests",
      dependencies: ["FilenameKitCLI", "filenamekit", "core-linkage-check", "FilenameKitTestSupport"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
