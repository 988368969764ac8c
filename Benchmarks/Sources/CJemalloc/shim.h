// Wrappers over jemalloc's mallctl for the statistics the benchmarks read.
// Swift cannot call mallctl's macros or pass its out-parameters tidily, so
// each read is one static inline function returning 0 when it fails.
#ifndef FASTWORKFLOW_CJEMALLOC_SHIM_H
#define FASTWORKFLOW_CJEMALLOC_SHIM_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <jemalloc/jemalloc.h>

// Statistics are cached: writing "epoch" refreshes them. It needs a distinct
// in and out variable.
static inline void fw_je_refresh(void) {
    uint64_t in = 1, out = 0;
    size_t size = sizeof(out);
    mallctl("epoch", &out, &size, &in, sizeof(in));
}

static inline uint64_t fw_je_read_u64(const char *name) {
    uint64_t value = 0;
    size_t size = sizeof(value);
    if (mallctl(name, &value, &size, NULL, 0) != 0) { return 0; }
    return value;
}

static inline size_t fw_je_read_size(const char *name) {
    size_t value = 0;
    size_t size = sizeof(value);
    if (mallctl(name, &value, &size, NULL, 0) != 0) { return 0; }
    return value;
}

// Bytes this thread ever allocated / freed (exact, no refresh needed).
static inline uint64_t fw_je_thread_allocated(void) { return fw_je_read_u64("thread.allocated"); }
static inline uint64_t fw_je_thread_deallocated(void) { return fw_je_read_u64("thread.deallocated"); }

// Bytes in live allocations / in resident pages, process wide (refresh first).
static inline size_t fw_je_stats_allocated(void) { return fw_je_read_size("stats.allocated"); }
static inline size_t fw_je_stats_resident(void) { return fw_je_read_size("stats.resident"); }

// Allocation requests served so far, all arenas merged (tcache included once
// refreshed): small and large.
static inline uint64_t fw_je_requests(void) {
    return fw_je_read_u64("stats.arenas.4096.small.nrequests")
         + fw_je_read_u64("stats.arenas.4096.large.nrequests");
}

// Whether jemalloc is the allocator answering (mallctl exists and works).
static inline bool fw_je_available(void) {
    const char *version = NULL;
    size_t size = sizeof(version);
    return mallctl("version", &version, &size, NULL, 0) == 0 && version != NULL;
}

// Writes a heap profile now (needs MALLOC_CONF=prof:true).
static inline int fw_je_prof_dump(const char *path) {
    return mallctl("prof.dump", NULL, NULL, &path, sizeof(path));
}

#endif
