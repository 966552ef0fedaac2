// Thin C wrappers over libcurl's easy interface for `filenamekit fetch`. `curl_easy_setopt` and
// `curl_easy_getinfo` are variadic, so Swift cannot call them; these wrappers have fixed signatures and
// plain C types, and this header does not include <curl/curl.h>. No HTTP logic lives here: redirects,
// HEAD fallback and header parsing are done in Swift (FilenameKitFetch).
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

// The bounded decoder `fkcurl_decode_start` uses, also usable on its own (`warc`).
#include "FKInflate.h"

/// One easy handle plus what it owns (request header list, error buffer).
typedef struct fkcurl fkcurl;

/// Receives raw bytes: one header line (with its CRLF) or one body chunk. Returns the number of bytes
/// consumed; anything other than `length` aborts the transfer.
typedef size_t (*fkcurl_data_callback)(const char *data, size_t length, void *context);

/// Called regularly during a transfer (also while idle). Returns nonzero to abort it.
typedef int (*fkcurl_progress_callback)(void *context, int64_t download_total, int64_t download_now);

/// Outcome of `fkcurl_perform`.
enum {
  FKCURL_OK = 0,        // the transfer completed (any HTTP status)
  FKCURL_ABORTED = 1,   // a callback aborted it
  FKCURL_FAILED = 2     // network, TLS, protocol or timeout error; see `fkcurl_error_message`
};

/// Initializes libcurl once per process (not thread-safe; call before any other thread uses curl).
int fkcurl_global_init(void);

/// The libcurl version string ("7.88.1").
const char *fkcurl_version(void);

/// A new handle for one request to `url` (HTTP and HTTPS only, no automatic redirects, no signals),
/// or NULL when out of memory. `user_agent` may be NULL.
fkcurl *fkcurl_new(const char *url, const char *user_agent);

/// Frees the handle and everything it owns.
void fkcurl_free(fkcurl *handle);

/// HEAD (`head != 0`) or GET.
int fkcurl_set_head(fkcurl *handle, int head);

/// Sets a byte range such as "0-0" (the `Range: bytes=0-0` request header).
int fkcurl_set_range(fkcurl *handle, const char *range);

/// Adds one request header line, "Name: value".
int fkcurl_add_header(fkcurl *handle, const char *line);

/// Connect timeout; the abort rule for a slow transfer (below `min_bytes_per_second` on average for
/// `stall_seconds`; 0 disables it); and a deadline for the whole transfer in milliseconds (0: none).
int fkcurl_set_timeouts(fkcurl *handle, long connect_seconds, long min_bytes_per_second, long stall_seconds,
                        long max_milliseconds);

/// Sends `Accept-Encoding: identity` and turns libcurl's own decoding off: a body the server encodes
/// anyway arrives as sent, unless `fkcurl_decode_start` is called when its headers are in.
int fkcurl_accept_identity(fkcurl *handle);

/// States of the body decoder.
enum {
  FKCURL_DECODE_OFF = 0,      // the body is passed on as it arrives
  FKCURL_DECODE_RUNNING = 1,  // inside a compressed stream: the body so far is incomplete
  FKCURL_DECODE_DONE = 2,     // the stream reached its end (checksum and length verified by zlib)
  FKCURL_DECODE_CORRUPT = 3,  // the data is not a valid stream; the transfer was stopped
  FKCURL_DECODE_TOO_LARGE = 4 // the decoded body passed a limit (`fkcurl_decode_limits`); stopped
};

/// Decodes the rest of the body (gzip or zlib-wrapped deflate, told apart by zlib) before it reaches
/// the body callback. Call from the header callback, at the end of the final header block.
int fkcurl_decode_start(fkcurl *handle);

/// Limits for the decoder, set before `fkcurl_decode_start`: `raw_deflate` lets a `deflate` body
/// without the zlib header (raw RFC 1951, as IIS sends it) through, as browsers do; the transfer
/// stops with FKCURL_DECODE_TOO_LARGE once the decoded bytes pass `max_bytes`, or pass 16 MiB and
/// `max_ratio` times the encoded bytes (0: no such limit).
void fkcurl_decode_limits(fkcurl *handle, int raw_deflate, long long max_bytes, long long max_ratio);

/// The decoded and the encoded byte counts so far.
long long fkcurl_decoded_bytes(fkcurl *handle);
long long fkcurl_encoded_bytes(fkcurl *handle);
/// Bytes after the end of the compressed stream that did not start another gzip member: ignored
/// (not decoded, not passed on), as gzip(1) and browsers do, and counted here.
long long fkcurl_decode_trailing_bytes(fkcurl *handle);

/// The decoder's state after the transfer (FKCURL_DECODE_*); an empty body counts as done.
int fkcurl_decode_state(fkcurl *handle);

/// zlib's message for a corrupt stream. Valid until the handle is freed.
const char *fkcurl_decode_message(fkcurl *handle);

/// Installs the header, body and progress callbacks with their shared context.
int fkcurl_set_callbacks(fkcurl *handle, fkcurl_data_callback header, fkcurl_data_callback body,
                         fkcurl_progress_callback progress, void *context);

/// Runs the request; returns FKCURL_OK, FKCURL_ABORTED or FKCURL_FAILED.
int fkcurl_perform(fkcurl *handle);

/// The last response's status code (0 when none was received).
long fkcurl_response_code(fkcurl *handle);

/// The libcurl result code of the last `fkcurl_perform` (CURLcode; 0 when it succeeded).
int fkcurl_result_code(fkcurl *handle);

/// Body bytes received by the last transfer as they came off the wire (after chunked framing, before
/// content decoding; CURLINFO_SIZE_DOWNLOAD_T), or -1 when libcurl cannot say.
int64_t fkcurl_body_bytes(fkcurl *handle);

/// libcurl's limit on one response header line, in bytes (CURL_MAX_HTTP_HEADER).
long fkcurl_max_header_bytes(void);

/// The CURLcode libcurl reports when a header line exceeds that limit (CURLE_OUT_OF_MEMORY before 8.6).
int fkcurl_code_out_of_memory(void);

/// Resolves `reference` (a Location value) against the absolute URL `base`; returns a new string to free
/// with `fkcurl_string_free`, or NULL when either does not parse.
char *fkcurl_resolve_url(const char *base, const char *reference);

/// The origin of an absolute URL, `scheme://host:port` in lower case with the scheme's default port
/// filled in; a new string to free with `fkcurl_origin_free`, or NULL when the URL does not parse.
char *fkcurl_origin(const char *url);

/// Frees a string from `fkcurl_origin`.
void fkcurl_origin_free(char *origin);

/// Frees a string returned by `fkcurl_resolve_url`.
void fkcurl_string_free(char *string);

/// A readable message for the last failure. Valid until the handle is freed.
const char *fkcurl_error_message(fkcurl *handle);

/// Installs handlers that only record the signal (async-signal-safe) for every catchable signal
/// whose default action ends the process: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1,
/// SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPOLL, SIGSTKFLT, SIGPWR (where they
/// exist) and the real-time signals; and SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS
/// when another process sends them (a real fault, or this process's own abort(), still ends it).
void fkcurl_interrupts_install(void);

/// Restores the previous handlers of those signals.
void fkcurl_interrupts_restore(void);

/// The signal number received since `fkcurl_interrupts_install` (0 when none).
int fkcurl_interrupt_received(void);

/// The name of a signal `fkcurl_interrupts_install` records ("SIGPIPE"), or NULL for one without
/// a fixed name (a real-time signal).
const char *fkcurl_signal_name(int sig);

/// renameat(2) that never replaces: renameat2 with RENAME_NOREPLACE on Linux (3.15+),
/// renameatx_np with RENAME_EXCL on macOS. -1 with errno EEXIST when `newname` exists, and EINVAL,
/// ENOSYS or ENOTSUP where the file system or kernel cannot do it (then nothing was renamed).
int fkcurl_rename_noreplace(int olddir, const char *oldname, int newdir, const char *newname);

/// SIGRTMIN and SIGRTMAX (macros that call into the C library on Linux); -1 and -2 without them.
int fkcurl_signal_rtmin(void);
int fkcurl_signal_rtmax(void);

#endif
