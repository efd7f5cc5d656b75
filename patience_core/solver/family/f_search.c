/* The depth-first search, its restarts and R3 ahead (docs/solver.md). */
#include <stdlib.h>
#include <string.h>

#include "f_engine.h"

static inline long long checked(const E *e) { return e->sf_on ? e->sf_positions : 0; }

/* Is the position after j turns, nothing played, lost (known, or by R3)? 1, 0 or an error code. */
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

/* R3 ahead: the fewest turns j after which R3 proves the node lost (0: none),
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
        int r;
        if (dead_end(e) || waste_dead_end(e)) {
            cut_off = 1;
            e->n_dead_ends++;
        } else if (e->split && (r = split_lost(e)) != 0) {   /* R2 at the node */
            if (r < 0) return r;
            cut_off = 1;
        } else if (e->sf_on && e->checking && !e->redeals && e->nwaste >= e->min_waste &&
                   e->nstock <= e->check_max_stock) {
            r = r3_lost(e, key, kn);
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

/* The search with its restarts (many short attempts, then doubling budgets). */
int run_search(E *e) {
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
