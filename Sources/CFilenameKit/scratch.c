// One reusable object per thread for the Swift side of the C API (the input buffers of a suggestion):
// a call copies its inputs into buffers that the same thread's earlier calls grew, instead of
// allocating and freeing them every time. The pointer lives in a _Thread_local (one load to read it);
// a pthread key with a destructor releases the object when its thread exits (POSIX runs key
// destructors at pthread_exit and on return from the thread's start routine; not for the thread that
// calls exit(), whose memory the process gives back anyway).
#include "CFilenameKit.h"

#include <pthread.h>
#include <stdatomic.h>

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static int scratch_key_made;
typedef void (*release_function)(void *);
// Every thread sets the same function; atomic, so that those writes are not a data race.
static _Atomic(release_function) scratch_release;
static _Thread_local void *scratch;

static void scratch_destroy(void *object) {
  scratch = NULL;
  release_function release = atomic_load_explicit(&scratch_release, memory_order_relaxed);
  if (object && release) release(object);
}

static void scratch_make_key(void) { scratch_key_made = pthread_key_create(&scratch_key, scratch_destroy) == 0; }

void *cfnk_thread_scratch(void) { return scratch; }

int cfnk_thread_scratch_set(void *object, void (*release)(void *)) {
  pthread_once(&scratch_once, scratch_make_key);
  // Without a key nothing would release the object: the caller keeps it for one call only.
  if (!scratch_key_made || scratch) return 0;
  atomic_store_explicit(&scratch_release, release, memory_order_relaxed);
  if (pthread_setspecific(scratch_key, object) != 0) return 0;
  scratch = object;
  return 1;
}
