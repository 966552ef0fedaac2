// Drives the C API (filenamekit.h) the way a C download tool would, in three modes:
//   fidelity < requests.tsv        one JSON answer per request (suggest or disposition), built only
//                                  from the accessors, for compare.py to hold against `filenamekit batch`
//   fidelity --threads N --calls M < requests.tsv
//                                  N threads making M calls each, every answer checked against the
//                                  first pass's (the API is safe to call from many threads at once)
//   fidelity --without-icu         (run with FILENAMEKIT_ICU_LIBRARY naming no library) every
//                                  operation fails with FNK_ERR_ICU_UNAVAILABLE, nothing crashes
//   fidelity --bad-arguments       NULL pointers, bad lengths, invalid UTF-8, unknown enum values,
//                                  bad struct sizes, freed and foreign handles: each a documented status,
//                                  never a crash (run under ASan and UBSan in CI)
#include <filenamekit.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct bytes {
  uint8_t *data;
  size_t length;
  int present;
} bytes;

// One request: the op and its fields (hex-decoded).
typedef struct request {
  int suggest;
  bytes url, content_disposition, content_type, suggested_name, default_name, referrer_charset, content,
      header, language;
  char platform[16], renderer[16], profile[16];
  long long max_length;
  int detect, nfd, neutralize, ascii;  // -1: absent
} request;

static void fail(const char *what) {
  fprintf(stderr, "fidelity: %s\n", what);
  exit(1);
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bytes unhex(const char *s, size_t n) {
  bytes b = {malloc(n / 2 + 1), n / 2, 1};
  if (!b.data || n % 2) fail("bad hex in the request file");
  for (size_t i = 0; i < n / 2; i++) {
    int h = hexval(s[2 * i]), l = hexval(s[2 * i + 1]);
    if (h < 0 || l < 0) fail("bad hex in the request file");
    b.data[i] = (uint8_t)(h << 4 | l);
  }
  return b;
}

static void text_field(char *dst, size_t cap, bytes b) {
  size_t n = b.length < cap - 1 ? b.length : cap - 1;
  memcpy(dst, b.data, n);
  dst[n] = 0;
  free(b.data);
}

static long long number(bytes b) {
  char t[32];
  text_field(t, sizeof t, b);
  return atoll(t);
}

static void parse_line(char *line, request *r) {
  memset(r, 0, sizeof *r);
  r->detect = r->nfd = r->neutralize = r->ascii = -1;
  char *save = NULL;
  char *op = strtok_r(line, "\t\n", &save);
  if (!op) fail("empty request line");
  r->suggest = strcmp(op, "suggest") == 0;
  for (char *f; (f = strtok_r(NULL, "\t\n", &save));) {
    char *eq = strchr(f, '=');
    if (!eq) fail("a field without '='");
    *eq = 0;
    bytes v = unhex(eq + 1, strlen(eq + 1));
#define FIELD(name)                  \
  if (strcmp(f, #name) == 0) {       \
    r->name = v;                     \
    continue;                        \
  }
    FIELD(url) FIELD(content_disposition) FIELD(content_type) FIELD(suggested_name) FIELD(default_name)
    FIELD(referrer_charset) FIELD(content) FIELD(header) FIELD(language)
#undef FIELD
    if (strcmp(f, "platform") == 0) text_field(r->platform, sizeof r->platform, v);
    else if (strcmp(f, "renderer") == 0) text_field(r->renderer, sizeof r->renderer, v);
    else if (strcmp(f, "profile") == 0) text_field(r->profile, sizeof r->profile, v);
    else if (strcmp(f, "max_length") == 0) r->max_length = number(v);
    else if (strcmp(f, "detect") == 0) r->detect = (int)number(v);
    else if (strcmp(f, "nfd") == 0) r->nfd = (int)number(v);
    else if (strcmp(f, "neutralize") == 0) r->neutralize = (int)number(v);
    else if (strcmp(f, "ascii") == 0) r->ascii = (int)number(v);
    else fail("unknown field in the request file");
  }
}

static void free_request(request *r) {
  bytes *all[] = {&r->url, &r->content_disposition, &r->content_type, &r->suggested_name, &r->default_name,
                  &r->referrer_charset, &r->content, &r->header, &r->language};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) free(all[i]->data);
}

static int32_t platform_of(const char *p) {
  if (!*p) return FNK_PLATFORM_CURRENT;
  if (!strcmp(p, "linux")) return FNK_PLATFORM_LINUX;
  if (!strcmp(p, "macos")) return FNK_PLATFORM_MACOS;
  if (!strcmp(p, "windows")) return FNK_PLATFORM_WINDOWS;
  if (!strcmp(p, "portable")) return FNK_PLATFORM_PORTABLE;
  return 99;  // unknown: the library must refuse it
}

/// The options and (for suggest) the metadata of one request.
static void inputs(const request *r, fnk_options *op, fnk_metadata *mp) {
  fnk_options o = FNK_OPTIONS_INIT;
  o.platform = platform_of(r->platform);
  // Unknown names become values the library must refuse, as the batch refuses the names.
  o.profile = !*r->profile || !strcmp(r->profile, "compatible") ? FNK_PROFILE_COMPATIBLE
              : !strcmp(r->profile, "strict")                   ? FNK_PROFILE_STRICT
                                                                : 99;
  o.renderer = !*r->renderer || !strcmp(r->renderer, "webview") ? FNK_RENDERER_WEBVIEW
               : !strcmp(r->renderer, "none")                   ? FNK_RENDERER_NONE
                                                                : 99;
  o.max_length = (uint64_t)r->max_length;
  o.nfd = r->nfd == 1;
  o.neutralize = r->neutralize == 1;
  o.ascii = r->ascii == 1;
  o.referrer_charset = r->referrer_charset.data;
  o.referrer_charset_length = r->referrer_charset.length;
  o.language = r->language.data;
  o.language_length = r->language.length;
  if (r->suggest) {
    o.no_detect = r->detect == 0;  // suggest detects unless told not to
    o.default_name = r->default_name.data;
    o.default_name_length = r->default_name.length;
    fnk_metadata m = FNK_METADATA_INIT;
    m.url = r->url.data, m.url_length = r->url.length;
    m.content_disposition = r->content_disposition.data;
    m.content_disposition_length = r->content_disposition.length;
    m.content_type = r->content_type.data, m.content_type_length = r->content_type.length;
    m.suggested_name = r->suggested_name.data, m.suggested_name_length = r->suggested_name.length;
    m.content = r->content.data, m.content_length = r->content.length;
    *mp = m;
  } else {
    o.no_detect = r->detect != 1;  // the disposition op detects only when asked
  }
  *op = o;
}

/// Runs one request; the result (or NULL and the status).
static fnk_status run(const request *r, fnk_result **out) {
  fnk_options o;
  fnk_metadata m;
  inputs(r, &o, &m);
  if (r->suggest) return fnk_suggest(&m, &o, out);
  return fnk_parse_disposition(r->header.data, r->header.length, &o, out);
}

static int same(fnk_string a, fnk_string b) {
  if (!a.data || !b.data) return a.data == b.data;
  return a.length == b.length && memcmp(a.data, b.data, a.length) == 0 && b.data[b.length] == 0;
}

/// fnk_suggest_name answers a suggest request as fnk_suggest's result `res` does, field for field, in
/// a buffer of exactly the size it asks for (and refuses one byte less).
static void check_name(const request *r, fnk_result *res) {
  fnk_options o;
  fnk_metadata m;
  inputs(r, &o, &m);
  fnk_name probe = FNK_NAME_INIT;
  if (fnk_suggest_name(&m, &o, &probe, NULL, 0) != FNK_ERR_BUFFER_TOO_SMALL || probe.length == 0) {
    fail("fnk_suggest_name: an empty buffer is not reported too small");
  }
  char *buffer = malloc(probe.length);
  fnk_name n = FNK_NAME_INIT;
  if (probe.length > 1 && fnk_suggest_name(&m, &o, &n, buffer, probe.length - 1) != FNK_ERR_BUFFER_TOO_SMALL) {
    fail("fnk_suggest_name: a buffer one byte short is accepted");
  }
  if (fnk_suggest_name(&m, &o, &n, buffer, probe.length) != FNK_OK || n.length != probe.length) {
    fail("fnk_suggest_name fails where fnk_suggest answers");
  }
  char joined[4096] = "";
  size_t items = fnk_result_count(res, FNK_FIELD_DISGUISE);
  for (size_t i = 0; i < items; i++) {
    fnk_string d = fnk_result_item(res, FNK_FIELD_DISGUISE, i);
    if (i) strncat(joined, ",", sizeof joined - strlen(joined) - 1);
    strncat(joined, d.data, sizeof joined - strlen(joined) - 1);
  }
  fnk_string disguise = {joined, strlen(joined)};
  if (!same(n.filename, fnk_result_string(res, FNK_FIELD_FILENAME)) ||
      !same(n.source, fnk_result_string(res, FNK_FIELD_SOURCE)) ||
      !same(n.media_type, fnk_result_string(res, FNK_FIELD_MEDIA_TYPE)) ||
      !same(n.reason, fnk_result_string(res, FNK_FIELD_REASON)) ||
      !same(n.risk, fnk_result_string(res, FNK_FIELD_RISK)) || !same(n.disguise, disguise) ||
      n.download != fnk_result_int(res, FNK_FIELD_DOWNLOAD)) {
    fprintf(stderr, "fidelity: fnk_suggest_name: %s / %s differs from fnk_suggest's\n", n.filename.data,
            n.reason.data);
    exit(1);
  }
  free(buffer);
}

/// Makes another suggestion (its name, and a result freed at once) while the caller still holds an
/// unread result: a result's fields must not depend on buffers a later call reuses.
static void suggest_other(const request *r) {
  fnk_options o;
  fnk_metadata m;
  inputs(r, &o, &m);
  char buffer[4096];
  fnk_name n = FNK_NAME_INIT;
  (void)fnk_suggest_name(&m, &o, &n, buffer, sizeof buffer);
  fnk_result *res = NULL;
  if (fnk_suggest(&m, &o, &res) == FNK_OK) fnk_free(res);
}

// ---- JSON output, from the accessors only ---------------------------------------------------------

static void json_string(FILE *f, fnk_string s) {
  if (!s.data) {
    fputs("null", f);
    return;
  }
  if (s.data[s.length] != 0) fail("a string is not NUL-terminated at its length");
  fputc('"', f);
  for (size_t i = 0; i < s.length; i++) {
    unsigned char c = (unsigned char)s.data[i];
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

static void key(FILE *f, const char *k, int *first) {
  fprintf(f, "%s\"%s\": ", *first ? "" : ", ", k);
  *first = 0;
}

static void str(FILE *f, fnk_result *r, const char *k, fnk_field field, int *first) {
  key(f, k, first);
  json_string(f, fnk_result_string(r, field));
}

static void list(FILE *f, fnk_result *r, const char *k, fnk_field field, int *first) {
  key(f, k, first);
  size_t n = fnk_result_count(r, field);
  fputc('[', f);
  for (size_t i = 0; i < n; i++) {
    if (i) fputs(", ", f);
    json_string(f, fnk_result_item(r, field, i));
  }
  fputc(']', f);
}

/// A disposition result's fields; `detected`: with the op's detected_charset (a suggestion's object has none).
static void print_disposition_fields(FILE *f, fnk_result *r, int *firstp, int detected) {
  int first = *firstp;
  str(f, r, "type", FNK_FIELD_TYPE, &first);
  str(f, r, "filename", FNK_FIELD_FILENAME, &first);
  key(f, "parameters", &first);
  size_t n = fnk_result_count(r, FNK_FIELD_PARAMETER_NAME);
  fputc('{', f);
  for (size_t i = 0; i < n; i++) {
    if (i) fputs(", ", f);
    json_string(f, fnk_result_item(r, FNK_FIELD_PARAMETER_NAME, i));
    fputs(": ", f);
    json_string(f, fnk_result_item(r, FNK_FIELD_PARAMETER_VALUE, i));
  }
  fputc('}', f);
  list(f, r, "diagnostics", FNK_FIELD_DIAGNOSTIC, &first);
  if (detected) str(f, r, "detected_charset", FNK_FIELD_DETECTED_CHARSET, &first);
  *firstp = first;
}

/// A suggestion's `content_disposition` object, read through fnk_result_disposition (null when none).
static void print_disposition(FILE *f, fnk_result *r) {
  fnk_result *d = (fnk_result *)0x1;
  if (fnk_result_disposition(r, &d) != FNK_OK) fail("fnk_result_disposition fails on a suggestion");
  if (!d) {
    fputs("null", f);
    return;
  }
  if (fnk_result_kind(d) != FNK_KIND_DISPOSITION) fail("fnk_result_disposition: not a disposition result");
  int first = 1;
  fputc('{', f);
  print_disposition_fields(f, d, &first, 0);
  fputc('}', f);
  fnk_free(d);
}

static void print_result(FILE *f, fnk_result *r) {
  int first = 1;
  fputc('{', f);
  if (fnk_result_kind(r) == FNK_KIND_SUGGESTION) {
    str(f, r, "filename", FNK_FIELD_FILENAME, &first);
    str(f, r, "source", FNK_FIELD_SOURCE, &first);
    str(f, r, "media_type", FNK_FIELD_MEDIA_TYPE, &first);
    key(f, "download", &first);
    fputs(fnk_result_int(r, FNK_FIELD_DOWNLOAD) ? "true" : "false", f);
    str(f, r, "reason", FNK_FIELD_REASON, &first);
    str(f, r, "risk", FNK_FIELD_RISK, &first);
    key(f, "trace", &first);
    size_t n = fnk_result_count(r, FNK_FIELD_TRACE_CODE);
    if (n != fnk_result_count(r, FNK_FIELD_TRACE_DETAIL)) fail("trace codes and details differ in number");
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
      fputs(i ? ", {\"code\": " : "{\"code\": ", f);
      json_string(f, fnk_result_item(r, FNK_FIELD_TRACE_CODE, i));
      fputs(", \"detail\": ", f);
      json_string(f, fnk_result_item(r, FNK_FIELD_TRACE_DETAIL, i));
      fputc('}', f);
    }
    fputc(']', f);
    list(f, r, "disguise", FNK_FIELD_DISGUISE, &first);
    str(f, r, "media_type_serialized", FNK_FIELD_MEDIA_TYPE_SERIALIZED, &first);
    str(f, r, "decision_detail", FNK_FIELD_DECISION_DETAIL, &first);
    str(f, r, "conflict", FNK_FIELD_CONFLICT, &first);
    str(f, r, "conflict_code", FNK_FIELD_CONFLICT_CODE, &first);
    key(f, "sniffed", &first);
    if (fnk_result_string(r, FNK_FIELD_SNIFFED_RULE).data) {
      int inner = 1;
      fputc('{', f);
      str(f, r, "media_type", FNK_FIELD_SNIFFED_MEDIA_TYPE, &inner);
      str(f, r, "rule", FNK_FIELD_SNIFFED_RULE, &inner);
      key(f, "bytes_examined", &inner);
      fprintf(f, "%lld", (long long)fnk_result_int(r, FNK_FIELD_SNIFFED_BYTES_EXAMINED));
      key(f, "executable", &inner);
      fputs(fnk_result_int(r, FNK_FIELD_SNIFFED_EXECUTABLE) ? "true" : "false", f);
      str(f, r, "detail", FNK_FIELD_SNIFFED_DETAIL, &inner);
      fputc('}', f);
    } else {
      fputs("null", f);
    }
    key(f, "extension_mismatch", &first);
    if (fnk_result_string(r, FNK_FIELD_MISMATCH_EXTENSION).data) {
      int inner = 1;
      fputc('{', f);
      str(f, r, "extension", FNK_FIELD_MISMATCH_EXTENSION, &inner);
      str(f, r, "media_type", FNK_FIELD_MISMATCH_MEDIA_TYPE, &inner);
      str(f, r, "expected", FNK_FIELD_MISMATCH_EXPECTED, &inner);
      fputc('}', f);
    } else {
      fputs("null", f);
    }
    key(f, "content_disposition", &first);
    print_disposition(f, r);
  } else {
    print_disposition_fields(f, r, &first, 1);
  }
  fputs("}\n", f);
}

static request *read_requests(size_t *count) {
  size_t cap = 1024, n = 0;
  request *rs = malloc(cap * sizeof *rs);
  char *line = NULL;
  size_t linecap = 0;
  while (getline(&line, &linecap, stdin) > 0) {
    if (n == cap) rs = realloc(rs, (cap *= 2) * sizeof *rs);
    if (!rs) fail("out of memory");
    parse_line(line, &rs[n++]);
  }
  free(line);
  *count = n;
  return rs;
}

// ---- Many threads ------------------------------------------------------------------------------------

typedef struct shared {
  request *requests;
  char **expected;  // each request's filename (or status) from a first, single-threaded pass
  size_t count, calls_per_thread;
  int thread;
} shared;

static char *answer(const request *r) {
  fnk_result *res = NULL;
  fnk_status st = run(r, &res);
  char *text;
  if (st != FNK_OK) {
    text = strdup(fnk_status_name(st));
  } else {
    fnk_string name = fnk_result_string(res, FNK_FIELD_FILENAME);
    fnk_string reason = fnk_result_string(res, FNK_FIELD_REASON);
    size_t n = (name.data ? name.length : 4) + (reason.data ? reason.length : 4) + 2;
    text = malloc(n);
    snprintf(text, n, "%s|%s", name.data ? name.data : "null", reason.data ? reason.data : "null");
    fnk_free(res);
  }
  return text;
}

/// The answer of fnk_suggest_name, as `answer` gives fnk_suggest's ("filename|reason" or the status).
static char *name_answer(const request *r) {
  fnk_options o;
  fnk_metadata m;
  inputs(r, &o, &m);
  char small[4096], *buffer = small;
  fnk_name n = FNK_NAME_INIT;
  fnk_status st = fnk_suggest_name(&m, &o, &n, buffer, sizeof small);
  if (st == FNK_ERR_BUFFER_TOO_SMALL) {  // asked again with the room it says it needs
    buffer = malloc(n.length);
    st = fnk_suggest_name(&m, &o, &n, buffer, n.length);
  }
  char *text;
  if (st == FNK_OK) {
    text = malloc(n.filename.length + n.reason.length + 2);
    sprintf(text, "%s|%s", n.filename.data, n.reason.data);
  } else {
    text = strdup(fnk_status_name(st));
  }
  if (buffer != small) free(buffer);
  return text;
}

static void *worker(void *p) {
  shared *s = p;
  for (size_t i = 0; i < s->calls_per_thread; i++) {
    size_t k = (i * 7919 + (size_t)s->thread * 104729) % s->count;
    // Every other call of a suggestion is the name call, which must answer as fnk_suggest does.
    int by_name = s->requests[k].suggest && (i & 1);
    char *got = by_name ? name_answer(&s->requests[k]) : answer(&s->requests[k]);
    if (strcmp(got, s->expected[k]) != 0) {
      fprintf(stderr, "fidelity: thread %d, request %zu%s: '%s', alone '%s'\n", s->thread, k,
              by_name ? " (fnk_suggest_name)" : "", got, s->expected[k]);
      exit(1);
    }
    free(got);
  }
  return NULL;
}

static int stress(int threads, size_t calls) {
  size_t count;
  request *rs = read_requests(&count);
  if (!count) fail("no requests");
  char **expected = malloc(count * sizeof *expected);
  for (size_t i = 0; i < count; i++) expected[i] = answer(&rs[i]);
  pthread_t *t = malloc((size_t)threads * sizeof *t);
  shared *s = malloc((size_t)threads * sizeof *s);
  for (int i = 0; i < threads; i++) {
    s[i] = (shared){rs, expected, count, calls, i};
    if (pthread_create(&t[i], NULL, worker, &s[i])) fail("pthread_create");
  }
  for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
  printf("fidelity: %d threads x %zu calls: every answer equals the single-threaded one\n", threads, calls);
  for (size_t i = 0; i < count; i++) {
    free(expected[i]);
    free_request(&rs[i]);
  }
  free(expected), free(rs), free(t), free(s);
  return 0;
}

// ---- Bad arguments -----------------------------------------------------------------------------------

static int checks, failures;

static void expect(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "fidelity: bad argument not handled: %s (last error %s: %s)\n", what,
            fnk_status_name(fnk_last_status()), fnk_last_error());
  }
}

static void expect_status(fnk_status got, fnk_status want, fnk_result **out, const char *what) {
  expect(got == want && *out == NULL && (want == FNK_OK || fnk_last_status() == want) &&
             (want == FNK_OK || fnk_last_error()[0] != 0),
         what);
}

static int bad_arguments(void) {
  fnk_result *r = (fnk_result *)0x1;
  fnk_options o = FNK_OPTIONS_INIT;
  fnk_metadata m = FNK_METADATA_INIT;
  const uint8_t text[] = "attachment; filename=a.pdf";
  expect(fnk_abi_version() == FNK_ABI_VERSION, "the ABI version matches the header");
  expect(strncmp(fnk_version(), "filenamekit ", 12) == 0, "fnk_version names the library");
  expect(strcmp(fnk_status_name((fnk_status)12345), "FNK_UNKNOWN") == 0, "an unknown status has a name");
  expect_status(fnk_suggest(NULL, NULL, &r), FNK_ERR_NULL_ARGUMENT, &r, "metadata NULL");
  expect(fnk_suggest(&m, NULL, NULL) == FNK_ERR_NULL_ARGUMENT, "out NULL");
  m.url = NULL, m.url_length = 5;
  expect_status(fnk_suggest(&m, NULL, &r), FNK_ERR_NULL_ARGUMENT, &r, "url NULL with a length");
  m.url = text, m.url_length = (size_t)1 << 40;
  expect_status(fnk_suggest(&m, NULL, &r), FNK_ERR_TOO_LARGE, &r, "a length past FNK_MAX_INPUT");
  m.url_length = SIZE_MAX;
  expect_status(fnk_suggest(&m, NULL, &r), FNK_ERR_TOO_LARGE, &r, "length SIZE_MAX");
  m.url_length = 0;
  m.struct_size = 3;
  expect_status(fnk_suggest(&m, NULL, &r), FNK_ERR_INVALID_ARGUMENT, &r, "metadata.struct_size too small");
  m.struct_size = sizeof m;
  const uint8_t bad_utf8[] = {0x66, 0xff, 0x2e, 0x70};
  m.suggested_name = bad_utf8, m.suggested_name_length = sizeof bad_utf8;
  expect_status(fnk_suggest(&m, NULL, &r), FNK_ERR_INVALID_UTF8, &r, "suggested_name not UTF-8");
  m.suggested_name = NULL, m.suggested_name_length = 0;
  o.platform = 77;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "unknown platform");
  o.platform = -1;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "negative platform");
  o.platform = 0, o.profile = 9;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "unknown profile");
  o.profile = 0, o.renderer = 5;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "unknown renderer");
  o.renderer = 0, o.nfd = 2;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "a flag that is not 0 or 1");
  o.nfd = 0, o.ascii = 2;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "ascii 2");
  o.ascii = 0, o.struct_size = 0;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "options.struct_size 0");
  o.struct_size = sizeof o;
  o.max_length = UINT64_MAX;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "max_length too large");
  o.max_length = 0;
  o.referrer_charset = (const uint8_t *)"no-such-charset", o.referrer_charset_length = 15;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_UNKNOWN_CHARSET, &r, "unknown referrer charset");
  o.referrer_charset = (const uint8_t *)"replacement", o.referrer_charset_length = 11;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_UNKNOWN_CHARSET, &r, "the replacement encoding");
  o.referrer_charset = NULL, o.referrer_charset_length = 3;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_NULL_ARGUMENT, &r, "referrer charset NULL with a length");
  o.referrer_charset_length = 0;
  expect_status(fnk_parse_disposition(NULL, 4, NULL, &r), FNK_ERR_NULL_ARGUMENT, &r, "header NULL, length 4");
  expect_status(fnk_sanitize(bad_utf8, sizeof bad_utf8, NULL, &r), FNK_ERR_INVALID_UTF8, &r, "name not UTF-8");
  expect_status(fnk_claim_unique(NULL, 0, text, 3, NULL, &r), FNK_ERR_NULL_ARGUMENT, &r, "claim without directory");
  expect_status(fnk_claim_unique((const uint8_t *)"/nonexistent-dir", 16, text, 3, NULL, &r), FNK_ERR_IO, &r,
                "claim in a missing directory");
  m.struct_size = sizeof m + 8;
  expect_status(fnk_suggest(&m, NULL, &r), FNK_ERR_INVALID_ARGUMENT, &r, "metadata.struct_size of a newer header");
  m.struct_size = sizeof m;
  o.struct_size = sizeof o + 8;
  expect_status(fnk_suggest(&m, &o, &r), FNK_ERR_INVALID_ARGUMENT, &r, "options.struct_size of a newer header");
  o.struct_size = sizeof o;
  fnk_name name = FNK_NAME_INIT;
  char room[64];
  expect(fnk_suggest_name(&m, NULL, NULL, room, sizeof room) == FNK_ERR_NULL_ARGUMENT, "suggest_name: out NULL");
  expect(fnk_suggest_name(&m, NULL, &name, NULL, 10) == FNK_ERR_NULL_ARGUMENT, "suggest_name: buffer NULL");
  expect(fnk_suggest_name(NULL, NULL, &name, room, sizeof room) == FNK_ERR_NULL_ARGUMENT,
         "suggest_name: metadata NULL");
  expect(fnk_suggest_name(&m, NULL, &name, room, SIZE_MAX) == FNK_ERR_TOO_LARGE, "suggest_name: capacity SIZE_MAX");
  name.struct_size = 4;
  expect(fnk_suggest_name(&m, NULL, &name, room, sizeof room) == FNK_ERR_INVALID_ARGUMENT,
         "suggest_name: out.struct_size unknown");
  name.struct_size = sizeof name;
  expect(fnk_suggest_name(&m, NULL, &name, room, 1) == FNK_ERR_BUFFER_TOO_SMALL && name.length > 1 &&
             name.filename.data == NULL,
         "suggest_name: a buffer too small says the size needed");
  expect(fnk_suggest_name(&m, NULL, &name, room, sizeof room) == FNK_OK && name.filename.data &&
             name.filename.data >= room && name.filename.data < room + sizeof room,
         "suggest_name: the name is in the caller's buffer");
  expect_status(fnk_result_disposition(NULL, &r), FNK_ERR_INVALID_HANDLE, &r, "disposition of a NULL result");
  expect(fnk_result_disposition(NULL, NULL) == FNK_ERR_NULL_ARGUMENT, "disposition: out NULL");
  expect_status(fnk_claim_unique((const uint8_t *)"/tmp\0/etc", 9, text, 3, NULL, &r), FNK_ERR_INVALID_ARGUMENT, &r,
                "a NUL inside the claim's directory");
  // Empty inputs are answers, not errors.
  expect(fnk_parse_disposition(NULL, 0, NULL, &r) == FNK_OK && r != NULL, "an empty header parses");
  expect(fnk_result_string(r, FNK_FIELD_TYPE).data == NULL, "an empty header has no type");
  expect(fnk_result_string(r, FNK_FIELD_SOURCE).data == NULL && fnk_last_status() == FNK_ERR_INVALID_HANDLE,
         "a field the kind lacks");
  expect(fnk_result_int(r, FNK_FIELD_TYPE) == -1, "a string field read as an integer");
  expect(fnk_result_count(r, FNK_FIELD_FILENAME) == 0 && fnk_last_status() == FNK_ERR_INVALID_HANDLE,
         "a string field read as a list");
  expect(fnk_result_item(r, FNK_FIELD_DIAGNOSTIC, 1000).data == NULL && fnk_last_status() == FNK_ERR_OUT_OF_RANGE,
         "an index past the end");
  expect(fnk_result_string(r, (fnk_field)-5).data == NULL, "an unknown field");
  fnk_field pair[2] = {FNK_FIELD_TYPE, FNK_FIELD_SOURCE};
  fnk_string got[2];
  expect(fnk_result_strings(r, pair, 2, got) == 1 && got[1].data == NULL, "bulk strings: one of two fields");
  expect(fnk_result_strings(r, NULL, 2, got) == 0 && fnk_last_status() == FNK_ERR_NULL_ARGUMENT,
         "bulk strings without fields");
  expect(fnk_result_items(r, FNK_FIELD_DIAGNOSTIC, NULL, 0) == fnk_result_count(r, FNK_FIELD_DIAGNOSTIC),
         "items with no room give the count");
  expect(fnk_result_items(r, FNK_FIELD_TYPE, got, 2) == 0, "items of a string field");
  fnk_result *freed = r;
  fnk_free(r);
  expect(fnk_result_strings(freed, pair, 2, got) == 0 && fnk_last_status() == FNK_ERR_INVALID_HANDLE,
         "bulk strings of a freed handle");
  // A freed handle, a forged one, a pointer to real memory: reported, never dereferenced.
  expect(fnk_result_kind(freed) == 0 && fnk_last_status() == FNK_ERR_INVALID_HANDLE, "a freed handle");
  expect(fnk_result_string(freed, FNK_FIELD_FILENAME).data == NULL, "a freed handle's field");
  fnk_free(freed);
  expect(fnk_last_status() == FNK_ERR_INVALID_HANDLE, "a handle freed twice");
  int local = 0;
  fnk_result *foreign = (fnk_result *)&local;
  expect(fnk_result_kind(foreign) == 0 && fnk_result_count(foreign, FNK_FIELD_DIAGNOSTIC) == 0,
         "a pointer that is no handle");
  fnk_free(foreign);
  void *heap = malloc(64);
  expect(fnk_result_kind((fnk_result *)heap) == 0, "a heap pointer");
  fnk_free((fnk_result *)heap);
  free(heap);
  expect(fnk_result_kind((fnk_result *)(uintptr_t)0xFFFFFFFFFFFFFFFFull) == 0, "all bits set");
  expect(fnk_result_kind(NULL) == 0, "NULL");
  fnk_free(NULL);
  // The media type op answers "not a MIME type" as a result.
  expect(fnk_parse_media_type((const uint8_t *)"not a type", 10, &r) == FNK_OK &&
             fnk_result_int(r, FNK_FIELD_VALID) == 0,
         "an invalid MIME type is a result");
  fnk_free(r);
  // Claims never overwrite.
  char dir[] = "/tmp/fnk-claim-XXXXXX";
  if (!mkdtemp(dir)) fail("mkdtemp");
  fnk_result *c1 = NULL, *c2 = NULL;
  expect(fnk_claim_unique((const uint8_t *)dir, strlen(dir), (const uint8_t *)"a/b.txt", 7, NULL, &c1) == FNK_OK,
         "claim");
  expect(fnk_claim_unique((const uint8_t *)dir, strlen(dir), (const uint8_t *)"a/b.txt", 7, NULL, &c2) == FNK_OK,
         "second claim");
  fnk_string n1 = fnk_result_string(c1, FNK_FIELD_FILENAME), n2 = fnk_result_string(c2, FNK_FIELD_FILENAME);
  expect(n1.data && n2.data && strcmp(n1.data, n2.data) != 0 && !strchr(n1.data, '/'),
         "two claims of one name get two safe names");
  char path[512];
  for (fnk_result *c = c1; c; c = c == c1 ? c2 : NULL) {
    int fd = (int)fnk_result_int(c, FNK_FIELD_FD);
    expect(fd >= 0, "a claim's descriptor");
    snprintf(path, sizeof path, "%s/%s", dir, fnk_result_string(c, FNK_FIELD_FILENAME).data);
    remove(path);
    if (fd >= 0) {
      close(fd);
    }
    fnk_free(c);
  }
  // A directory is bytes: one whose name is not UTF-8 takes claims as any other.
  char odd[256];
  snprintf(odd, sizeof odd, "%s/\xff\xfe-dir", dir);
  if (mkdir(odd, 0700) != 0) fail("mkdir");
  fnk_options short_names = FNK_OPTIONS_INIT;
  short_names.platform = FNK_PLATFORM_LINUX, short_names.max_length = 12;
  fnk_result *k[2] = {NULL, NULL};
  for (int i = 0; i < 2; i++) {
    expect(fnk_claim_unique((const uint8_t *)odd, strlen(odd), (const uint8_t *)"abcdefgh.txt", 12, &short_names,
                            &k[i]) == FNK_OK,
           "claim in a directory whose name is not UTF-8");
    fnk_string got = fnk_result_string(k[i], FNK_FIELD_FILENAME);
    expect(got.data && got.length <= 12, "a numbered claim stays within max_length");
    if (got.data) {
      snprintf(path, sizeof path, "%s/%s", odd, got.data);
      remove(path);
    }
    int fd = (int)fnk_result_int(k[i], FNK_FIELD_FD);
    if (fd >= 0) close(fd);
    fnk_free(k[i]);
  }
  rmdir(odd);
  remove(dir);
  printf("fidelity: %d bad-argument checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}

/// Without a loadable ICU every operation fails with FNK_ERR_ICU_UNAVAILABLE and a message naming
/// what was tried; nothing crashes, and the accessors still answer.
static int without_icu(void) {
  fnk_metadata m = FNK_METADATA_INIT;
  m.url = (const uint8_t *)"https://example.com/a.pdf", m.url_length = 25;
  fnk_result *r = (fnk_result *)0x1;
  fnk_status st = fnk_suggest(&m, NULL, &r);
  expect(st == FNK_ERR_ICU_UNAVAILABLE && r == NULL, "suggest without ICU");
  char message[512];
  snprintf(message, sizeof message, "%s", fnk_last_error());
  expect(strstr(message, "ICU") != NULL, "the message says ICU");
  expect(fnk_parse_disposition((const uint8_t *)"attachment", 10, NULL, &r) == FNK_ERR_ICU_UNAVAILABLE,
         "disposition without ICU");
  expect(fnk_result_kind(NULL) == 0, "accessors still answer");
  printf("fidelity: without ICU: %s (%d checks, %d failed)\n", message, checks, failures);
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--bad-arguments")) return bad_arguments();
  if (argc == 2 && !strcmp(argv[1], "--without-icu")) return without_icu();
  if (argc == 5 && !strcmp(argv[1], "--threads") && !strcmp(argv[3], "--calls")) {
    return stress(atoi(argv[2]), (size_t)atoll(argv[4]));
  }
  if (argc != 1) fail("usage: fidelity [--bad-arguments | --without-icu | --threads N --calls M] < requests.tsv");
  if (fnk_abi_version() != FNK_ABI_VERSION) fail("the library's ABI differs from the header's");
  size_t count;
  request *rs = read_requests(&count);
  for (size_t i = 0; i < count; i++) {
    fnk_result *r = NULL;
    fnk_status st = run(&rs[i], &r);
    if (st != FNK_OK) {
      printf("{\"error\": \"%s\"}\n", fnk_status_name(st));
    } else {
      // Another suggestion made before this result is read (its later fields are built on first read).
      if (rs[i].suggest && i + 1 < count && rs[i + 1].suggest) suggest_other(&rs[i + 1]);
      print_result(stdout, r);
      if (rs[i].suggest) check_name(&rs[i], r);
      fnk_free(r);
    }
    free_request(&rs[i]);
  }
  free(rs);
  return 0;
}
