/* The solver's search in C: a line-for-line port of patience_core/solver/search.py (Search.run
 * and what it calls) and of rule R3 (relaxations.StockFreeCheck).
 *
 * Python stays the reference. This file must give the same verdict, the same winning
 * line and the same position counts as the Python search on every input: the order in
 * which children are generated, the order of the takers lists, the random numbers of
 * the restarts (Python's Mersenne Twister and expovariate) and every limit check follow
 * the Python code exactly. tests/test_engine.py compares the two.
 *
 * Input: one int32 array laid out by patience_core/solver/engine.py:pack (read in the same
 * order by read_spec below). Output: (verdict, positions, checked positions, the most
 * cards on the foundations at a node, line, generator state, counters).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SPEC_VERSION 4
#define MAXP 64        /* piles */
#define MAXF 32        /* foundations */
#define MAXT 120       /* talon cards */
#define MAXPC 256      /* cards in one pile */
#define MAXB 2048      /* column-block candidates */
#define KEYMAX 2048    /* bytes of one key */
#define NOCARD (-1)

#define ACCESS_NONE 0
#define ACCESS_TOP 1
#define ACCESS_ALL 2

/* search results and unwinding codes */
#define R_LOST 0
#define R_WON 1
#define R_LIMIT (-1)   /* SearchLimit */
#define R_RESTART (-2) /* _Restart */
#define R_NOMEM (-3)
#define R_OVER (-4)    /* an R3 check over its budget */
#define R_SIGNAL (-5)  /* a signal handler raised (Ctrl-C): the exception is set */

#define T_TURN 0
#define T_REDEAL 1
#define T_PLAY 2

#define REDEAL_SRC (-2) /* a child that is "turn the rest and redeal" */

/* ---------------------------------------------------------------- hash sets of keys */
typedef struct {
    uint64_t *slot; /* 0: empty; else (arena offset + 1) | tag << 40 */
    size_t mask, count;
    uint8_t *arena;
    size_t alen, acap;
} KeySet;

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

static int set_init(KeySet *s, size_t cap) {
    s->slot = calloc(cap, sizeof(uint64_t));
    s->mask = cap - 1;
    s->count = 0;
    s->acap = 1 << 16;
    s->arena = malloc(s->acap);
    s->alen = 0;
    return s->slot && s->arena ? 0 : -1;
}

static void set_free(KeySet *s) {
    free(s->slot);
    free(s->arena);
    s->slot = NULL;
    s->arena = NULL;
}

static void set_clear(KeySet *s) {
    memset(s->slot, 0, (s->mask + 1) * sizeof(uint64_t));
    s->count = 0;
    s->alen = 0;
}

static inline const uint8_t *set_entry(const KeySet *s, uint64_t v, size_t *n) {
    const uint8_t *e = s->arena + ((v & ((1ULL << 40) - 1)) - 1);
    *n = (size_t)e[0] | ((size_t)e[1] << 8);
    return e + 2;
}

static int set_has(const KeySet *s, const uint8_t *k, size_t n) {
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
static int set_add(KeySet *s, const uint8_t *k, size_t n) {
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

/* -------------------------------------------- Python's random.Random (MT19937) */
typedef struct {
    uint32_t mt[624];
    int index;
} MT;

static uint32_t mt_next(MT *g) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (g->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
            g->mt[kk] = g->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < 623; kk++) {
            y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
            g->mt[kk] = g->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (g->mt[623] & 0x80000000U) | (g->mt[0] & 0x7fffffffU);
        g->mt[623] = g->mt[396] ^ (y >> 1) ^ mag01[y & 0x1U];
        g->index = 0;
    }
    y = g->mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double mt_random(MT *g) { /* random.random(): 53 bits */
    uint32_t a = mt_next(g) >> 5, b = mt_next(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static double mt_expovariate(MT *g, double lambd) { return -log(1.0 - mt_random(g)) / lambd; }

/* ------------------------------------------------------------------ the engine */
typedef struct {
    int k;      /* turns first */
    int src;    /* pile, or REDEAL_SRC */
    int f;      /* foundation */
    int card;
} Child;

typedef struct {
    int kind, src, f, card, filled, fsrc, index;
} Trail;

typedef struct {
    int p, i, c, n_under;
    int under[26];
    int below[26]; /* copies of under[k] among the column's first i cards */
} Block;

/* One position of an R3 check's game (relaxations.StockFreeCheck._solve's arguments). */
typedef struct {
    int8_t h[MAXF];
    uint8_t colh[MAXP];
    int8_t cell[52], stock[52], placed[52];
    int8_t held_f[52], held_where[52], held_col[52]; /* held_f < 0: not held */
    int wp, out;
} R3State;

#define W_COLUMN 0
#define W_CELL 1
#define W_STOCK 2

typedef struct {
    /* tables */
    int n_piles, STOCK, WASTE, decks, prune, n_cards, waste_feeds, found_in_key;
    int min_waste, check_max_stock, ahead_max_stock, ahead_min_budget, growth_limit, restart_budget0;
    int n_talon, talon[MAXT];
    int access[MAXP], nfill[MAXP], fill[MAXP][4];
    int n_playable, playable[MAXP], n_columns, columns[MAXP], col_of[MAXP];
    int n_classes, class_kind[MAXP], class_n[MAXP], class_piles[MAXP][MAXP], single_class_of[MAXP];
    int n_found, found[MAXF], fi_of[MAXP], f_length[MAXP], static_suit[MAXP], f_cls[MAXP];
    int rank_at[MAXP][13];
    int n_weighted, weighted[MAXF], n_twins, twin_n[MAXF], twin[MAXF][MAXF];
    int nslots[52], slot_f[52][MAXF], slot_pos[52][MAXF];
    int n_blocks;
    Block *blocks;
    int8_t beaten_memo[MAXF][14][MAXF][14];
    /* R3 */
    int sf_on, sf_budget, sf_longer_rest, sf_ncells, sf_cells[MAXP];
    long long sf_positions, sf_nodes, sf_limit;
    int sf_waste[MAXT], sf_nwaste;
    int col_dealt[MAXP][MAXPC];
    KeySet sf_not_lost, sf_lost_states;
    /* search flags */
    int turn_ahead, cut_stock, checking, looking_ahead, shuffle, has_rng;
    MT rng;
    /* position */
    int plen[MAXP];
    uint8_t pile[MAXP][MAXPC];
    int waste[MAXT], nwaste, stock[MAXT], nstock, redeals;
    uint64_t tmask[2];
    int h[MAXP], fsuit[MAXP], placed[52], on_found;
    int ntakers[52], takers[52][MAXF];
    uint8_t cellcnt[MAXP][52];
    /* line and trail */
    int *line; /* 3 ints a move */
    Trail *trail;
    int depth, cap;
    /* search state */
    long long positions, max_positions, restart_at; /* restart_at < 0: none */
    long long table_limit;                           /* entries of lost; < 0: none */
    int table_full;                                  /* the R_LIMIT was the table's */
    int most_found; /* the most cards on the foundations at any node reached */
    double deadline;                                /* < 0: none */
    KeySet lost;
    Child *kids;
    size_t nkids, kcap;
    PyThreadState *thread; /* saved while the search runs without the GIL */
    /* counters for benchmarks (engine_stats): R3 checks by outcome, and their positions */
    long long n_check[3], check_pos[3]; /* [lost, not lost, over budget] */
    long long n_ahead_calls, n_ahead_cuts, n_dead_ends;
} E;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int tbit(const E *e, int i) { return (int)((e->tmask[i >> 6] >> (i & 63)) & 1); }
static inline void tflip(E *e, int i) { e->tmask[i >> 6] ^= 1ULL << (i & 63); }

/* -- takers lists (the same order as the Python lists: remove first, append last) */
static inline void takers_remove(E *e, int c, int f) {
    int n = e->ntakers[c], *t = e->takers[c];
    for (int i = 0; i < n; i++)
        if (t[i] == f) {
            memmove(t + i, t + i + 1, (size_t)(n - i - 1) * sizeof(int));
            e->ntakers[c] = n - 1;
            return;
        }
}

static inline void takers_append(E *e, int c, int f) { e->takers[c][e->ntakers[c]++] = f; }

/* The cards foundation f accepts next (Search._wanted). */
static int wanted(const E *e, int f, int out[4]) {
    int n = e->h[f];
    if (n >= e->f_length[f]) return 0;
    int rank = e->rank_at[f][n], suit = e->fsuit[f];
    if (suit >= 0) {
        out[0] = suit * 13 + rank;
        return 1;
    }
    for (int s = 0; s < 4; s++) out[s] = s * 13 + rank;
    return 4;
}

static void advance(E *e, int f, int card) {
    int w[4], n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_remove(e, w[i], f);
    if (e->h[f] == 0 && e->static_suit[f] < 0) e->fsuit[f] = card / 13;
    e->h[f]++;
    n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_append(e, w[i], f);
    e->placed[card]++;
    e->on_found++;
}

static void retreat(E *e, int f, int card) {
    int w[4], n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_remove(e, w[i], f);
    e->h[f]--;
    if (e->h[f] == 0 && e->static_suit[f] < 0) e->fsuit[f] = -1;
    n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_append(e, w[i], f);
    e->placed[card]--;
    e->on_found--;
}

/* Rule D1's test (Search.beaten): is g the better place for a card that fits f at height
 * hf and g at hg? */
/* The rest of foundation f's sequence after position pf (what it needs once it has taken the
 * card there), and whether g's rest after pg is a prefix of it. */
static inline int rest_len(const E *e, int f, int pf) {
    int n = e->f_length[f] - pf - 1;
    return n > 0 ? n : 0;
}

static int rest_is_prefix(const E *e, int g, int pg, int f, int pf) {
    int ng = rest_len(e, g, pg);
    if (ng > rest_len(e, f, pf)) return 0;
    for (int i = 0; i < ng; i++)
        if (e->rank_at[g][pg + 1 + i] != e->rank_at[f][pf + 1 + i]) return 0;
    return 1;
}

static int beaten(E *e, int f, int hf, int g, int hg) {
    int fi = e->fi_of[f], gi = e->fi_of[g];
    int8_t *memo = &e->beaten_memo[fi][hf][gi][hg];
    if (*memo < 0)
        *memo = (int8_t)(rest_is_prefix(e, f, hf, g, hg) && (rest_len(e, f, hf) != rest_len(e, g, hg) || g < f));
    return *memo;
}

/* Search.choose: the foundations worth trying for card (out), from takers t. */
static int choose(E *e, int card, int out[MAXF]) {
    int n = e->ntakers[card], *t = e->takers[card], m = 0;
    if (n == 1 || !e->prune) {
        memcpy(out, t, (size_t)n * sizeof(int));
        return n;
    }
    for (int i = 0; i < n; i++) {
        int f = t[i], bad = 0;
        for (int j = 0; j < n && !bad; j++) {
            int g = t[j];
            if (g != f && beaten(e, f, e->h[f], g, e->h[g])) bad = 1;
        }
        if (!bad) out[m++] = f;
    }
    return m;
}

/* -- moves */
static inline void card_in(E *e, int p, int card) {
    int c = e->single_class_of[p];
    if (c >= 0) e->cellcnt[c][card]++;
}

static inline void card_out(E *e, int p, int card) {
    int c = e->single_class_of[p];
    if (c >= 0) e->cellcnt[c][card]--;
}

static int grow_line(E *e) {
    if (e->depth < e->cap) return 0;
    int cap = e->cap * 2;
    int *line = realloc(e->line, (size_t)cap * 3 * sizeof(int));
    if (!line) return -1;
    e->line = line;
    Trail *trail = realloc(e->trail, (size_t)cap * sizeof(Trail));
    if (!trail) return -1;
    e->trail = trail;
    e->cap = cap;
    return 0;
}

static inline void push_line(E *e, int src, int dst, int card, Trail t) {
    int *l = e->line + 3 * e->depth;
    l[0] = src;
    l[1] = dst;
    l[2] = card;
    e->trail[e->depth++] = t;
}

static int play(E *e, int src, int f, int card) {
    if (grow_line(e)) return -1;
    int filled = -1, fsrc = -1, index = -1;
    if (src == e->WASTE) {
        int i = e->waste[--e->nwaste];
        tflip(e, i);
        index = i;
    } else {
        uint8_t *pile = e->pile[src];
        int n = e->plen[src];
        if (e->access[src] == ACCESS_ALL) {
            for (index = 0; index < n && pile[index] != card; index++)
                ;
            memmove(pile + index, pile + index + 1, (size_t)(n - index - 1));
        }
        e->plen[src] = --n;
        card_out(e, src, card);
        if (!n) {
            for (int s = 0; s < e->nfill[src]; s++) {
                int source = e->fill[src][s];
                int *stack = source == e->WASTE ? e->waste : e->stock;
                int *len = source == e->WASTE ? &e->nwaste : &e->nstock;
                if (*len) {
                    filled = stack[--*len];
                    tflip(e, filled);
                    pile[e->plen[src]++] = (uint8_t)e->talon[filled];
                    card_in(e, src, e->talon[filled]);
                    fsrc = source;
                    break;
                }
            }
        }
    }
    advance(e, f, card);
    Trail t = {T_PLAY, src, f, card, filled, fsrc, index};
    push_line(e, src, f, card, t);
    return 0;
}

static int turn(E *e) {
    if (grow_line(e)) return -1;
    int i = e->stock[--e->nstock];
    e->waste[e->nwaste++] = i;
    Trail t = {T_TURN, 0, 0, 0, 0, 0, 0};
    push_line(e, e->STOCK, e->WASTE, e->talon[i], t);
    return 0;
}

static int redeal(E *e) {
    if (grow_line(e)) return -1;
    for (int i = 0; i < e->nwaste; i++) e->stock[i] = e->waste[e->nwaste - 1 - i];
    e->nstock = e->nwaste;
    e->nwaste = 0;
    e->redeals--;
    Trail t = {T_REDEAL, 0, 0, 0, 0, 0, 0};
    push_line(e, e->WASTE, e->STOCK, NOCARD, t);
    return 0;
}

static void undo(E *e) {
    Trail t = e->trail[--e->depth];
    if (t.kind == T_TURN) {
        e->stock[e->nstock++] = e->waste[--e->nwaste];
        return;
    }
    if (t.kind == T_REDEAL) {
        for (int i = 0; i < e->nstock; i++) e->waste[i] = e->stock[e->nstock - 1 - i];
        e->nwaste = e->nstock;
        e->nstock = 0;
        e->redeals++;
        return;
    }
    retreat(e, t.f, t.card);
    if (t.src == e->WASTE) {
        e->waste[e->nwaste++] = t.index;
        tflip(e, t.index);
        return;
    }
    uint8_t *pile = e->pile[t.src];
    if (t.filled >= 0) {
        card_out(e, t.src, pile[--e->plen[t.src]]);
        if (t.fsrc == e->WASTE)
            e->waste[e->nwaste++] = t.filled;
        else
            e->stock[e->nstock++] = t.filled;
        tflip(e, t.filled);
    }
    int n = e->plen[t.src];
    if (t.index >= 0) {
        memmove(pile + t.index + 1, pile + t.index, (size_t)(n - t.index));
        pile[t.index] = (uint8_t)t.card;
    } else {
        pile[n] = (uint8_t)t.card;
    }
    e->plen[t.src] = n + 1;
    card_in(e, t.src, t.card);
}

static void undo_to(E *e, int depth) {
    while (e->depth > depth) undo(e);
}

/* -- key (Search.key): the same equalities, in bytes */
static int cmp_bytes(const void *a, const void *b) {
    const uint8_t *x = *(const uint8_t *const *)a, *y = *(const uint8_t *const *)b;
    if (x[0] != y[0]) return (int)x[0] - (int)y[0];
    return memcmp(x + 1, y + 1, x[0]);
}

static int cmp_u8(const void *a, const void *b) { return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b; }

static size_t make_key(E *e, uint8_t *k) {
    size_t n = 0;
    for (int j = 0; j < e->n_columns; j++) k[n++] = (uint8_t)e->plen[e->columns[j]];
    uint8_t scratch[MAXP][MAXPC + 1];
    const uint8_t *order[MAXP];
    for (int c = 0; c < e->n_classes; c++) {
        if (e->class_kind[c] == 0) { /* one-card piles: the multiset, 2 bits a card */
            const uint8_t *cnt = e->cellcnt[c];
            for (int b = 0; b < 13; b++)
                k[n++] = (uint8_t)(cnt[4 * b] | cnt[4 * b + 1] << 2 | cnt[4 * b + 2] << 4 | cnt[4 * b + 3] << 6);
            continue;
        }
        /* generic: the sorted tuple of pile contents (sorted themselves when access all) */
        int m = e->class_n[c];
        for (int i = 0; i < m; i++) {
            int p = e->class_piles[c][i], len = e->plen[p];
            scratch[i][0] = (uint8_t)len;
            memcpy(scratch[i] + 1, e->pile[p], (size_t)len);
            if (e->access[p] == ACCESS_ALL) qsort(scratch[i] + 1, (size_t)len, 1, cmp_u8);
            order[i] = scratch[i];
        }
        qsort(order, (size_t)m, sizeof(order[0]), cmp_bytes);
        for (int i = 0; i < m; i++) {
            memcpy(k + n, order[i], (size_t)order[i][0] + 1);
            n += (size_t)order[i][0] + 1;
        }
    }
    int bytes = (e->n_talon + 7) / 8;
    for (int b = 0; b < bytes; b++) k[n++] = (uint8_t)(e->tmask[b >> 3] >> (8 * (b & 7)));
    k[n++] = (uint8_t)(e->nstock ? e->stock[e->nstock - 1] : e->n_talon);
    k[n++] = (uint8_t)e->redeals;
    if (e->found_in_key) {
        for (int i = 0; i < e->n_weighted; i++) k[n++] = (uint8_t)e->h[e->weighted[i]];
        for (int g = 0; g < e->n_twins; g++) {
            uint8_t pair[MAXF];
            int m = e->twin_n[g];
            for (int i = 0; i < m; i++) {
                int f = e->twin[g][i];
                pair[i] = (uint8_t)(e->h[f] * 5 + (e->fsuit[f] + 1));
            }
            qsort(pair, (size_t)m, 1, cmp_u8);
            memcpy(k + n, pair, (size_t)m);
            n += (size_t)m;
        }
    }
    return n;
}

/* -- pruning (Search.slot_open, is_safe, _no_rival_place, _best_place, apply_safe) */
static int slot_open(const E *e, int g, int pos, int suit) {
    int h = e->h[g];
    if (h > pos) return 0;
    if (h) return e->fsuit[g] == suit;
    if (e->static_suit[g] >= 0) return e->static_suit[g] == suit;
    return e->placed[suit * 13 + e->rank_at[g][0]] < e->decks;
}

static int no_rival_place(const E *e, int card, int f) {
    int suit = card / 13, cls = e->f_cls[f], hf = e->h[f], sf = e->fsuit[f];
    for (int s = 0; s < e->nslots[card]; s++) {
        int g = e->slot_f[card][s], pos = e->slot_pos[card][s];
        if (g == f || !slot_open(e, g, pos, suit)) continue;
        if (e->f_cls[g] != cls || e->h[g] != hf || e->fsuit[g] != sf) return 0;
    }
    return 1;
}

static int best_place(const E *e, int card, int f) {
    int suit = card / 13;
    for (int s = 0; s < e->nslots[card]; s++) {
        int g = e->slot_f[card][s], pos = e->slot_pos[card][s];
        if (g != f && slot_open(e, g, pos, suit) && !rest_is_prefix(e, g, pos, f, e->h[f])) return 0;
    }
    return 1;
}

static int is_safe(const E *e, int src, int card, int f) {
    int last_waste = !e->nstock && !e->redeals;
    if (src == e->WASTE) {
        if (e->waste_feeds && !last_waste) return 0;
    } else if (e->plen[src] == 1 && e->nfill[src] && !last_waste) {
        for (int s = 0; s < e->nfill[src]; s++)
            if (e->fill[src][s] == e->WASTE ? e->nwaste : e->nstock) return 0;
    }
    int others = e->decks - e->placed[card] - 1;
    if (others) {
        int under;
        if (src == e->WASTE) {
            if (e->redeals == 0) {
                under = 0;
                for (int i = 0; i < e->nwaste - 1; i++) under += e->talon[e->waste[i]] == card;
            } else {
                under = -1;
            }
        } else if (e->access[src] == ACCESS_TOP) {
            under = 0;
            for (int i = 0; i < e->plen[src] - 1; i++) under += e->pile[src][i] == card;
        } else {
            under = -1;
        }
        if (under == others && best_place(e, card, f)) return 1;
    }
    return no_rival_place(e, card, f);
}

/* The free cards of pile p, in the order the Python search tries them: the top card, or
 * for a pile of access all its distinct cards in increasing order. */
static int free_cards(const E *e, int p, int out[52]) {
    if (!e->plen[p]) return 0;
    if (e->access[p] != ACCESS_ALL) {
        out[0] = e->pile[p][e->plen[p] - 1];
        return 1;
    }
    uint8_t seen[52] = {0};
    for (int i = 0; i < e->plen[p]; i++) seen[e->pile[p][i]] = 1;
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (seen[c]) out[n++] = c;
    return n;
}

static int apply_safe(E *e) {
    int again = 1, places[MAXF], cards[52];
    while (again) {
        again = 0;
        for (int i = 0; i < e->n_playable; i++) {
            int p = e->playable[i], nc = free_cards(e, p, cards);
            for (int j = 0; j < nc; j++) {
                int card = cards[j];
                if (e->ntakers[card]) {
                    choose(e, card, places);
                    int f = places[0];
                    if (is_safe(e, p, card, f)) {
                        if (play(e, p, f, card)) return -1;
                        again = 1;
                        break;
                    }
                }
            }
        }
        if (e->nwaste) {
            int card = e->talon[e->waste[e->nwaste - 1]];
            if (e->ntakers[card]) {
                choose(e, card, places);
                int f = places[0];
                if (is_safe(e, e->WASTE, card, f)) {
                    if (play(e, e->WASTE, f, card)) return -1;
                    again = 1;
                }
            }
        }
    }
    return 0;
}

/* Rule B1 (Search.dead_end). */
static int dead_end(const E *e) {
    for (int b = 0; b < e->n_blocks; b++) {
        const Block *bl = &e->blocks[b];
        if (e->plen[bl->p] <= bl->i) continue;
        int c = bl->c, suit = c / 13, all_blocked = 1;
        for (int s = 0; s < e->nslots[c] && all_blocked; s++) {
            int g = e->slot_f[c][s], pos = e->slot_pos[c][s];
            if (!slot_open(e, g, pos, suit)) continue;
            int blocked = 0;
            for (int k = e->h[g]; k < pos && !blocked; k++) {
                int d = suit * 13 + e->rank_at[g][k];
                for (int u = 0; u < bl->n_under; u++)
                    if (bl->under[u] == d && e->decks - e->placed[d] == bl->below[u]) {
                        blocked = 1;
                        break;
                    }
            }
            if (!blocked) all_blocked = 0;
        }
        if (all_blocked) return 1;
    }
    return 0;
}

/* Rule B2 (Search.waste_dead_end). */
static int waste_dead_end(const E *e) {
    if (e->redeals || e->waste_feeds || e->nwaste < 2) return 0;
    int below[52] = {0};
    for (int w = 0; w < e->nwaste; w++) {
        int c = e->talon[e->waste[w]], suit = c / 13, base = suit * 13, all_blocked = 1;
        for (int s = 0; s < e->nslots[c] && all_blocked; s++) {
            int g = e->slot_f[c][s], pos = e->slot_pos[c][s];
            if (!slot_open(e, g, pos, suit)) continue;
            int blocked = 0;
            for (int k = e->h[g]; k < pos; k++) {
                int d = base + e->rank_at[g][k], count = below[d];
                if (count && e->decks - e->placed[d] == count) {
                    blocked = 1;
                    break;
                }
            }
            if (!blocked) all_blocked = 0;
        }
        if (all_blocked) return 1;
        below[c]++;
    }
    return 0;
}

/* -- children (Search.children), appended to e->kids from index base; returns count */
static int push_kid(E *e, int k, int src, int f, int card) {
    if (e->nkids == e->kcap) {
        size_t cap = e->kcap * 2;
        Child *kids = realloc(e->kids, cap * sizeof(Child));
        if (!kids) return -1;
        e->kids = kids;
        e->kcap = cap;
    }
    Child c = {k, src, f, card};
    e->kids[e->nkids++] = c;
    return 0;
}

/* Search._fill_card: the card that refills p if it empties after k turns (-1: none). */
static int fill_card(const E *e, int p, int k) {
    int n = e->nstock;
    for (int s = 0; s < e->nfill[p]; s++) {
        if (e->fill[p][s] == e->WASTE) {
            if (k) return e->talon[e->stock[n - k]];
            if (e->nwaste) return e->talon[e->waste[e->nwaste - 1]];
        } else if (k < n) {
            return e->talon[e->stock[n - k - 1]];
        }
    }
    return -1;
}

#define PUSH(k_, src_, f_, card_)                                   \
    do {                                                            \
        if (push_kid(e, (k_), (src_), (f_), (card_))) return -1;    \
    } while (0)

static int children(E *e) {
    /* (pile, card) pairs: at most 52 distinct cards in each playable pile */
    int out_p[MAXP * 52], out_c[MAXP * 52], nout = 0;
    int lat_p[MAXP * 52], lat_c[MAXP * 52], nlat = 0;
    int cards[52], places[MAXF];
    for (int i = 0; i < e->n_playable; i++) {
        int p = e->playable[i], nc = free_cards(e, p, cards);
        for (int j = 0; j < nc; j++) {
            int card = cards[j];
            if (!e->ntakers[card]) continue;
            if (e->col_of[p] >= 0) {
                out_p[nout] = p;
                out_c[nout++] = card;
            } else {
                lat_p[nlat] = p;
                lat_c[nlat++] = card;
            }
        }
    }
    for (int i = 0; i < nout; i++) {
        int m = choose(e, out_c[i], places);
        for (int j = 0; j < m; j++) PUSH(0, out_p[i], places[j], out_c[i]);
    }
    if (e->nwaste) {
        int card = e->talon[e->waste[e->nwaste - 1]];
        if (e->ntakers[card]) {
            int m = choose(e, card, places);
            for (int j = 0; j < m; j++) PUSH(0, e->WASTE, places[j], card);
        }
    }
    int ref_p[MAXP], ref_c[MAXP], nref = 0;
    for (int i = 0; i < nlat; i++) {
        int p = lat_p[i];
        if (e->plen[p] == 1 && e->nfill[p]) {
            ref_p[nref] = p;
            ref_c[nref++] = lat_c[i];
        }
    }
    for (int i = 0; i < nlat; i++) {
        int p = lat_p[i];
        if (e->plen[p] == 1 && e->nfill[p]) continue;
        int m = choose(e, lat_c[i], places);
        for (int j = 0; j < m; j++) PUSH(0, p, places[j], lat_c[i]);
    }
    int n = e->nstock;
    int stop_at_safe = e->prune && !e->waste_feeds;
    for (int k = 0; k <= n; k++) {
        if (k) {
            int card = e->talon[e->stock[n - k]];
            if (e->ntakers[card]) {
                int m = choose(e, card, places);
                for (int j = 0; j < m; j++) PUSH(k, e->WASTE, places[j], card);
                if (stop_at_safe && !nref && no_rival_place(e, card, places[0])) return 0;
            }
        }
        for (int i = 0; i < nref; i++) {
            int p = ref_p[i], r = ref_c[i];
            int saved = fill_card(e, p, k);
            if (saved < 0) {
                if (!k) {
                    int m = choose(e, r, places);
                    for (int j = 0; j < m; j++) PUSH(0, p, places[j], r);
                }
                continue;
            }
            int m = choose(e, r, places);
            for (int j = 0; j < m; j++) PUSH(k, p, places[j], r);
        }
    }
    if (e->redeals > 0 && (e->nstock || e->nwaste)) PUSH(n, REDEAL_SRC, 0, NOCARD);
    return 0;
}

/* ------------------------------------------- rule R3 (relaxations.StockFreeCheck) */
static size_t r3_key(const E *e, const R3State *st, uint8_t *k) {
    size_t n = 0;
    for (int i = 0; i < e->n_found; i++) k[n++] = (uint8_t)st->h[i];
    for (int j = 0; j < e->n_columns; j++) k[n++] = st->colh[j];
    k[n++] = (uint8_t)(st->wp & 255);
    k[n++] = (uint8_t)(st->wp >> 8);
    for (int c = 0; c < 52; c++) k[n++] = (uint8_t)st->stock[c];
    for (int c = 0; c < 52; c++)
        if (st->held_f[c] >= 0) {
            k[n++] = (uint8_t)c;
            k[n++] = (uint8_t)st->held_f[c];
            k[n++] = (uint8_t)st->held_where[c];
            k[n++] = (uint8_t)(st->held_col[c] + 1);
        }
    return n;
}

/* StockFreeCheck._play: the move (card to foundation index fi from where/col). */
static void r3_play(const E *e, R3State *st, int card, int fi, int where, int col) {
    st->h[fi]++;
    st->placed[card]++;
    if (where == W_COLUMN) {
        st->colh[col]--;
    } else if (where == W_STOCK) {
        st->stock[card]--;
    } else {
        st->cell[card]--;
        if (st->wp < e->sf_nwaste) {
            st->wp++;
            if (st->wp < e->sf_nwaste) st->cell[e->sf_waste[st->wp]]++;
        }
    }
}

/* StockFreeCheck._longer_rest_first (rule S1r): the copy of card from where may go to the
 * foundation with index fi at once. */
static int r3_longer_rest_first(const E *e, const R3State *st, int card, int fi, int where) {
    int f = e->found[fi];
    for (int s = 0; s < e->nslots[card]; s++) {
        int g = e->slot_f[card][s], pos = e->slot_pos[card][s], gi = e->fi_of[g];
        if (gi != fi && st->h[gi] <= pos && !rest_is_prefix(e, g, pos, f, st->h[fi])) return 0;
    }
    if (st->stock[card] - (where == W_STOCK)) return 1;
    if (where != W_CELL) return 0;
    if (st->cell[card] > 1) return 1;
    for (int i = st->wp + 1; i < e->sf_nwaste; i++)
        if (e->sf_waste[i] == card) return 1;
    return 0;
}

static int r3_solve(E *e, R3State *st) {
    if (e->sf_nodes == e->sf_limit) return R_OVER;
    e->sf_nodes++;
    if (e->deadline >= 0 && !(e->sf_nodes & 63) && now() > e->deadline) {
        e->sf_positions += e->sf_nodes;
        return R_LIMIT;
    }
    int nf = e->n_found;
    for (;;) {
        if (!st->out) return R_WON;
        /* wanted: distinct cards in order of first foundation, each with its takers */
        int wcard[MAXF], wn[MAXF], wt[MAXF][MAXF], nw = 0;
        for (int fi = 0; fi < nf; fi++) {
            int f = e->found[fi];
            if (st->h[fi] >= e->f_length[f]) continue;
            int card = e->static_suit[f] * 13 + e->rank_at[f][st->h[fi]];
            int w;
            for (w = 0; w < nw && wcard[w] != card; w++)
                ;
            if (w == nw) {
                wcard[nw] = card;
                wn[nw++] = 0;
            }
            wt[w][wn[w]++] = fi;
        }
        int mv = 0, mcard = 0, mf = 0, mwhere = 0, mcol = 0;
        int br = 0, bcard = 0, bf = 0, bwhere = 0, bcol = 0;
        for (int w = 0; w < nw; w++) {
            int card = wcard[w];
            int in_cols[MAXP], nin = 0;
            for (int j = 0; j < e->n_columns; j++)
                if (st->colh[j] && e->col_dealt[j][st->colh[j] - 1] == card) in_cols[nin++] = j;
            if (!nin && !st->cell[card] && !st->stock[card]) continue;
            if (st->held_f[card] >= 0) {
                int ex = st->held_f[card], where = st->held_where[card], col = st->held_col[card];
                int other = -1;
                for (int t = 0; t < wn[w]; t++)
                    if (wt[w][t] != ex) {
                        other = wt[w][t];
                        break;
                    }
                if (other >= 0) { /* the held copy's place is ready */
                    st->held_f[card] = -1;
                    mv = 1, mcard = card, mf = other, mwhere = where, mcol = col;
                    break;
                }
                /* ex wants it: any other free copy is the one kept for ex */
                int rwhere = -1, rcol = -1;
                if (st->cell[card] - (where == W_CELL)) {
                    rwhere = W_CELL;
                } else if (st->stock[card] - (where == W_STOCK)) {
                    rwhere = W_STOCK;
                } else {
                    for (int t = 0; t < nin; t++)
                        if (!(where == W_COLUMN && in_cols[t] == col)) {
                            rwhere = W_COLUMN;
                            rcol = in_cols[t];
                            break;
                        }
                }
                if (rwhere >= 0) {
                    mv = 1, mcard = card, mf = ex, mwhere = rwhere, mcol = rcol;
                    break;
                }
                continue;
            }
            int fi = wt[w][0];
            for (int t = 1; t < wn[w]; t++) {
                int g = wt[w][t];
                if (beaten(e, e->found[fi], st->h[fi], e->found[g], st->h[g])) fi = g;
            }
            int where, col = -1;
            if (st->cell[card])
                where = W_CELL;
            else if (st->stock[card])
                where = W_STOCK;
            else
                where = W_COLUMN, col = in_cols[0];
            int rival = 0, f = e->found[fi];
            for (int s = 0; s < e->nslots[card]; s++) {
                int g = e->slot_f[card][s], pos = e->slot_pos[card][s], gi = e->fi_of[g];
                if (gi != fi && st->h[gi] <= pos && (e->f_cls[g] != e->f_cls[f] || st->h[gi] != st->h[fi])) {
                    rival = 1;
                    break;
                }
            }
            if (!rival || st->cell[card] + st->stock[card] == e->decks - st->placed[card] ||
                (e->sf_longer_rest && r3_longer_rest_first(e, st, card, fi, where))) {
                mv = 1, mcard = card, mf = fi, mwhere = where, mcol = col;
                break;
            }
            if (!br) br = 1, bcard = card, bf = fi, bwhere = where, bcol = col;
        }
        if (mv) {
            r3_play(e, st, mcard, mf, mwhere, mcol);
            st->out--;
            continue;
        }
        if (!br) return R_LOST;
        uint8_t key[KEYMAX];
        size_t kn = r3_key(e, st, key);
        if (set_has(&e->sf_lost_states, key, kn)) return R_LOST;
        /* now: the copy goes to its pile at once */
        R3State now_ = *st;
        r3_play(e, &now_, bcard, bf, bwhere, bcol);
        now_.out--;
        int r = r3_solve(e, &now_);
        if (r != R_LOST) return r;
        /* held: the copy waits for the card's other place */
        R3State held = *st;
        held.held_f[bcard] = (int8_t)bf;
        held.held_where[bcard] = (int8_t)bwhere;
        held.held_col[bcard] = (int8_t)bcol;
        r = r3_solve(e, &held);
        if (r != R_LOST) return r;
        if (set_add(&e->sf_lost_states, key, kn)) return R_NOMEM;
        return R_LOST;
    }
}

/* StockFreeCheck.lost: 1 lost, 0 not proved, or R_LIMIT / R_NOMEM. */
static int r3_lost(E *e, const uint8_t *key, size_t kn) {
    if (set_has(&e->sf_not_lost, key, kn)) return 0;
    if (e->deadline >= 0 && now() > e->deadline) return R_LIMIT;
    R3State st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < e->n_found; i++) st.h[i] = (int8_t)e->h[e->found[i]];
    for (int j = 0; j < e->n_columns; j++) st.colh[j] = (uint8_t)e->plen[e->columns[j]];
    for (int i = 0; i < e->sf_ncells; i++) {
        int p = e->sf_cells[i];
        for (int k = 0; k < e->plen[p]; k++) st.cell[e->pile[p][k]]++;
    }
    for (int i = 0; i < e->nstock; i++) st.stock[e->talon[e->stock[i]]]++;
    e->sf_nwaste = e->nwaste;
    for (int i = 0; i < e->nwaste; i++) e->sf_waste[i] = e->talon[e->waste[e->nwaste - 1 - i]];
    if (e->nwaste) st.cell[e->sf_waste[0]]++;
    long long limit = e->sf_budget;
    if (e->max_positions >= 0) {
        long long room = e->max_positions - e->positions - e->sf_positions;
        if (room < limit) limit = room;
        if (limit <= 0) return 0;
    }
    e->sf_limit = limit;
    e->sf_nodes = 0;
    set_clear(&e->sf_lost_states);
    for (int c = 0; c < 52; c++) {
        st.placed[c] = (int8_t)e->placed[c];
        st.held_f[c] = -1;
    }
    st.wp = 0;
    st.out = e->n_cards - e->on_found;
    int r = r3_solve(e, &st);
    if (r == R_LIMIT || r == R_NOMEM) return r;
    int verdict = r == R_LOST;
    int kind = verdict ? 0 : r == R_OVER ? 2 : 1;
    e->n_check[kind]++;
    e->check_pos[kind] += e->sf_nodes;
    e->sf_positions += e->sf_nodes;
    if (!verdict && set_add(&e->sf_not_lost, key, kn)) return R_NOMEM;
    return verdict;
}

/* ------------------------------------------------------------------ the search */
static inline long long checked(const E *e) { return e->sf_on ? e->sf_positions : 0; }

/* Ctrl-C must stop a search that has no limit: take the GIL back for a moment and let
 * Python run its signal handlers (the exception they raise stays set). */
static int check_signals(E *e) {
    PyEval_RestoreThread(e->thread);
    int raised = PyErr_CheckSignals();
    e->thread = PyEval_SaveThread();
    return raised;
}

/* Search._lost_after_turns: 1, 0 or an error code. */
static int lost_after_turns(E *e, int j) {
    int mark = e->depth;
    for (int i = 0; i < j; i++)
        if (turn(e)) return R_NOMEM;
    uint8_t key[KEYMAX];
    size_t kn = make_key(e, key);
    int lost = set_has(&e->lost, key, kn);
    if (!lost) {
        lost = r3_lost(e, key, kn);
        if (lost < 0) {
            undo_to(e, mark);
            return lost;
        }
    }
    if (lost && set_add(&e->lost, key, kn)) return R_NOMEM;
    undo_to(e, mark);
    return lost;
}

#define LOST_AFTER(j_, var_)                      \
    do {                                          \
        int r_ = lost_after_turns(e, (j_));       \
        if (r_ < 0) return r_;                    \
        var_ = r_;                                \
    } while (0)

/* Search.turn_ahead_cut: the fewest turns j after which R3 proves the node lost (0: none),
 * or an error code (negative). */
static int turn_ahead_cut(E *e) {
    int n = e->nstock;
    if (!(e->turn_ahead && e->looking_ahead && e->checking) || e->redeals || !n || n > e->ahead_max_stock)
        return 0;
    e->n_ahead_calls++;
    int lo = 1;
    if (n - e->check_max_stock > lo) lo = n - e->check_max_stock;
    if (e->min_waste - e->nwaste > lo) lo = e->min_waste - e->nwaste;
    if (lo > n) return 0;
    int guess = n - e->cut_stock;
    if (guess < lo) guess = lo;
    if (guess > n) guess = n;
    int low, hi, lost;
    LOST_AFTER(guess, lost);
    if (lost) {
        int step = 1;
        hi = guess;
        for (;;) {
            if (hi - step < lo) break;
            LOST_AFTER(hi - step, lost);
            if (!lost) break;
            hi -= step;
            step *= 2;
        }
        low = hi - step + 1;
        if (low < lo) low = lo;
    } else {
        int known = guess, step = 1;
        for (;;) {
            int probe = known + step < n ? known + step : n;
            if (probe == known) return 0;
            LOST_AFTER(probe, lost);
            if (lost) {
                low = known + 1;
                hi = probe;
                break;
            }
            known = probe;
            step *= 2;
        }
    }
    while (low < hi) {
        int mid = (low + hi) / 2;
        LOST_AFTER(mid, lost);
        if (lost)
            hi = mid;
        else
            low = mid + 1;
    }
    e->cut_stock = n - hi;
    e->n_ahead_cuts++;
    return hi;
}

typedef struct {
    double r;
    int i;
} Order;

static int cmp_order(const void *a, const void *b) {
    const Order *x = a, *y = b;
    if (x->r < y->r) return -1;
    if (x->r > y->r) return 1;
    return x->i - y->i;
}

static int dfs(E *e) {
    int depth = e->depth;
    if (e->prune && apply_safe(e)) return R_NOMEM;
    if (e->on_found > e->most_found) e->most_found = e->on_found;
    if (e->on_found == e->n_cards) return R_WON;
    uint8_t key[KEYMAX];
    size_t kn = make_key(e, key);
    if (set_has(&e->lost, key, kn)) {
        undo_to(e, depth);
        return R_LOST;
    }
    e->positions++;
    if (e->max_positions >= 0 && e->positions + checked(e) > e->max_positions) return R_LIMIT;
    if (e->table_limit >= 0 && (long long)e->lost.count >= e->table_limit) {
        e->table_full = 1;
        return R_LIMIT;
    }
    if (!(e->positions & 1023)) {
        if (e->deadline >= 0 && now() > e->deadline) return R_LIMIT;
        if (check_signals(e)) return R_SIGNAL;
    }
    if (e->restart_at >= 0 && e->positions + checked(e) > e->restart_at) return R_RESTART;
    int cut_off = 0;
    if (e->prune) {
        if (dead_end(e) || waste_dead_end(e)) {
            cut_off = 1;
            e->n_dead_ends++;
        } else if (e->sf_on && e->checking && !e->redeals && e->nwaste >= e->min_waste &&
                   e->nstock <= e->check_max_stock) {
            int r = r3_lost(e, key, kn);
            if (r < 0) return r;
            cut_off = r;
        }
    }
    if (!cut_off) {
        size_t base = e->nkids;
        if (children(e)) return R_NOMEM;
        int cut = turn_ahead_cut(e);
        if (cut < 0) {
            e->nkids = base;
            return cut;
        }
        size_t n = e->nkids - base;
        if (cut > 0) { /* keep the children with fewer turns than the cut */
            size_t m = 0;
            for (size_t i = 0; i < n; i++)
                if (e->kids[base + i].k < cut) e->kids[base + m++] = e->kids[base + i];
            n = m;
            e->nkids = base + n;
        }
        if (e->has_rng && e->shuffle && n > 1) {
            Order *ord = malloc(n * sizeof(Order));
            Child *copy = malloc(n * sizeof(Child));
            if (!ord || !copy) {
                free(ord);
                free(copy);
                return R_NOMEM;
            }
            for (size_t i = 0; i < n; i++) {
                ord[i].r = (double)i + mt_expovariate(&e->rng, 0.7);
                ord[i].i = (int)i;
            }
            qsort(ord, n, sizeof(Order), cmp_order);
            memcpy(copy, e->kids + base, n * sizeof(Child));
            for (size_t i = 0; i < n; i++) e->kids[base + i] = copy[ord[i].i];
            free(ord);
            free(copy);
        }
        for (size_t i = 0; i < n; i++) {
            Child c = e->kids[base + i];
            int mark = e->depth;
            for (int t = 0; t < c.k; t++)
                if (turn(e)) return R_NOMEM;
            if (c.src == REDEAL_SRC) {
                if (redeal(e)) return R_NOMEM;
            } else if (play(e, c.src, c.f, c.card)) {
                return R_NOMEM;
            }
            int r = dfs(e);
            if (r != R_LOST) {
                e->nkids = base;
                return r;
            }
            undo_to(e, mark);
        }
        e->nkids = base;
    }
    if (set_add(&e->lost, key, kn)) return R_NOMEM;
    undo_to(e, depth);
    return R_LOST;
}

/* Search.run. */
static int run_search(E *e) {
    if (!e->has_rng) return dfs(e);
    long long budget = e->restart_budget0;
    int first = 1;
    for (;;) {
        e->restart_at = e->positions + checked(e) + budget;
        e->shuffle = !first;
        e->checking = budget >= e->growth_limit;
        e->looking_ahead = budget >= e->ahead_min_budget;
        int r = dfs(e);
        if (r != R_RESTART) return r;
        undo_to(e, 0);
        budget = budget < e->growth_limit ? budget * 11 / 10 : budget * 2;
        first = 0;
    }
}

/* ------------------------------------------------------------ reading the spec */
typedef struct {
    const int32_t *v;
    Py_ssize_t n, i;
    int bad;
} Reader;

static int rd(Reader *r) {
    if (r->i >= r->n) {
        r->bad = 1;
        return 0;
    }
    return r->v[r->i++];
}

/* A count followed by that many values, each in [lo, hi). */
static int rd_list(Reader *r, int *out, int max, int lo, int hi) {
    int n = rd(r);
    if (n < 0 || n > max) {
        r->bad = 1;
        return 0;
    }
    for (int i = 0; i < n; i++) {
        int x = rd(r);
        if (x < lo || x >= hi) r->bad = 1;
        out[i] = x;
    }
    return n;
}

static const char *read_spec(E *e, Reader *r) {
    int tmp[MAXPC];
    if (rd(r) != SPEC_VERSION) return "spec version mismatch";
    e->n_piles = rd(r);
    if (e->n_piles <= 0 || e->n_piles > MAXP) return "too many piles";
    e->STOCK = rd(r);
    e->WASTE = rd(r);
    e->decks = rd(r);
    e->prune = rd(r);
    e->n_cards = rd(r);
    e->on_found = rd(r);
    e->redeals = rd(r);
    e->waste_feeds = rd(r);
    e->found_in_key = rd(r);
    e->positions = rd(r);
    e->most_found = rd(r);
    e->min_waste = rd(r);
    e->check_max_stock = rd(r);
    e->ahead_max_stock = rd(r);
    e->ahead_min_budget = rd(r);
    e->growth_limit = rd(r);
    e->restart_budget0 = rd(r);
    if (e->decks < 1 || e->decks > 2 || e->redeals < 0 || e->redeals > 255) return "decks or redeals out of range";
    e->n_talon = rd_list(r, e->talon, MAXT, 0, 52);
    e->nwaste = rd_list(r, e->waste, MAXT, 0, e->n_talon);
    e->nstock = rd_list(r, e->stock, MAXT, 0, e->n_talon);
    int present = rd_list(r, tmp, MAXT, 0, 2);
    if (present != e->n_talon) return "talon mask length";
    e->tmask[0] = e->tmask[1] = 0;
    for (int i = 0; i < present; i++)
        if (tmp[i]) tflip(e, i);
    for (int p = 0; p < e->n_piles; p++) {
        e->access[p] = rd(r);
        e->nfill[p] = rd_list(r, e->fill[p], 4, 0, e->n_piles);
        e->plen[p] = rd_list(r, tmp, MAXPC - 1, 0, 52);
        for (int i = 0; i < e->plen[p]; i++) e->pile[p][i] = (uint8_t)tmp[i];
    }
    e->n_playable = rd_list(r, e->playable, MAXP, 0, e->n_piles);
    e->n_columns = rd_list(r, e->columns, MAXP, 0, e->n_piles);
    for (int p = 0; p < MAXP; p++) e->col_of[p] = -1, e->single_class_of[p] = -1, e->fi_of[p] = 0;
    for (int j = 0; j < e->n_columns; j++) {
        int p = e->columns[j];
        e->col_of[p] = j;
        memset(e->col_dealt[j], 0, sizeof e->col_dealt[j]);
        for (int i = 0; i < e->plen[p]; i++) e->col_dealt[j][i] = e->pile[p][i];
    }
    e->n_classes = rd(r);
    if (e->n_classes < 0 || e->n_classes > MAXP) return "classes";
    memset(e->cellcnt, 0, sizeof e->cellcnt);
    for (int c = 0; c < e->n_classes; c++) {
        e->class_kind[c] = rd(r);
        e->class_n[c] = rd_list(r, e->class_piles[c], MAXP, 0, e->n_piles);
        if (e->class_kind[c] == 0)
            for (int i = 0; i < e->class_n[c]; i++) {
                int p = e->class_piles[c][i];
                e->single_class_of[p] = c;
                for (int k = 0; k < e->plen[p]; k++) e->cellcnt[c][e->pile[p][k]]++;
            }
    }
    e->n_found = rd(r);
    if (e->n_found <= 0 || e->n_found > MAXF) return "foundations";
    for (int i = 0; i < e->n_found; i++) {
        int f = rd(r);
        if (f < 0 || f >= e->n_piles) return "foundation pile";
        e->found[i] = f;
        e->fi_of[f] = i;
        e->f_length[f] = rd(r);
        e->static_suit[f] = rd(r);
        e->fsuit[f] = rd(r);
        e->h[f] = rd(r);
        e->f_cls[f] = rd(r);
        int len = rd_list(r, e->rank_at[f], 13, 0, 13);
        if (len != e->f_length[f]) return "rank sequence length";
    }
    e->n_weighted = rd_list(r, e->weighted, MAXF, 0, e->n_piles);
    e->n_twins = rd(r);
    if (e->n_twins < 0 || e->n_twins > MAXF) return "twins";
    for (int g = 0; g < e->n_twins; g++) e->twin_n[g] = rd_list(r, e->twin[g], MAXF, 0, e->n_piles);
    for (int c = 0; c < 52; c++) e->ntakers[c] = rd_list(r, e->takers[c], MAXF, 0, e->n_piles);
    for (int c = 0; c < 52; c++) e->placed[c] = rd(r);
    e->n_blocks = rd(r);
    if (e->n_blocks < 0 || e->n_blocks > MAXB) return "blocks";
    e->blocks = calloc((size_t)(e->n_blocks ? e->n_blocks : 1), sizeof(Block));
    if (!e->blocks) return "out of memory";
    for (int b = 0; b < e->n_blocks; b++) {
        Block *bl = &e->blocks[b];
        bl->p = rd(r);
        bl->i = rd(r);
        bl->c = rd(r);
        bl->n_under = rd_list(r, bl->under, 26, 0, 52);
        if (bl->p < 0 || bl->p >= e->n_piles || e->col_of[bl->p] < 0) return "block column";
        int j = e->col_of[bl->p];
        for (int u = 0; u < bl->n_under; u++) {
            bl->below[u] = 0;
            for (int k = 0; k < bl->i && k < MAXPC; k++) bl->below[u] += e->col_dealt[j][k] == bl->under[u];
        }
    }
    e->sf_on = rd(r);
    e->sf_budget = rd(r);
    e->sf_positions = rd(r);
    e->sf_longer_rest = rd(r);
    e->sf_ncells = rd_list(r, e->sf_cells, MAXP, 0, e->n_piles);
    e->turn_ahead = rd(r);
    e->cut_stock = rd(r);
    e->checking = rd(r);
    e->looking_ahead = rd(r);
    e->has_rng = rd(r);
    if (e->has_rng) {
        for (int i = 0; i < 624; i++) e->rng.mt[i] = (uint32_t)rd(r);
        e->rng.index = rd(r);
    }
    if (r->bad || r->i != r->n) return "malformed spec";
    /* slots[card]: every (foundation, position) where the card fits, in foundation order */
    for (int card = 0; card < 52; card++) {
        int rank = card % 13, suit = card / 13;
        e->nslots[card] = 0;
        for (int i = 0; i < e->n_found; i++) {
            int f = e->found[i];
            if (e->static_suit[f] != -1 && e->static_suit[f] != suit) continue;
            for (int k = 0; k < e->f_length[f]; k++)
                if (e->rank_at[f][k] == rank) {
                    e->slot_f[card][e->nslots[card]] = f;
                    e->slot_pos[card][e->nslots[card]++] = k;
                    break;
                }
        }
    }
    memset(e->beaten_memo, -1, sizeof e->beaten_memo);
    return NULL;
}

/* ------------------------------------------------------------------ the module */
static PyObject *engine_run(PyObject *self, PyObject *args) {
    Py_buffer buf;
    long long max_positions, table_limit = -1;
    double deadline;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*Ld|L", &buf, &max_positions, &deadline, &table_limit)) return NULL;
    E *e = calloc(1, sizeof(E));
    if (!e) {
        PyBuffer_Release(&buf);
        return PyErr_NoMemory();
    }
    Reader r = {(const int32_t *)buf.buf, buf.len / (Py_ssize_t)sizeof(int32_t), 0, 0};
    const char *bad = read_spec(e, &r);
    PyBuffer_Release(&buf);
    if (bad) {
        free(e->blocks);
        free(e);
        PyErr_Format(PyExc_ValueError, "patience engine: %s", bad);
        return NULL;
    }
    e->max_positions = max_positions;
    e->table_limit = table_limit;
    e->deadline = deadline;
    e->restart_at = -1;
    e->cap = 512;
    e->line = malloc((size_t)e->cap * 3 * sizeof(int));
    e->trail = malloc((size_t)e->cap * sizeof(Trail));
    e->kcap = 4096;
    e->kids = malloc(e->kcap * sizeof(Child));
    int ok = e->line && e->trail && e->kids && !set_init(&e->lost, 1 << 16) &&
             !set_init(&e->sf_not_lost, 1 << 10) && !set_init(&e->sf_lost_states, 1 << 12);
    int verdict = R_NOMEM;
    if (ok) {
        e->thread = PyEval_SaveThread();
        verdict = run_search(e);
        PyEval_RestoreThread(e->thread);
    }
    PyObject *result = NULL;
    if (verdict == R_NOMEM) {
        PyErr_NoMemory();
    } else if (verdict != R_SIGNAL) {
        PyObject *line = PyList_New(3 * (Py_ssize_t)e->depth);
        PyObject *state = Py_None;
        Py_INCREF(Py_None);
        if (line) {
            for (int i = 0; i < 3 * e->depth; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(e->line[i]));
            if (e->has_rng) {
                Py_DECREF(state);
                state = PyTuple_New(625);
                if (state) {
                    for (int i = 0; i < 624; i++) PyTuple_SET_ITEM(state, i, PyLong_FromUnsignedLong(e->rng.mt[i]));
                    PyTuple_SET_ITEM(state, 624, PyLong_FromLong(e->rng.index));
                }
            }
            PyObject *stats = Py_BuildValue(
                "{sLsLsLsLsLsLsLsLsL}", "checks_lost", e->n_check[0], "checks_not_lost", e->n_check[1],
                "checks_over_budget", e->n_check[2], "check_positions_lost", e->check_pos[0],
                "check_positions_not_lost", e->check_pos[1], "check_positions_over_budget", e->check_pos[2],
                "ahead_calls", e->n_ahead_calls, "ahead_cuts", e->n_ahead_cuts, "dead_ends", e->n_dead_ends);
            if (state && stats)
                result = Py_BuildValue("iLLiNNN", verdict == R_WON ? 1 : verdict == R_LOST ? 0 : e->table_full ? -2 : -1,
                                       e->positions, e->sf_positions, e->most_found, line, state, stats);
            else {
                Py_XDECREF(stats);
                Py_XDECREF(state);
                Py_DECREF(line);
            }
        } else {
            Py_DECREF(state);
        }
    }
    free(e->line);
    free(e->trail);
    free(e->kids);
    free(e->blocks);
    set_free(&e->lost);
    set_free(&e->sf_not_lost);
    set_free(&e->sf_lost_states);
    free(e);
    return result;
}

static PyMethodDef methods[] = {
    {"run", engine_run, METH_VARARGS,
     "run(spec, max_positions, deadline[, table_limit]) -> (verdict, positions, checked, most_on_foundations, line,\n"
     "rng_state, stats)\n\n"
     "Run the search packed by patience_core.solver.engine.pack. verdict: 1 won, 0 lost, -1 the position\n"
     "budget or the deadline was reached, -2 the table of lost positions reached table_limit entries;\n"
     "max_positions, deadline and table_limit < 0 mean none."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_engine",
                                    "The solver's search, compiled (see patience_core/solver/engine.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__engine(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "SPEC_VERSION", SPEC_VERSION)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
