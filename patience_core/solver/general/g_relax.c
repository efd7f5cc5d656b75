/* The dead-end test: a relaxation of the game in which nothing stays covered
 * (docs/solver.md, "G6. Dead ends").
 *
 * Facts only ever become true: a card has been *exposed* (free to leave), has *left* the
 * place where it lies now, has *gone home*. A card is exposed once the card above it has
 * left (the talon by its own rule, below); it leaves, with the cards above it where its pile
 * moves runs, once it is face up and something could ever take it: a card it follows by a
 * layout pile's build rule that has been exposed in such a pile (or landed there), an empty
 * pile that takes it, its foundation. A foundation takes its next card once that card has been
 * exposed. Nothing is ever covered for good here, and every move of the real game makes only
 * facts true that the relaxation makes true as well, so a card that never goes home in it never
 * goes home in the real game: the position is lost.
 *
 * Where it applies (pack.dead_end_applies): one pack, foundations by rank sequence, no free
 * cells, no gaps filled, no rows dealt, no run foundations. */
#include <string.h>
#include "g_state.h"

void g_relax_load(GState *s) {
    const g_rules_t *R = s->R;
    memset(s->parents, 0, sizeof s->parents);
    for (int r = 0; r < R->n_recv; r++) {
        int rule = R->build_rule[R->receivers[r]];
        if (rule < 0) continue;
        for (int lower = 0; lower < 52; lower++)
            for (int upper = 0; upper < 52; upper++)
                if (g_follows(R, rule, lower, upper)) s->parents[upper] |= 1ULL << lower;
    }
}

#define BIT(c) (1ULL << (c))

/* The cards of `rank` that foundation fi takes in the chain of `suit` (every suit where it
 * builds regardless of suit). */
static uint64_t rank_cards(const g_rules_t *R, int fi, int suit, int rank) {
    if (!R->f_regardless[fi]) return BIT(suit * 13 + rank);
    uint64_t cards = 0;
    for (int t = 0; t < R->n_suits; t++) cards |= BIT(R->pack_suits[t] * 13 + rank);
    return cards;
}

int g_dead_end(const GState *s) {
    const g_rules_t *R = s->R;
    if (!R->dead_end) return 0;
    for (int fi = 0; fi < R->n_found; fi++)
        if (s->ranks[fi][0] < 0) return 0;   /* a base the deal has not chosen yet */
    int pile_of[52];
    uint64_t present = 0, home = 0, in_recv = 0, faceup = 0;
    uint8_t is_recv[GMAXP] = {0};
    for (int r = 0; r < R->n_recv; r++) is_recv[R->receivers[r]] = 1;
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < s->len[p]; i++) {
            int c = s->cards[p][i];
            pile_of[c] = p;
            present |= BIT(c);
            if (s->fidx[p] >= 0) home |= BIT(c);
            else if (i >= s->down[p]) faceup |= BIT(c);
            if (is_recv[p]) in_recv |= BIT(c);
        }
    /* the talon in turning order: the waste bottom first, then the stock from its top */
    int talon[GMAXC * 2], nt = 0, cursor = 0, kplus = R->kplus && R->stock >= 0;
    uint64_t stock_cards = 0;
    if (R->stock >= 0) {
        int st = R->stock;
        if (kplus) {
            int w = R->waste_piles[0];
            for (int i = 0; i < s->len[w]; i++) talon[nt++] = s->cards[w][i];
            cursor = nt;
            for (int i = s->len[st] - 1; i >= 0; i--) talon[nt++] = s->cards[st][i];
        } else {
            for (int i = 0; i < s->len[st]; i++) stock_cards |= BIT(s->cards[st][i]);
        }
    }
    int redeal = s->redeals_left != 0, draw = R->draw > 0 ? R->draw : 1;
    /* each foundation's relaxed height per suit (-1: that suit cannot be built there) */
    int height[GMAXF][4];
    for (int fi = 0; fi < R->n_found; fi++) {
        int f = R->foundations[fi], n = s->len[f];
        for (int suit = 0; suit < 4; suit++) {
            int ok = R->f_regardless[fi] ? suit == 0
                     : R->f_suit[fi] >= 0 ? suit == R->f_suit[fi]
                     : (!n || s->cards[f][0] / 13 == suit);
            height[fi][suit] = ok ? n : -1;
        }
    }
    uint64_t exposed = stock_cards, left = 0, landed = 0;
    for (;;) {
        uint64_t was_exposed = exposed, was_left = left, was_home = home, was_landed = landed;
        /* exposure in the layout (and the waste piles, where the talon is not K+) */
        for (int p = 0; p < s->n; p++) {
            if (s->fidx[p] >= 0 || p == R->stock || (kplus && s->is_waste[p])) continue;
            int n = s->len[p];
            if (R->access[p] == G_ACCESS_ALL) {
                for (int i = 0; i < n; i++) exposed |= BIT(s->cards[p][i]);
            } else if (R->access[p] != G_ACCESS_NONE) {
                for (int i = n - 1; i >= 0; i--)
                    if (i == n - 1 || (left & BIT(s->cards[p][i + 1]))) exposed |= BIT(s->cards[p][i]);
            }
        }
        /* the talon (K+): a waste top by a turn, the card below one that left, or a card
         * that earlier cards' leaving shifts onto a turn's top after a redeal */
        int rest_left = 1, gone_before[GMAXC * 2 + 1];
        gone_before[0] = 0;
        for (int i = 0; i < nt; i++) gone_before[i + 1] = gone_before[i] + ((left & BIT(talon[i])) != 0);
        for (int i = nt; i >= 1; i--) {
            int c = talon[i - 1];
            if (!(exposed & BIT(c))) {
                int shift = i % draw;
                if (i == cursor || (i > cursor && (i - cursor) % draw == 0) || rest_left
                    || (redeal && (shift == 0 || gone_before[i - 1] >= shift))
                    || (i < nt && (left & BIT(talon[i]))))
                    exposed |= BIT(c);
            }
            rest_left = rest_left && (left & BIT(c));
        }
        /* the foundations take what is exposed: a suit's next card, or (regardless of suit) any
         * card of a rank the foundation has reached, whenever it was exposed */
        for (int fi = 0; fi < R->n_found; fi++) {
            int length = R->f_length[fi] < 13 ? R->f_length[fi] : 13;
            for (int suit = 0; suit < 4; suit++) {
                int h = height[fi][suit];
                if (h < 0) continue;
                for (; h < length && s->ranks[fi][h] >= 0; h++) {
                    uint64_t takes = rank_cards(R, fi, suit, s->ranks[fi][h]) & exposed & present;
                    if (!takes) break;
                    home |= takes;
                }
                height[fi][suit] = h;
                if (R->f_regardless[fi])
                    for (int j = s->len[R->foundations[fi]]; j < h; j++)
                        home |= rank_cards(R, fi, suit, s->ranks[fi][j]) & exposed & present;
            }
        }
        /* what may leave: home, onto a card that can take it, or into an empty pile that takes it;
         * where foundations are worried, a card that has gone home may land from there */
        uint64_t parents_ok = (exposed & in_recv) | landed;
        for (int c = 0; c < 52; c++) {
            if (!(present & BIT(c)) || (landed & BIT(c))) continue;
            int p = pile_of[c], k = R->moves_kind[p];
            int movable = s->fidx[p] >= 0 ? R->n_worry
                          : (exposed & BIT(c)) || ((faceup & BIT(c)) && (k == GM_RUN || k == GM_FACE_UP || k == GM_PILE));
            if (!movable) continue;
            int lands = (s->parents[c] & parents_ok) != 0;
            for (int r = 0; r < R->n_recv && !lands; r++) {
                int d = R->receivers[r], e = R->empty_rule[d];
                if (d != p && (e == G_EMPTY_ANY || (e >= 0 && c % 13 == e)) && (!s->len[d] || (left & BIT(s->cards[d][0]))))
                    lands = 1;
            }
            if (lands) landed |= BIT(c);
            if (s->fidx[p] < 0 && (lands || (home & BIT(c)))) left |= BIT(c);
        }
        if (exposed == was_exposed && left == was_left && home == was_home && landed == was_landed) break;
    }
    return (home & present) != present;
}
