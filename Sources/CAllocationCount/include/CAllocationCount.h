#ifndef C_ALLOCATION_COUNT_H
#define C_ALLOCATION_COUNT_H

#include <stdint.h>

// Counts the heap allocations of the executable that links this target (conform-bench and the test
// binary, never the conform product): on Linux with glibc it defines malloc, calloc, realloc, free and
// the aligned allocators, which every library of the process then calls (the executable's definitions
// come first in the dynamic linker's lookup), and forwards each to glibc's own (__libc_malloc, ...).
// Elsewhere it defines nothing and says so (conform_allocation_counting_compiled() is 0).

/// 1 when the allocators are interposed in this build (Linux, glibc), else 0.
int conform_allocation_counting_compiled(void);

/// Allocations (malloc, calloc, realloc, the aligned allocators) made so far on the calling thread.
uint64_t conform_thread_allocations(void);

/// Frees (of a non-null pointer) made so far on the calling thread.
uint64_t conform_thread_frees(void);

#endif
