/* The general search's position and the declarations its files share.
 *
 * Files by job: g_moves.c (legal moves, apply, undo: the mirror of model/legal.py and
 * model/position.py), g_key.c (canonical keys and the table of seen positions),
 * g_prune.c (safe plays, K+ stock macros, dominance, move order), g_search.c (the
 * depth-first search), g_beam.c (the beam between its attempts), g_module.c (the Python
 * glue). The rules arrive through the generated struct g_rules_t (fields.py is the one table
 * behind both sides). */
#ifndef G_STATE_H
#define G_STATE_H
#include <stdint.h>
#include <stddef.h>
#include "../portable.h"
#include "g_rules_fields.h"

#define GMAXP 64     /* piles */
#define G_MAX_ROUNDS 4   /* rows one stock deal puts down (schema: stock.rounds) */
#define GMAXC 160    /* cards in one pile */
#define GMAXF 32     /* foundations */
#define GMAXMOVES 4096
#define GKEYMAX (GMAXP * 3 + 2 * 104 + 16)

enum { GK_TO_FOUNDATION, GK_BETWEEN_PILES, GK_TURN, GK_REDEAL, GK_DEAL_ROW };
enum { GM_CARD, GM_RUN, GM_FACE_UP, GM_PILE, GM_CARD_OR_PILE };
#define G_EMPTY_NONE (-2)
#define G_EMPTY_ANY (-1)
#define G_ACCESS_NONE 0
#define G_ACCESS_TOP 1
#define G_ACCESS_ALL 2
#define G_NO_CARD (-1)
#define G_UNLIMITED (-1)

typedef struct {
    int8_t kind, src, dst, card;
    uint8_t count;
} GMove;

/* What undo needs (model/moves.py's Step), and what the position had worked out before the
 * move (its foundations' version, its kept value), which the undo gives back as it was. */
typedef struct {
    GMove move;
    int8_t filled;        /* pile the gap was filled from, -1: none */
    int16_t index;        /* where a card left an every-card pile, -1: the top */
    uint8_t flipped, fill_flipped, eval_valid;
    int eval_rest;
    uint64_t found_version;
} GUndo;

/* g_key's piles: those written in place, in pile order, and those sorted by class (g_key_plan) */
typedef struct { int8_t fixed[GMAXP], classed[GMAXP]; int nfixed, nclassed; } GKeyPlan;

typedef struct {
    const g_rules_t *R;
    int n;
    uint8_t cards[GMAXP][GMAXC];
    int len[GMAXP];
    int down[GMAXP];
    int redeals_left;            /* G_UNLIMITED: no limit */
    int8_t ranks[GMAXF][13];     /* each foundation's rank sequence (-1: none / past its end) */
    int8_t fidx[GMAXP];          /* pile -> foundation index, -1: not a foundation */
    uint8_t is_waste[GMAXP];
    uint8_t is_cell[GMAXP];
    uint8_t fcount[52];          /* copies of each card on the foundations */
    int on_found;
    uint8_t arranged_freely;     /* the free-arrangement key is in force (g_load: its invariant holds) */
    uint64_t found_version;      /* a number of its own for every foundation state a move makes (from
                                  * version_clock), given back by the move's undo */
    uint64_t version_clock;      /* the last found_version handed out */
    uint64_t wanted_version;     /* the found_version `wanted` was computed at (g_prune.c evaluate) */
    uint8_t wanted[52];          /* some foundation takes the card next */
    uint8_t need[52];            /* cards some foundation takes before it (NEED_FAR: none will; evaluate,
                                  * where the player chooses among several waste piles) */
    int eval_rest;               /* evaluate's value of this position without the waste piles' shares */
    uint8_t eval_valid;          /* (g_prune.c value), where set: a move made clears it, unless it is
                                  * a turn or a redeal; its undo gives it back */
    uint64_t parents[52];        /* per card, the cards a layout pile's build rule lets it lie on (g_relax.c) */
    uint64_t kids[52];           /* per card, the cards that may lie on it (the converse of parents) */
    uint8_t bare[52];            /* no card can ever lie on the card in the layout (g_bare_load; safe.bare) */
    int8_t talon_at[52];         /* K+: each talon card's place in the start's turning order (-1: none) */
    int talon_n;                 /* K+: cards in the talon at the start */
    uint8_t rehome;              /* G8 in force: cards may come back from the foundations (g_load) */
    uint8_t covered_home;        /* G8 sends covered cards home too, under free arrangement (g_load: 1; the
                                  * search: its proof rules) */
    uint8_t gaps_wait;           /* G11 in force (g_load: 1; the search: its proof rules) */
    uint8_t incomplete;          /* G8: some child was left out (too many cards back): "lost" is no proof */
    GMove *backs;                /* G8: the children's cards back (malloc'ed; its user frees it) */
    struct GWasteOrderMemo *waste_memo;   /* G10: the states found lost (g_search's; NULL: none) */
    size_t nbacks, backs_cap;
    GKeyPlan key_plan[2];        /* g_key's piles with the stock holding cards [0] or empty [1] (g_load) */
    int steps_cap;               /* G9b: K+ children make fewer talon steps than this before their play
                                  * (0: no bound; set by the search for one position's children) */
} GState;

/* g_moves.c */
/* Does `upper` follow `lower` by build rule `rule` (-1: no rule)? Inline: the hottest test. */
static inline int g_follows(const g_rules_t *R, int rule, int lower, int upper) {
    return rule >= 0 && R->follows[rule * 2704 + lower * 52 + upper];
}
int g_wanted(const GState *s, int fi, int8_t out[52]);
int g_takes_at(const GState *s, int fi, int j, int8_t out[4]);
void g_takers(const GState *s, int8_t takers[52][GMAXF], int ntak[52]);
int g_run_limit(const GState *s, int src, int dst);
int g_legal(const GState *s, GMove *out, int max);
/* g_legal with the foundations' takers already known (g_takers of this position). */
int g_legal_given(const GState *s, int8_t takers[52][GMAXF], const int ntak[52], GMove *out, int max);
int g_stock_moves(const GState *s, GMove *out);
int g_moves_onto(const GState *s, const int ntak[52], int onto, GMove *out, int max);
uint64_t g_unit_bases(const GState *s);
void g_apply(GState *s, GMove m, GUndo *u);
void g_undo(GState *s, const GUndo *u);
const char *g_load(GState *s, const g_rules_t *R, const int32_t *pos, size_t n);

/* May `count` cards based on `card` go onto layout pile d now? (legal.accepts; inline, as g_follows) */
static inline int g_accepts(const GState *s, int d, int card, int count) {
    const g_rules_t *R = s->R;
    int n = s->len[d];
    if (R->max_cards[d] >= 0 && n + count > R->max_cards[d]) return 0;
    if (n) return g_follows(R, R->build_rule[d], s->cards[d][n - 1], card);
    int e = R->empty_rule[d];
    return e == G_EMPTY_ANY || (e >= 0 && card % 13 == e);
}

/* g_key.c */
/* `out` holds GKEYMAX bytes (past the key's length they are scratch); `pointer_at` (NULL: not
 * wanted): where the key holds a K+ talon's waste length (0xFF: keyed as fresh), -1: nowhere */
size_t g_key(const GState *s, uint8_t *out, int *pointer_at);
void g_key_plan(GState *s);   /* g_load: which piles g_key writes in place and which it sorts */
typedef struct {
    uint64_t *slots;     /* 0: empty; else (hash tag << 40) | (arena offset + 1) */
    size_t cap, count;
    uint8_t *arena;
    size_t used, size;
} GTable;
uint64_t g_hash_bytes(const uint8_t *key, size_t n);   /* the tables' hash of a key */
int g_table_init(GTable *t, size_t cap);
/* cap slots (a power of two) and an arena of arena_bytes to start with, where a large table is
 * known to come: each growth rehashes every key, and in a process with threads each move of a
 * large block makes the kernel flush the other cores' TLBs */
int g_table_init_sized(GTable *t, size_t cap, size_t arena_bytes);
void g_table_free(GTable *t);
void g_table_clear(GTable *t);
/* 1 added (its value 0), 0 present, -1 no memory; *entry names the entry either way. */
int g_table_add(GTable *t, const uint8_t *key, size_t n, size_t *entry);
int g_table_find(const GTable *t, const uint8_t *key, size_t n, size_t *entry);   /* 1 found, 0 not */
/* The same, with the key's hash (g_hash_bytes) worked out once by the caller. */
int g_table_add_hashed(GTable *t, const uint8_t *key, size_t n, uint64_t h, size_t *entry);
int g_table_find_hashed(const GTable *t, const uint8_t *key, size_t n, uint64_t h, size_t *entry);
int64_t g_table_value(const GTable *t, size_t entry);
void g_table_set(GTable *t, size_t entry, int64_t value);
size_t g_table_count_below(const GTable *t, int64_t below);
int g_table_keep_below(GTable *t, int64_t below);   /* 0, or -1: no memory (t unchanged) */

/* g_relax.c: each card's parents and kids by the layout's build rules (G6, G8, and the quick
 * test of which units some pile could take, g_moves.c between_piles) */
void g_relax_load(GState *s);
/* G6 (g_relax.c): 0 alive, 1 dead, 2 dead by the gates (G6b): none (G6_PLAIN), gates for the cards
 * with at most one base outside those under them (G6_GATES), for every card (G6_GATES_THOROUGH). */
enum { G6_PLAIN, G6_GATES, G6_GATES_THOROUGH };
int g_dead_end(const GState *s, int gates);
int g_dead_end_gates(const GState *s);

/* g_prune.c */
int g_is_safe(const GState *s, GMove m, int8_t takers[52][GMAXF], const int ntak[52]);
void g_bare_load(GState *s);
int g_find_safe(const GState *s, GMove *out);
int g_find_safe_given(const GState *s, const uint8_t *piles, int8_t takers[52][GMAXF], const int ntak[52],
                      GMove *out);
int g_talon_step(const GState *s, GMove *m);  /* a turn, else a redeal; 0: neither */
/* G8: a card home that could come straight back (lead: its cover onto a twin, or G_NO_LEAD);
 * `takers` of this position where known, else NULL; `changed` (NULL: none known) the piles
 * moves have changed since a position with the same foundations and no such card */
int g_find_reversible(const GState *s, int8_t takers[52][GMAXF], const int ntak[52], const uint8_t *changed,
                      GMove *lead, GMove *play);
/* A child: `pre` talon steps, then its `nback` cards back from the foundations (G8: the moves
 * from `back_at` in the state's `backs`), then `lead` unless its kind is G_NO_LEAD, then `mid`
 * talon steps, then `play`. */
#define G_NO_LEAD (-1)
#define G_BACK_MAX 32   /* G8: cards back in one child; a child that needs more makes "lost" unknown */
typedef struct { GMove play, lead; int16_t pre, mid; int16_t score; uint8_t nback; uint32_t back_at; } GChild;
typedef struct { uint64_t state; int nudge; } GJitter;   /* a restart's child-order nudge: each score + 0..nudge */
int g_children_given(GState *s, int8_t takers[52][GMAXF], const int ntak[52], GChild *out, int max, int prune,
                     GJitter *jitter);
/* A child's score both ways, for the tests: as the search finds it (by the two piles' shares, where
 * they apply) and by making its moves and evaluating the position (g_prune.c value) */
void g_child_values(GState *s, GMove lead, GMove play, int pre, int *shares, int *made);
int g_evaluate(GState *s);   /* how promising the position looks, from the rules alone (higher: better) */

/* g_relax.c, G10: is the position lost by the relaxation in which the waste piles keep their
 * order and the stock's cards are free? And may child c (of position s) newly make it so: does
 * it cover a waste card (the only move that adds an order)? */
int g_waste_order_dead(const GState *s);
int g_waste_order_watch(const GState *s, const GChild *c);
typedef struct GWasteOrderMemo GWasteOrderMemo;
GWasteOrderMemo *g_waste_order_memo(int lost_bits);   /* free() it; NULL: no memory */

#endif
