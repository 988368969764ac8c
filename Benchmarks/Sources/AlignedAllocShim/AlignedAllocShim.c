// Keeps ordo-one's malloc interposer from faulting on header-less pointers
// (Benchmarks/README.md, "A crashed run"). Swift 6.3 on Linux allocates with
// posix_memalign whenever alignMask > 7 (e.g. every weak side table, 32 bytes
// align 16). The interposer cannot put its 16-byte header before an aligned
// block, and its free() reads the 8 bytes before every pointer: at the start of
// a page whose previous page is unmapped, that read is a SIGSEGV.
//
// Definitions in the executable precede LD_PRELOADed libraries in symbol
// lookup, so these win for every caller (libswiftCore included). Alignments up
// to 16 are what malloc guarantees anyway (x86_64 and arm64 glibc and
// jemalloc, for sizes >= 16): they go to malloc, through the interposer, which
// tags them and counts them once as before. Larger or invalid alignments go
// on to the next definition (the interposer's, else jemalloc's), unchanged.
// valloc/pvalloc (page alignment) are left alone.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define SHIM_EXPORT __attribute__((used, visibility("default")))

// malloc returns 16-aligned blocks for sizes >= 16; jemalloc's 8-byte size
// class is only 8-aligned, so small requests are rounded up to 16. Sizes no
// allocator can serve fail here: the interposer's size + 16 would wrap.
static void *small_aligned(size_t size) {
    if (size > PTRDIFF_MAX) { errno = ENOMEM; return NULL; }
    return malloc(size < 16 ? 16 : size);
}

static bool served_by_malloc(size_t alignment) {
    return alignment != 0 && (alignment & (alignment - 1)) == 0 && alignment <= 16;
}

// The next definition, looked up once. dlsym may allocate; an aligned
// allocation above 16 made by dlsym itself on this thread fails instead of
// recursing (never seen: dlsym uses malloc/calloc).
static __thread bool resolving;
static void *next_symbol(void **slot, const char *name) {
    void *fn = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (fn || resolving) return fn;
    resolving = true;
    fn = dlsym(RTLD_NEXT, name);
    resolving = false;
    __atomic_store_n(slot, fn, __ATOMIC_RELEASE);
    return fn;
}

SHIM_EXPORT int posix_memalign(void **memptr, size_t alignment, size_t size) {
    // POSIX: alignment a power of two and a multiple of sizeof(void *); an
    // error is returned, errno is left alone. Invalid ones go on (EINVAL there).
    if (alignment >= sizeof(void *) && served_by_malloc(alignment)) {
        int saved = errno;
        void *p = small_aligned(size); // size 0: a unique pointer, allowed
        errno = saved;
        if (!p) return ENOMEM;
        *memptr = p;
        return 0;
    }
    static void *next;
    int (*fn)(void **, size_t, size_t) = (int (*)(void **, size_t, size_t))next_symbol(&next, "posix_memalign");
    return fn ? fn(memptr, alignment, size) : ENOMEM;
}

// Same reasoning; these report failure through errno and NULL.
SHIM_EXPORT void *aligned_alloc(size_t alignment, size_t size) {
    if (served_by_malloc(alignment)) return small_aligned(size);
    static void *next;
    void *(*fn)(size_t, size_t) = (void *(*)(size_t, size_t))next_symbol(&next, "aligned_alloc");
    if (!fn) { errno = ENOMEM; return NULL; }
    return fn(alignment, size);
}

SHIM_EXPORT void *memalign(size_t alignment, size_t size) {
    if (served_by_malloc(alignment)) return small_aligned(size);
    static void *next;
    void *(*fn)(size_t, size_t) = (void *(*)(size_t, size_t))next_symbol(&next, "memalign");
    if (!fn) { errno = ENOMEM; return NULL; }
    return fn(alignment, size);
}
