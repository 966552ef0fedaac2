// Counts heap allocations in the benchmark process (glibc 2.36 has no malloc hooks).
// The definitions in counter.c interpose malloc and friends for the whole process, because this
// target is linked only into filenamekit-bench; they count, then forward to glibc's __libc_*.
#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H
#include <stdint.h>

/// Zeroes the counter and starts counting allocations (malloc, calloc, realloc, memalign family).
void fk_alloc_count_start(void);
/// Stops counting and returns the number of allocations since `fk_alloc_count_start`.
uint64_t fk_alloc_count_stop(void);

#endif
