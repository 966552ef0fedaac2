#include "FKInflate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct fkinflate {
  z_stream z;
  int state;           // FKINFLATE_*
  uint64_t in;         // encoded bytes consumed
  uint64_t out;        // decoded bytes produced
  int raw_deflate;     // a first input without a zlib or gzip header may be retried as raw deflate
  uint64_t max_out;    // FKINFLATE_TOO_LARGE past this many decoded bytes (0: none)
  uint64_t max_ratio;  // ... or past 16 MiB and this many times the encoded bytes (0: none)
};

fkinflate *fkinflate_new(int raw_deflate, long long max_bytes, long long max_ratio) {
  fkinflate *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  // 15 + 32: a gzip (RFC 1952) or zlib (RFC 1950) stream, detected from its header.
  if (inflateInit2(&d->z, 15 + 32) != Z_OK) { free(d); return NULL; }
  d->state = FKINFLATE_RUNNING;
  d->raw_deflate = raw_deflate;
  d->max_out = max_bytes > 0 ? (uint64_t)max_bytes : 0;
  d->max_ratio = max_ratio > 0 ? (uint64_t)max_ratio : 0;
  return d;
}

void fkinflate_free(fkinflate *d) {
  if (!d) return;
  inflateEnd(&d->z);
  free(d);
}

/// Whether the decoded size passed a limit.
static int fkinflate_too_large(const fkinflate *d) {
  if (d->max_out && d->out > d->max_out) return 1;
  return d->max_ratio && d->out > (16u << 20) && d->out / d->max_ratio > d->in;
}

int fkinflate_step(fkinflate *d, const unsigned char **next_in, size_t *avail_in, unsigned char *out,
                   size_t *out_len) {
  size_t room = *out_len;
  *out_len = 0;
  if (d->state != FKINFLATE_RUNNING) return d->state;
  const unsigned char *start = *next_in;
  // zlib counts in uInt: a larger input is taken in parts, by later steps.
  size_t take = *avail_in > UINT32_MAX ? UINT32_MAX : *avail_in;
  uint64_t before = d->in;
  d->z.next_in = (Bytef *)start;
  d->z.avail_in = (uInt)take;
  d->z.next_out = out;
  d->z.avail_out = room > UINT32_MAX ? UINT32_MAX : (uInt)room;
  uInt out_room = d->z.avail_out;
  int rc = inflate(&d->z, Z_NO_FLUSH);
  if (rc == Z_DATA_ERROR && d->raw_deflate && d->z.total_out == 0 && before == 0) {
    // `deflate` sent as raw RFC 1951 data (no zlib header): start again on the same bytes.
    d->raw_deflate = 0;
    inflateEnd(&d->z);
    memset(&d->z, 0, sizeof d->z);
    if (inflateInit2(&d->z, -15) != Z_OK) { d->state = FKINFLATE_CORRUPT; return d->state; }
    d->z.next_in = (Bytef *)start;
    d->z.avail_in = (uInt)take;
    d->z.next_out = out;
    d->z.avail_out = out_room;
    rc = inflate(&d->z, Z_NO_FLUSH);
  }
  size_t used = take - d->z.avail_in;
  size_t made = out_room - d->z.avail_out;
  *next_in = start + used;
  *avail_in -= used;
  d->in += used;
  d->out += made;
  *out_len = made;
  if (fkinflate_too_large(d)) { d->state = FKINFLATE_TOO_LARGE; return d->state; }
  if (rc == Z_STREAM_END) { d->state = FKINFLATE_END; return d->state; }
  if (rc != Z_OK && rc != Z_BUF_ERROR) d->state = FKINFLATE_CORRUPT;
  return d->state;
}

int fkinflate_next_member(fkinflate *d) {
  if (inflateReset(&d->z) != Z_OK) { d->state = FKINFLATE_CORRUPT; return -1; }
  d->state = FKINFLATE_RUNNING;
  return 0;
}

int fkinflate_state(const fkinflate *d) { return d->state; }
long long fkinflate_decoded_bytes(const fkinflate *d) { return (long long)d->out; }
long long fkinflate_encoded_bytes(const fkinflate *d) { return (long long)d->in; }
const char *fkinflate_message(const fkinflate *d) { return d->z.msg ? d->z.msg : "invalid compressed data"; }
