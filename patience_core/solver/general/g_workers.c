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

/* What is shared lives in tables of keys that threads add to and look in without a lock, so
 * that neither waits for the other (each looks once a new position, adds once a proof). A slot
 * is one word, 0 while free: the key's hash above SHARED_OFFSET_BITS, and 1 + where its entry
 * lies in the arena below. An entry is a value word (8-byte aligned), the key's length byte and
 * the key. A writer takes its arena bytes and counts its entry in one atomic add (ROOM), writes
 * the entry there, then claims the first free slot of its probe with a compare-and-swap that
 * releases those bytes; a reader acquires the slot before it reads them. Two threads adding one
 * key at once probe the same slots, so the one whose swap fails finds the other's key in that
 * slot: one entry, some arena bytes wasted. Sized once, from the limit on entries: when a table
 * is full it takes no more (the searches share less). */
enum { SHARED_OFFSET_BITS = 36, SHARED_ENTRY_BYTES = 104 };   /* arena bytes allowed an entry, on average */
enum { G_SHARED_MOST = 1 << 22 };                             /* entries, where the tables have no limit */
#define SHARED_OFFSET_MASK ((1ULL << SHARED_OFFSET_BITS) - 1)
#define ROOM(entries, bytes) (((uint64_t)(entries) << SHARED_OFFSET_BITS) | (uint64_t)(bytes))

typedef struct {
    pt_atomic_u64 *slots;        /* power of two, at least twice the entries allowed */
    size_t mask;
    uint8_t *arena;
    uint64_t arena_size, most;   /* bytes, entries */
    char apart[64];              /* the word below is written at every add, the ones above only read */
    pt_atomic_u64 room;          /* entries << SHARED_OFFSET_BITS | arena bytes taken */
    char apart_after[64];
} SharedTable;

struct GShared {
    SharedTable proved;          /* positions proved lost; values unused */
    SharedTable layouts;         /* G9: per layout, the waste lengths proved lost (bits, as the side table's) */
    pt_atomic_int stop;          /* a worker has decided */
};

static int table_init(SharedTable *t, long long most) {
    memset(t, 0, sizeof *t);
    t->most = (uint64_t)(most > 0 ? most : 1);
    size_t slots = 1;
    while (slots < 2 * t->most) slots *= 2;
    t->mask = slots - 1;
    t->arena_size = t->most * SHARED_ENTRY_BYTES;
    if (t->arena_size > SHARED_OFFSET_MASK) t->arena_size = SHARED_OFFSET_MASK;
    t->slots = calloc(slots, sizeof *t->slots);   /* pages the OS maps as they are touched */
    t->arena = malloc(t->arena_size);             /* aligned for any word; entries keep 8-byte steps */
    return t->slots && t->arena ? 0 : -1;
}

static void table_free(SharedTable *t) {
    free((void *)t->slots);
    free(t->arena);
}

static uint64_t *value_of(const SharedTable *t, uint64_t word) {
    return (uint64_t *)(void *)(t->arena + (word & SHARED_OFFSET_MASK) - 1);
}

static int same_key(const SharedTable *t, uint64_t word, const uint8_t *key, size_t n) {
    const uint8_t *at = (const uint8_t *)(value_of(t, word) + 1);
    return at[0] == n && !memcmp(at + 1, key, n);
}

static size_t entry_bytes(size_t n) { return (sizeof(uint64_t) + 1 + n + 7) & ~(size_t)7; }

/* No room for an entry of n key bytes at `room` (once full, the count stays within an entry per
 * thread of the end: adds look before they take). */
static int full(const SharedTable *t, uint64_t room, size_t n) {
    return room >> SHARED_OFFSET_BITS >= t->most || (room & SHARED_OFFSET_MASK) + entry_bytes(n) > t->arena_size;
}

/* The key's value word, or NULL where the key is not in the table (h: its g_hash_bytes). */
static uint64_t *table_find(SharedTable *t, const uint8_t *key, size_t n, uint64_t h) {
    uint64_t tag = h >> SHARED_OFFSET_BITS;
    for (size_t i = h & t->mask;; i = (i + 1) & t->mask) {
        uint64_t word = pt_load_acquire(&t->slots[i]);
        if (!word) return NULL;
        if (word >> SHARED_OFFSET_BITS == tag && same_key(t, word, key, n)) return value_of(t, word);
    }
}

/* Add the key with `value` where it is not there yet; its value word (NULL: the table is full). */
static uint64_t *table_add(SharedTable *t, const uint8_t *key, size_t n, uint64_t h, uint64_t value) {
    uint64_t *there = table_find(t, key, n, h);   /* mostly there already, for a layout: take no room */
    if (there || n > 255 || full(t, pt_load_relaxed(&t->room), 255)) return there;
    uint64_t room = pt_fetch_add(&t->room, ROOM(1, entry_bytes(n)));
    if (full(t, room, n)) return table_find(t, key, n, h);   /* bytes past the end: never given back, so never shared */
    uint64_t at = room & SHARED_OFFSET_MASK;
    memcpy(t->arena + at, &value, sizeof value);
    t->arena[at + sizeof value] = (uint8_t)n;
    memcpy(t->arena + at + sizeof value + 1, key, n);
    uint64_t tag = h >> SHARED_OFFSET_BITS, mine = (tag << SHARED_OFFSET_BITS) | (at + 1);
    for (size_t i = h & t->mask;; i = (i + 1) & t->mask) {
        uint64_t word = pt_load_acquire(&t->slots[i]);
        if (!word && pt_compare_swap(&t->slots[i], &word, mine))
            return value_of(t, mine);
        if (word >> SHARED_OFFSET_BITS == tag && same_key(t, word, key, n)) return value_of(t, word);
    }
}

int g_shared_has(GShared *sh, const uint8_t *key, size_t n, uint64_t h) { return table_find(&sh->proved, key, n, h) != NULL; }

void g_shared_add(GShared *sh, const uint8_t *key, size_t n) { table_add(&sh->proved, key, n, g_hash_bytes(key, n), 0); }

int64_t g_shared_layout(GShared *sh, const uint8_t *key, size_t n, uint64_t h) {
    uint64_t *bits = table_find(&sh->layouts, key, n, h);
    return bits ? (int64_t)pt_load_relaxed((pt_atomic_u64 *)bits) : 0;   /* a value word: 8-byte aligned */
}

void g_shared_layout_add(GShared *sh, const uint8_t *key, size_t n, int64_t bits) {
    uint64_t *had = table_add(&sh->layouts, key, n, g_hash_bytes(key, n), (uint64_t)bits);
    if (had) pt_fetch_or((pt_atomic_u64 *)had, (uint64_t)bits);   /* a new entry has them already */
}

void g_shared_prefetch(const GShared *sh, uint64_t h, int layout) {
    const SharedTable *t = layout ? &sh->layouts : &sh->proved;
    PT_PREFETCH(&t->slots[h & t->mask]);
}

static int shared_init(GShared *sh, long long most) {
    memset(sh, 0, sizeof *sh);
    return table_init(&sh->proved, most) | table_init(&sh->layouts, most / 2);   /* layouts: as the side table */
}

static void shared_free(GShared *sh) {
    table_free(&sh->proved);
    table_free(&sh->layouts);
}

int g_shared_stopped(GShared *sh) { return pt_int_load(&sh->stop); }

static void stop_all(GShared *sh) { pt_int_store(&sh->stop, 1); }

/* Apart by a cache line or more: each worker writes its counts at every position, which must
 * never share a line with the next worker's state (no measurable cost either way here). */
typedef struct {
    char apart[128];
    GState s;
    GSearchArgs a;
    GSearchOut o;
    char apart_after[128];
} Worker;

static int decided(int verdict) { return verdict == G_WON || verdict == G_LOST; }

PT_THREAD_FUNCTION(run_worker, arg) {
    Worker *k = arg;
    g_search(&k->s, &k->a, &k->o);
    if (decided(k->o.verdict)) stop_all(k->a.shared);
    return PT_THREAD_DONE;
}

/* The workers (2 or more) from the start, each on a position loaded afresh. */
static int search_together(const g_rules_t *R, const int32_t *position, size_t n, const GSearchArgs *a, int workers,
                           GSearchOut *o) {
    memset(o, 0, sizeof *o);
    GShared sh;
    int no_room = shared_init(&sh, a->table_limit > 0 ? a->table_limit : G_SHARED_MOST);   /* sh set either way */
    Worker *team = calloc((size_t)workers, sizeof *team);
    if (!team || no_room) {
        free(team);
        shared_free(&sh);
        o->verdict = G_NOMEM;
        return G_NOMEM;
    }
    pt_thread threads[G_MAX_WORKERS];
    if (workers > G_MAX_WORKERS) workers = G_MAX_WORKERS;
    for (int i = 0; i < workers; i++) {
        team[i].a = *a;
        team[i].a.worker = i;
        team[i].a.shared = workers > 1 ? &sh : NULL;
        if (i) team[i].a.interrupted = NULL;   /* only the calling thread may ask Python */
        if (a->max_positions >= 0) team[i].a.max_positions = (a->max_positions + workers - 1) / workers;
        if (g_load(&team[i].s, R, position, n)) { workers = i; break; }   /* s was loaded from it: never */
    }
    int started = 0;
    for (int i = 1; i < workers; i++, started++)
        if (pt_thread_start(&threads[i], run_worker, &team[i])) break;
    if (workers) {
        g_search(&team[0].s, &team[0].a, &team[0].o);
        if (workers > 1) stop_all(&sh);   /* decided, out of time or interrupted: the others stop too */
    }
    for (int i = 1; i <= started; i++) pt_thread_join(threads[i]);
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

int g_search_workers(GState *s, const int32_t *position, size_t n, const GSearchArgs *a, int workers,
                     GSearchOut *o) {
    if (!a->prune || workers < 2) return g_search(s, a, o);
    double began = g_now();
    long long solo = a->solo < 0 ? G_SOLO : a->solo;
    GSearchOut first;
    memset(&first, 0, sizeof first);
    if (solo > 0) {
        GSearchArgs alone = *a;
        if (alone.max_positions < 0 || alone.max_positions > solo) alone.max_positions = solo;
        int verdict = g_search(s, &alone, o);
        if (verdict != G_LIMIT_POSITIONS || alone.max_positions == a->max_positions) return verdict;
        first = *o;
    }
    GSearchArgs rest = *a;
    if (rest.max_positions >= 0) rest.max_positions -= first.positions;
    if (rest.seconds >= 0) rest.seconds = rest.seconds > g_now() - began ? rest.seconds - (g_now() - began) : 0;
    int verdict = search_together(s->R, position, n, &rest, workers, o);
    o->positions += first.positions;
    if (first.most > o->most) o->most = first.most;
    return verdict;
}
