/* Canonical keys and the exact table of positions seen.
 *
 * A key is every pile's length, face-down count and cards, piles of one interchangeable
 * class (fields.key_class) sorted among themselves, so positions that differ only by
 * which of two such piles holds what share one key. A foundation contributes its length
 * and top card (the rest follows: the cards elsewhere are the complement, and only the top
 * can matter later), or where the top never comes back only what the foundation takes on it
 * (its class, pack.top_classes); all its cards where its top may come back (worry) and
 * the cards below it are not fixed by its suit and rank sequence. The table stores
 * whole keys: no two positions are ever taken for one, except under free arrangement
 * (docs/solver.md): there a pile gives its face-down cards (by their number and the bottom
 * one) and its lowest face-up card, and the key ends with the set of face-up cards above the
 * lowest ones, not where each lies (positions that differ only there are won or lost alike).
 * A K+ talon is the set of the start's talon cards still in it and the waste's length. */
#include <stdlib.h>
#include <string.h>
#include "g_state.h"

static inline size_t pile_bytes(const GState *s, int p, uint8_t *out) {
    const g_rules_t *R = s->R;
    int n = s->len[p], fi = s->fidx[p];
    size_t k = 0;
    if (s->arranged_freely && R->free_arrangement[p]) {
        /* face-down cards are a prefix of the pile's at the start and one pack is dealt, so the
         * bottom card and their number say which they are */
        int d = s->down[p];
        out[k++] = (uint8_t)d;
        if (d) out[k++] = s->cards[p][0];
        out[k++] = n > d ? s->cards[p][d] : 0xFF;
        return k;
    }
    out[k++] = (uint8_t)n;
    /* where the top may come back (worry), the cards below it may matter, unless they are
     * the top's own suit in a fixed rank sequence: then the top and the length say them; where
     * it never comes back, only what the foundation takes on it: its class (pack.top_classes),
     * and nothing where it builds a rank sequence regardless of suit (the length says the next) */
    if (fi >= 0 && (!R->f_worry[fi] || (s->ranks[fi][0] >= 0 && !R->f_regardless[fi]))) {
        int length_says_next = s->ranks[fi][0] >= 0 && R->f_regardless[fi] && !R->f_takes_run[fi];
        if (n && !length_says_next) out[k++] = (uint8_t)R->f_top_class[fi * 52 + s->cards[p][n - 1]];
        return k;
    }
    out[k++] = (uint8_t)s->down[p];
    memcpy(out + k, s->cards[p], (size_t)n);
    return k + (size_t)n;
}

/* Under K+ with unlimited redeals, a talon whose waste holds a multiple of the draw (or
 * whose stock is empty) reaches by turns and redeals alone the very waste tops a fresh
 * stock does, and turns commute with every other move (docs/solver.md, G2): its key is
 * that of the whole talon turned back into the stock. With draw 1 that is every talon. */
static int talon_as_fresh(const GState *s) {
    const g_rules_t *R = s->R;
    if (!R->kplus || s->redeals_left != G_UNLIMITED) return 0;
    return !s->len[R->stock] || s->len[R->waste_piles[0]] % R->draw == 0;
}

/* A K+ talon's bytes: which of the start's talon cards are left (a bit each, in the start's
 * turning order: g_load) and the waste's length, 0xFF where the talon is keyed as fresh. */
static size_t talon_bytes(const GState *s, int fresh, uint8_t *out) {
    const g_rules_t *R = s->R;
    int st = R->stock, w = R->waste_piles[0], bytes = (s->talon_n + 7) / 8;
    if (s->talon_n <= 64) {   /* the bits gathered in a word, then stored (the first byte: bits 0-7) */
        uint64_t bits = 0;
        for (int i = 0; i < s->len[st]; i++) bits |= 1ULL << s->talon_at[s->cards[st][i]];
        for (int i = 0; i < s->len[w]; i++) bits |= 1ULL << s->talon_at[s->cards[w][i]];
        for (int b = 0; b < bytes; b++) out[b] = (uint8_t)(bits >> (8 * b));
    } else {
        memset(out, 0, (size_t)bytes);
        for (int i = 0; i < s->len[st]; i++) { int at = s->talon_at[s->cards[st][i]]; out[at >> 3] |= (uint8_t)(1 << (at & 7)); }
        for (int i = 0; i < s->len[w]; i++) { int at = s->talon_at[s->cards[w][i]]; out[at >> 3] |= (uint8_t)(1 << (at & 7)); }
    }
    out[bytes] = fresh ? 0xFF : (uint8_t)s->len[w];
    return (size_t)bytes + 1;
}

/* The first eight bytes at b read as one number, the first byte the most significant: they
 * order two piles' bytes as memcmp would. */
static inline uint64_t head_of(const uint8_t *b) { return pt_load_be64(b); }

/* Which piles g_key writes in place (in pile order; a K+ waste is written with the stock, as
 * its talon) and which it sorts by class, with the stock holding cards ([0]) or empty ([1]):
 * fixed by the rules, so g_load works them out once. */
void g_key_plan(GState *s) {
    const g_rules_t *R = s->R;
    for (int empty = 0; empty < 2; empty++) {
        GKeyPlan *plan = &s->key_plan[empty];
        plan->nfixed = plan->nclassed = 0;
        for (int p = 0; p < s->n; p++) {
            if (R->key_class[p] >= 0 && (empty || !R->class_needs_no_stock[p])) plan->classed[plan->nclassed++] = (int8_t)p;
            else if (!(R->kplus && p == R->waste_piles[0])) plan->fixed[plan->nfixed++] = (int8_t)p;
        }
    }
}

/* The face-up cards above pile p's lowest one, as a set (free arrangement's key). */
static inline uint64_t above_lowest(const GState *s, int p) {
    uint64_t above = 0;
    for (int i = s->down[p] + 1; i < s->len[p]; i++) above |= 1ULL << s->cards[p][i];
    return above;
}

size_t g_key(const GState *s, uint8_t *out, int *pointer_at) {
    const g_rules_t *R = s->R;
    size_t k = 0;
    if (pointer_at) *pointer_at = -1;
    out[k++] = (uint8_t)(s->redeals_left & 0xFF);
    const GKeyPlan *plan = &s->key_plan[!s->len[R->stock]];
    int freely = s->arranged_freely;
    uint64_t above = 0;   /* under free arrangement: the face-up cards above the lowest ones */
    /* fixed piles first, in pile order; then each class, sorted */
    for (int i = 0; i < plan->nfixed; i++) {
        int p = plan->fixed[i];
        if (R->kplus && p == R->stock) {
            k += talon_bytes(s, talon_as_fresh(s), out + k);
            if (pointer_at) *pointer_at = (int)k - 1;   /* the waste's length, 0xFF: fresh */
        }
        else k += pile_bytes(s, p, out + k);
        if (freely && R->free_arrangement[p]) above |= above_lowest(s, p);
    }
    /* insertion sort by (class, bytes); the first eight bytes, zero-padded and read as one
     * number, order most pairs (as memcmp would, the shorter first on a tie) */
    int nclassed = plan->nclassed;
    const int8_t *classed = plan->classed;
    uint8_t bytes[GMAXP][GMAXC + 2];
    size_t blen[GMAXP];
    uint64_t head[GMAXP];
    int order[GMAXP];
    for (int i = 0; i < nclassed; i++) {
        int p = classed[i];
        memset(bytes[i], 0, 8);   /* the head's zero padding */
        blen[i] = pile_bytes(s, p, bytes[i]);
        order[i] = i;
        head[i] = head_of(bytes[i]);
        if (freely && R->free_arrangement[p]) above |= above_lowest(s, p);
    }
    for (int i = 1; i < nclassed; i++) {
        int x = order[i], j = i - 1;
        while (j >= 0) {
            int y = order[j];
            int cx = R->key_class[classed[x]], cy = R->key_class[classed[y]];
            int less;
            if (cx != cy) less = cx < cy;
            else if (head[x] != head[y]) less = head[x] < head[y];
            else if (blen[x] <= 8 || blen[y] <= 8) less = blen[x] < blen[y];
            else {
                size_t m = blen[x] < blen[y] ? blen[x] : blen[y];
                int c = memcmp(bytes[x] + 8, bytes[y] + 8, m - 8);
                less = c < 0 || (c == 0 && blen[x] < blen[y]);
            }
            if (!less) break;
            order[j + 1] = y;
            j--;
        }
        order[j + 1] = x;
    }
    for (int i = 0; i < nclassed; i++) {
        size_t n = blen[order[i]];
        /* most piles' bytes are a few: one 8-byte store (what lies past the key is never read) */
        if (n <= 8 && k + 8 <= GKEYMAX) memcpy(out + k, bytes[order[i]], 8);
        else memcpy(out + k, bytes[order[i]], n);
        k += n;
    }
    if (freely)   /* the face-up cards above the lowest ones, as a set */
        for (int b = 0; b < 7; b++) out[k++] = (uint8_t)(above >> (8 * b));
    return k;
}

/* Eight bytes a step (a key is some 60 bytes: byte-wise FNV spent a third of the lookups
 * multiplying), each word mixed in by a multiply and a rotate, then murmur's final mix. */
uint64_t g_hash_bytes(const uint8_t *k, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h = (h << 31) | (h >> 33);
    }
    uint64_t tail = 0;
    memcpy(&tail, k + i, n - i);
    h = (h ^ tail) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33; h *= 0xff51afd7ed558ccdULL; h ^= h >> 33;
    return h;
}

int g_table_init(GTable *t, size_t cap) { return g_table_init_sized(t, cap, 1 << 20); }

int g_table_init_sized(GTable *t, size_t cap, size_t arena_bytes) {
    memset(t, 0, sizeof *t);
    t->cap = cap;
    t->slots = calloc(cap, sizeof *t->slots);
    t->size = arena_bytes;
    t->arena = malloc(t->size);
    return t->slots && t->arena ? 0 : -1;
}

/* Empty the table, keeping its memory. */
void g_table_clear(GTable *t) {
    memset(t->slots, 0, t->cap * sizeof *t->slots);
    t->count = t->used = 0;
}

void g_table_free(GTable *t) {
    free(t->slots);
    free(t->arena);
    memset(t, 0, sizeof *t);
}

#define OFFSET_BITS 40
#define OFFSET_MASK ((1ULL << OFFSET_BITS) - 1)

static int grow(GTable *t) {
    size_t cap = t->cap * 2;
    uint64_t *slots = calloc(cap, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < t->cap; i++) {
        uint64_t v = t->slots[i];
        if (!v) continue;
        size_t off = (size_t)(v & OFFSET_MASK) - 1;
        size_t n = t->arena[off];
        uint64_t h = g_hash_bytes(t->arena + off + 1, n);
        size_t j = (size_t)h & (cap - 1);
        while (slots[j]) j = (j + 1) & (cap - 1);
        slots[j] = v;
    }
    free(t->slots);
    t->slots = slots;
    t->cap = cap;
    return 0;
}

/* Each entry in the arena: its length byte, the key, then its int64 value (VALUE_BYTES). */
enum { VALUE_BYTES = sizeof(int64_t) };

/* Find key: 1 and *entry where it is, else 0 and *slot the empty slot it would take. */
static int probe(const GTable *t, const uint8_t *key, size_t n, uint64_t h, size_t *slot, size_t *entry) {
    uint64_t tag = h >> OFFSET_BITS;
    size_t j = (size_t)h & (t->cap - 1);
    for (;;) {
        uint64_t v = t->slots[j];
        if (!v) { *slot = j; return 0; }
        if ((v >> OFFSET_BITS) == tag) {
            size_t off = (size_t)(v & OFFSET_MASK) - 1;
            if (t->arena[off] == n && !memcmp(t->arena + off + 1, key, n)) { *entry = off; return 1; }
        }
        j = (j + 1) & (t->cap - 1);
    }
}

int g_table_find(const GTable *t, const uint8_t *key, size_t n, size_t *entry) {
    return g_table_find_hashed(t, key, n, g_hash_bytes(key, n), entry);
}

int g_table_find_hashed(const GTable *t, const uint8_t *key, size_t n, uint64_t h, size_t *entry) {
    size_t slot;
    return n <= 255 && probe(t, key, n, h, &slot, entry);
}

int g_table_add(GTable *t, const uint8_t *key, size_t n, size_t *entry) {
    return g_table_add_hashed(t, key, n, g_hash_bytes(key, n), entry);
}

int g_table_add_hashed(GTable *t, const uint8_t *key, size_t n, uint64_t h, size_t *entry) {
    if (n > 255) return -1;  /* longer than any key of GMAXP piles and 104 cards */
    if (2 * (t->count + 1) > t->cap && grow(t) < 0) return -1;
    uint64_t tag = h >> OFFSET_BITS;
    size_t j;
    if (probe(t, key, n, h, &j, entry)) return 0;
    size_t need = n + 1 + VALUE_BYTES;
    if (t->used + need > t->size) {
        size_t size = t->size * 2;
        while (t->used + need > size) size *= 2;
        uint8_t *arena = realloc(t->arena, size);
        if (!arena) return -1;
        t->arena = arena;
        t->size = size;
    }
    t->arena[t->used] = (uint8_t)n;
    memcpy(t->arena + t->used + 1, key, n);
    memset(t->arena + t->used + 1 + n, 0, VALUE_BYTES);
    t->slots[j] = (tag << OFFSET_BITS) | (uint64_t)(t->used + 1);
    *entry = t->used;
    t->used += need;
    t->count++;
    return 1;
}

int64_t g_table_value(const GTable *t, size_t entry) {
    int64_t v;
    memcpy(&v, t->arena + entry + 1 + t->arena[entry], sizeof v);
    return v;
}

void g_table_set(GTable *t, size_t entry, int64_t value) {
    memcpy(t->arena + entry + 1 + t->arena[entry], &value, sizeof value);
}

/* How many entries have a value below `below`. */
size_t g_table_count_below(const GTable *t, int64_t below) {
    size_t k = 0;
    for (size_t off = 0; off < t->used; off += (size_t)t->arena[off] + 1 + VALUE_BYTES)
        k += g_table_value(t, off) < below;
    return k;
}

/* Keep only the entries whose value is below `below`, in a table rebuilt for them. */
int g_table_keep_below(GTable *t, int64_t below) {
    GTable kept;
    if (g_table_init(&kept, 1 << 16)) { g_table_free(&kept); return -1; }
    for (size_t off = 0; off < t->used; off += (size_t)t->arena[off] + 1 + VALUE_BYTES) {
        size_t entry;
        int64_t value = g_table_value(t, off);
        if (value >= below) continue;
        if (g_table_add(&kept, t->arena + off + 1, t->arena[off], &entry) < 0) { g_table_free(&kept); return -1; }
        g_table_set(&kept, entry, value);
    }
    g_table_free(t);
    *t = kept;
    return 0;
}
