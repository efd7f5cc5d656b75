/* Several searches of one deal at once, one a thread (docs/solver.md, "Threads").
 *
 * Each worker is the whole pruned search (g_search) on its own copy of the position, with its
 * own table, restarts and proofs, in an order of its own (its nudges start at once, from a
 * seed of its own). What they share is what needs no context: the positions some worker
 * proved lost (each lost in the game itself, whoever reached it and however), kept in one table
 * without a lock, and a word that one of them has decided. A worker that meets a position
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

/* The proofs shared: a table of keys that threads add to and look in without a lock, so that
 * neither waits for the other (each looks once a new position, adds once a proof). A slot is
 * one word, 0 while free: the key's hash above PROOF_OFFSET_BITS, and 1 + where the key lies in
 * the arena below. A writer takes its arena bytes and counts its entry in one atomic add
 * (ROOM), writes the key there, then claims a free slot with a compare-and-swap that releases
 * those bytes; a reader acquires the slot before it reads them. A key added twice at once takes
 * two slots: a wasted entry, never a wrong one. Sized once, from the limit on entries: when
 * it is full, proofs are no longer shared (the searches go on alone). */
enum { PROOF_OFFSET_BITS = 36, PROOF_KEY_BYTES = 96 };   /* arena bytes allowed an entry, on average */
enum { G_SHARED_MOST = 1 << 22 };                         /* entries, where the tables have no limit */
#define PROOF_OFFSET_MASK ((1ULL << PROOF_OFFSET_BITS) - 1)
#define ROOM(entries, bytes) (((uint64_t)(entries) << PROOF_OFFSET_BITS) | (uint64_t)(bytes))

struct GShared {
    uint64_t *slots;             /* power of two, at least twice the entries allowed */
    size_t mask;
    uint8_t *arena;              /* each key: its length byte, then its bytes */
    uint64_t arena_size, most;   /* bytes, entries */
    char apart[64];              /* the word below is written at every proof, the ones above only read */
    uint64_t room;               /* entries << PROOF_OFFSET_BITS | arena bytes taken (atomic) */
    char apart2[64];
    int stop;                    /* a worker has decided (read and written atomically) */
};

static int shared_init(GShared *sh, long long most) {
    memset(sh, 0, sizeof *sh);
    sh->most = (uint64_t)most;
    size_t slots = 1;
    while (slots < 2 * sh->most) slots *= 2;
    sh->mask = slots - 1;
    sh->arena_size = sh->most * PROOF_KEY_BYTES;
    if (sh->arena_size > PROOF_OFFSET_MASK) sh->arena_size = PROOF_OFFSET_MASK;
    sh->slots = calloc(slots, sizeof *sh->slots);   /* pages the OS maps as they are touched */
    sh->arena = malloc(sh->arena_size);
    return sh->slots && sh->arena ? 0 : -1;
}

static void shared_free(GShared *sh) {
    free(sh->slots);
    free(sh->arena);
}

static int same_key(const GShared *sh, uint64_t word, const uint8_t *key, size_t n) {
    const uint8_t *at = sh->arena + (word & PROOF_OFFSET_MASK) - 1;
    return at[0] == n && !memcmp(at + 1, key, n);
}

/* No room for an entry of n bytes at room (once full, the count stays within a key per thread of
 * the end: adds stop looking first). */
static int full(const GShared *sh, uint64_t room, size_t n) {
    return room >> PROOF_OFFSET_BITS >= sh->most || (room & PROOF_OFFSET_MASK) + n + 1 > sh->arena_size;
}

int g_shared_has(GShared *sh, const uint8_t *key, size_t n) {
    uint64_t h = g_hash_bytes(key, n), tag = h >> PROOF_OFFSET_BITS;
    for (size_t i = h & sh->mask;; i = (i + 1) & sh->mask) {
        uint64_t word = __atomic_load_n(&sh->slots[i], __ATOMIC_ACQUIRE);
        if (!word) return 0;
        if (word >> PROOF_OFFSET_BITS == tag && same_key(sh, word, key, n)) return 1;
    }
}

void g_shared_add(GShared *sh, const uint8_t *key, size_t n) {
    if (n > 255 || full(sh, __atomic_load_n(&sh->room, __ATOMIC_RELAXED), 255)) return;   /* only shares less */
    uint64_t room = __atomic_fetch_add(&sh->room, ROOM(1, n + 1), __ATOMIC_RELAXED), at = room & PROOF_OFFSET_MASK;
    if (full(sh, room, n)) return;   /* bytes past the end: never given back, so no two writers share any */
    sh->arena[at] = (uint8_t)n;
    memcpy(sh->arena + at + 1, key, n);
    uint64_t h = g_hash_bytes(key, n), tag = h >> PROOF_OFFSET_BITS, mine = (tag << PROOF_OFFSET_BITS) | (at + 1);
    for (size_t i = h & sh->mask;; i = (i + 1) & sh->mask) {
        uint64_t word = __atomic_load_n(&sh->slots[i], __ATOMIC_ACQUIRE);
        if (!word && __atomic_compare_exchange_n(&sh->slots[i], &word, mine, 0, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
            return;
        if (word >> PROOF_OFFSET_BITS == tag && same_key(sh, word, key, n)) return;   /* there already: bytes wasted */
    }
}

int g_shared_stopped(GShared *sh) { return __atomic_load_n(&sh->stop, __ATOMIC_RELAXED); }

static void stop_all(GShared *sh) { __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED); }

/* Apart by a cache line or more: each worker writes its counts at every position, and the next
 * worker's state sharing their line made both threads a quarter slower (deal 490). */
typedef struct {
    char apart[128];
    GState s;
    GSearchArgs a;
    GSearchOut o;
    char apart_after[128];
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
    if (!team || shared_init(&sh, a->table_limit > 0 ? a->table_limit : G_SHARED_MOST)) {
        free(team);
        shared_free(&sh);
        o->verdict = G_NOMEM;
        return G_NOMEM;
    }
#if G_THREADS
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
    shared_free(&sh);
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
