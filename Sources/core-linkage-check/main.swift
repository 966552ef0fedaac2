// Links only the core library. A test runs `ldd` on this binary: it must not load Foundation.
import FilenameKit

let name = Charset(label: "utf-8")?.name ?? "?"
print("core-linkage-check \(name)")
