/* The compiled search of the Royal Cotillion family: the types and functions its files share.
 *
 * The only copy of the family's pruned search (docs/solver.md: M1, M2, S1, D1, B1, B2, R3, R3
 * ahead and the restarts; R1 and R2 are configurations of it that patience_core/solver/search.py
 * lays out, and R2 at the nodes calls back into its check). Until stop 50 it was a port of a
 * Python search, node for node; the restarts still draw Python's random numbers (Mersenne
 * Twister and expovariate, from the state search.py hands over), so a position budget gives
 * the answer it gave then. tests/test_engine.py holds it to the exhaustive search by verdict.
 *
 * One file a job:
 *   f_table.c   hash sets of keys (the table of lost positions, R3's tables)
 *   f_rng.c     Python's random.Random (MT19937) for the restarts
 *   f_moves.c   play, turn, redeal and undo; the takers lists; the children of a node
 *   f_key.c     the key of a position
 *   f_prune.c   the safe plays, the dead ends of B1 and B2 (rule D1, choose, is inline below)
 *   f_r3.c      rule R3, the stock-free check
 *   f_search.c  the depth-first search, its restarts and R3 ahead
 *   f_load.c    the input: the buffer packed by engine.py, bound through f_spec.h, into E
 *   f_module.c  the Python module: arguments, the GIL and signals, the results
 * f_spec.h is generated from the field table patience_core.solver.engine.SPEC (do not edit it).
 * Only f_module.c includes Python.h.
 */
#ifndef F_ENGINE_H
#define F_ENGINE_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "../portable.h"

#define FAMILY_API PT_HIDDEN /* shared between the files, not exported */

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
#define R_SIGNAL (-5)  /* a signal handler or R2's check raised (Ctrl-C): the exception is set */

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

/* -------------------------------------------- Python's random.Random (MT19937) */
typedef struct {
    uint32_t mt[624];
    int index;
} MT;

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

/* One position of an R3 check's game. */
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
    void *thread; /* the PyThreadState saved while the search runs without the GIL (f_module.c) */
    void *split;  /* rule R2 at the nodes: search.py's check (a callable), or NULL */
    /* counters for benchmarks (engine_stats): R3 checks by outcome, and their positions */
    long long n_check[3], check_pos[3]; /* [lost, not lost, over budget] */
    long long n_ahead_calls, n_ahead_cuts, n_dead_ends;
} E;

/* ------------------------------------------------------ small helpers, inlined everywhere */
static inline double now(void) { return pt_now(); }

/* talon card i still in the stock or the waste */
static inline int tbit(const E *e, int i) { return (int)((e->tmask[i >> 6] >> (i & 63)) & 1); }
static inline void tflip(E *e, int i) { e->tmask[i >> 6] ^= 1ULL << (i & 63); }

/* The rest of foundation f's sequence after position pf (what it needs once it has taken the
 * card there), and whether g's rest after pg is a prefix of it. */
static inline int rest_len(const E *e, int f, int pf) {
    int n = e->f_length[f] - pf - 1;
    return n > 0 ? n : 0;
}

static inline int rest_is_prefix(const E *e, int g, int pg, int f, int pf) {
    int ng = rest_len(e, g, pg);
    if (ng > rest_len(e, f, pf)) return 0;
    for (int i = 0; i < ng; i++)
        if (e->rank_at[g][pg + 1 + i] != e->rank_at[f][pf + 1 + i]) return 0;
    return 1;
}

/* Called for every card of every node from f_moves.c, f_prune.c and f_r3.c: inline, as in one file. */
/* The free cards of pile p, in the order the search tries them: the top card, or
 * for a pile of access all its distinct cards in increasing order. */
static inline int free_cards(const E *e, int p, int out[52]) {
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

/* Rule D1's test: is g the better place for a card that fits f at height
 * hf and g at hg? */
static inline int beaten(E *e, int f, int hf, int g, int hg) {
    int fi = e->fi_of[f], gi = e->fi_of[g];
    int8_t *memo = &e->beaten_memo[fi][hf][gi][hg];
    if (*memo < 0)
        *memo = (int8_t)(rest_is_prefix(e, f, hf, g, hg) && (rest_len(e, f, hf) != rest_len(e, g, hg) || g < f));
    return *memo;
}

/* Rule D1: the foundations worth trying for card (out), from takers t. */
static inline int choose(E *e, int card, int out[MAXF]) {
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

/* f_table.c */
FAMILY_API int set_init(KeySet *s, size_t cap);
FAMILY_API void set_free(KeySet *s);
FAMILY_API void set_clear(KeySet *s);
FAMILY_API int set_has(const KeySet *s, const uint8_t *k, size_t n);
FAMILY_API int set_add(KeySet *s, const uint8_t *k, size_t n); /* 0, or -1 out of memory */

/* f_rng.c */
FAMILY_API double mt_expovariate(MT *g, double lambd);

/* f_moves.c: the moves return -1 when out of memory */
FAMILY_API int play(E *e, int src, int f, int card);
FAMILY_API int turn(E *e);
FAMILY_API int redeal(E *e);
FAMILY_API void undo_to(E *e, int depth);
FAMILY_API int children(E *e); /* appended to e->kids; -1 out of memory */

/* f_key.c */
FAMILY_API size_t make_key(E *e, uint8_t *k);

/* f_prune.c */
FAMILY_API int no_rival_place(const E *e, int card, int f);
FAMILY_API int apply_safe(E *e); /* -1 out of memory */
FAMILY_API int dead_end(const E *e);
FAMILY_API int waste_dead_end(const E *e);

/* f_r3.c: 1 lost, 0 not proved, or R_LIMIT / R_NOMEM */
FAMILY_API int r3_lost(E *e, const uint8_t *key, size_t kn);

/* f_search.c: R_WON, R_LOST or an unwinding code */
FAMILY_API int run_search(E *e);

/* f_load.c: the tables and position of the buffer packed by engine.py (n int32 words) into
 * e, which is zeroed; NULL, or what is wrong. Allocates e->blocks. */
FAMILY_API const char *load_spec(E *e, const int32_t *buf, size_t n);
FAMILY_API int spec_version(void);

/* f_module.c: let Python run its signal handlers; nonzero when one raised */
FAMILY_API int check_signals(E *e);
/* Rule R2 at this node (search.py's Search.split_dead_end_at, called with the GIL): 1 lost, 0 not, R_LIMIT
 * (the deadline passed in a suit's search) or R_SIGNAL (it raised: the exception is set). */
FAMILY_API int split_lost(E *e);

#endif /* F_ENGINE_H */
