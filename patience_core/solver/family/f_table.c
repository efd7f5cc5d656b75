/* Hash sets of keys (the search's table of lost positions and R3's tables): open addressing
 * over 64-bit slots, the keys themselves in one arena. */
#include <stdlib.h>
#include <string.h>

#include "f_engine.h"

static uint64_t key_hash(const uint8_t *k, size_t n) {
    uint64_t h = 0x243F6A8885A308D3ULL ^ (n * 0x9E3779B97F4A7C15ULL);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h ^= w;
        h *= 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    if (i < n) {
        uint64_t w = 0;
        memcpy(&w, k + i, n - i);
        h ^= w;
        h *= 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
    return h;
}

int set_init(KeySet *s, size_t cap) {
    s->slot = calloc(cap, sizeof(uint64_t));
    s->mask = cap - 1;
    s->count = 0;
    s->acap = 1 << 16;
    s->arena = malloc(s->acap);
    s->alen = 0;
    return s->slot && s->arena ? 0 : -1;
}

void set_free(KeySet *s) {
    free(s->slot);
    free(s->arena);
    s->slot = NULL;
    s->arena = NULL;
}

void set_clear(KeySet *s) {
    memset(s->slot, 0, (s->mask + 1) * sizeof(uint64_t));
    s->count = 0;
    s->alen = 0;
}

static inline const uint8_t *set_entry(const KeySet *s, uint64_t v, size_t *n) {
    const uint8_t *e = s->arena + ((v & ((1ULL << 40) - 1)) - 1);
    *n = (size_t)e[0] | ((size_t)e[1] << 8);
    return e + 2;
}

int set_has(const KeySet *s, const uint8_t *k, size_t n) {
    uint64_t h = key_hash(k, n);
    uint64_t tag = h >> 40;
    size_t i = (size_t)h & s->mask;
    for (;;) {
        uint64_t v = s->slot[i];
        if (!v) return 0;
        if ((v >> 40) == tag) {
            size_t m;
            const uint8_t *e = set_entry(s, v, &m);
            if (m == n && !memcmp(e, k, n)) return 1;
        }
        i = (i + 1) & s->mask;
    }
}

static int set_grow(KeySet *s) {
    size_t cap = (s->mask + 1) * 2;
    uint64_t *slot = calloc(cap, sizeof(uint64_t));
    if (!slot) return -1;
    for (size_t i = 0; i <= s->mask; i++) {
        uint64_t v = s->slot[i];
        if (!v) continue;
        size_t m;
        const uint8_t *e = set_entry(s, v, &m);
        size_t j = (size_t)key_hash(e, m) & (cap - 1);
        while (slot[j]) j = (j + 1) & (cap - 1);
        slot[j] = v;
    }
    free(s->slot);
    s->slot = slot;
    s->mask = cap - 1;
    return 0;
}

/* Add the key (no-op when present). 0 on success, -1 when out of memory. */
int set_add(KeySet *s, const uint8_t *k, size_t n) {
    uint64_t h = key_hash(k, n);
    uint64_t tag = h >> 40;
    size_t i = (size_t)h & s->mask;
    for (;;) {
        uint64_t v = s->slot[i];
        if (!v) break;
        if ((v >> 40) == tag) {
            size_t m;
            const uint8_t *e = set_entry(s, v, &m);
            if (m == n && !memcmp(e, k, n)) return 0;
        }
        i = (i + 1) & s->mask;
    }
    if (s->alen + n + 2 > s->acap) {
        size_t cap = s->acap * 2;
        while (s->alen + n + 2 > cap) cap *= 2;
        uint8_t *a = realloc(s->arena, cap);
        if (!a) return -1;
        s->arena = a;
        s->acap = cap;
    }
    uint8_t *e = s->arena + s->alen;
    e[0] = (uint8_t)(n & 255);
    e[1] = (uint8_t)(n >> 8);
    memcpy(e + 2, k, n);
    s->slot[i] = ((uint64_t)s->alen + 1) | (tag << 40);
    s->alen += n + 2;
    s->count++;
    if (s->count * 10 > (s->mask + 1) * 7) return set_grow(s);
    return 0;
}
