// Counts heap allocations in a process it is preloaded into (LD_PRELOAD), for count-allocations.sh.
// valgrind's DHAT would do, but 3.19 crashes on the gateway's threads. Calls go on to glibc's own
// allocator (__libc_*), so no dlsym is needed; at exit, the totals are written to the file that
// MALLOC_COUNTER_OUTPUT names: "allocations bytes".
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long long allocations;
static unsigned long long bytes;

static void count(size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&bytes, size, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("MALLOC_COUNTER_OUTPUT");
    if (path == NULL) return;
    FILE *file = fopen(path, "w");
    if (file == NULL) return;
    fprintf(file, "%llu %llu\n", allocations, bytes);
    fclose(file);
}
