// Result handles and the per-thread last error of the C API (include/filenamekit.h).
//
// A handle is a token, not a pointer: (slot index + 1) and a generation, packed into a pointer-sized
// value. Looking one up reads only this table, so a freed, forged or foreign handle is answered with
// FNK_ERR_INVALID_HANDLE instead of a read of freed memory (which AddressSanitizer would report). Slots
// live in chunks that are allocated once and never moved or freed, so a lookup needs no lock; creating
// and freeing handles takes one mutex. A slot's generation changes when it is freed, so a stale handle
// no longer matches (until the generation wraps, after 2^GEN_BITS reuses of one slot).
#include "CFilenameKit.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if UINTPTR_MAX > 0xFFFFFFFFu
enum { GEN_BITS = 24, CHUNK_BITS = 12, CHUNKS = 4096 };  // 16 M live handles
#else
enum { GEN_BITS = 8, CHUNK_BITS = 10, CHUNKS = 1024 };   // 1 M live handles
#endif
enum { CHUNK_SLOTS = 1 << CHUNK_BITS };
#define GEN_MASK (((uintptr_t)1 << GEN_BITS) - 1)

typedef struct slot {
  _Atomic uintptr_t generation;  // odd while live
  _Atomic(void *) object;
  uint32_t next_free;            // index + 1 of the next free slot, under the mutex
} slot;

static _Atomic(slot *) chunks[CHUNKS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t slots_used;  // slots ever handed out, under the mutex
static uint32_t free_head;   // index + 1 of the first free slot, 0 when none

static slot *slot_at(uint32_t index) {
  slot *chunk = atomic_load_explicit(&chunks[index >> CHUNK_BITS], memory_order_acquire);
  return chunk ? &chunk[index & (CHUNK_SLOTS - 1)] : NULL;
}

fnk_result *cfnk_handle_register(void *object) {
  pthread_mutex_lock(&table_lock);
  uint32_t index;
  if (free_head) {
    index = free_head - 1;
    free_head = slot_at(index)->next_free;
  } else if (slots_used < (uint32_t)CHUNKS * CHUNK_SLOTS) {
    index = slots_used;
    if (!atomic_load_explicit(&chunks[index >> CHUNK_BITS], memory_order_relaxed)) {
      slot *chunk = calloc(CHUNK_SLOTS, sizeof *chunk);
      if (!chunk) {
        pthread_mutex_unlock(&table_lock);
        return NULL;
      }
      atomic_store_explicit(&chunks[index >> CHUNK_BITS], chunk, memory_order_release);
    }
    slots_used++;
  } else {
    pthread_mutex_unlock(&table_lock);
    return NULL;
  }
  slot *s = slot_at(index);
  uintptr_t generation = (atomic_load_explicit(&s->generation, memory_order_relaxed) + 1) & GEN_MASK;
  if (!(generation & 1)) generation = (generation + 1) & GEN_MASK;
  atomic_store_explicit(&s->object, object, memory_order_relaxed);
  atomic_store_explicit(&s->generation, generation, memory_order_release);
  pthread_mutex_unlock(&table_lock);
  return (fnk_result *)((((uintptr_t)index + 1) << GEN_BITS) | generation);
}

/// The live slot of `handle`, or NULL.
static slot *live_slot(const fnk_result *handle) {
  uintptr_t value = (uintptr_t)handle;
  uintptr_t generation = value & GEN_MASK;
  uintptr_t position = value >> GEN_BITS;
  if (!(generation & 1) || position == 0 || position > (uintptr_t)CHUNKS * CHUNK_SLOTS) return NULL;
  slot *s = slot_at((uint32_t)(position - 1));
  if (!s || atomic_load_explicit(&s->generation, memory_order_acquire) != generation) return NULL;
  return s;
}

void *cfnk_handle_lookup(const fnk_result *handle) {
  slot *s = live_slot(handle);
  return s ? atomic_load_explicit(&s->object, memory_order_relaxed) : NULL;
}

void *cfnk_handle_unregister(fnk_result *handle) {
  pthread_mutex_lock(&table_lock);
  slot *s = live_slot(handle);
  void *object = NULL;
  if (s) {
    object = atomic_load_explicit(&s->object, memory_order_relaxed);
    atomic_store_explicit(&s->object, NULL, memory_order_relaxed);
    // Even: not live. The next registration makes it odd again, with a new value.
    atomic_store_explicit(&s->generation, (((uintptr_t)handle & GEN_MASK) + 1) & GEN_MASK,
                          memory_order_release);
    uint32_t index = (uint32_t)(((uintptr_t)handle >> GEN_BITS) - 1);
    s->next_free = free_head;
    free_head = index + 1;
  }
  pthread_mutex_unlock(&table_lock);
  return object;
}

// ---- The last error, per thread ----------------------------------------------------------------------

enum { MESSAGE_CAPACITY = 1024 };
static _Thread_local int32_t last_status;
static _Thread_local char last_message[MESSAGE_CAPACITY];

void cfnk_set_error(int32_t status, const char *message, size_t length) {
  last_status = status;
  if (length >= MESSAGE_CAPACITY) length = MESSAGE_CAPACITY - 1;
  if (message && length) memcpy(last_message, message, length);
  last_message[message ? length : 0] = 0;
}

const char *fnk_last_error(void) { return last_message; }

fnk_status fnk_last_status(void) { return (fnk_status)last_status; }

const char *fnk_status_name(fnk_status status) {
  switch (status) {
    case FNK_OK: return "FNK_OK";
    case FNK_ERR_NULL_ARGUMENT: return "FNK_ERR_NULL_ARGUMENT";
    case FNK_ERR_INVALID_UTF8: return "FNK_ERR_INVALID_UTF8";
    case FNK_ERR_INVALID_ARGUMENT: return "FNK_ERR_INVALID_ARGUMENT";
    case FNK_ERR_UNKNOWN_CHARSET: return "FNK_ERR_UNKNOWN_CHARSET";
    case FNK_ERR_ICU_UNAVAILABLE: return "FNK_ERR_ICU_UNAVAILABLE";
    case FNK_ERR_INVALID_HANDLE: return "FNK_ERR_INVALID_HANDLE";
    case FNK_ERR_IO: return "FNK_ERR_IO";
    case FNK_ERR_NO_MEMORY: return "FNK_ERR_NO_MEMORY";
    case FNK_ERR_TOO_LARGE: return "FNK_ERR_TOO_LARGE";
    case FNK_ERR_OUT_OF_RANGE: return "FNK_ERR_OUT_OF_RANGE";
    case FNK_ERR_BUFFER_TOO_SMALL: return "FNK_ERR_BUFFER_TOO_SMALL";
  }
  return "FNK_UNKNOWN";
}

uint32_t fnk_abi_version(void) { return FNK_ABI_VERSION; }
