/* The beam: the pruned search's second way to win (docs/solver.md, "The beam").
 *
 * Level by level from the start, every child of the positions kept is entered as the
 * depth-first search enters it (its talon steps, cards back, safe plays), a child that is a
 * position kept before (at any level) or a child already found at this level is dropped, and
 * the `width` best by g_evaluate are kept for the next level. Children not kept are forgotten:
 * one found again later, another way, may be kept then (only kept positions are expanded, so
 * none is expanded twice and the table holds one entry per expansion, not per child). It
 * proves nothing lost: it stops when it wins, when no new position is left, or at its budget.
 * Where the depth-first search's first choices are wrong and their subtrees too
 * big to leave (Spider with four suits: no deal of 100 won at 1 000 000 positions), comparing
 * many positions of one depth finds the lines the children's order misses. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "g_search.h"

typedef struct {
    int32_t score;
    uint32_t parent;     /* the parent's index among the nodes (the start: UINT32_MAX) */
    uint32_t moves_at;   /* its moves from the parent, in the moves array */
    uint16_t nmoves;
    uint8_t watch;       /* G10 may newly call it lost (g_waste_order_watch): checked once kept */
} Node;

/* Best score first; among equal scores, the one found first (reproducible). */
static int best_first(const void *a, const void *b) {
    const Node *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? 1 : -1;
    return x->moves_at < y->moves_at ? -1 : x->moves_at > y->moves_at;
}

/* Of the children sorted best first, each parent places at most PER_PARENT among the first
 * `width` before any places more; the others follow, best first (all of them: a child found
 * lost when kept gives its place to the next). One good
 * position's children are often near-equal (moves that change little), and a level of them
 * leaves the beam with one line. Spider with four suits, seeds 1-20 at 1 000 000 positions:
 * 1, 3, 6, 10 and 20 a parent won 6, 13, 12, 15 and 12 deals, no bound 12; seeds 21-60, no bound
 * and 10: 24 and 27 (docs/solver.md, "The beam"). `per`: room for the level's parents. */
enum { PER_PARENT = 10 };

static void spread_parents(Node *cands, size_t n, size_t width, size_t first, uint32_t *per, Node *others) {
    size_t placed = 0, waiting = 0;
    for (size_t i = 0; i < n && placed < width; i++) {
        uint32_t *seen = &per[cands[i].parent - first];
        if (*seen < PER_PARENT) { (*seen)++; cands[placed++] = cands[i]; }   /* placed <= i: in place */
        else others[waiting++] = cands[i];
    }
    memcpy(cands + placed, others, waiting * sizeof *others);   /* placed + waiting: the children walked */
}

/* Copy a position: the cards each pile holds, not the room for GMAXC in each of GMAXP piles
 * (12 kB a state; copying it whole took a sixth of a Sir Tommy beam's time). */
static void copy_state(GState *to, const GState *from) {
    memcpy(to, from, offsetof(GState, cards));
    for (int p = 0; p < from->n; p++) memcpy(to->cards[p], from->cards[p], (size_t)from->len[p]);
    memcpy(&to->len, &from->len, sizeof *to - offsetof(GState, len));
}

/* A kept position: a copy without the buffer of cards back (G8), which only `work` holds. */
static void keep_copy(GState *to, const GState *from) {
    copy_state(to, from);
    to->backs = NULL;
    to->nbacks = to->backs_cap = 0;
}

/* Copy a kept position into `to`, keeping `to`'s own buffer of cards back. */
static void restore(GState *to, const GState *from) {
    GMove *backs = to->backs;
    size_t cap = to->backs_cap;
    copy_state(to, from);
    to->backs = backs;
    to->backs_cap = cap;
    to->nbacks = 0;
}

int g_beam(GState *s, const GBeamArgs *a, GMove **line, size_t *line_len, long long *positions, int *most) {
    /* the kept positions and their moves; this level's children and theirs */
    GVec nodes = {0, 0, 0, sizeof(Node)}, moves = {0, 0, 0, sizeof(GMove)}, cands = {0, 0, 0, sizeof(Node)},
         cand_moves = {0, 0, 0, sizeof(GMove)}, undo = {0, 0, 0, sizeof(GUndo)}, kids = {0, 0, 0, sizeof(GChild)},
         others = {0, 0, 0, sizeof(Node)};
    GTable kept, found;   /* the keys of the positions kept, and of this level's children */
    int verdict = G_NOMEM, kept_ready = g_table_init(&kept, 1 << 16) == 0, found_ready = g_table_init(&found, 1 << 16) == 0;
    size_t width = a->width > 0 ? (size_t)a->width : 1;
    GState *levels = malloc(2 * width * sizeof(GState)), *work = malloc(sizeof(GState));
    uint32_t *per = malloc(width * sizeof(uint32_t));   /* children placed by each parent (spread_parents) */
    *line = NULL;
    *line_len = 0;
    *positions = 0;
    *most = s->on_found;
    if (!kept_ready || !found_ready || !levels || !work || !per || g_vec_reserve(&nodes, 1)) goto done;
    GState *level = levels, *next = levels + width;
    memset(work, 0, sizeof *work);
    keep_copy(&level[0], s);
    ((Node *)nodes.data)[nodes.used++] = (Node){0, UINT32_MAX, 0, 0, 0};
    size_t first = 0, count = 1, winner = SIZE_MAX, entry;
    uint8_t key[GKEYMAX];
    if (g_table_add(&kept, key, g_key(s, key, NULL), &entry) < 0) goto done;
    const g_rules_t *R = s->R;
    while (winner == SIZE_MAX) {
        cands.used = cand_moves.used = 0;
        g_table_clear(&found);
        for (size_t i = 0; i < count && winner == SIZE_MAX; i++) {
            (*positions)++;   /* expanded, as the depth-first search counts them */
            restore(work, &level[i]);
            int8_t takers[52][GMAXF];
            int ntak[52];
            g_takers(work, takers, ntak);
            kids.used = 0;
            int nk = g_children_into(work, takers, ntak, &kids, 1, NULL);
            if (nk < 0) goto done;
            for (int c = 0; c < nk; c++) {
                int watch = work->waste_memo && g_waste_order_watch(work, (GChild *)kids.data + c);
                undo.used = 0;
                if (g_enter(work, &undo, (GChild *)kids.data + c, 1, takers, ntak)) goto done;
                if (work->on_found > *most) *most = work->on_found;
                int won = work->on_found == R->n_cards;
                size_t n = g_key(work, key, NULL);
                int added = g_table_find(&kept, key, n, &entry) ? 0 : g_table_add(&found, key, n, &entry);
                if (added < 0 || g_vec_reserve(&cands, 1) || g_vec_reserve(&cand_moves, undo.used)) goto done;
                if (added || won) {
                    Node b = {won ? INT32_MAX : g_evaluate(work), (uint32_t)(first + i), (uint32_t)cand_moves.used,
                              (uint16_t)undo.used, (uint8_t)watch};
                    for (size_t u = 0; u < undo.used; u++)
                        ((GMove *)cand_moves.data)[cand_moves.used++] = ((GUndo *)undo.data)[u].move;
                    ((Node *)cands.data)[cands.used++] = b;
                    if (won) winner = cands.used - 1;
                }
                g_undo_to(work, &undo, 0);
                if (won) break;
            }
            if (winner != SIZE_MAX) break;
            if (*positions >= a->budget) { verdict = G_LIMIT_POSITIONS; goto done; }
            if (a->table_limit > 0 && (long long)(kept.count + found.count) >= a->table_limit) {
                verdict = G_LIMIT_TABLE;
                goto done;
            }
            if (a->deadline >= 0 && g_now() > a->deadline) { verdict = G_LIMIT_TIME; goto done; }
            if (a->interrupted && a->interrupted()) { verdict = G_INTERRUPTED; goto done; }
        }
        size_t keep = winner != SIZE_MAX ? 1 : cands.used < width ? cands.used : width, kept_now = 0;
        if (winner != SIZE_MAX) ((Node *)cands.data)[0] = ((Node *)cands.data)[winner];   /* the winner alone */
        else if (!cands.used) { verdict = G_LIMIT_POSITIONS; goto done; }   /* no new position left */
        else {
            qsort(cands.data, cands.used, sizeof(Node), best_first);
            if (cands.used > width) {
                others.used = 0;
                if (g_vec_reserve(&others, cands.used)) goto done;
                memset(per, 0, count * sizeof(uint32_t));
                spread_parents(cands.data, cands.used, width, first, per, others.data);
            }
        }
        if (g_vec_reserve(&nodes, keep)) goto done;
        /* keep each child: its position (its parent's, then its moves), unless G10 finds it lost
         * (the next child takes its place), and its moves */
        for (size_t i = 0; i < cands.used && kept_now < keep; i++) {
            Node b = ((Node *)cands.data)[winner != SIZE_MAX ? 0 : i];
            const GMove *own = (const GMove *)cand_moves.data + b.moves_at;
            if (winner == SIZE_MAX) {
                GUndo u;
                GState *child = &next[kept_now];
                keep_copy(child, &level[b.parent - first]);
                for (int j = 0; j < b.nmoves; j++) g_apply(child, own[j], &u);
                if (g_table_add(&kept, key, g_key(child, key, NULL), &entry) < 0) goto done;   /* lost or not: seen */
                if (b.watch && g_waste_order_dead(child)) continue;
            }
            if (g_vec_reserve(&moves, b.nmoves)) goto done;
            b.moves_at = (uint32_t)moves.used;
            memcpy((GMove *)moves.data + moves.used, own, b.nmoves * sizeof(GMove));
            moves.used += b.nmoves;
            ((Node *)nodes.data)[nodes.used + kept_now++] = b;
            if (winner != SIZE_MAX) break;
        }
        if (winner != SIZE_MAX) { winner = nodes.used++; break; }
        if (!kept_now) { verdict = G_LIMIT_POSITIONS; goto done; }   /* no new position left */
        first = nodes.used;
        nodes.used += kept_now;
        count = kept_now;
        GState *t = level;
        level = next;
        next = t;
    }
    /* the line: each node's moves, from the start to the winner */
    size_t total = 0;
    for (size_t k = winner; k != UINT32_MAX && k; k = ((Node *)nodes.data)[k].parent) total += ((Node *)nodes.data)[k].nmoves;
    *line = malloc((total ? total : 1) * sizeof(GMove));
    if (!*line) goto done;
    *line_len = total;
    for (size_t k = winner, at = total; k != UINT32_MAX && k; k = ((Node *)nodes.data)[k].parent) {
        const Node *b = (const Node *)nodes.data + k;
        at -= b->nmoves;
        memcpy(*line + at, (GMove *)moves.data + b->moves_at, b->nmoves * sizeof(GMove));
    }
    verdict = G_WON;
done:
    if (work) free(work->backs);
    free(work);
    free(levels);
    free(kids.data);
    free(others.data);
    free(per);
    free(nodes.data);
    free(moves.data);
    free(cands.data);
    free(cand_moves.data);
    free(undo.data);
    if (kept_ready) g_table_free(&kept);
    if (found_ready) g_table_free(&found);
    return verdict;
}
