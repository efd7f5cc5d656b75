/* The depth-first search over the compiled rules, pruned or plain.
 *
 * Sound with cycles as the Python oracle is (docs/solver.md): a position's key enters the
 * table when the search first reaches it, and a key in the table is never expanded again;
 * so every position reachable from the start (through the pruned children) is expanded
 * once, and "lost" means the whole reachable graph was walked. The safe plays are made on
 * entering a position, before its key is taken (they are part of the move that led there). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "g_search.h"

typedef struct { size_t undo_base; size_t first; int n, next; } Frame;

typedef struct {
    void *data;
    size_t used, cap, item;
} Vec;

static int vec_reserve(Vec *v, size_t more) {
    if (v->used + more <= v->cap) return 0;
    size_t cap = v->cap ? v->cap : 1024;
    while (v->used + more > cap) cap *= 2;
    void *data = realloc(v->data, cap * v->item);
    if (!data) return -1;
    v->data = data;
    v->cap = cap;
    return 0;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int push_move(GState *s, Vec *undo, GMove m) {
    if (vec_reserve(undo, 1)) return -1;
    g_apply(s, m, (GUndo *)undo->data + undo->used++);
    return 0;
}

static void undo_to(GState *s, Vec *undo, size_t height) {
    while (undo->used > height) g_undo(s, (GUndo *)undo->data + --undo->used);
}

/* Enter the position a child leads to: its talon steps, its play, then (pruned) the safe
 * plays that follow. */
static int enter(GState *s, Vec *undo, const GChild *c, int prune) {
    GMove step;
    for (int i = 0; i < c->pre && g_talon_step(s, &step); i++)
        if (push_move(s, undo, step)) return -1;
    if (push_move(s, undo, c->play)) return -1;
    if (prune) {
        GMove m;
        while (g_find_safe(s, &m))
            if (push_move(s, undo, m)) return -1;
    }
    return 0;
}

int g_search(GState *s, const GSearchArgs *a, GSearchOut *o) {
    Vec undo = {0, 0, 0, sizeof(GUndo)}, kids = {0, 0, 0, sizeof(GChild)}, frames = {0, 0, 0, sizeof(Frame)};
    GTable table;
    uint8_t key[GKEYMAX];
    int verdict = G_LOST;
    double deadline = a->seconds >= 0 ? now() + a->seconds : -1;
    size_t entry_height = 0;   /* undo height before the move into the position to expand */
    memset(o, 0, sizeof *o);
    if (g_table_init(&table, 1 << 16)) { verdict = G_NOMEM; goto done; }
    if (a->prune) {
        GMove m;
        while (g_find_safe(s, &m))
            if (push_move(s, &undo, m)) { verdict = G_NOMEM; goto done; }
    }
    o->most = s->on_found;
    if (s->on_found == s->R->n_cards) { verdict = G_WON; goto done; }
    if (g_table_add(&table, key, g_key(s, key)) < 0) { verdict = G_NOMEM; goto done; }
    for (;;) {
        /* expand the position just entered */
        if (vec_reserve(&kids, GMAXMOVES) || vec_reserve(&frames, 1)) { verdict = G_NOMEM; goto done; }
        int n = g_children(s, (GChild *)kids.data + kids.used, GMAXMOVES, a->prune);
        if (n < 0 || n > GMAXMOVES) { verdict = G_NOMEM; goto done; }
        Frame *fr = (Frame *)frames.data + frames.used++;
        fr->undo_base = entry_height;
        fr->first = kids.used;
        fr->n = n;
        fr->next = 0;
        kids.used += (size_t)n;
        /* enter the next child not seen before, backing up where a position is done */
        for (;;) {
            if (!frames.used) goto done;   /* every reachable position expanded: lost */
            Frame *top = (Frame *)frames.data + frames.used - 1;
            if (top->next == top->n) {
                kids.used = top->first;
                undo_to(s, &undo, top->undo_base);
                frames.used--;
                continue;
            }
            GChild c = ((const GChild *)kids.data)[top->first + top->next++];
            size_t height = undo.used;
            if (enter(s, &undo, &c, a->prune)) { verdict = G_NOMEM; goto done; }
            if (s->on_found > o->most) o->most = s->on_found;
            if (s->on_found == s->R->n_cards) { verdict = G_WON; goto done; }
            int added = g_table_add(&table, key, g_key(s, key));
            if (added < 0) { verdict = G_NOMEM; goto done; }
            if (!added) { undo_to(s, &undo, height); continue; }
            o->positions++;
            if (a->max_positions >= 0 && o->positions > a->max_positions) { verdict = G_LIMIT_POSITIONS; goto done; }
            if (a->table_limit > 0 && (long long)table.count >= a->table_limit) { verdict = G_LIMIT_TABLE; goto done; }
            if (!(o->positions & 1023)) {
                if (deadline >= 0 && now() > deadline) { verdict = G_LIMIT_TIME; goto done; }
                if (a->interrupted && a->interrupted()) { verdict = G_INTERRUPTED; goto done; }
            }
            entry_height = height;
            break;
        }
    }
done:
    o->verdict = verdict;
    o->table = (long long)table.count;
    if (verdict == G_WON) {
        o->line = malloc((undo.used ? undo.used : 1) * sizeof(GMove));
        o->line_len = o->line ? undo.used : 0;
        for (size_t i = 0; o->line && i < undo.used; i++) o->line[i] = ((GUndo *)undo.data)[i].move;
    }
    free(undo.data);
    free(kids.data);
    free(frames.data);
    g_table_free(&table);
    return verdict;
}
