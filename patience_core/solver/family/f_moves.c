/* Moves and their undo (a play, a turn, a redeal), the takers lists they keep, and the
 * children of a node (rule M1's macros). */
#include <stdlib.h>
#include <string.h>

#include "f_engine.h"

/* -- takers lists (the same order as the Python lists: remove first, append last) */
static inline void takers_remove(E *e, int c, int f) {
    int n = e->ntakers[c], *t = e->takers[c];
    for (int i = 0; i < n; i++)
        if (t[i] == f) {
            memmove(t + i, t + i + 1, (size_t)(n - i - 1) * sizeof(int));
            e->ntakers[c] = n - 1;
            return;
        }
}

static inline void takers_append(E *e, int c, int f) { e->takers[c][e->ntakers[c]++] = f; }

/* The cards foundation f accepts next. */
static int wanted(const E *e, int f, int out[4]) {
    int n = e->h[f];
    if (n >= e->f_length[f]) return 0;
    int rank = e->rank_at[f][n], suit = e->fsuit[f];
    if (suit >= 0) {
        out[0] = suit * 13 + rank;
        return 1;
    }
    for (int s = 0; s < 4; s++) out[s] = s * 13 + rank;
    return 4;
}

static void advance(E *e, int f, int card) {
    int w[4], n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_remove(e, w[i], f);
    if (e->h[f] == 0 && e->static_suit[f] < 0) e->fsuit[f] = card / 13;
    e->h[f]++;
    n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_append(e, w[i], f);
    e->placed[card]++;
    e->on_found++;
}

static void retreat(E *e, int f, int card) {
    int w[4], n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_remove(e, w[i], f);
    e->h[f]--;
    if (e->h[f] == 0 && e->static_suit[f] < 0) e->fsuit[f] = -1;
    n = wanted(e, f, w);
    for (int i = 0; i < n; i++) takers_append(e, w[i], f);
    e->placed[card]--;
    e->on_found--;
}

/* -- moves */
static inline void card_in(E *e, int p, int card) {
    int c = e->single_class_of[p];
    if (c >= 0) e->cellcnt[c][card]++;
}

static inline void card_out(E *e, int p, int card) {
    int c = e->single_class_of[p];
    if (c >= 0) e->cellcnt[c][card]--;
}

static int grow_line(E *e) {
    if (e->depth < e->cap) return 0;
    int cap = e->cap * 2;
    int *line = realloc(e->line, (size_t)cap * 3 * sizeof(int));
    if (!line) return -1;
    e->line = line;
    Trail *trail = realloc(e->trail, (size_t)cap * sizeof(Trail));
    if (!trail) return -1;
    e->trail = trail;
    e->cap = cap;
    return 0;
}

static inline void push_line(E *e, int src, int dst, int card, Trail t) {
    int *l = e->line + 3 * e->depth;
    l[0] = src;
    l[1] = dst;
    l[2] = card;
    e->trail[e->depth++] = t;
}

int play(E *e, int src, int f, int card) {
    if (grow_line(e)) return -1;
    int filled = -1, fsrc = -1, index = -1;
    if (src == e->WASTE) {
        int i = e->waste[--e->nwaste];
        tflip(e, i);
        index = i;
    } else {
        uint8_t *pile = e->pile[src];
        int n = e->plen[src];
        if (e->access[src] == ACCESS_ALL) {
            for (index = 0; index < n && pile[index] != card; index++)
                ;
            memmove(pile + index, pile + index + 1, (size_t)(n - index - 1));
        }
        e->plen[src] = --n;
        card_out(e, src, card);
        if (!n) {
            for (int s = 0; s < e->nfill[src]; s++) {
                int source = e->fill[src][s];
                int *stack = source == e->WASTE ? e->waste : e->stock;
                int *len = source == e->WASTE ? &e->nwaste : &e->nstock;
                if (*len) {
                    filled = stack[--*len];
                    tflip(e, filled);
                    pile[e->plen[src]++] = (uint8_t)e->talon[filled];
                    card_in(e, src, e->talon[filled]);
                    fsrc = source;
                    break;
                }
            }
        }
    }
    advance(e, f, card);
    Trail t = {T_PLAY, src, f, card, filled, fsrc, index};
    push_line(e, src, f, card, t);
    return 0;
}

int turn(E *e) {
    if (grow_line(e)) return -1;
    int i = e->stock[--e->nstock];
    e->waste[e->nwaste++] = i;
    Trail t = {T_TURN, 0, 0, 0, 0, 0, 0};
    push_line(e, e->STOCK, e->WASTE, e->talon[i], t);
    return 0;
}

int redeal(E *e) {
    if (grow_line(e)) return -1;
    for (int i = 0; i < e->nwaste; i++) e->stock[i] = e->waste[e->nwaste - 1 - i];
    e->nstock = e->nwaste;
    e->nwaste = 0;
    e->redeals--;
    Trail t = {T_REDEAL, 0, 0, 0, 0, 0, 0};
    push_line(e, e->WASTE, e->STOCK, NOCARD, t);
    return 0;
}

static void undo(E *e) {
    Trail t = e->trail[--e->depth];
    if (t.kind == T_TURN) {
        e->stock[e->nstock++] = e->waste[--e->nwaste];
        return;
    }
    if (t.kind == T_REDEAL) {
        for (int i = 0; i < e->nstock; i++) e->waste[i] = e->stock[e->nstock - 1 - i];
        e->nwaste = e->nstock;
        e->nstock = 0;
        e->redeals++;
        return;
    }
    retreat(e, t.f, t.card);
    if (t.src == e->WASTE) {
        e->waste[e->nwaste++] = t.index;
        tflip(e, t.index);
        return;
    }
    uint8_t *pile = e->pile[t.src];
    if (t.filled >= 0) {
        card_out(e, t.src, pile[--e->plen[t.src]]);
        if (t.fsrc == e->WASTE)
            e->waste[e->nwaste++] = t.filled;
        else
            e->stock[e->nstock++] = t.filled;
        tflip(e, t.filled);
    }
    int n = e->plen[t.src];
    if (t.index >= 0) {
        memmove(pile + t.index + 1, pile + t.index, (size_t)(n - t.index));
        pile[t.index] = (uint8_t)t.card;
    } else {
        pile[n] = (uint8_t)t.card;
    }
    e->plen[t.src] = n + 1;
    card_in(e, t.src, t.card);
}

void undo_to(E *e, int depth) {
    while (e->depth > depth) undo(e);
}

/* -- children (rule M1), appended to e->kids from index base; returns count */
static int push_kid(E *e, int k, int src, int f, int card) {
    if (e->nkids == e->kcap) {
        size_t cap = e->kcap * 2;
        Child *kids = realloc(e->kids, cap * sizeof(Child));
        if (!kids) return -1;
        e->kids = kids;
        e->kcap = cap;
    }
    Child c = {k, src, f, card};
    e->kids[e->nkids++] = c;
    return 0;
}

/* The card that refills p if it empties after k turns (-1: none). */
static int fill_card(const E *e, int p, int k) {
    int n = e->nstock;
    for (int s = 0; s < e->nfill[p]; s++) {
        if (e->fill[p][s] == e->WASTE) {
            if (k) return e->talon[e->stock[n - k]];
            if (e->nwaste) return e->talon[e->waste[e->nwaste - 1]];
        } else if (k < n) {
            return e->talon[e->stock[n - k - 1]];
        }
    }
    return -1;
}

#define PUSH(k_, src_, f_, card_)                                   \
    do {                                                            \
        if (push_kid(e, (k_), (src_), (f_), (card_))) return -1;    \
    } while (0)

int children(E *e) {
    /* (pile, card) pairs: at most 52 distinct cards in each playable pile */
    int out_p[MAXP * 52], out_c[MAXP * 52], nout = 0;
    int lat_p[MAXP * 52], lat_c[MAXP * 52], nlat = 0;
    int cards[52], places[MAXF];
    for (int i = 0; i < e->n_playable; i++) {
        int p = e->playable[i], nc = free_cards(e, p, cards);
        for (int j = 0; j < nc; j++) {
            int card = cards[j];
            if (!e->ntakers[card]) continue;
            if (e->col_of[p] >= 0) {
                out_p[nout] = p;
                out_c[nout++] = card;
            } else {
                lat_p[nlat] = p;
                lat_c[nlat++] = card;
            }
        }
    }
    for (int i = 0; i < nout; i++) {
        int m = choose(e, out_c[i], places);
        for (int j = 0; j < m; j++) PUSH(0, out_p[i], places[j], out_c[i]);
    }
    if (e->nwaste) {
        int card = e->talon[e->waste[e->nwaste - 1]];
        if (e->ntakers[card]) {
            int m = choose(e, card, places);
            for (int j = 0; j < m; j++) PUSH(0, e->WASTE, places[j], card);
        }
    }
    int ref_p[MAXP], ref_c[MAXP], nref = 0;
    for (int i = 0; i < nlat; i++) {
        int p = lat_p[i];
        if (e->plen[p] == 1 && e->nfill[p]) {
            ref_p[nref] = p;
            ref_c[nref++] = lat_c[i];
        }
    }
    for (int i = 0; i < nlat; i++) {
        int p = lat_p[i];
        if (e->plen[p] == 1 && e->nfill[p]) continue;
        int m = choose(e, lat_c[i], places);
        for (int j = 0; j < m; j++) PUSH(0, p, places[j], lat_c[i]);
    }
    int n = e->nstock;
    int stop_at_safe = e->prune && !e->waste_feeds;
    for (int k = 0; k <= n; k++) {
        if (k) {
            int card = e->talon[e->stock[n - k]];
            if (e->ntakers[card]) {
                int m = choose(e, card, places);
                for (int j = 0; j < m; j++) PUSH(k, e->WASTE, places[j], card);
                if (stop_at_safe && !nref && no_rival_place(e, card, places[0])) return 0;
            }
        }
        for (int i = 0; i < nref; i++) {
            int p = ref_p[i], r = ref_c[i];
            int saved = fill_card(e, p, k);
            if (saved < 0) {
                if (!k) {
                    int m = choose(e, r, places);
                    for (int j = 0; j < m; j++) PUSH(0, p, places[j], r);
                }
                continue;
            }
            int m = choose(e, r, places);
            for (int j = 0; j < m; j++) PUSH(k, p, places[j], r);
        }
    }
    if (e->redeals > 0 && (e->nstock || e->nwaste)) PUSH(n, REDEAL_SRC, 0, NOCARD);
    return 0;
}
