#include "CCurl.h"
#include "FKInflate.h"

#include <curl/curl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

struct fkcurl {
  CURL *easy;
  fkcurl_data_callback header;
  fkcurl_data_callback body;
  fkcurl_progress_callback progress;
  void *context;
  struct curl_slist *headers;
  char error[CURL_ERROR_SIZE];
  CURLcode code;
  fkinflate *decoder;  // the body decoder, once `fkcurl_decode_start` turned it on
  int raw_deflate;     // a first chunk without a zlib header may be retried as raw deflate
  long long max_out;   // FKCURL_DECODE_TOO_LARGE past this many decoded bytes (0: none)
  long long max_ratio; // ... or past 16 MiB and this many times the encoded bytes (0: none)
  uint64_t trailing;   // bytes after the end of the stream that are not another member (ignored)
};

void fkcurl_decode_limits(fkcurl *h, int raw_deflate, long long max_bytes, long long max_ratio) {
  h->raw_deflate = raw_deflate;
  h->max_out = max_bytes;
  h->max_ratio = max_ratio;
}

long long fkcurl_decoded_bytes(fkcurl *h) { return h->decoder ? fkinflate_decoded_bytes(h->decoder) : 0; }
long long fkcurl_encoded_bytes(fkcurl *h) { return h->decoder ? fkinflate_encoded_bytes(h->decoder) : 0; }
long long fkcurl_decode_trailing_bytes(fkcurl *h) { return (long long)h->trailing; }

int fkcurl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1; }

const char *fkcurl_version(void) {
  curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info && info->version ? info->version : "?";
}

fkcurl *fkcurl_new(const char *url, const char *user_agent) {
  fkcurl *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->easy = curl_easy_init();
  if (!h->easy) { free(h); return NULL; }
  curl_easy_setopt(h->easy, CURLOPT_ERRORBUFFER, h->error);
  curl_easy_setopt(h->easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h->easy, CURLOPT_FOLLOWLOCATION, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
  curl_easy_setopt(h->easy, CURLOPT_PROTOCOLS_STR, "http,https");
#else
  curl_easy_setopt(h->easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
  // Behind an HTTPS proxy, the CONNECT response must not be mistaken for the server's.
  curl_easy_setopt(h->easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
  if (user_agent) curl_easy_setopt(h->easy, CURLOPT_USERAGENT, user_agent);
  if (curl_easy_setopt(h->easy, CURLOPT_URL, url) != CURLE_OK) {
    h->code = CURLE_URL_MALFORMAT;
  }
  return h;
}

void fkcurl_free(fkcurl *h) {
  if (!h) return;
  fkinflate_free(h->decoder);
  curl_easy_cleanup(h->easy);
  curl_slist_free_all(h->headers);
  free(h);
}

int fkcurl_set_head(fkcurl *h, int head) {
  return curl_easy_setopt(h->easy, CURLOPT_NOBODY, head ? 1L : 0L) == CURLE_OK ? 0 : -1;
}

int fkcurl_set_range(fkcurl *h, const char *range) {
  return curl_easy_setopt(h->easy, CURLOPT_RANGE, range) == CURLE_OK ? 0 : -1;
}

int fkcurl_add_header(fkcurl *h, const char *line) {
  struct curl_slist *next = curl_slist_append(h->headers, line);
  if (!next) return -1;
  h->headers = next;
  return curl_easy_setopt(h->easy, CURLOPT_HTTPHEADER, h->headers) == CURLE_OK ? 0 : -1;
}

int fkcurl_set_timeouts(fkcurl *h, long connect_seconds, long min_bytes_per_second, long stall_seconds,
                        long max_milliseconds) {
  curl_easy_setopt(h->easy, CURLOPT_CONNECTTIMEOUT, connect_seconds);
  curl_easy_setopt(h->easy, CURLOPT_TIMEOUT_MS, max_milliseconds);
  curl_easy_setopt(h->easy, CURLOPT_LOW_SPEED_LIMIT, min_bytes_per_second);
  return curl_easy_setopt(h->easy, CURLOPT_LOW_SPEED_TIME, min_bytes_per_second > 0 ? stall_seconds : 0L) == CURLE_OK
    ? 0 : -1;
}

int fkcurl_accept_identity(fkcurl *h) {
  // libcurl's own decoder cannot say whether it reached the end of the stream (a truncated gzip body
  // ends without an error), so the raw body comes through and `fkcurl_decode_start` decodes it here.
  curl_easy_setopt(h->easy, CURLOPT_HTTP_CONTENT_DECODING, 0L);
  return curl_easy_setopt(h->easy, CURLOPT_ACCEPT_ENCODING, "identity") == CURLE_OK ? 0 : -1;
}

int fkcurl_decode_start(fkcurl *h) {
  if (h->decoder) return 0;
  h->decoder = fkinflate_new(h->raw_deflate, h->max_out, h->max_ratio);
  return h->decoder ? 0 : -1;
}

int fkcurl_decode_state(fkcurl *h) {
  if (!h->decoder) return FKCURL_DECODE_OFF;
  int state = fkinflate_state(h->decoder);
  // An empty body (Content-Length: 0 with a Content-Encoding) has nothing to finish.
  if (state == FKINFLATE_RUNNING && fkinflate_encoded_bytes(h->decoder) == 0) return FKCURL_DECODE_DONE;
  return state;
}

const char *fkcurl_decode_message(fkcurl *h) {
  return h->decoder ? fkinflate_message(h->decoder) : "invalid compressed data";
}

/// Inflates one chunk of the body and hands the output to the body callback; 0 stops the transfer
/// (corrupt data, or the callback refused).
static int fkcurl_inflate(fkcurl *h, const char *data, size_t length) {
  unsigned char out[16384];
  const unsigned char *in = (const unsigned char *)data;
  size_t avail = length;
  for (;;) {
    if (fkinflate_state(h->decoder) == FKINFLATE_END) {
      if (avail == 0) return 1;
      // Another gzip member may follow (RFC 1952 §2.2); other trailing bytes (and all that comes
      // after them) are ignored, as gzip(1) does, and counted so that the caller can say so.
      if (h->trailing > 0 || in[0] != 0x1f) {
        h->trailing += avail;
        return 1;
      }
      if (fkinflate_next_member(h->decoder) != 0) return 0;
    }
    size_t made = sizeof out;
    int state = fkinflate_step(h->decoder, &in, &avail, out, &made);
    if (state == FKINFLATE_TOO_LARGE || state == FKINFLATE_CORRUPT) return 0;
    if (made > 0 && h->body((const char *)out, made, h->context) != made) return 0;
    if (state == FKINFLATE_RUNNING && (made == 0 || (avail == 0 && made < sizeof out))) return 1;
  }
}

long fkcurl_max_header_bytes(void) { return CURL_MAX_HTTP_HEADER; }

int fkcurl_code_out_of_memory(void) { return (int)CURLE_OUT_OF_MEMORY; }

static size_t fkcurl_on_header(char *data, size_t size, size_t count, void *context) {
  fkcurl *h = context;
  return h->header(data, size * count, h->context);
}

static size_t fkcurl_on_body(char *data, size_t size, size_t count, void *context) {
  fkcurl *h = context;
  if (!h->decoder) return h->body(data, size * count, h->context);
  return fkcurl_inflate(h, data, size * count) ? size * count : 0;
}

static int fkcurl_on_progress(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                              curl_off_t ulnow) {
  (void)ultotal; (void)ulnow;
  fkcurl *h = context;
  return h->progress(h->context, (int64_t)dltotal, (int64_t)dlnow);
}

int fkcurl_set_callbacks(fkcurl *h, fkcurl_data_callback header, fkcurl_data_callback body,
                         fkcurl_progress_callback progress, void *context) {
  h->header = header;
  h->body = body;
  h->progress = progress;
  h->context = context;
  curl_easy_setopt(h->easy, CURLOPT_HEADERFUNCTION, fkcurl_on_header);
  curl_easy_setopt(h->easy, CURLOPT_HEADERDATA, h);
  curl_easy_setopt(h->easy, CURLOPT_WRITEFUNCTION, fkcurl_on_body);
  curl_easy_setopt(h->easy, CURLOPT_WRITEDATA, h);
  curl_easy_setopt(h->easy, CURLOPT_XFERINFOFUNCTION, fkcurl_on_progress);
  curl_easy_setopt(h->easy, CURLOPT_XFERINFODATA, h);
  return curl_easy_setopt(h->easy, CURLOPT_NOPROGRESS, 0L) == CURLE_OK ? 0 : -1;
}

int fkcurl_perform(fkcurl *h) {
  if (h->code == CURLE_OK) h->code = curl_easy_perform(h->easy);
  switch (h->code) {
  case CURLE_OK: return FKCURL_OK;
  case CURLE_ABORTED_BY_CALLBACK: return FKCURL_ABORTED;
  case CURLE_WRITE_ERROR: return FKCURL_ABORTED;  // a data callback consumed less than it was given
  default: return FKCURL_FAILED;
  }
}

long fkcurl_response_code(fkcurl *h) {
  long code = 0;
  curl_easy_getinfo(h->easy, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

int fkcurl_result_code(fkcurl *h) { return (int)h->code; }

int64_t fkcurl_body_bytes(fkcurl *h) {
  curl_off_t n = 0;
  if (curl_easy_getinfo(h->easy, CURLINFO_SIZE_DOWNLOAD_T, &n) != CURLE_OK) return -1;
  return (int64_t)n;
}

char *fkcurl_resolve_url(const char *base, const char *reference) {
  CURLU *u = curl_url();
  if (!u) return NULL;
  char *out = NULL;
  if (curl_url_set(u, CURLUPART_URL, base, 0) == CURLUE_OK &&
      curl_url_set(u, CURLUPART_URL, reference, CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK) {
    if (curl_url_get(u, CURLUPART_URL, &out, 0) != CURLUE_OK) out = NULL;
  }
  curl_url_cleanup(u);
  return out;
}

char *fkcurl_origin(const char *url) {
  CURLU *u = curl_url();
  if (!u) return NULL;
  char *scheme = NULL, *host = NULL, *port = NULL, *out = NULL;
  if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK) {
    size_t n = strlen(scheme) + strlen(host) + strlen(port) + 5;
    out = malloc(n);
    if (out) {
      snprintf(out, n, "%s://%s:%s", scheme, host, port);
      for (char *c = out; *c; c++) if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
    }
  }
  curl_free(scheme);
  curl_free(host);
  curl_free(port);
  curl_url_cleanup(u);
  return out;
}

void fkcurl_origin_free(char *origin) { free(origin); }

void fkcurl_string_free(char *string) { curl_free(string); }

const char *fkcurl_error_message(fkcurl *h) {
  return h->error[0] ? h->error : curl_easy_strerror(h->code);
}

static volatile sig_atomic_t fkcurl_signal = 0;

// Every catchable signal whose default action ends the process, so that none of them can leave a
// partial file behind: the terminal ones (SIGINT, SIGQUIT, SIGHUP), SIGTERM, SIGPIPE (a reader that
// went away: `fetch ... 2>&1 | head -1`), the timers and user signals, the resource limits, and the
// real-time signals. Not here: SIGKILL and SIGSTOP (they cannot be caught), and the signals of a
// faulting instruction (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS) and SIGABRT, which
// `fkcurl_fault_signals` handles apart.
static const int fkcurl_fixed_signals[] = {
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGPOLL
  SIGPOLL,
#elif defined(SIGIO)
  SIGIO,
#endif
#ifdef SIGSTKFLT
  SIGSTKFLT,
#endif
#ifdef SIGPWR
  SIGPWR,
#endif
#ifdef SIGLOST
  SIGLOST,
#endif
#ifdef SIGEMT
  SIGEMT,
#endif
};
enum {
  FKCURL_FIXED_COUNT = sizeof fkcurl_fixed_signals / sizeof fkcurl_fixed_signals[0],
  FKCURL_MAX_SIGNALS = FKCURL_FIXED_COUNT + 64
};
static int fkcurl_signals[FKCURL_MAX_SIGNALS];
static int fkcurl_signal_count = 0;
static struct sigaction fkcurl_old[FKCURL_MAX_SIGNALS];
static sigset_t fkcurl_old_mask;

static void fkcurl_on_signal(int sig) { fkcurl_signal = sig; }

// The signals of a faulting instruction, and SIGABRT. When another process sends one (kill(1), a
// supervisor, systemd's WatchdogSignal=, which defaults to SIGABRT: si_code SI_USER or SI_QUEUE
// from another pid), it is a request to stop like SIGTERM, and is recorded the same way. Anything
// else is a real fault, or this process's own abort() (SI_TKILL), and must end the process: the
// handler that was there before (the Swift runtime's crash report, or the default action) is put
// back; a kernel-raised fault (si_code > 0) then happens again on return, with its own siginfo,
// and anything else is raised again (it is delivered once the handler returns). Never resumed.
static const int fkcurl_fault_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS};
enum { FKCURL_FAULT_COUNT = sizeof fkcurl_fault_signals / sizeof fkcurl_fault_signals[0] };
static struct sigaction fkcurl_fault_old[FKCURL_FAULT_COUNT];
static int fkcurl_fault_installed = 0;

static void fkcurl_on_fault(int sig, siginfo_t *info, void *context) {
  (void)context;
  if (info && (info->si_code == SI_USER || info->si_code == SI_QUEUE) && info->si_pid != getpid()) {
    fkcurl_signal = sig;
    return;
  }
  for (int i = 0; i < FKCURL_FAULT_COUNT; i++) {
    if (fkcurl_fault_signals[i] == sig) sigaction(sig, &fkcurl_fault_old[i], NULL);
  }
  if (!info || info->si_code <= 0) raise(sig);
}

static void fkcurl_install_fault_handlers(sigset_t *set) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = fkcurl_on_fault;
  // The Swift runtime's alternate stack, when there is one, so a stack overflow still gets there.
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < FKCURL_FAULT_COUNT; i++) {
    sigaction(fkcurl_fault_signals[i], &sa, &fkcurl_fault_old[i]);
    if (!(fkcurl_fault_old[i].sa_flags & SA_SIGINFO) && fkcurl_fault_old[i].sa_handler == SIG_IGN) {
      sigaction(fkcurl_fault_signals[i], &fkcurl_fault_old[i], NULL);
    }
    sigaddset(set, fkcurl_fault_signals[i]);
  }
  fkcurl_fault_installed = 1;
}

/// Fills `fkcurl_signals`: the fixed list, then SIGRTMIN...SIGRTMAX (glibc keeps the ones it uses
/// itself below SIGRTMIN).
static void fkcurl_collect_signals(void) {
  fkcurl_signal_count = 0;
  for (int i = 0; i < FKCURL_FIXED_COUNT; i++) fkcurl_signals[fkcurl_signal_count++] = fkcurl_fixed_signals[i];
#if defined(SIGRTMIN) && defined(SIGRTMAX)
  for (int s = SIGRTMIN; s <= SIGRTMAX && fkcurl_signal_count < FKCURL_MAX_SIGNALS; s++) {
    fkcurl_signals[fkcurl_signal_count++] = s;
  }
#endif
}

void fkcurl_interrupts_install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fkcurl_on_signal;
  sigemptyset(&sa.sa_mask);
  fkcurl_signal = 0;
  fkcurl_collect_signals();
  sigset_t set;
  sigemptyset(&set);
  for (int i = 0; i < fkcurl_signal_count; i++) {
    sigaction(fkcurl_signals[i], &sa, &fkcurl_old[i]);
    // A signal ignored when the process started (a background job, nohup) stays ignored.
    if (fkcurl_old[i].sa_handler == SIG_IGN) sigaction(fkcurl_signals[i], &fkcurl_old[i], NULL);
    sigaddset(&set, fkcurl_signals[i]);
  }
  fkcurl_install_fault_handlers(&set);
  // A parent may hand over a blocked mask (threads that block signals, then spawn): unblock them here.
  pthread_sigmask(SIG_UNBLOCK, &set, &fkcurl_old_mask);
}

void fkcurl_interrupts_restore(void) {
  pthread_sigmask(SIG_SETMASK, &fkcurl_old_mask, NULL);
  for (int i = 0; i < fkcurl_signal_count; i++) sigaction(fkcurl_signals[i], &fkcurl_old[i], NULL);
  if (fkcurl_fault_installed) {
    for (int i = 0; i < FKCURL_FAULT_COUNT; i++) sigaction(fkcurl_fault_signals[i], &fkcurl_fault_old[i], NULL);
    fkcurl_fault_installed = 0;
  }
}

int fkcurl_signal_rtmin(void) {
#ifdef SIGRTMIN
  return SIGRTMIN;
#else
  return -1;
#endif
}

int fkcurl_signal_rtmax(void) {
#ifdef SIGRTMAX
  return SIGRTMAX;
#else
  return -2;
#endif
}

const char *fkcurl_signal_name(int sig) {
  switch (sig) {
  case SIGINT: return "SIGINT";
  case SIGTERM: return "SIGTERM";
  case SIGHUP: return "SIGHUP";
  case SIGQUIT: return "SIGQUIT";
  case SIGPIPE: return "SIGPIPE";
  case SIGUSR1: return "SIGUSR1";
  case SIGUSR2: return "SIGUSR2";
  case SIGALRM: return "SIGALRM";
  case SIGVTALRM: return "SIGVTALRM";
  case SIGPROF: return "SIGPROF";
  case SIGXCPU: return "SIGXCPU";
  case SIGXFSZ: return "SIGXFSZ";
  case SIGABRT: return "SIGABRT";
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGILL: return "SIGILL";
  case SIGFPE: return "SIGFPE";
  case SIGTRAP: return "SIGTRAP";
  case SIGSYS: return "SIGSYS";
#ifdef SIGPOLL
  case SIGPOLL: return "SIGPOLL";
#elif defined(SIGIO)
  case SIGIO: return "SIGIO";
#endif
#ifdef SIGSTKFLT
  case SIGSTKFLT: return "SIGSTKFLT";
#endif
#ifdef SIGPWR
  case SIGPWR: return "SIGPWR";
#endif
  default: return NULL;
  }
}

int fkcurl_interrupt_received(void) { return (int)fkcurl_signal; }

int fkcurl_rename_noreplace(int olddir, const char *oldname, int newdir, const char *newname) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, olddir, oldname, newdir, newname, 1 /* RENAME_NOREPLACE */);
#elif defined(__APPLE__) && defined(RENAME_EXCL)
  return renameatx_np(olddir, oldname, newdir, newname, RENAME_EXCL);
#else
  (void)olddir; (void)oldname; (void)newdir; (void)newname;
  errno = ENOSYS;
  return -1;
#endif
}
