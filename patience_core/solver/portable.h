/* What the compiled searches need of the compiler and the system beyond C99, in one place, so
 * that both extensions (family/ and general/) build with gcc and clang on Linux and macOS, and
 * with MSVC or MinGW on Windows, and run the same everywhere:
 *
 *   pt_ctz64, pt_clz64      the lowest and highest set bit of a nonzero word
 *   pt_load_be64            eight bytes read as one big-endian number (ordered as memcmp)
 *   PT_PREFETCH             a hint to fetch a cache line (nothing where there is none)
 *   pt_atomic_u64/int       words threads share without a lock, and their operations
 *   pt_thread_*             start and join a thread (POSIX threads, or Windows threads)
 *   pt_now                  a monotonic clock, in seconds
 *   PT_HIDDEN               a symbol shared between the files of one extension, not exported
 *
 * Atomics are C11's <stdatomic.h> wherever the compiler has it, MSVC's Interlocked intrinsics
 * where it does not (MSVC's C11 atomics are still experimental). PT_GENERIC_BITS picks the
 * plain C versions of the bit functions on any compiler (to check them against the others). */
#ifndef PATIENCE_PORTABLE_H
#define PATIENCE_PORTABLE_H

#include <stdint.h>
#include <string.h>

#if defined(_MSC_VER) && !defined(__clang__)
#define PT_MSVC 1
#include <intrin.h>
#else
#define PT_MSVC 0
#endif

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN   /* and none of the headers' macros the searches' names could meet */
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef NOGDI
#define NOGDI
#endif
#include <windows.h>
#include <process.h>
#else
#include <pthread.h>
#include <time.h>
#endif

/* ------------------------------------------------------------------------------- bits */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PT_GENERIC_BITS)
static inline int pt_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int pt_clz64(uint64_t x) { return __builtin_clzll(x); }
#elif PT_MSVC && (defined(_M_X64) || defined(_M_ARM64)) && !defined(PT_GENERIC_BITS)
static inline int pt_ctz64(uint64_t x) {
    unsigned long at;
    _BitScanForward64(&at, x);
    return (int)at;
}
static inline int pt_clz64(uint64_t x) {
    unsigned long at;
    _BitScanReverse64(&at, x);
    return 63 - (int)at;
}
#else
/* de Bruijn: the lowest bit alone, times the sequence, indexes its position */
static inline int pt_ctz64(uint64_t x) {
    static const uint8_t at[64] = {
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43, 22,
        45, 39, 33, 30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6};
    return at[((x & (0 - x)) * 0x03f79d71b4cb0a89ULL) >> 58];
}
static inline int pt_clz64(uint64_t x) {
    int n = 0;
    while (!(x & 0x8000000000000000ULL)) { x <<= 1; n++; }
    return n;
}
#endif

static inline uint64_t pt_load_be64(const uint8_t *b) {
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ \
    && !defined(PT_GENERIC_BITS)
    uint64_t h;
    memcpy(&h, b, 8);
    return __builtin_bswap64(h);
#elif PT_MSVC && !defined(PT_GENERIC_BITS)   /* Windows runs little-endian everywhere */
    uint64_t h;
    memcpy(&h, b, 8);
    return _byteswap_uint64(h);
#else
    uint64_t h = 0;
    for (int i = 0; i < 8; i++) h = (h << 8) | b[i];
    return h;
#endif
}

#if defined(__GNUC__) || defined(__clang__)
#define PT_PREFETCH(address) __builtin_prefetch(address)
#elif PT_MSVC && (defined(_M_X64) || defined(_M_IX86))
#define PT_PREFETCH(address) _mm_prefetch((const char *)(address), _MM_HINT_T0)
#else
#define PT_PREFETCH(address) ((void)(address))
#endif

/* ---------------------------------------------------------------------------- atomics */
#if !PT_MSVC
#if defined(__STDC_NO_ATOMICS__)
#error "the compiled search needs C11 atomics (or MSVC's intrinsics)"
#endif
#include <stdatomic.h>
typedef _Atomic uint64_t pt_atomic_u64;
typedef _Atomic int pt_atomic_int;

static inline uint64_t pt_load_acquire(pt_atomic_u64 *p) { return atomic_load_explicit(p, memory_order_acquire); }
static inline uint64_t pt_load_relaxed(pt_atomic_u64 *p) { return atomic_load_explicit(p, memory_order_relaxed); }
static inline uint64_t pt_fetch_add(pt_atomic_u64 *p, uint64_t v) {
    return atomic_fetch_add_explicit(p, v, memory_order_relaxed);
}
static inline void pt_fetch_or(pt_atomic_u64 *p, uint64_t v) { atomic_fetch_or_explicit(p, v, memory_order_relaxed); }
/* Put `desired` where *p is still `*expected` (releasing what was written before); else
 * *expected becomes what is there (acquired). Nonzero when it was put. */
static inline int pt_compare_swap(pt_atomic_u64 *p, uint64_t *expected, uint64_t desired) {
    return atomic_compare_exchange_strong_explicit(p, expected, desired, memory_order_release, memory_order_acquire);
}
static inline int pt_int_load(pt_atomic_int *p) { return atomic_load_explicit(p, memory_order_relaxed); }
static inline void pt_int_store(pt_atomic_int *p, int v) { atomic_store_explicit(p, v, memory_order_relaxed); }
#else
/* Interlocked operations are full barriers (stronger than asked). A plain volatile read is an
 * acquire on x86 and x64 (MSVC's /volatile:ms, its default there); elsewhere (ARM64) the read
 * is an interlocked one. */
typedef volatile int64_t pt_atomic_u64;
typedef volatile long pt_atomic_int;

static inline uint64_t pt_load_acquire(pt_atomic_u64 *p) {
#if defined(_M_X64) || defined(_M_IX86)
    uint64_t v = (uint64_t)*p;
    _ReadWriteBarrier();
    return v;
#else
    return (uint64_t)_InterlockedCompareExchange64(p, 0, 0);
#endif
}
static inline uint64_t pt_load_relaxed(pt_atomic_u64 *p) { return pt_load_acquire(p); }
static inline uint64_t pt_fetch_add(pt_atomic_u64 *p, uint64_t v) {
    return (uint64_t)_InterlockedExchangeAdd64(p, (int64_t)v);
}
static inline void pt_fetch_or(pt_atomic_u64 *p, uint64_t v) { _InterlockedOr64(p, (int64_t)v); }
static inline int pt_compare_swap(pt_atomic_u64 *p, uint64_t *expected, uint64_t desired) {
    int64_t was = _InterlockedCompareExchange64(p, (int64_t)desired, (int64_t)*expected);
    if ((uint64_t)was == *expected) return 1;
    *expected = (uint64_t)was;
    return 0;
}
static inline int pt_int_load(pt_atomic_int *p) { return (int)_InterlockedCompareExchange(p, 0, 0); }
static inline void pt_int_store(pt_atomic_int *p, int v) { _InterlockedExchange(p, (long)v); }
#endif

/* ---------------------------------------------------------------------------- threads */
/* A thread's function: PT_THREAD_FUNCTION(name, arg) { ...; return PT_THREAD_DONE; } */
#if defined(_WIN32)
typedef HANDLE pt_thread;
#define PT_THREAD_FUNCTION(name, arg) static unsigned __stdcall name(void *arg)
#define PT_THREAD_DONE 0
typedef unsigned(__stdcall *pt_thread_function)(void *);
static inline int pt_thread_start(pt_thread *t, pt_thread_function f, void *arg) {
    *t = (HANDLE)_beginthreadex(NULL, 0, f, arg, 0, NULL);
    return *t ? 0 : -1;
}
static inline void pt_thread_join(pt_thread t) {
    WaitForSingleObject(t, INFINITE);
    CloseHandle(t);
}
#else
typedef pthread_t pt_thread;
#define PT_THREAD_FUNCTION(name, arg) static void *name(void *arg)
#define PT_THREAD_DONE NULL
typedef void *(*pt_thread_function)(void *);
static inline int pt_thread_start(pt_thread *t, pt_thread_function f, void *arg) {
    return pthread_create(t, NULL, f, arg) ? -1 : 0;
}
static inline void pt_thread_join(pt_thread t) { pthread_join(t, NULL); }
#endif

/* ------------------------------------------------------------------------------ clock */
static inline double pt_now(void) {
#if defined(_WIN32)
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
#endif
}

/* ----------------------------------------------------------------------------- linkage */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define PT_HIDDEN __attribute__((visibility("hidden")))
#else
#define PT_HIDDEN   /* Windows exports only what is declared exported */
#endif

#endif
