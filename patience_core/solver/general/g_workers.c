/* Several searches of one deal at once, one a thread (docs/solver.md, "Threads").
 *
 * Each worker is the whole pruned search (g_search) on its own copy of the position, with its
 * own table, restarts and proofs, in an order of its own (its nudges start at once, from a
 * seed of its own). What they share is what needs no context: the positions some worker
 * proved lost (each lost in the game itself, whoever reached it and however), kept in one table
 * behind a lock, and a word that one of them has decided. A worker that meets a position
 * another proved lost enters it as proved lost, as G9 and G6 do; so each worker's search stays
 * sound on its own, and the first to decide gives the verdict. */
#include <stdlib.h>
#include <string.h>
#include "g_search.h"

#if defined(_WIN32)
#define G_THREADS 0   /* no POSIX threads: one worker */
#else
#define G_THREADS 1
#include <pthread.h>
#endif

struct GShared {
#if G_THREADS
    pthread_mutex_t lock;
#endif
    GTable proved;               /* the keys of positions proved lost, values unused */
    long long most;              /* entries it may hold: past them proofs are no longer shared */
    int stop;                    /* a worker has decided (read and written atomically) */
};

int g_shared_has(GShared *sh, const uint8_t *key, size_t n) {
    size_t entry;
#if G_THREADS
    pthread_mutex_lock(&sh->lock);
#endif
    int found = g_table_find(&sh->proved, key, n, &entry);
#if G_THREADS
    pthread_mutex_unlock(&sh->lock);
#endif
    return found;
}

void g_shared_add(GShared *sh, const uint8_t *key, size_t n) {
    size_t entry;
#if G_THREADS
    pthread_mutex_lock(&sh->lock);
#endif
    if ((long long)sh->proved.count < sh->most) g_table_add(&sh->proved, key, n, &entry);   /* no room: only shares less */
#if G_THREADS
    pthread_mutex_unlock(&sh->lock);
#endif
}

int g_shared_stopped(GShared *sh) { return __atomic_load_n(&sh->stop, __ATOMIC_RELAXED); }

static void stop_all(GShared *sh) { __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED); }

typedef struct {
    GState s;
    GSearchArgs a;
    GSearchOut o;
} Worker;

static int decided(int verdict) { return verdict == G_WON || verdict == G_LOST; }

#if G_THREADS
static void *run_worker(void *arg) {
    Worker *k = arg;
    g_search(&k->s, &k->a, &k->o);
    if (decided(k->o.verdict)) stop_all(k->a.shared);
    return NULL;
}
#endif

/* The workers (2 or more) from the start, each on a position loaded afresh. */
static int search_together(const g_rules_t *R, const int32_t *position, size_t n, const GSearchArgs *a, int workers,
                           GSearchOut *o) {
    memset(o, 0, sizeof *o);
    Worker *team = calloc((size_t)workers, sizeof *team);
    GShared sh;
    memset(&sh, 0, sizeof sh);
    if (!team || g_table_init(&sh.proved, 1 << 16)) { free(team); g_table_free(&sh.proved); o->verdict = G_NOMEM; return G_NOMEM; }
    sh.most = a->table_limit > 0 ? a->table_limit : -1;
    if (sh.most < 0) sh.most = (long long)1 << 62;
#if G_THREADS
    pthread_mutex_init(&sh.lock, NULL);
    pthread_t threads[G_MAX_WORKERS];
    if (workers > G_MAX_WORKERS) workers = G_MAX_WORKERS;
#endif
    for (int i = 0; i < workers; i++) {
        team[i].a = *a;
        team[i].a.worker = i;
        team[i].a.shared = workers > 1 ? &sh : NULL;
        if (i) team[i].a.interrupted = NULL;   /* only the calling thread may ask Python */
        if (a->max_positions >= 0) team[i].a.max_positions = (a->max_positions + workers - 1) / workers;
        if (g_load(&team[i].s, R, position, n)) { workers = i; break; }   /* s was loaded from it: never */
    }
    int started = 0;
#if G_THREADS
    for (int i = 1; i < workers; i++, started++)
        if (pthread_create(&threads[i], NULL, run_worker, &team[i])) break;
#endif
    if (workers) {
        g_search(&team[0].s, &team[0].a, &team[0].o);
        if (workers > 1) stop_all(&sh);   /* decided, out of time or interrupted: the others stop too */
    }
#if G_THREADS
    for (int i = 1; i <= started; i++) pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&sh.lock);
#endif
    /* the verdict: a win, else a loss, else the main worker's reason for stopping */
    int by = 0;
    for (int i = 0; i <= started && workers; i++)
        if (team[i].o.verdict == G_WON || (team[by].o.verdict != G_WON && decided(team[i].o.verdict) && !decided(team[by].o.verdict)))
            by = i;
    if (workers) {
        *o = team[by].o;
        o->positions = o->table = o->compactions = o->dominated = o->dead_ends = o->beam_positions = o->imported = 0;
        for (int i = 0; i <= started; i++) {
            GSearchOut *t = &team[i].o;
            o->positions += t->positions; o->table += t->table; o->compactions += t->compactions;
            o->dominated += t->dominated; o->dead_ends += t->dead_ends; o->beam_positions += t->beam_positions;
            o->imported += t->imported;
            if (t->most > o->most) o->most = t->most;
            if (i != by) free(t->line);
        }
        if (o->verdict == G_STOPPED) o->verdict = G_INTERRUPTED;
    } else o->verdict = G_NOMEM;
    g_table_free(&sh.proved);
    free(team);
    return o->verdict;
}

/* Most deals are decided within a few thousand positions, where a second thread and its
 * tables cost more than they save (about a millisecond a deal): the first search runs alone
 * for SOLO positions, and only a deal it leaves undecided is searched again by all of them. */
enum { SOLO = 5000 };

int g_search_workers(GState *s, const int32_t *position, size_t n, const GSearchArgs *a, int workers,
                     GSearchOut *o) {
    if (!G_THREADS || !a->prune || workers < 2) return g_search(s, a, o);
    double began = g_now();
    GSearchArgs alone = *a;
    if (alone.max_positions < 0 || alone.max_positions > SOLO) alone.max_positions = SOLO;
    int verdict = g_search(s, &alone, o);
    if (verdict != G_LIMIT_POSITIONS || alone.max_positions == a->max_positions) return verdict;
    GSearchOut first = *o;
    GSearchArgs rest = *a;
    if (rest.max_positions >= 0) rest.max_positions -= first.positions;
    if (rest.seconds >= 0) rest.seconds = rest.seconds > g_now() - began ? rest.seconds - (g_now() - began) : 0;
    verdict = search_together(s->R, position, n, &rest, workers, o);
    o->positions += first.positions;
    if (first.most > o->most) o->most = first.most;
    return verdict;
}
