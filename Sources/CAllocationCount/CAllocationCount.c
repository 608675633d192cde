#include "CAllocationCount.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// glibc's own allocators, exported under these names for exactly this use (interposing malloc).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// Per thread, so that a test counts its own allocations while other tests run on other threads; the
// initial-exec model reads them without calling into the dynamic linker (which could allocate).
static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));
static __thread uint64_t thread_frees __attribute__((tls_model("initial-exec")));

// No process-wide total: an atomic addition on every allocation would slow the bench's timed phases.
static inline void counted(void) { thread_allocations += 1; }

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) {
    if (pointer != NULL) thread_frees += 1;
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // As glibc checks: a power of two, and a multiple of the size of a pointer.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    counted();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted();
    return __libc_pvalloc(size);
}

int conform_allocation_counting_compiled(void) { return 1; }
uint64_t conform_thread_allocations(void) { return thread_allocations; }
uint64_t conform_thread_frees(void) { return thread_frees; }

#else

int conform_allocation_counting_compiled(void) { return 0; }
uint64_t conform_thread_allocations(void) { return 0; }
uint64_t conform_thread_frees(void) { return 0; }

#endif
