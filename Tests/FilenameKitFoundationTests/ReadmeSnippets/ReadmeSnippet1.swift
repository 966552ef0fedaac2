// swift-format-ignore-file
// A verbatim copy of a README block (ReadmeSnippetTests), so the formatter leaves it as written.
// README.md, "Swift (`FilenameKit`)": compiled here verbatim (ReadmeSnippetTests checks the text).
// The statements run inside a function; the imports are the file's.
import FilenameKit

func readmeSnippet1() -> [String] {
// Strings (their UTF-8 bytes) …
let pdf = suggestFilename(for: DownloadMetadata(url: "https://example.com/download.php?id=7", contentType: "application/pdf"))
print(pdf.filename)  // download.pdf
let named = DownloadMetadata(url: "https://example.com/f", contentDisposition: "attachment; filename=\"a.txt\"")
// … or the header bytes exactly as they came off the wire (a raw GBK name here), with options.
let raw: [UInt8] = Array("attachment; filename=\"".utf8) + [0xD6, 0xD0, 0xCE, 0xC4] + Array(".txt\"".utf8)
var options = SuggestionOptions(platform: .windows)
options.fallbackCharset = Charset(label: "gbk")
let gbk = suggestFilename(for: DownloadMetadata(url: nil, contentDisposition: raw), options: options)
print(gbk.filename, gbk.decision.isDownload, suggestFilename(for: named).filename)  // 中文.txt true a.txt
  return [pdf.filename.string, gbk.filename.string, suggestFilename(for: named).filename.string]
}
