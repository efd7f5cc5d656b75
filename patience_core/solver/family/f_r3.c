/* Rule R3 (its settings: relaxations.StockFreeCheck): the game without the stock's order, solved
 * exactly within a budget; a node it proves lost is cut off. */
#include <string.h>

#include "f_engine.h"

static size_t r3_key(const E *e, const R3State *st, uint8_t *k) {
    size_t n = 0;
    for (int i = 0; i < e->n_found; i++) k[n++] = (uint8_t)st->h[i];
    for (int j = 0; j < e->n_columns; j++) k[n++] = st->colh[j];
    k[n++] = (uint8_t)(st->wp & 255);
    k[n++] = (uint8_t)(st->wp >> 8);
    for (int c = 0; c < 52; c++) k[n++] = (uint8_t)st->stock[c];
    for (int c = 0; c < 52; c++)
        if (st->held_f[c] >= 0) {
            k[n++] = (uint8_t)c;
            k[n++] = (uint8_t)st->held_f[c];
            k[n++] = (uint8_t)st->held_where[c];
            k[n++] = (uint8_t)(st->held_col[c] + 1);
        }
    return n;
}

/* A move of the check's game: the move (card to foundation index fi from where/col). */
static void r3_play(const E *e, R3State *st, int card, int fi, int where, int col) {
    st->h[fi]++;
    st->placed[card]++;
    if (where == W_COLUMN) {
        st->colh[col]--;
    } else if (where == W_STOCK) {
        st->stock[card]--;
    } else {
        st->cell[card]--;
        if (st->wp < e->sf_nwaste) {
            st->wp++;
            if (st->wp < e->sf_nwaste) st->cell[e->sf_waste[st->wp]]++;
        }
    }
}

/* Rule S1r: the copy of card from where may go to the
 * foundation with index fi at once. */
static int r3_longer_rest_first(const E *e, const R3State *st, int card, int fi, int where) {
    int f = e->found[fi];
    for (int s = 0; s < e->nslots[card]; s++) {
        int g = e->slot_f[card][s], pos = e->slot_pos[card][s], gi = e->fi_of[g];
        if (gi != fi && st->h[gi] <= pos && !rest_is_prefix(e, g, pos, f, st->h[fi])) return 0;
    }
    if (st->stock[card] - (where == W_STOCK)) return 1;
    if (where != W_CELL) return 0;
    if (st->cell[card] > 1) return 1;
    for (int i = st->wp + 1; i < e->sf_nwaste; i++)
        if (e->sf_waste[i] == card) return 1;
    return 0;
}

static int r3_solve(E *e, R3State *st) {
    if (e->sf_nodes == e->sf_limit) return R_OVER;
    e->sf_nodes++;
    if (e->deadline >= 0 && !(e->sf_nodes & 63) && now() > e->deadline) {
        e->sf_positions += e->sf_nodes;
        return R_LIMIT;
    }
    int nf = e->n_found;
    for (;;) {
        if (!st->out) return R_WON;
        /* wanted: distinct cards in order of first foundation, each with its takers */
        int wcard[MAXF], wn[MAXF], wt[MAXF][MAXF], nw = 0;
        for (int fi = 0; fi < nf; fi++) {
            int f = e->found[fi];
            if (st->h[fi] >= e->f_length[f]) continue;
            int card = e->static_suit[f] * 13 + e->rank_at[f][st->h[fi]];
            int w;
            for (w = 0; w < nw && wcard[w] != card; w++)
                ;
            if (w == nw) {
                wcard[nw] = card;
                wn[nw++] = 0;
            }
            wt[w][wn[w]++] = fi;
        }
        int mv = 0, mcard = 0, mf = 0, mwhere = 0, mcol = 0;
        int br = 0, bcard = 0, bf = 0, bwhere = 0, bcol = 0;
        for (int w = 0; w < nw; w++) {
            int card = wcard[w];
            int in_cols[MAXP], nin = 0;
            for (int j = 0; j < e->n_columns; j++)
                if (st->colh[j] && e->col_dealt[j][st->colh[j] - 1] == card) in_cols[nin++] = j;
            if (!nin && !st->cell[card] && !st->stock[card]) continue;
            if (st->held_f[card] >= 0) {
                int ex = st->held_f[card], where = st->held_where[card], col = st->held_col[card];
                int other = -1;
                for (int t = 0; t < wn[w]; t++)
                    if (wt[w][t] != ex) {
                        other = wt[w][t];
                        break;
                    }
                if (other >= 0) { /* the held copy's place is ready */
                    st->held_f[card] = -1;
                    mv = 1, mcard = card, mf = other, mwhere = where, mcol = col;
                    break;
                }
                /* ex wants it: any other free copy is the one kept for ex */
                int rwhere = -1, rcol = -1;
                if (st->cell[card] - (where == W_CELL)) {
                    rwhere = W_CELL;
                } else if (st->stock[card] - (where == W_STOCK)) {
                    rwhere = W_STOCK;
                } else {
                    for (int t = 0; t < nin; t++)
                        if (!(where == W_COLUMN && in_cols[t] == col)) {
                            rwhere = W_COLUMN;
                            rcol = in_cols[t];
                            break;
                        }
                }
                if (rwhere >= 0) {
                    mv = 1, mcard = card, mf = ex, mwhere = rwhere, mcol = rcol;
                    break;
                }
                continue;
            }
            int fi = wt[w][0];
            for (int t = 1; t < wn[w]; t++) {
                int g = wt[w][t];
                if (beaten(e, e->found[fi], st->h[fi], e->found[g], st->h[g])) fi = g;
            }
            int where, col = -1;
            if (st->cell[card])
                where = W_CELL;
            else if (st->stock[card])
                where = W_STOCK;
            else
                where = W_COLUMN, col = in_cols[0];
            int rival = 0, f = e->found[fi];
            for (int s = 0; s < e->nslots[card]; s++) {
                int g = e->slot_f[card][s], pos = e->slot_pos[card][s], gi = e->fi_of[g];
                if (gi != fi && st->h[gi] <= pos && (e->f_cls[g] != e->f_cls[f] || st->h[gi] != st->h[fi])) {
                    rival = 1;
                    break;
                }
            }
            if (!rival || st->cell[card] + st->stock[card] == e->decks - st->placed[card] ||
                (e->sf_longer_rest && r3_longer_rest_first(e, st, card, fi, where))) {
                mv = 1, mcard = card, mf = fi, mwhere = where, mcol = col;
                break;
            }
            if (!br) br = 1, bcard = card, bf = fi, bwhere = where, bcol = col;
        }
        if (mv) {
            r3_play(e, st, mcard, mf, mwhere, mcol);
            st->out--;
            continue;
        }
        if (!br) return R_LOST;
        uint8_t key[KEYMAX];
        size_t kn = r3_key(e, st, key);
        if (set_has(&e->sf_lost_states, key, kn)) return R_LOST;
        /* now: the copy goes to its pile at once */
        R3State now_ = *st;
        r3_play(e, &now_, bcard, bf, bwhere, bcol);
        now_.out--;
        int r = r3_solve(e, &now_);
        if (r != R_LOST) return r;
        /* held: the copy waits for the card's other place */
        R3State held = *st;
        held.held_f[bcard] = (int8_t)bf;
        held.held_where[bcard] = (int8_t)bwhere;
        held.held_col[bcard] = (int8_t)bcol;
        r = r3_solve(e, &held);
        if (r != R_LOST) return r;
        if (set_add(&e->sf_lost_states, key, kn)) return R_NOMEM;
        return R_LOST;
    }
}

/* Rule R3 at a node: 1 lost, 0 not proved, or R_LIMIT / R_NOMEM. */
int r3_lost(E *e, const uint8_t *key, size_t kn) {
    if (set_has(&e->sf_not_lost, key, kn)) return 0;
    if (e->deadline >= 0 && now() > e->deadline) return R_LIMIT;
    R3State st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < e->n_found; i++) st.h[i] = (int8_t)e->h[e->found[i]];
    for (int j = 0; j < e->n_columns; j++) st.colh[j] = (uint8_t)e->plen[e->columns[j]];
    for (int i = 0; i < e->sf_ncells; i++) {
        int p = e->sf_cells[i];
        for (int k = 0; k < e->plen[p]; k++) st.cell[e->pile[p][k]]++;
    }
    for (int i = 0; i < e->nstock; i++) st.stock[e->talon[e->stock[i]]]++;
    e->sf_nwaste = e->nwaste;
    for (int i = 0; i < e->nwaste; i++) e->sf_waste[i] = e->talon[e->waste[e->nwaste - 1 - i]];
    if (e->nwaste) st.cell[e->sf_waste[0]]++;
    long long limit = e->sf_budget;
    if (e->max_positions >= 0) {
        long long room = e->max_positions - e->positions - e->sf_positions;
        if (room < limit) limit = room;
        if (limit <= 0) return 0;
    }
    e->sf_limit = limit;
    e->sf_nodes = 0;
    set_clear(&e->sf_lost_states);
    for (int c = 0; c < 52; c++) {
        st.placed[c] = (int8_t)e->placed[c];
        st.held_f[c] = -1;
    }
    st.wp = 0;
    st.out = e->n_cards - e->on_found;
    int r = r3_solve(e, &st);
    if (r == R_LIMIT || r == R_NOMEM) return r;
    int verdict = r == R_LOST;
    int kind = verdict ? 0 : r == R_OVER ? 2 : 1;
    e->n_check[kind]++;
    e->check_pos[kind] += e->sf_nodes;
    e->sf_positions += e->sf_nodes;
    if (!verdict && set_add(&e->sf_not_lost, key, kn)) return R_NOMEM;
    return verdict;
}

