/* The search's arguments and results (g_search.c). */
#ifndef G_SEARCH_H
#define G_SEARCH_H
#include "g_state.h"

enum { G_LOST = 0, G_WON = 1, G_LIMIT_POSITIONS = -1, G_LIMIT_TABLE = -2, G_LIMIT_TIME = -3,
       G_INTERRUPTED = -4, G_NOMEM = -5, G_LIMIT_BACK = -6 };

typedef struct {
    long long max_positions;     /* -1: no limit */
    double seconds;              /* time allowed, -1: no limit */
    long long table_limit;       /* entries of the table of seen positions; 0: no limit */
    int prune;                   /* 0: every legal move (the oracle's search, in C) */
    int rebuild_full_table;      /* pruned: a full table keeps its largest proofs and the search goes on */
    int (*interrupted)(void);    /* nonzero: stop now (Ctrl-C) */
    int nudge;                   /* restarts nudge each child's score by 0..nudge; -1: RESTART_NUDGE */
} GSearchArgs;

typedef struct {
    int verdict;
    long long positions, table;
    long long compactions;       /* times a full table was rebuilt with its proofs only */
    long long dominated;         /* positions skipped as a talon proved lost reaches them (G9) */
    int most;
    GMove *line;                 /* malloc'ed, when won */
    size_t line_len;
} GSearchOut;

int g_search(GState *s, const GSearchArgs *a, GSearchOut *o);
#endif
