/*
 * filenamekit.h — the C API of FilenameKit: safe, correct file names from HTTP download metadata.
 *
 * Link with `pkg-config --cflags --libs filenamekit` (libfilenamekit.so carries the Swift runtime; ICU
 * is opened at run time, any major version).
 *
 * Conventions
 * - Every function and type starts with `fnk_` (macros and constants with `FNK_`); nothing else is
 *   exported.
 * - Inputs are bytes: a pointer and a length, never NUL-terminated. A NULL pointer with length 0 is an
 *   absent input; a NULL pointer with a length above 0 is FNK_ERR_NULL_ARGUMENT. A length must not run
 *   past the caller's buffer (that cannot be checked); one above FNK_MAX_INPUT is FNK_ERR_TOO_LARGE.
 * - An operation returns an fnk_status and, on FNK_OK, a result handle through its last argument (set to
 *   NULL on failure). Every field of a result is read through fnk_result_string, fnk_result_int,
 *   fnk_result_count and fnk_result_item; every result is freed with fnk_free.
 * - Strings handed out (fnk_string) are UTF-8, NUL-terminated as well as counted, and live as long as
 *   their result. An absent value (a JSON null in the batch protocol) is { NULL, 0 }. Names never hold
 *   a NUL; a header's parameter values are kept as sent and may (read them by their length).
 * - A call that fails sets this thread's last error: fnk_last_error() is its message, until the thread's
 *   next failing call. Handles are checked: a freed, foreign or NULL handle is FNK_ERR_INVALID_HANDLE,
 *   never a crash (a handle is a token, not a pointer to memory the caller may read).
 * - Thread safety: every function may be called from many threads at once; a result may be read from
 *   several threads, but must not be read while another thread frees it.
 * - Field values are those of the batch protocol (`filenamekit batch`, documented in the DocC article
 *   Sources/FilenameKit/FilenameKit.docc/BatchProtocol.md):
 *   the same names, codes and order.
 */
#ifndef FILENAMEKIT_H
#define FILENAMEKIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions ---------------------------------------------------------------------------------- */

/** The ABI this header describes. It changes only when a declaration changes incompatibly; new
 *  functions, fields and constants are added without changing it. */
#define FNK_ABI_VERSION 1

/** The ABI version of the loaded library: compare with FNK_ABI_VERSION at start-up. */
uint32_t fnk_abi_version(void);

/** The library's version and the version of its naming rules, as `filenamekit --version` prints them
 *  ("filenamekit 0.1.0 (rules 0.1.0-r1)"); the rules version changes whenever an answer may change. */
const char *fnk_version(void);

/* ---- Status ------------------------------------------------------------------------------------ */

/** What a call did. Values never change; new ones may be added. */
typedef enum fnk_status {
  FNK_OK = 0,
  /** A required pointer is NULL, or an input pointer is NULL with a length above 0. */
  FNK_ERR_NULL_ARGUMENT = 1,
  /** Text that must be UTF-8 (a suggested or default name, a language, a name to sanitize) is not. */
  FNK_ERR_INVALID_UTF8 = 2,
  /** An unknown enum value, field or option, or a struct_size the library does not know. */
  FNK_ERR_INVALID_ARGUMENT = 3,
  /** A referrer charset that is not a WHATWG encoding label (or is the replacement encoding). */
  FNK_ERR_UNKNOWN_CHARSET = 4,
  /** ICU could not be loaded: the message names the libraries tried. */
  FNK_ERR_ICU_UNAVAILABLE = 5,
  /** A NULL, freed or foreign result handle, or a field the result does not have. */
  FNK_ERR_INVALID_HANDLE = 6,
  /** A file system call failed (fnk_claim_unique): the message gives errno's text. */
  FNK_ERR_IO = 7,
  /** Memory or handles ran out. */
  FNK_ERR_NO_MEMORY = 8,
  /** An input longer than FNK_MAX_INPUT bytes. */
  FNK_ERR_TOO_LARGE = 9,
  /** An index past the end of a list field. */
  FNK_ERR_OUT_OF_RANGE = 10,
  /** The caller's buffer is too small for the answer (fnk_suggest_name): its `length` says how many
   *  bytes are needed. */
  FNK_ERR_BUFFER_TOO_SMALL = 11
} fnk_status;

/** The largest input length accepted, in bytes (1 GiB). */
#define FNK_MAX_INPUT ((size_t)1 << 30)

/** A status's stable name ("FNK_ERR_INVALID_UTF8"); "FNK_UNKNOWN" for a value this library lacks. */
const char *fnk_status_name(fnk_status status);

/** The message of this thread's last failed call ("" when none failed yet). A call that succeeds
 *  leaves it as it was: read it only after a call returned an error. Valid until this thread's next
 *  failing call. */
const char *fnk_last_error(void);

/** The status of this thread's last failed call (FNK_OK when none failed yet). */
fnk_status fnk_last_status(void);

/* ---- Inputs ------------------------------------------------------------------------------------ */

/** The platform a name must be valid on. */
typedef enum fnk_platform {
  FNK_PLATFORM_CURRENT = 0, /**< the machine's own */
  FNK_PLATFORM_LINUX = 1,
  FNK_PLATFORM_MACOS = 2,
  FNK_PLATFORM_WINDOWS = 3,
  FNK_PLATFORM_PORTABLE = 4 /**< valid on all of them */
} fnk_platform;

/** The Content-Disposition parser profile. */
typedef enum fnk_profile {
  FNK_PROFILE_COMPATIBLE = 0, /**< as browsers read real headers */
  FNK_PROFILE_STRICT = 1      /**< RFC 6266 exactly */
} fnk_profile;

/** What the host can display, for the download-or-display decision. */
typedef enum fnk_renderer {
  FNK_RENDERER_WEBVIEW = 0, /**< a web view (WKWebView-like) */
  FNK_RENDERER_NONE = 1     /**< nothing: every response is a download */
} fnk_renderer;

/** Options of every operation; fields an operation does not use are ignored. Zero is each field's
 *  default, so `fnk_options o = FNK_OPTIONS_INIT;` (or zeroed memory with struct_size set) is the
 *  defaults. */
typedef struct fnk_options {
  /** sizeof(fnk_options) as the caller was compiled: lets later versions add fields. A size this
   *  library does not know (a newer header's) is FNK_ERR_INVALID_ARGUMENT, never read in part. */
  uint32_t struct_size;
  int32_t platform;   /**< an fnk_platform */
  int32_t profile;    /**< an fnk_profile */
  int32_t renderer;   /**< an fnk_renderer (suggest) */
  /* The four flags take 0 or 1; any other value is FNK_ERR_INVALID_ARGUMENT, as is an enum value
   * not listed above. */
  int32_t no_detect;  /**< 1: never guess the charset of legacy bytes (default: guess) */
  int32_t nfd;        /**< 1: normalize names to NFD instead of NFC */
  int32_t neutralize; /**< 1: append ".download" to executables and shortcuts */
  int32_t ascii;      /**< 1: plain ASCII names, other scripts transliterated (ICU Any-Latin; Latin-ASCII) */
  /** A length limit lower than the platform's, in its unit (UTF-8 bytes; UTF-16 units on Windows);
   *  0: the platform's own. A value above the platform's limit is that limit; above INT64_MAX it is
   *  FNK_ERR_INVALID_ARGUMENT. fnk_claim_unique keeps its numbered names within it too. */
  uint64_t max_length;
  /** The referrer's charset (a WHATWG label: "gbk", "shift_jis") for bytes that are not UTF-8. */
  const uint8_t *referrer_charset;
  size_t referrer_charset_length;
  /** The reader's language as an Accept-Language value ("zh-TW,zh;q=0.9"): a detection hint. */
  const uint8_t *language;
  size_t language_length;
  /** The name to use when neither header nor URL gives one (suggest; UTF-8). */
  const uint8_t *default_name;
  size_t default_name_length;
} fnk_options;

#define FNK_OPTIONS_INIT { (uint32_t)sizeof(fnk_options), 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, NULL, 0, NULL, 0 }

/** What is known of one download (suggest). Every member is optional. */
typedef struct fnk_metadata {
  /** sizeof(fnk_metadata) as the caller was compiled. */
  uint32_t struct_size;
  /** The URL as sent (bytes that are not UTF-8 are %-escaped first, as a browser sends them). */
  const uint8_t *url;
  size_t url_length;
  /** The Content-Disposition field value, raw bytes (legacy charsets welcome). */
  const uint8_t *content_disposition;
  size_t content_disposition_length;
  /** The Content-Type field value (combined fields allowed). */
  const uint8_t *content_type;
  size_t content_type_length;
  /** A name the application suggests (WKDownload's suggestedFilename, a download attribute; UTF-8). */
  const uint8_t *suggested_name;
  size_t suggested_name_length;
  /** The body's leading bytes, for sniffing (only the first 4096 are looked at). */
  const uint8_t *content;
  size_t content_length;
} fnk_metadata;

#define FNK_METADATA_INIT { (uint32_t)sizeof(fnk_metadata), NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0 }

/* ---- Results ----------------------------------------------------------------------------------- */

/** The result of one operation: a handle, read through the accessors below, freed with fnk_free. */
typedef struct fnk_result fnk_result;

/** A UTF-8 string owned by a result; { NULL, 0 } when absent. */
typedef struct fnk_string {
  const char *data;
  size_t length;
} fnk_string;

/** Which operation made a result. */
typedef enum fnk_kind {
  FNK_KIND_SUGGESTION = 1,
  FNK_KIND_DISPOSITION = 2,
  FNK_KIND_MEDIA_TYPE = 3,
  FNK_KIND_URL_NAME = 4,
  FNK_KIND_SANITIZED = 5,
  FNK_KIND_CLAIM = 6
} fnk_kind;

/** The fields of results, named after the batch protocol's keys. S: a string (fnk_result_string);
 *  I: an integer (fnk_result_int); L: a list of strings (fnk_result_count, fnk_result_item). */
typedef enum fnk_field {
  /* suggestion (op suggest) */
  FNK_FIELD_FILENAME = 1,              /**< S: the name (every kind but media type) */
  FNK_FIELD_SOURCE = 2,                /**< S: "filename*", "filename", "url-path", … (suggestion, URL name) */
  FNK_FIELD_MEDIA_TYPE = 3,            /**< S: the essence, or absent (suggestion, URL name: data: URLs) */
  FNK_FIELD_DOWNLOAD = 4,              /**< I: 1 download, 0 display */
  FNK_FIELD_REASON = 5,                /**< S: "attachment", "renderable", … */
  FNK_FIELD_RISK = 6,                  /**< S: "executable", "shortcut", "ordinary" (suggestion, sanitized) */
  FNK_FIELD_TRACE_CODE = 7,            /**< L: each trace step's code */
  FNK_FIELD_TRACE_DETAIL = 8,          /**< L: each trace step's detail, same order */
  FNK_FIELD_DISGUISE = 9,              /**< L: disguise codes (suggestion, sanitized) */
  FNK_FIELD_MEDIA_TYPE_SERIALIZED = 10,/**< S: the media type with its parameters, or absent */
  FNK_FIELD_DECISION_DETAIL = 11,      /**< S: the decision in words */
  FNK_FIELD_CONFLICT = 12,             /**< S: a displayed response's download-only extension, or absent */
  FNK_FIELD_CONFLICT_CODE = 13,        /**< S: "risky-extension", "download-only-extension", or absent */
  FNK_FIELD_SNIFFED_MEDIA_TYPE = 14,   /**< S: what the leading bytes are, or absent */
  FNK_FIELD_SNIFFED_RULE = 15,         /**< S: the sniffing rule that matched, or absent */
  FNK_FIELD_SNIFFED_BYTES_EXAMINED = 16, /**< I: one past the furthest byte read; -1 when not sniffed */
  FNK_FIELD_SNIFFED_EXECUTABLE = 17,   /**< I: 1 when the bytes are an executable; -1 when not sniffed */
  FNK_FIELD_SNIFFED_DETAIL = 18,       /**< S: a brand, entry or interpreter, or absent */
  FNK_FIELD_MISMATCH_EXTENSION = 19,   /**< S: the name's extension the media type disagrees with, or absent */
  FNK_FIELD_MISMATCH_MEDIA_TYPE = 20,  /**< S: the declared media type it disagrees with, or absent */
  FNK_FIELD_MISMATCH_EXPECTED = 21,    /**< S: that type's preferred extension, or absent */
  /* disposition (op disposition) */
  FNK_FIELD_TYPE = 30,                 /**< S: "attachment", "inline", …; absent for an empty header */
  FNK_FIELD_PARAMETER_NAME = 31,       /**< L: parameter names, lowercased (disposition, media type) */
  FNK_FIELD_PARAMETER_VALUE = 32,      /**< L: their values, same order; an item may be absent */
  FNK_FIELD_DIAGNOSTIC = 33,           /**< L: diagnostic codes in input order (disposition, URL name) */
  FNK_FIELD_DETECTED_CHARSET = 34,     /**< S: the guessed charset, or absent */
  /* media type (op mime) */
  FNK_FIELD_VALID = 40,                /**< I: 1 when the input is a MIME type */
  FNK_FIELD_ESSENCE = 41,              /**< S */
  FNK_FIELD_SERIALIZED = 42,           /**< S: the WHATWG serialization */
  FNK_FIELD_EXTENSION = 43,            /**< L: the registry's extensions, preferred first */
  /* URL name (op url) */
  FNK_FIELD_CHARSET = 50,              /**< S: what decoded the escapes, or absent */
  FNK_FIELD_CONFIDENCE = 51,           /**< I: 0–100 when the charset was detected; -1 otherwise */
  FNK_FIELD_RAW_FILENAME = 52,         /**< S: the name as decoded: for display only, never a path */
  /* sanitized name (op sanitize) and claim */
  FNK_FIELD_CHANGE = 60,               /**< L: the sanitizer's change codes in pipeline order */
  FNK_FIELD_CHANGE_DETAIL = 61,        /**< L: each change in words, same order */
  FNK_FIELD_FD = 62                    /**< I: the claimed file's descriptor (claim; the caller closes it) */
} fnk_field;

/** The kind of a result; 0 for an invalid handle. */
int32_t fnk_result_kind(const fnk_result *result);

/** A string field; { NULL, 0 } when absent, and when the handle or field is invalid (then the last
 *  error is FNK_ERR_INVALID_HANDLE and fnk_last_status says so). */
fnk_string fnk_result_string(const fnk_result *result, fnk_field field);

/** An integer field; -1 when absent or invalid (see fnk_last_status). */
int64_t fnk_result_int(const fnk_result *result, fnk_field field);

/** The number of items of a list field; 0 when invalid (see fnk_last_status). */
size_t fnk_result_count(const fnk_result *result, fnk_field field);

/** Item `index` of a list field; { NULL, 0 } when absent, invalid or out of range. */
fnk_string fnk_result_item(const fnk_result *result, fnk_field field, size_t index);

/** Reads `count` string fields at once into `out[0…count-1]` (each as fnk_result_string would give
 *  it): one call instead of `count`, for bindings whose calls are dear. Returns how many of the
 *  fields the result has; 0 (and FNK_ERR_INVALID_HANDLE) for an invalid handle. */
size_t fnk_result_strings(const fnk_result *result, const fnk_field *fields, size_t count, fnk_string *out);

/** Reads up to `capacity` items of a list field into `out`; returns the list's length (which may
 *  exceed `capacity`: call again with more room). 0 for an invalid handle or field. */
size_t fnk_result_items(const fnk_result *result, fnk_field field, fnk_string *out, size_t capacity);

/** The Content-Disposition header a suggestion (FNK_KIND_SUGGESTION) or URL name (FNK_KIND_URL_NAME,
 *  a presigned URL's response-content-disposition) was read from, as its own FNK_KIND_DISPOSITION
 *  result (the `content_disposition` object of the batch protocol): *out is NULL, with FNK_OK, when
 *  there was none. The new result is freed with fnk_free, independently of `result`. */
fnk_status fnk_result_disposition(const fnk_result *result, fnk_result **out);

/** Frees a result. NULL is ignored; a freed or foreign handle is reported (FNK_ERR_INVALID_HANDLE as the
 *  last error) and otherwise ignored. */
void fnk_free(fnk_result *result);

/* ---- Operations -------------------------------------------------------------------------------- */

/** Suggests the file name for a download and decides download or display, as `filenamekit suggest`
 *  does (batch op suggest). `options` may be NULL (the defaults). */
fnk_status fnk_suggest(const fnk_metadata *metadata, const fnk_options *options, fnk_result **out);

/** The name and the decision of a suggestion, without a result handle: what a downloader reads for
 *  every response. Set out->struct_size (FNK_NAME_INIT). The strings point into `buffer` (each
 *  NUL-terminated, in the order of the fields); out->length is the bytes used. When `capacity` is too
 *  small the call fails with FNK_ERR_BUFFER_TOO_SMALL and out->length is the size needed; 4096 bytes
 *  always hold a name of the platform's limit. The answers are those of fnk_suggest. */
typedef struct fnk_name {
  /** sizeof(fnk_name) as the caller was compiled. */
  uint32_t struct_size;
  int32_t download;     /**< 1 download, 0 display */
  fnk_string filename;  /**< FNK_FIELD_FILENAME */
  fnk_string source;    /**< FNK_FIELD_SOURCE */
  fnk_string media_type; /**< FNK_FIELD_MEDIA_TYPE, { NULL, 0 } when absent */
  fnk_string reason;    /**< FNK_FIELD_REASON */
  fnk_string risk;      /**< FNK_FIELD_RISK */
  fnk_string disguise;  /**< FNK_FIELD_DISGUISE's codes joined by ',' ("" when none) */
  size_t length;        /**< bytes of `buffer` used, or needed */
} fnk_name;

#define FNK_NAME_INIT { (uint32_t)sizeof(fnk_name), 0, { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, \
                        { NULL, 0 }, { NULL, 0 }, 0 }

fnk_status fnk_suggest_name(const fnk_metadata *metadata, const fnk_options *options, fnk_name *out,
                            char *buffer, size_t capacity);

/** Parses a Content-Disposition field value (op disposition): profile, referrer_charset, language
 *  and detection from `options` (NULL: compatible, no referrer charset, detection off, as the batch
 *  op's default). FNK_FIELD_FILENAME is safe to save as given (sanitized for portable). */
fnk_status fnk_parse_disposition(const uint8_t *header, size_t length, const fnk_options *options,
                                 fnk_result **out);

/** Parses a MIME type (op mime; WHATWG "parse a MIME type"). Input that is not a MIME type is a
 *  result with FNK_FIELD_VALID 0, not an error. */
fnk_status fnk_parse_media_type(const uint8_t *input, size_t length, fnk_result **out);

/** The file name a URL gives (op url); detection is off unless options->no_detect is 0 and options
 *  is given (as the batch op's default, detect false). */
fnk_status fnk_url_filename(const uint8_t *url, size_t length, const fnk_options *options, fnk_result **out);

/** Makes `name` (UTF-8) one safe path component for options->platform (op sanitize): max_length, nfd
 *  and neutralize apply. */
fnk_status fnk_sanitize(const uint8_t *name, size_t length, const fnk_options *options, fnk_result **out);

/** Creates a new file for `name` in `directory` (a path: any bytes but NUL, which is
 *  FNK_ERR_INVALID_ARGUMENT; not necessarily UTF-8) that did not exist before: `name`
 *  sanitized for options->platform, then "name (1).ext", "name (2).ext", … until O_CREAT|O_EXCL
 *  succeeds. Nothing is ever overwritten. The result's FNK_FIELD_FILENAME is the name created and
 *  FNK_FIELD_FD its open descriptor (O_WRONLY), which the caller closes. */
fnk_status fnk_claim_unique(const uint8_t *directory, size_t directory_length, const uint8_t *name,
                            size_t name_length, const fnk_options *options, fnk_result **out);

#ifdef __cplusplus
}
#endif

#endif /* FILENAMEKIT_H */
