// The C API's public header and the internals its Swift implementation (Sources/FilenameKitC) uses.
#ifndef CFILENAMEKIT_H
#define CFILENAMEKIT_H

#include "filenamekit.h"

/// Registers `object` (a retained Swift object) as a live result; returns its handle, or NULL when the
/// handle table is full. Thread-safe.
fnk_result *cfnk_handle_register(void *object);

/// The object of a live handle, or NULL for NULL, freed or foreign handles; never reads memory the
/// handle points to. Lock-free.
void *cfnk_handle_lookup(const fnk_result *handle);

/// Unregisters a live handle and returns its object (to release), or NULL when it is not live.
void *cfnk_handle_unregister(fnk_result *handle);

/// Records this thread's last failure: `status` and a message of `length` bytes (copied, truncated).
void cfnk_set_error(int32_t status, const char *message, size_t length);

/// This thread's scratch object (set by cfnk_thread_scratch_set), or NULL.
void *cfnk_thread_scratch(void);

/// Makes `object` this thread's scratch object, released with `release(object)` when the thread exits;
/// 0 when it cannot be kept (no thread key, or one is set already): then the caller keeps it.
int cfnk_thread_scratch_set(void *object, void (*release)(void *));


#endif
