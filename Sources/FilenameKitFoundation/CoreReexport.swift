// `import FilenameKitFoundation` alone is enough: the adapter's API takes and returns the core's
// types (`SuggestionOptions`, `Suggestion`, `Platform`, `Charset`, …), so it re-exports the core.
// Without this, code that names one of them (options, above all) fails with "cannot find
// 'SuggestionOptions' in scope" until it adds `import FilenameKit` too.
@_exported import FilenameKit
