// Interposes the allocator entry points: the executable's definitions win over libc's for every
// library in the process (Swift runtime, Foundation, ICU), as glibc supports for malloc replacement.
// Each counts when counting is on, then forwards to glibc's own implementation.
#include "CAllocCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static int counting = 0;
static uint64_t allocations = 0;

static inline void note(void) {
  if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t n) { note(); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { note(); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { note(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { note(); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { note(); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
  if (a < sizeof(void *) || (a & (a - 1)) != 0) return EINVAL;
  note();
  void *p = __libc_memalign(a, n);
  if (p == NULL && n != 0) return ENOMEM;
  *out = p;
  return 0;
}

void fk_alloc_count_start(void) {
  __atomic_store_n(&allocations, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&counting, 1, __ATOMIC_SEQ_CST);
}

uint64_t fk_alloc_count_stop(void) {
  __atomic_store_n(&counting, 0, __ATOMIC_SEQ_CST);
  return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}
