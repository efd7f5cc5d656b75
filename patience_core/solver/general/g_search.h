/* The search's arguments and results (g_search.c). */
#ifndef G_SEARCH_H
#define G_SEARCH_H
#include "g_state.h"

enum { G_LOST = 0, G_WON = 1, G_LIMIT_POSITIONS = -1, G_LIMIT_TABLE = -2, G_LIMIT_TIME = -3,
       G_INTERRUPTED = -4, G_NOMEM = -5, G_LIMIT_BACK = -6, G_STOPPED = -7 };

/* What the workers of one solve share (g_workers.c): the positions any of them proved lost, and
 * the word that one has decided. NULL where a search runs alone. */
typedef struct GShared GShared;
int g_shared_has(GShared *sh, const uint8_t *key, size_t n, uint64_t h);   /* h: the key's g_hash_bytes */
void g_shared_add(GShared *sh, const uint8_t *key, size_t n);
/* G9's waste lengths proved lost in a layout (its key with the waste's length cleared), bits as
 * the search's side table: those any worker proved; adding ORs them in. */
int64_t g_shared_layout(GShared *sh, const uint8_t *key, size_t n, uint64_t h);
void g_shared_layout_add(GShared *sh, const uint8_t *key, size_t n, int64_t bits);
/* Fetch the slot a hash probes first in the proofs' table (layout 0) or the layouts' (1). */
void g_shared_prefetch(const GShared *sh, uint64_t h, int layout);
int g_shared_stopped(GShared *sh);

typedef struct {
    long long max_positions;     /* -1: no limit */
    double seconds;              /* time allowed, -1: no limit */
    long long table_limit;       /* entries of the table of seen positions; 0: no limit */
    int prune;                   /* 0: every legal move (the oracle's search, in C) */
    int rebuild_full_table;      /* pruned: a full table keeps its largest proofs and the search goes on */
    int (*interrupted)(void);    /* nonzero: stop now (Ctrl-C) */
    int nudge;                   /* restarts nudge each child's score by 0..nudge; -1: RESTART_NUDGE */
    int beam_share;              /* pruned: beams between the attempts, each entering this many positions per
                                  * position the attempts expanded so far (g_search.c beam); 0: none */
    int proof_rules;             /* pruned: the rules the hindsight player's samples were tuned without, most
                                  * of which only speed proofs of loss, where the rules allow them (1): G6 with
                                  * its gates (G6b) and inside the search, G9b, G8's covered cards, and G11; or
                                  * (0) G6 plain (no gates) at the start only, no G9b, G8 for bare cards only,
                                  * no G11 (the hindsight player's samples) */
    GShared *shared;             /* pruned, with other workers: the positions proved lost are shared, and a
                                  * worker stops (G_STOPPED) once another has decided; NULL: alone */
    int worker;                  /* 0, or which other worker: its restarts' nudges start at once, from a
                                  * seed of its own, so that it searches in another order */
    long long solo;              /* g_search_workers: positions the first search makes alone before all of
                                  * them start (-1: G_SOLO; 0: all at once, as the tests' small endings need) */
} GSearchArgs;

typedef struct {
    int verdict;
    long long positions, table;
    long long compactions;       /* times a full table was rebuilt with its proofs only */
    long long dominated;         /* positions skipped as a talon proved lost reaches them (G9) */
    long long dead_ends;         /* positions inside the search found lost by G6 */
    long long beam_positions;    /* positions the beams expanded (counted in positions too) */
    long long imported;          /* positions skipped as another worker proved them lost */
    int most;
    GMove *line;                 /* malloc'ed, when won */
    size_t line_len;
} GSearchOut;

int g_search(GState *s, const GSearchArgs *a, GSearchOut *o);
/* g_search of s, with `workers` searches at once where it is pruned and leaves the deal undecided
 * for a while: each on its own thread and its own copy of the position (loaded from `position`,
 * n ints, the position s was loaded from), sharing the positions they prove lost (g_workers.c).
 * The first to decide (won or lost) gives the verdict; o sums their positions. */
/* Most deals are decided within a few thousand positions, where a second thread and its tables
 * cost more than they save (about a millisecond a deal): by default the first search runs alone
 * for G_SOLO positions, and only a deal it leaves undecided is searched again by all of them. */
enum { G_MAX_WORKERS = 64, G_SOLO = 5000 };
int g_search_workers(GState *s, const int32_t *position, size_t n, const GSearchArgs *a, int workers,
                     GSearchOut *o);

/* What the depth-first search and the beam share (g_search.c). */
typedef struct { void *data; size_t used, cap, item; } GVec;   /* a growable array of `item`-byte items */
int g_vec_reserve(GVec *v, size_t more);
double g_now(void);
void g_undo_to(GState *s, GVec *undo, size_t height);
/* The position's children, appended to `kids` (GChild items) however many there are: cards back
 * (G8) tried in every choice can make more than GMAXMOVES. -1: no memory, or more legal moves
 * than GMAXMOVES. */
int g_children_into(GState *s, int8_t takers[52][GMAXF], const int ntak[52], GVec *kids, int prune,
                    GJitter *jitter);
/* Make child c's moves, then (pruned) the safe plays and cards home that follow it; `takers` are
 * the position's before it. */
int g_enter(GState *s, GVec *undo, const GChild *c, int prune, int8_t takers[52][GMAXF], const int *ntak);

/* The beam (g_beam.c): it can only win. */
typedef struct {
    long long width;             /* positions kept at each level */
    long long budget;            /* positions it may expand */
    double deadline;             /* g_now() past which it stops, -1: none */
    long long table_limit;       /* entries of its table of seen positions; 0: no limit */
    int (*interrupted)(void);
} GBeamArgs;
/* G_WON with *line (malloc'ed, the moves from s) and *line_len, or why it stopped: G_LIMIT_POSITIONS
 * (budget spent, or no new position left), G_LIMIT_TABLE, G_LIMIT_TIME, G_INTERRUPTED, G_NOMEM.
 * *positions, *most: the positions it expanded and the most cards home it saw. s is as it was. */
int g_beam(GState *s, const GBeamArgs *a, GMove **line, size_t *line_len, long long *positions, int *most);
#endif
