/* Pruning: the safe plays (rule S1: an open slot, a card safe to play, no rival place,
 * the best place) and the dead ends of rules B1 and B2. Rule D1
 * (beaten, choose) is in f_engine.h: every node calls it many times. */
#include <string.h>

#include "f_engine.h"

/* -- safe plays */
static int slot_open(const E *e, int g, int pos, int suit) {
    int h = e->h[g];
    if (h > pos) return 0;
    if (h) return e->fsuit[g] == suit;
    if (e->static_suit[g] >= 0) return e->static_suit[g] == suit;
    return e->placed[suit * 13 + e->rank_at[g][0]] < e->decks;
}

int no_rival_place(const E *e, int card, int f) {
    int suit = card / 13, cls = e->f_cls[f], hf = e->h[f], sf = e->fsuit[f];
    for (int s = 0; s < e->nslots[card]; s++) {
        int g = e->slot_f[card][s], pos = e->slot_pos[card][s];
        if (g == f || !slot_open(e, g, pos, suit)) continue;
        if (e->f_cls[g] != cls || e->h[g] != hf || e->fsuit[g] != sf) return 0;
    }
    return 1;
}

static int best_place(const E *e, int card, int f) {
    int suit = card / 13;
    for (int s = 0; s < e->nslots[card]; s++) {
        int g = e->slot_f[card][s], pos = e->slot_pos[card][s];
        if (g != f && slot_open(e, g, pos, suit) && !rest_is_prefix(e, g, pos, f, e->h[f])) return 0;
    }
    return 1;
}

static int is_safe(const E *e, int src, int card, int f) {
    int last_waste = !e->nstock && !e->redeals;
    if (src == e->WASTE) {
        if (e->waste_feeds && !last_waste) return 0;
    } else if (e->plen[src] == 1 && e->nfill[src] && !last_waste) {
        for (int s = 0; s < e->nfill[src]; s++)
            if (e->fill[src][s] == e->WASTE ? e->nwaste : e->nstock) return 0;
    }
    int others = e->decks - e->placed[card] - 1;
    if (others) {
        int under;
        if (src == e->WASTE) {
            if (e->redeals == 0) {
                under = 0;
                for (int i = 0; i < e->nwaste - 1; i++) under += e->talon[e->waste[i]] == card;
            } else {
                under = -1;
            }
        } else if (e->access[src] == ACCESS_TOP) {
            under = 0;
            for (int i = 0; i < e->plen[src] - 1; i++) under += e->pile[src][i] == card;
        } else {
            under = -1;
        }
        if (under == others && best_place(e, card, f)) return 1;
    }
    return no_rival_place(e, card, f);
}



int apply_safe(E *e) {
    int again = 1, places[MAXF], cards[52];
    while (again) {
        again = 0;
        for (int i = 0; i < e->n_playable; i++) {
            int p = e->playable[i], nc = free_cards(e, p, cards);
            for (int j = 0; j < nc; j++) {
                int card = cards[j];
                if (e->ntakers[card]) {
                    choose(e, card, places);
                    int f = places[0];
                    if (is_safe(e, p, card, f)) {
                        if (play(e, p, f, card)) return -1;
                        again = 1;
                        break;
                    }
                }
            }
        }
        if (e->nwaste) {
            int card = e->talon[e->waste[e->nwaste - 1]];
            if (e->ntakers[card]) {
                choose(e, card, places);
                int f = places[0];
                if (is_safe(e, e->WASTE, card, f)) {
                    if (play(e, e->WASTE, f, card)) return -1;
                    again = 1;
                }
            }
        }
    }
    return 0;
}

/* Rule B1. */
int dead_end(const E *e) {
    for (int b = 0; b < e->n_blocks; b++) {
        const Block *bl = &e->blocks[b];
        if (e->plen[bl->p] <= bl->i) continue;
        int c = bl->c, suit = c / 13, all_blocked = 1;
        for (int s = 0; s < e->nslots[c] && all_blocked; s++) {
            int g = e->slot_f[c][s], pos = e->slot_pos[c][s];
            if (!slot_open(e, g, pos, suit)) continue;
            int blocked = 0;
            for (int k = e->h[g]; k < pos && !blocked; k++) {
                int d = suit * 13 + e->rank_at[g][k];
                for (int u = 0; u < bl->n_under; u++)
                    if (bl->under[u] == d && e->decks - e->placed[d] == bl->below[u]) {
                        blocked = 1;
                        break;
                    }
            }
            if (!blocked) all_blocked = 0;
        }
        if (all_blocked) return 1;
    }
    return 0;
}

/* Rule B2. */
int waste_dead_end(const E *e) {
    if (e->redeals || e->waste_feeds || e->nwaste < 2) return 0;
    int below[52] = {0};
    for (int w = 0; w < e->nwaste; w++) {
        int c = e->talon[e->waste[w]], suit = c / 13, base = suit * 13, all_blocked = 1;
        for (int s = 0; s < e->nslots[c] && all_blocked; s++) {
            int g = e->slot_f[c][s], pos = e->slot_pos[c][s];
            if (!slot_open(e, g, pos, suit)) continue;
            int blocked = 0;
            for (int k = e->h[g]; k < pos; k++) {
                int d = base + e->rank_at[g][k], count = below[d];
                if (count && e->decks - e->placed[d] == count) {
                    blocked = 1;
                    break;
                }
            }
            if (!blocked) all_blocked = 0;
        }
        if (all_blocked) return 1;
        below[c]++;
    }
    return 0;
}

