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

int g_vec_reserve(GVec *v, size_t more) {
    if (v->used + more <= v->cap) return 0;
    size_t cap = v->cap ? v->cap : 1024;
    while (v->used + more > cap) cap *= 2;
    void *data = realloc(v->data, cap * v->item);
    if (!data) return -1;
    v->data = data;
    v->cap = cap;
    return 0;
}

double g_now(void) { return pt_now(); }

int g_children_into(GState *s, int8_t takers[52][GMAXF], const int ntak[52], GVec *kids, int prune,
                    GJitter *jitter) {
    size_t backs = s->nbacks;
    int room = GMAXMOVES;
    for (;;) {
        if (g_vec_reserve(kids, (size_t)room)) return -1;
        int nk = g_children_given(s, takers, ntak, (GChild *)kids->data + kids->used, room, prune, jitter);
        if (nk <= room) return nk;   /* -1: more legal moves than GMAXMOVES */
        s->nbacks = backs;           /* the first try's cards back are made again */
        room = nk;
    }
}

static int push_move(GState *s, GVec *undo, GMove m) {
    if (g_vec_reserve(undo, 1)) return -1;
    g_apply(s, m, (GUndo *)undo->data + undo->used++);
    return 0;
}

/* The piles a child's moves change, for the safe plays that follow it: 0 when a foundation,
 * a gap's fill or a deal of rows is among them (every pile is looked at then). */
typedef struct { uint8_t pile[GMAXP]; int some; } Touched;

static void touch(const GState *s, Touched *t, GMove m) {
    if (!t->some) return;
    if (m.kind == GK_DEAL_ROW || s->fidx[m.src] >= 0 || s->fidx[m.dst] >= 0 || s->R->fill_start[2 * m.src + 1])
        t->some = 0;
    else t->pile[m.src] = t->pile[m.dst] = 1;
}

static int push_touched(GState *s, GVec *undo, GMove m, Touched *t) {
    touch(s, t, m);
    return push_move(s, undo, m);
}

void g_undo_to(GState *s, GVec *undo, size_t height) {
    while (undo->used > height) g_undo(s, (GUndo *)undo->data + --undo->used);
}

/* The moves made without branching: safe plays (G1) and cards home that could come straight
 * back (G8), until neither is left. `takers`: the position's, or NULL (worked out here);
 * `changed`: the piles the child that made it changed, or NULL (every pile): where the position
 * before had neither and the same foundations, only they can make one. Each move home changes
 * the foundations, so the next position's takers are worked out once, for both tests. */
static int play_forced(GState *s, GVec *undo, int8_t (*takers)[GMAXF], const int *ntak, const uint8_t *changed) {
    GMove m, lead;
    int8_t own[52][GMAXF];
    int own_n[52];
    for (;; takers = NULL, changed = NULL) {
        if (!takers) {
            g_takers(s, own, own_n);
            takers = own;
            ntak = own_n;
        }
        if (g_find_safe_given(s, changed, takers, ntak, &m)) { if (push_move(s, undo, m)) return -1; }
        else if (g_find_reversible(s, takers, ntak, changed, &lead, &m)) {
            if ((lead.kind != G_NO_LEAD && push_move(s, undo, lead)) || push_move(s, undo, m)) return -1;
        } else return 0;
    }
}

/* Enter the position a child leads to: its talon steps, its cards back, its lead, its talon
 * steps after the lead, its play, then (pruned) the safe plays that follow and the cards home
 * that could come straight back (G8). The position it leaves had no safe play (it was entered
 * so), so the first safe play can only be on a pile the child changed, unless it changed the
 * foundations; `takers` are that position's. */
int g_enter(GState *s, GVec *undo, const GChild *c, int prune, int8_t takers[52][GMAXF], const int *ntak) {
    GMove step;
    Touched t = {{0}, 1};
    for (int i = 0; i < c->pre && g_talon_step(s, &step); i++)
        if (push_touched(s, undo, step, &t)) return -1;
    for (int i = 0; i < c->nback; i++)
        if (push_touched(s, undo, s->backs[c->back_at + (uint32_t)i], &t)) return -1;
    if (c->lead.kind != G_NO_LEAD && push_touched(s, undo, c->lead, &t)) return -1;
    for (int i = 0; i < c->mid && g_talon_step(s, &step); i++)
        if (push_touched(s, undo, step, &t)) return -1;
    if (push_touched(s, undo, c->play, &t)) return -1;
    if (!prune) return 0;
    /* with the foundations still the position before's, its takers hold */
    return play_forced(s, undo, t.some ? takers : NULL, ntak, t.some ? t.pile : NULL);
}

/* Restarts (pruned search only). The search runs in attempts, attempt i allowed to expand
 * RESTART_UNIT * luby(i) positions (Luby, Sinclair and Zuckerman's universal schedule: many
 * short attempts, a long one now and then, each length's total work about equal), and every
 * attempt after the first nudges its children's order at random (GJitter). An attempt that
 * reaches its budget is abandoned and the next starts over from the start. What it carries
 * over is only the positions it finished (below): safe to skip for good. A deal a bad early choice
 * would keep lost in a huge subtree is often won at once by another order (heavy tails,
 * Gomes et al.); doubling budgets left such deals to one huge attempt.
 *
 * Finished positions. A position whose children are all done is marked FINISHED, even where a
 * child was skipped only because it is an ancestor still being searched (so the position may
 * yet be won through that ancestor): a depth-first search never leaves an edge from a finished
 * position to one it has not reached, so any winning line from the start that runs through a
 * finished position can leave the finished ones for good at a position still on the stack,
 * and the stack is reached from the start without them (docs/solver.md, "Restarts"). The
 * children's order does not change which positions they are, so a later attempt skips finished
 * positions without searching them again, and a loss costs about one search, not the sum of
 * every attempt's. Positions on the stack when an attempt ends hold their depth-first number;
 * the numbers run on across attempts, so one older than the attempt's first number is stale
 * and taken as unseen: no table is rebuilt between attempts.
 *
 * Memory. The table holds at most table_limit entries. When an attempt fills it, the attempt
 * is abandoned as if its budget were spent, and the table is rebuilt with only the finished
 * positions whose searches took the most positions, at most half the limit (a forgotten one is
 * merely searched again). So the pruned search goes on within bounded memory
 * until its time or position limit. Without either limit (rebuild_full_table 0) and in the
 * plain search, a full table ends the search: "unknown" for the table. */
enum { G_BUDGET = -100, G_TABLE_FULL = -101, RESTART_UNIT = 500, RESTART_NUDGE = 40 };
/* G10's states found lost, shared by a search's checks: 2^18 of them (12 MB). Sir Tommy seeds
 * 1-12 at 1 000 000 positions, 2^18 and 2^20: the same verdicts and positions. */
enum { WASTE_ORDER_LOST_BITS = 18 };

/* G6 inside the search, where it pays (docs/solver.md, "G6. Dead ends"). The relaxation's
 * verdict changes from alive to dead after some kinds of child far more often than others:
 * in Klondike under Solvitaire's rules, deal 237 checked at every position, after a talon card
 * went home or onto a pile 22-27 % of the checks found a dead end, after a move between layout
 * piles 0.1 %. So each kind of child has its own credit: a check costs one, a dead end found
 * earns DEAD_END_EARN (a dead end spares about 20 positions there, a check costs about half an
 * expansion), and a kind out of credit is checked only every DEAD_END_SAMPLE-th time, where a
 * dead end found earns it back. Which positions are checked changes only how much is pruned:
 * every dead end found is lost. */
enum { DEAD_END_CREDIT = 64, DEAD_END_EARN = 10, DEAD_END_SAMPLE = 16, DEAD_END_MOST = 1 << 20 };

/* The kinds of child: where the play comes from, and whether it goes home (HOME: + 1);
 * children with a lead or cards back are a kind of their own. */
enum { FROM_TALON = 0, FROM_LAYOUT = 2, FROM_FOUNDATION = 4, HOME = 1, COMPOUND = 6, DEAD_END_KINDS = 7 };
/* The gates (G6b) cost a check one or two closures more: they have a credit of their own
 * (GATES), spent and earned alike where a check is made. */
enum { GATES = DEAD_END_KINDS, DEAD_END_CREDITS };
typedef struct { long credit[DEAD_END_CREDITS], skipped[DEAD_END_CREDITS]; } DeadEndCredit;

static int dead_end_kind(const GState *s, const GChild *c) {
    const g_rules_t *R = s->R;
    if (c->nback || c->lead.kind != G_NO_LEAD) return COMPOUND;
    GMove m = c->play;
    int from = m.src == R->stock || s->is_waste[m.src] ? FROM_TALON : s->fidx[m.src] >= 0 ? FROM_FOUNDATION : FROM_LAYOUT;
    return from + (s->fidx[m.dst] >= 0 ? HOME : 0);
}

/* Should the child just entered, of this kind, be checked? */
static int dead_end_due(DeadEndCredit *d, int kind) {
    if (d->credit[kind] > 0) { d->credit[kind]--; return 1; }
    return ++d->skipped[kind] % DEAD_END_SAMPLE == 0;
}

static void dead_end_found(DeadEndCredit *d, int kind) {
    if (d->credit[kind] < DEAD_END_MOST) d->credit[kind] += DEAD_END_EARN;
}
/* A finished position's table value: below zero, -1 - 2 x (the positions its search took) -
 * (1 where it is proved lost: below). The larger searches are kept longest when the table is
 * full. Entries on the stack, or finished in a component still open (below), hold their
 * depth-first number (>= 0). */
#define FINISHED(size, proved) (-1 - 2 * (int64_t)(size) - ((proved) ? 1 : 0))
#define PROVED(value) ((value) < 0 && ((-1 - (value)) & 1))

/* Proved lost (G9). A finished position is only known lost when nothing it reaches can reach
 * an ancestor still open: the search finds the strongly connected components of what it
 * walks (Tarjan: each frame's lowest depth-first number reachable, `low`), and a component
 * whose every way out leads to positions proved lost is proved lost when its first position
 * finishes (`clean`). A position finished in an attempt abandoned before its component closed,
 * or one whose search skipped such a position, is finished only. */

typedef struct {
    size_t undo_base; size_t first; int n, next; size_t entry; int64_t index;
    int64_t low;                 /* the lowest depth-first number it reaches (Tarjan) */
    uint8_t clean;               /* every way out seen so far leads to a position proved lost */
    int16_t pointer;             /* its talon's waste length (G9; 0xFF: fresh, -1: no side table) */
    size_t side;                 /* its entry in the side table (G9) */
    size_t backs;                /* where its children's cards back start in the state's backs (G8) */
    int8_t takers[52][GMAXF];    /* the position's foundations' takers (g_takers): its children, enter */
    int ntak[52];
} Frame;

/* A position finished in a component still open: marked when the component closes. */
typedef struct { size_t entry, side; int64_t index, size; int16_t pointer; } Member;

typedef struct {
    GVec undo, kids, frames, members;
    GTable table;
    GTable side;                 /* G9: per layout (the key without the waste's length), the
                                  * waste lengths proved lost, a bit each (SIDE_FRESH: fresh);
                                  * at most half the table limit of layouts */
    int side_ready;
    int64_t number;              /* the next depth-first number: it runs on across attempts */
    int64_t base;                /* the first number of this attempt: smaller ones are stale */
    size_t start_height;         /* undo height of the start, after its safe plays */
    double deadline;
    DeadEndCredit dead_end;      /* G6 inside the search: each kind of child's credit */
    GShared *shared;             /* with other workers: where proofs go and come from (NULL: alone) */
    int64_t others_proved;       /* G9: the other workers' proved waste lengths in side_entry's last layout */
    const GState *s;             /* the position searched: no proof is shared once it left a child out */
} Search;

enum { SIDE_FRESH = 62 };

/* G9. Under K+ with unlimited redeals and a draw of more than one, a talon reaches by turns
 * alone every talon of its layout whose waste is longer by a multiple of the draw, and the
 * talon keyed as fresh: so where one of those is proved lost, so is this one. `pointer` is
 * the position's waste length (0xFF: fresh); `mask` the lengths proved lost of its layout. */
static int dominated_by_proved(int pointer, int64_t mask, int draw) {
    if (!mask) return 0;
    if (pointer == 0xFF) return 1;
    for (int w = pointer % draw; w < pointer; w += draw)
        if (mask >> w & 1) return 1;
    return 0;
}

/* The position's layout in the side table (G9): its key with the waste's length cleared,
 * added while the side table holds fewer than `most` layouts (0: no bound). Returns the
 * pointer (-1: G9 does not apply, or the layout is not in the table) and sets *side. */
static int side_entry(Search *w, uint8_t *key, size_t n, int at, long long most, size_t *side) {
    if (!w->side_ready || at < 0) return -1;
    int pointer = key[at];
    if (pointer != 0xFF && pointer >= SIDE_FRESH) return -1;
    key[at] = 0;
    uint64_t h = g_hash_bytes(key, n);
    if (w->shared) g_shared_prefetch(w->shared, h, 1);
    int found = most > 0 && (long long)w->side.count >= most ? g_table_find_hashed(&w->side, key, n, h, side)
                                                              : g_table_add_hashed(&w->side, key, n, h, side) >= 0;
    w->others_proved = found && w->shared ? g_shared_layout(w->shared, key, n, h) : 0;
    key[at] = (uint8_t)pointer;
    return found ? pointer : -1;
}

/* G9's waste lengths proved lost in the layout at `side`: this search's, and the other workers'
 * that side_entry found with it (the position side_entry looked at last). */
static int64_t proved_talons(const Search *w, size_t side) { return g_table_value(&w->side, side) | w->others_proved; }

/* G9b. A position whose talon, after j steps (turns or redeals) alone, is one proved lost in its
 * layout (`mask`, as G9's) needs no child that makes j steps or more before anything else: every
 * other move commutes with the steps, so such a child's position is reachable from that lost
 * talon. The least such j (the waste grows by the draw a turn, until the stock is empty: then
 * the talon is keyed as fresh, as it is after every redeal), 0 where there is none. */
static int steps_to_proved(const GState *s, int pointer, int64_t mask) {
    if (!mask || pointer < 0 || pointer == 0xFF) return 0;
    int cards = s->len[s->R->stock] + s->len[s->R->waste_piles[0]];
    for (int j = 1, waste = pointer + s->R->draw;; j++, waste += s->R->draw) {
        if (waste >= cards) return mask >> SIDE_FRESH & 1 ? j : 0;
        if (mask >> waste & 1) return j;
    }
}

/* A position proved lost, given to the other workers: its key is in the table at `entry`. Not
 * once G8 left a child out (then nothing here is a proof). */
static void share_proof(Search *w, size_t entry) {
    if (w->shared && !w->s->incomplete) g_shared_add(w->shared, w->table.arena + entry + 1, w->table.arena[entry]);
}

/* A position proved lost: its waste length is proved lost in its layout (G9; pointer -1: none). */
static int64_t talon_proved(Search *w, size_t side, int pointer) {
    if (pointer < 0) return 0;
    int64_t bit = (int64_t)1 << (pointer == 0xFF ? SIDE_FRESH : pointer);
    g_table_set(&w->side, side, g_table_value(&w->side, side) | bit);
    return bit;
}

/* Mark a position finished, and where `proved`, its waste length proved lost in its layout
 * (both given to the other workers). */
static void finish(Search *w, size_t entry, int64_t size, int proved, size_t side, int pointer) {
    g_table_set(&w->table, entry, FINISHED(size, proved));
    if (!proved) return;
    share_proof(w, entry);
    int64_t bit = talon_proved(w, side, pointer);
    if (bit && w->shared && !w->s->incomplete)
        g_shared_layout_add(w->shared, w->side.arena + side + 1, w->side.arena[side], bit);
}

/* Close what an abandoned attempt left open: its members are finished, not proved. */
static void close_members(Search *w) {
    for (size_t i = 0; i < w->members.used; i++) {
        const Member *m = (const Member *)w->members.data + i;
        finish(w, m->entry, m->size, 0, m->side, m->pointer);
    }
    w->members.used = 0;
}

/* One attempt from the start; G_BUDGET when it expanded ``budget`` positions (-1: none). */
static int attempt(GState *s, const GSearchArgs *a, GSearchOut *o, Search *w,
                   long long budget, GJitter *jitter) {
    uint8_t key[GKEYMAX];
    long long expanded = 0;
    w->base = w->number;
    size_t entry_height = w->start_height;   /* undo height before the move into the position to expand */
    size_t entry;                            /* its table entry */
    int at, pointer;
    size_t side = 0;
    size_t n = g_key(s, key, &at);
    int added = g_table_add(&w->table, key, n, &entry);
    if (added < 0) return G_NOMEM;
    if (!added && g_table_value(&w->table, entry) < 0) return G_LOST;
    pointer = side_entry(w, key, n, at, a->table_limit / 2, &side);
    for (;;) {
        /* expand the position just entered */
        if (g_vec_reserve(&w->frames, 1)) return G_NOMEM;
        Frame *fr = (Frame *)w->frames.data + w->frames.used++;
        fr->backs = s->nbacks;
        g_takers(s, fr->takers, fr->ntak);   /* for the children, and for enter's safe plays */
        if (a->proof_rules && s->R->talon_dominance > 1 && pointer >= 0)   /* G9b */
            s->steps_cap = steps_to_proved(s, pointer, proved_talons(w, side));
        int nk = g_children_into(s, fr->takers, fr->ntak, &w->kids, a->prune, jitter);
        s->steps_cap = 0;
        if (nk < 0) return G_NOMEM;
        fr->undo_base = entry_height;
        fr->first = w->kids.used;
        fr->n = nk;
        fr->next = 0;
        fr->entry = entry;
        fr->index = fr->low = w->number;
        fr->clean = 1;
        fr->pointer = (int16_t)pointer;
        fr->side = side;
        g_table_set(&w->table, entry, w->number++);
        w->kids.used += (size_t)nk;
        /* enter the next child not seen before, backing up where a position is done */
        for (;;) {
            if (!w->frames.used) return G_LOST;   /* every reachable position expanded */
            Frame *top = (Frame *)w->frames.data + w->frames.used - 1;
            if (top->next == top->n) {
                int64_t size = w->number - top->index;
                Frame *parent = w->frames.used > 1 ? top - 1 : NULL;
                if (!w->side_ready && !w->shared) {   /* neither G9 nor other threads want proofs */
                    finish(w, top->entry, size, 0, 0, -1);
                } else if (top->low == top->index) {   /* its component closes: finished, proved lost if clean */
                    while (w->members.used) {
                        const Member *m = (const Member *)w->members.data + w->members.used - 1;
                        if (m->index < top->index) break;
                        finish(w, m->entry, m->size, top->clean, m->side, m->pointer);
                        w->members.used--;
                    }
                    finish(w, top->entry, size, top->clean, top->side, top->pointer);
                } else {   /* finished in a component still open: marked when it closes */
                    if (a->table_limit > 0 && (long long)w->members.used >= a->table_limit / 4) {
                        /* too many open: close them all as finished only, and no open component
                         * can be proved now (bounded memory) */
                        close_members(w);
                        for (size_t i = 0; i < w->frames.used; i++) ((Frame *)w->frames.data)[i].clean = 0;
                    }
                    if (g_vec_reserve(&w->members, 1)) return G_NOMEM;
                    Member m = {top->entry, top->side, top->index, size, top->pointer};
                    ((Member *)w->members.data)[w->members.used++] = m;
                    if (parent && top->low < parent->low) parent->low = top->low;
                }
                if (parent) parent->clean &= top->clean;
                w->kids.used = top->first;
                s->nbacks = top->backs;
                g_undo_to(s, &w->undo, top->undo_base);
                w->frames.used--;
                continue;
            }
            GChild c = ((const GChild *)w->kids.data)[top->first + top->next++];
            size_t height = w->undo.used;
            int watch = s->waste_memo && g_waste_order_watch(s, &c);
            if (g_enter(s, &w->undo, &c, a->prune, top->takers, top->ntak)) return G_NOMEM;
            if (s->on_found > o->most) o->most = s->on_found;
            if (s->on_found == s->R->n_cards) return G_WON;
            n = g_key(s, key, &at);
            uint64_t h = g_hash_bytes(key, n);
            added = g_table_add_hashed(&w->table, key, n, h, &entry);
            if (added > 0 && w->shared) g_shared_prefetch(w->shared, h, 0);   /* looked at below: overlaps G9's */
            if (added < 0) return G_NOMEM;
            int64_t v = added ? 0 : g_table_value(&w->table, entry);
            if (!added && (v < 0 || v >= w->base)) {   /* finished, or on the stack or in an open component */
                if (v >= w->base) { if (v < top->low) top->low = v; }
                else if (!PROVED(v)) top->clean = 0;
                g_undo_to(s, &w->undo, height);
                continue;
            }
            pointer = side_entry(w, key, n, at, a->table_limit / 2, &side);
            if (pointer >= 0 && dominated_by_proved(pointer, proved_talons(w, side), s->R->draw)) {
                g_table_set(&w->table, entry, FINISHED(0, 1));   /* G9: lost */
                o->dominated++;
                g_undo_to(s, &w->undo, height);
                continue;
            }
            if (w->shared && g_shared_has(w->shared, key, n, h)) {   /* another worker proved it lost */
                g_table_set(&w->table, entry, FINISHED(0, 1));   /* not shared again */
                talon_proved(w, side, pointer);
                o->imported++;
                g_undo_to(s, &w->undo, height);
                continue;
            }
            int kind = a->prune && a->proof_rules && s->R->dead_end > 1 ? dead_end_kind(s, &c) : -1;
            int dead = kind >= 0 && dead_end_due(&w->dead_end, kind)
                       ? g_dead_end(s, s->R->dead_end_gates && dead_end_due(&w->dead_end, GATES) ? G6_GATES : G6_PLAIN) : 0;
            if (dead) {   /* G6: lost */
                dead_end_found(&w->dead_end, kind);
                if (dead == 2) dead_end_found(&w->dead_end, GATES);
                g_table_set(&w->table, entry, FINISHED(0, 1));
                share_proof(w, entry);
                o->dead_ends++;
                g_undo_to(s, &w->undo, height);
                continue;
            }
            if (watch && g_waste_order_dead(s)) {   /* G10: lost */
                g_table_set(&w->table, entry, FINISHED(0, 1));
                share_proof(w, entry);
                g_undo_to(s, &w->undo, height);
                continue;
            }
            o->positions++;
            expanded++;
            if (a->max_positions >= 0 && o->positions > a->max_positions) return G_LIMIT_POSITIONS;
            if (a->table_limit > 0 && (long long)w->table.count >= a->table_limit)
                return budget >= 0 && a->rebuild_full_table ? G_TABLE_FULL : G_LIMIT_TABLE;
            /* Every 16 positions: one can take milliseconds (G8's cards-back children in two-pack
             * games that worry back), and 1024 of them overshot a 5 s --timeout by 5 s. */
            if (!(o->positions & 15)) {
                if (w->deadline >= 0 && g_now() > w->deadline) return G_LIMIT_TIME;
                if (a->interrupted && a->interrupted()) return G_INTERRUPTED;
                if (w->shared && g_shared_stopped(w->shared)) return G_STOPPED;
            }
            if (budget >= 0 && expanded >= budget) return G_BUDGET;
            entry_height = height;
            break;
        }
    }
}

/* Luby, Sinclair and Zuckerman's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1): the
 * attempts' budgets in units. */
static long long luby(long long i) {
    for (;;) {
        int k = 1;
        while ((1LL << k) - 1 < i) k++;
        if ((1LL << k) - 1 == i) return 1LL << (k - 1);
        i -= (1LL << (k - 1)) - 1;
    }
}

/* The beam between attempts (g_beam.c), where the caller gives it a share. Once the attempts
 * have expanded BEAM_START positions, and again each time they have doubled what they had
 * expanded at the last beam, a beam runs from the start and may expand beam_share positions per
 * position the attempts have expanded so far (a beam's expansion costs about one of theirs),
 * at a width of one per BEAM_LEVELS of them (so it can reach BEAM_LEVELS levels: Spider's lines
 * are 120-180 moves), between BEAM_MIN_WIDTH and BEAM_MAX_WIDTH (memory: two levels of
 * positions, 12 kB each). G_BUDGET: it did not win, the attempts go on. */
enum { BEAM_START = 20000, BEAM_LEVELS = 200, BEAM_MIN_WIDTH = 100, BEAM_MAX_WIDTH = 2000 };

static int beam(GState *s, const GSearchArgs *a, GSearchOut *o, Search *w, GMove **line, size_t *len) {
    long long budget = (long long)a->beam_share * (o->positions - o->beam_positions);
    if (a->max_positions >= 0 && budget > a->max_positions - o->positions) budget = a->max_positions - o->positions;
    if (budget <= 0) return G_BUDGET;
    long long width = budget / BEAM_LEVELS;
    GBeamArgs b = {width < BEAM_MIN_WIDTH ? BEAM_MIN_WIDTH : width > BEAM_MAX_WIDTH ? BEAM_MAX_WIDTH : width, budget,
                   w->deadline, a->table_limit / 2, a->interrupted};
    long long entered;
    int most, verdict = g_beam(s, &b, line, len, &entered, &most);
    o->positions += entered;
    o->beam_positions += entered;
    if (most > o->most) o->most = most;
    return verdict == G_LIMIT_POSITIONS || verdict == G_LIMIT_TABLE ? G_BUDGET : verdict;
}

int g_search(GState *s, const GSearchArgs *a, GSearchOut *o) {
    Search w = {.undo = {0, 0, 0, sizeof(GUndo)}, .kids = {0, 0, 0, sizeof(GChild)},
                .frames = {0, 0, 0, sizeof(Frame)}, .members = {0, 0, 0, sizeof(Member)},
                .deadline = a->seconds >= 0 ? g_now() + a->seconds : -1};
    int verdict = G_NOMEM, table_ready = 0;
    w.shared = a->prune ? a->shared : NULL;
    w.s = s;
    GMove *beam_line = NULL;
    size_t beam_len = 0;
    memset(o, 0, sizeof *o);
    /* free arrangement's key (G5) merges positions that are won or lost alike only with the
     * pruned children it needs (freed plays): the plain search keys positions whole */
    if (!a->prune) s->arranged_freely = 0;
    s->covered_home = (uint8_t)(a->proof_rules != 0);
    s->gaps_wait = (uint8_t)(a->proof_rules != 0);
    if (a->prune && play_forced(s, &w.undo, NULL, NULL, NULL)) goto done;
    w.start_height = w.undo.used;
    o->most = s->on_found;
    if (s->on_found == s->R->n_cards) { verdict = G_WON; goto done; }
    /* the dead-end tests: G6 here and, by the credits above, inside the search; G10 here and
     * wherever a child may newly make it true (attempt) */
    if (a->prune && s->R->waste_order && !(s->waste_memo = g_waste_order_memo(WASTE_ORDER_LOST_BITS))) goto done;
    if (a->prune && (g_dead_end(s, a->proof_rules ? G6_GATES_THOROUGH : G6_PLAIN) || g_waste_order_dead(s))) { verdict = G_LOST; o->positions = 1; goto done; }
    /* With other workers the deal is a hard one (g_search_workers): its tables start large (the
     * OS maps their pages only as they are touched) */
    int large = w.shared != NULL;
    if (g_table_init_sized(&w.table, large ? 1 << 21 : 1 << 16, large ? (size_t)1 << 26 : 1 << 20)) goto done;
    table_ready = 1;
    if (a->prune && s->R->talon_dominance && s->redeals_left == G_UNLIMITED) {   /* G9 */
        if (g_table_init(&w.side, large ? 1 << 20 : 1 << 16)) goto done;
        w.side_ready = 1;
    }
    for (int k = 0; k < DEAD_END_CREDITS; k++) w.dead_end.credit[k] = DEAD_END_CREDIT;
    GJitter jitter = {0x9E3779B97F4A7C15ull ^ (0xD1B54A32D192ED03ull * (uint64_t)a->worker),
                      a->nudge >= 0 ? a->nudge : RESTART_NUDGE};
    long long budget = a->prune ? RESTART_UNIT : -1, beam_at = BEAM_START;
    for (int k = 0;; k++) {
        verdict = attempt(s, a, o, &w, budget, k || a->worker ? &jitter : NULL);
        close_members(&w);
        if (verdict == G_TABLE_FULL) {   /* keep the largest finished searches, half the table at most */
            int64_t size = 1;
            while (g_table_count_below(&w.table, FINISHED(size, 0) + 1) > (size_t)(a->table_limit / 2)) size *= 2;
            if (g_table_keep_below(&w.table, FINISHED(size, 0) + 1)) { verdict = G_NOMEM; break; }
            if (w.side_ready) {   /* G9's layouts start afresh (they only ever skip) */
                g_table_free(&w.side);
                if (g_table_init(&w.side, 1 << 16)) { w.side_ready = 0; verdict = G_NOMEM; break; }
            }
            o->compactions++;
        } else if (verdict != G_BUDGET) break;
        g_undo_to(s, &w.undo, w.start_height);
        w.kids.used = w.frames.used = 0;
        s->nbacks = 0;
        if (a->beam_share && o->positions - o->beam_positions >= beam_at) {
            verdict = beam(s, a, o, &w, &beam_line, &beam_len);
            if (verdict != G_BUDGET) break;
            beam_at = 2 * (o->positions - o->beam_positions);
        }
        budget = RESTART_UNIT * luby(k + 2);
    }
done:
    if (verdict == G_LOST && s->incomplete) verdict = G_LIMIT_BACK;   /* G8 left some child out */
    o->verdict = verdict;
    if (table_ready) o->table = (long long)w.table.count;
    if (verdict == G_WON) {   /* the moves on the stack (the start's safe plays at least), then the beam's */
        size_t n = w.undo.used + beam_len;
        o->line = malloc((n ? n : 1) * sizeof(GMove));
        o->line_len = o->line ? n : 0;
        for (size_t i = 0; o->line && i < w.undo.used; i++) o->line[i] = ((GUndo *)w.undo.data)[i].move;
        if (o->line && beam_len) memcpy(o->line + w.undo.used, beam_line, beam_len * sizeof(GMove));
    }
    free(beam_line);
    free(w.undo.data);
    free(w.kids.data);
    free(s->backs);
    s->backs = NULL;
    free(s->waste_memo);
    s->waste_memo = NULL;
    s->nbacks = s->backs_cap = 0;
    free(w.frames.data);
    free(w.members.data);
    if (table_ready) g_table_free(&w.table);
    if (w.side_ready) g_table_free(&w.side);
    return verdict;
}
