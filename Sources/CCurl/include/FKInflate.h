// A bounded gzip / zlib / raw-deflate decoder over zlib, shared by `filenamekit fetch` (a body sent
// with a Content-Encoding) and `filenamekit warc` (gzip members of a .warc.gz, and payloads' content
// codings). It knows nothing of HTTP: the caller feeds input and takes output in steps.
#ifndef FKINFLATE_H
#define FKINFLATE_H

#include <stddef.h>

/// One decoder: a zlib stream plus its limits and counters.
typedef struct fkinflate fkinflate;

/// States of a decoder (the values of FKCURL_DECODE_RUNNING ... FKCURL_DECODE_TOO_LARGE).
enum {
  FKINFLATE_RUNNING = 1,  // inside a stream: more input (or output room) is needed
  FKINFLATE_END = 2,      // the stream ended (checksum and length verified by zlib)
  FKINFLATE_CORRUPT = 3,  // the input is not a valid stream
  FKINFLATE_TOO_LARGE = 4 // the decoded bytes passed a limit
};

/// A new decoder for a gzip (RFC 1952) or zlib (RFC 1950) stream, told apart by its header, or NULL
/// when out of memory. `raw_deflate`: a first input without either header is decoded as raw RFC 1951
/// data (as browsers do for IIS's `deflate`). It stops with FKINFLATE_TOO_LARGE once the decoded
/// bytes pass `max_bytes`, or pass 16 MiB and `max_ratio` times the encoded bytes (0: no such limit).
fkinflate *fkinflate_new(int raw_deflate, long long max_bytes, long long max_ratio);

/// Frees the decoder.
void fkinflate_free(fkinflate *d);

/// Decodes from `*next_in` (`*avail_in` bytes) into `out` (room for `*out_len` bytes): advances
/// `*next_in` and `*avail_in` past what it consumed, sets `*out_len` to the bytes it wrote, and
/// returns the state. It stops at the end of the stream (the input after it is left unconsumed), when
/// `out` is full, or when the input is used up. On FKINFLATE_TOO_LARGE the output of this step must
/// not be used.
int fkinflate_step(fkinflate *d, const unsigned char **next_in, size_t *avail_in, unsigned char *out,
                   size_t *out_len);

/// Starts the next gzip member (RFC 1952 §2.2) after FKINFLATE_END; counters and limits carry on.
/// Returns 0, or -1 when zlib cannot reset.
int fkinflate_next_member(fkinflate *d);

/// The decoder's state (FKINFLATE_*).
int fkinflate_state(const fkinflate *d);

/// The decoded and the encoded (consumed) byte counts so far.
long long fkinflate_decoded_bytes(const fkinflate *d);
long long fkinflate_encoded_bytes(const fkinflate *d);

/// zlib's message for a corrupt stream. Valid until the decoder is freed or stepped again.
const char *fkinflate_message(const fkinflate *d);

#endif
