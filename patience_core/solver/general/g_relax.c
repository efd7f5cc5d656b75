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
 * One base at a time (docs/solver.md, "G6b"): where a card can leave its pile only onto one
 * base that another card must take first and can give up only by going home, the card leaves
 * in the relaxation only once one such card has gone home.
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
    memset(s->kids, 0, sizeof s->kids);
    for (int c = 0; c < 52; c++)
        for (int lower = 0; lower < 52; lower++)
            if (s->parents[c] >> lower & 1) s->kids[lower] |= 1ULL << c;
}

#define BIT(c) (1ULL << (c))

/* The cards of one rank, every suit. */
static inline uint64_t rank_mask(int rank) {
    return (BIT(rank) | BIT(13 + rank) | BIT(26 + rank) | BIT(39 + rank));
}

/* The cards an empty pile of this rule takes (not G_EMPTY_NONE). */
static inline uint64_t empty_rule_cards(int rule) {
    return rule == G_EMPTY_ANY ? ~0ULL : rank_mask(rule);
}

/* The cards of `rank` that foundation fi takes in the chain of `suit` (every suit where it
 * builds regardless of suit). */
static uint64_t rank_cards(const g_rules_t *R, int fi, int suit, int rank) {
    if (!R->f_regardless[fi]) return BIT(suit * 13 + rank);
    uint64_t cards = 0;
    for (int t = 0; t < R->n_suits; t++) cards |= BIT(R->pack_suits[t] * 13 + rank);
    return cards;
}

/* The position as the relaxation starts from it. */
typedef struct {
    int pile_of[52], below[52];
    uint64_t present, on_found, in_recv, runs, exposed;
    uint8_t is_recv[GMAXP];
    /* the talon in turning order (K+; at most 52 cards: one pack), a bit per place */
    int talon[52], nt, cursor, draw, redeal, kplus;
    uint64_t talon_cards;
    int8_t talon_at[52];             /* each talon card's place */
    uint64_t talon_fixed;            /* places exposed whatever leaves: a turn's top in this pass,
                                      * and, with a redeal left, the first card of each turn */
    uint64_t shift_at_most[52];      /* [k]: places i (from 1) with i mod draw in 1..k */
    int height[GMAXF][4];            /* each foundation's height per suit (-1: that suit cannot be built there) */
    int empty[GMAXP], n_empty;       /* the receivers empty now that take some card */
    uint64_t empty_cards;            /* the cards some of them take */
} Start;

/* What a closure may not do: pinned cards never leave (nor go home), nothing lands on the
 * forbidden cards, a gated card leaves only once a card of its gate has gone home. And where
 * it may stop early, its caller having its answer (G6b's candidates): once the foundations take
 * a card of `stop_wanted` next, a card of `stop_exposed` is exposed, or two cards of
 * `stop_bases` are free to take a card. */
typedef struct {
    uint64_t pinned, forbidden, gated;
    uint64_t gate[52];
    uint64_t stop_wanted, stop_exposed, stop_bases;
} Limits;

/* More than one bit set (no popcount: without -mpopcnt that is a call into libgcc). */
static inline int several(uint64_t bits) { return (bits & (bits - 1)) != 0; }

/* The facts at the fixpoint; `wanted`: the cards the foundations take next (or, built regardless
 * of suit, of a rank they have reached). */
typedef struct {
    uint64_t home, exposed, landed, wanted;
    int height[GMAXF][4];
    int empty[GMAXP], n_empty;       /* the receivers empty now or emptied, that take some card */
    uint64_t empty_cards;            /* the cards some of them take */
} Facts;

/* The talon's places the relaxation exposes (K+), given the places whose cards have left:
 * a turn's top (fixed), the last card left, the card below one that left, and, with a redeal
 * left, a card that the cards before it that left shift onto a turn's top (place i, from 1,
 * where i mod draw <= how many cards before it left: past the k-th to leave, those with
 * i mod draw <= k). */
static uint64_t talon_exposed(const Start *st, uint64_t gone) {
    uint64_t all = (1ULL << st->nt) - 1, stays = all & ~gone;
    uint64_t places = st->talon_fixed | (gone >> 1);
    if (stays) places |= 1ULL << (63 - pt_clz64(stays));
    if (st->redeal)
        for (int k = 1; k < st->draw && k < 52 && gone; k++, gone &= gone - 1)
            places |= st->shift_at_most[k] & ~((2ULL << pt_ctz64(gone)) - 1);
    return places & all;
}

/* 0 where the test does not apply to the position (a base the deal has not chosen yet). */
static int relax_start(const GState *s, Start *st) {
    const g_rules_t *R = s->R;
    for (int fi = 0; fi < R->n_found; fi++)
        if (s->ranks[fi][0] < 0) return 0;
    st->kplus = R->kplus && R->stock >= 0;
    st->present = st->on_found = st->in_recv = st->runs = st->exposed = 0;
    memset(st->is_recv, 0, sizeof st->is_recv);
    for (int r = 0; r < R->n_recv; r++) st->is_recv[R->receivers[r]] = 1;
    memset(st->below, -1, sizeof st->below);
    for (int p = 0; p < s->n; p++) {
        int n = s->len[p], k = R->moves_kind[p];
        int layout = s->fidx[p] < 0 && p != R->stock && !(st->kplus && s->is_waste[p]);
        for (int i = 0; i < n; i++) {
            int c = s->cards[p][i];
            st->pile_of[c] = p;
            st->present |= BIT(c);
            if (s->fidx[p] >= 0) st->on_found |= BIT(c);
            else if (i >= s->down[p] && (k == GM_RUN || k == GM_FACE_UP || k == GM_PILE || k == GM_CARD_OR_PILE))
                st->runs |= BIT(c);
            if (st->is_recv[p]) st->in_recv |= BIT(c);
            if (!layout || R->access[p] == G_ACCESS_NONE) continue;
            if (R->access[p] == G_ACCESS_ALL || i == n - 1) st->exposed |= BIT(c);   /* the layout (and non-K+ wastes) */
            else st->below[s->cards[p][i + 1]] = c;
        }
    }
    /* the talon in turning order: the waste bottom first, then the stock from its top */
    st->nt = st->cursor = 0;
    st->talon_cards = 0;
    if (R->stock >= 0) {
        int sp = R->stock, w = R->waste_piles[0];
        if (st->kplus) {
            for (int i = 0; i < s->len[w]; i++) st->talon[st->nt++] = s->cards[w][i];
            st->cursor = st->nt;
            for (int i = s->len[sp] - 1; i >= 0; i--) st->talon[st->nt++] = s->cards[sp][i];
        } else {
            for (int i = 0; i < s->len[sp]; i++) st->exposed |= BIT(s->cards[sp][i]);   /* at once */
        }
    }
    st->redeal = s->redeals_left != 0;
    st->draw = R->draw > 0 ? R->draw : 1;
    st->talon_fixed = 0;
    memset(st->shift_at_most, 0, sizeof st->shift_at_most);
    for (int j = 0; j < st->nt; j++) {   /* place i = j + 1 */
        int i = j + 1, shift = i % st->draw;
        st->talon_cards |= BIT(st->talon[j]);
        st->talon_at[st->talon[j]] = (int8_t)j;
        if (i == st->cursor || (i > st->cursor && (i - st->cursor) % st->draw == 0) || (st->redeal && !shift))
            st->talon_fixed |= BIT(j);
        for (int k = shift; shift && k < st->draw && k < 52; k++) st->shift_at_most[k] |= BIT(j);
    }
    for (int fi = 0; fi < R->n_found; fi++) {
        int f = R->foundations[fi], n = s->len[f];
        for (int suit = 0; suit < 4; suit++) {
            int ok = R->f_regardless[fi] ? suit == 0
                     : R->f_suit[fi] >= 0 ? suit == R->f_suit[fi]
                     : (!n || s->cards[f][0] / 13 == suit);
            st->height[fi][suit] = ok ? n : -1;
        }
    }
    st->n_empty = 0;
    st->empty_cards = 0;
    for (int r = 0; r < R->n_recv; r++)
        if (!s->len[R->receivers[r]] && R->empty_rule[R->receivers[r]] != G_EMPTY_NONE) {
            st->empty[st->n_empty++] = R->receivers[r];
            st->empty_cards |= empty_rule_cards(R->empty_rule[R->receivers[r]]);
        }
    return 1;
}

/* Does an empty pile of `f` (other than pile `from`) take card c? */
static int empty_takes(const g_rules_t *R, const Facts *f, int from, int c) {
    if (!(f->empty_cards & BIT(c))) return 0;
    for (int r = 0; r < f->n_empty; r++) {
        int e = R->empty_rule[f->empty[r]];
        if (f->empty[r] != from && (e == G_EMPTY_ANY || c % 13 == e)) return 1;
    }
    return 0;
}

/* The least set of facts closed under the rules above, found by a worklist: a card is looked
 * at again only when a fact it depends on has just become true (it is exposed or gone home,
 * a card it may lie on has become free to take it, a pile has been emptied, a card of its
 * gate has gone home). The facts only grow, so the set is the same in whatever order the cards
 * are looked at (tests compare the verdicts with the oracle's). */
static void closure(const GState *s, const Start *st, const Limits *lim, Facts *f) {
    const g_rules_t *R = s->R;
    const uint64_t present = st->present, on_found = st->on_found;
    uint64_t home = on_found, exposed = st->exposed, left = 0, landed = 0;
    memcpy(f->height, st->height, sizeof f->height);
    memcpy(f->empty, st->empty, sizeof f->empty);
    f->n_empty = st->n_empty;
    f->empty_cards = st->empty_cards;
    uint64_t todo = present, seen_exposed = 0, seen_ok = 0, wanted = ~0ULL;
    uint64_t gone = 0, talon_seen = 0;   /* the talon's places whose cards have left, or are exposed */
    uint64_t movable = exposed | st->runs | (R->n_worry ? on_found : 0);   /* grows with exposed */
    uint64_t emptied = 0;                /* the cards a pile emptied since the last sweep takes */
    int talon_changed = st->kplus;
    uint64_t next[GMAXF][4];             /* the cards each foundation and suit takes next */
    for (int fi = 0; fi < R->n_found; fi++)
        for (int suit = 0; suit < 4; suit++) next[fi][suit] = ~0ULL;
    for (;;) {
        if (talon_changed)
            for (uint64_t j = talon_exposed(st, gone) & ~talon_seen; j; j &= j - 1) {
                talon_seen |= j & -j;
                exposed |= BIT(st->talon[pt_ctz64(j)]);
            }
        talon_changed = 0;
        uint64_t fresh = exposed & ~seen_exposed;
        seen_exposed = exposed;
        todo |= fresh;
        if (fresh & wanted) {   /* the foundations take what is exposed: a suit's next card, or (regardless
                                 * of suit) any card of a rank the foundation has reached */
            uint64_t free_cards = exposed & present & ~lim->pinned, was_home = home;
            wanted = 0;
            for (int fi = 0; fi < R->n_found; fi++) {
                int length = R->f_length[fi] < 13 ? R->f_length[fi] : 13;
                for (int suit = 0; suit < 4; suit++) {
                    int h = f->height[fi][suit];
                    if (h < 0) continue;
                    if (!R->f_regardless[fi] && !(next[fi][suit] & free_cards)) {   /* it takes nothing new */
                        wanted |= next[fi][suit];
                        continue;
                    }
                    for (; h < length && s->ranks[fi][h] >= 0; h++) {
                        uint64_t takes = rank_cards(R, fi, suit, s->ranks[fi][h]) & free_cards;
                        if (!takes) break;
                        todo |= takes & ~home;
                        home |= takes;
                    }
                    f->height[fi][suit] = h;
                    next[fi][suit] = h < length && s->ranks[fi][h] >= 0 ? rank_cards(R, fi, suit, s->ranks[fi][h]) : 0;
                    wanted |= next[fi][suit];
                    if (R->f_regardless[fi])
                        for (int j = s->len[R->foundations[fi]]; j < h; j++) {
                            uint64_t reached = rank_cards(R, fi, suit, s->ranks[fi][j]);
                            wanted |= reached;
                            todo |= reached & free_cards & ~home;
                            home |= reached & free_cards;
                        }
                }
            }
            if (home != was_home) todo |= lim->gated;
        }
        /* cards may land on a card exposed in a receiving pile, or on one that has landed */
        uint64_t parents_ok = ((exposed & st->in_recv) | landed) & ~lim->forbidden;
        for (uint64_t b = parents_ok & ~seen_ok; b; b &= b - 1) todo |= s->kids[pt_ctz64(b)];
        seen_ok = parents_ok;
        todo |= emptied;
        emptied = 0;
        movable |= exposed;
        /* a card that cannot move now is looked at again when it can: it is exposed, its gate opens */
        todo &= present & ~landed & movable & ~lim->pinned;
        if (!todo || (home & present) == present) break;   /* the fixpoint, or every card home (alive) */
        if ((wanted != ~0ULL && (wanted & lim->stop_wanted)) || (exposed & lim->stop_exposed)
            || several(parents_ok & lim->stop_bases)) break;   /* the caller's answer: no gate */
        /* the cards to look at, in one sweep: what they make true is looked at after it */
        for (uint64_t batch = todo; batch; batch &= batch - 1) {
            int c = pt_ctz64(batch), p = st->pile_of[c];
            /* what may leave: home, onto a card that can take it, or into an empty pile that
             * takes it; where foundations are worried, a card that has gone home may land from there */
            if ((lim->gated & BIT(c)) && !(home & lim->gate[c])) continue;
            int lands = (s->parents[c] & parents_ok) != 0 || empty_takes(R, f, p, c);
            if (lands) landed |= BIT(c);
            if ((on_found & BIT(c)) || (left & BIT(c)) || !(lands || (home & BIT(c)))) continue;
            left |= BIT(c);
            if (st->below[c] >= 0) exposed |= BIT(st->below[c]);
            if (st->talon_cards & BIT(c)) {
                gone |= BIT(st->talon_at[c]);
                talon_changed = 1;
            }
            if (st->is_recv[p] && s->cards[p][0] == c && R->empty_rule[p] != G_EMPTY_NONE) {
                uint64_t takes = empty_rule_cards(R->empty_rule[p]);
                f->empty[f->n_empty++] = p;
                f->empty_cards |= takes;
                emptied |= takes;
            }
        }
        todo = 0;
    }
    f->home = home;
    f->exposed = exposed;
    f->landed = landed;
    f->wanted = wanted;
}

/* The cards free to take a card at the fixpoint: exposed in a receiving pile, or landed. */
static inline uint64_t bases(const Start *st, const Facts *f) {
    return (f->exposed & st->in_recv) | f->landed;
}

/* G6b. One base at a time. Card b lies in layout pile p and leaves it only as the base of a
 * move, bare (face up: the card above it does not follow it, nor it the card below, by p's run
 * rule), or lies face down (it is turned up bare, as the pile's lowest face-up card; the card
 * above may come back onto it). While it stays there (the closure with b pinned) its foundation
 * never reaches it, no empty pile takes it, and one card alone, q, is ever free to take it.
 * Every other card that may lie on q and is not under b (its twins) can leave q, while b stays,
 * only by going home. And until something lands on q, b is never exposed (the closure with b
 * pinned and nothing landing on q). Then in any line b leaves p onto q; it was exposed before,
 * so something landed on q before that; the last card to land on q before b leaves has left it
 * by going home. So b leaves only once one of its twins has gone home: its gate. Returns the
 * number of cards gated. Every card is looked at where `thorough`; else only those with at most
 * one card that may take them outside the cards under them (two closures each: inside the
 * search, where the others seldom pass). */
static int gate_cards(const GState *s, const Start *st, int thorough, Limits *gates) {
    const g_rules_t *R = s->R;
    int found = 0;
    uint64_t unusable = R->n_worry ? 0 : st->on_found;   /* bases that never come back */
    for (int r = 0; r < R->n_recv; r++) {
        int p = R->receivers[r], n = s->len[p], k = R->moves_kind[p], run = R->run_rule[p];
        if (s->fidx[p] >= 0 || (k != GM_RUN && k != GM_CARD) || R->access[p] != G_ACCESS_TOP) continue;
        uint64_t under = 0;
        for (int i = 0; i + 1 < n; under |= BIT(s->cards[p][i]), i++) {
            int b = s->cards[p][i], up = s->cards[p][i + 1];
            uint64_t outside = s->parents[b] & ~under & ~unusable;
            if (!s->parents[b] || (!thorough && several(outside))) continue;   /* plain G6 sees the former */
            /* face up: it must leave bare (its cover does not follow it), as a base (it follows
             * no face-up card below it) */
            if (k == GM_RUN && ((i >= s->down[p] && g_follows(R, run, b, up))
                                || (i > s->down[p] && g_follows(R, run, s->cards[p][i - 1], b)))) continue;
            Limits pin = {0};
            pin.pinned = BIT(b);
            pin.stop_wanted = BIT(b);
            pin.stop_bases = s->parents[b];
            Facts f0;
            closure(s, st, &pin, &f0);
            if ((f0.wanted & BIT(b)) || empty_takes(R, &f0, p, b)) continue;   /* its foundation reaches it */
            uint64_t free_bases = bases(st, &f0), takers = s->parents[b] & free_bases;
            if (several(takers)) continue;
            if (!takers) {   /* nothing ever takes it: it never leaves */
                gates->gated |= BIT(b);
                gates->gate[b] = 0;
                found++;
                continue;
            }
            int q = pt_ctz64(takers);
            uint64_t twins = s->kids[q] & ~BIT(b) & ~under & st->present;
            int stuck = 1;
            for (uint64_t t = twins; t && stuck; t &= t - 1) {
                int y = pt_ctz64(t);
                stuck = !(s->parents[y] & free_bases & ~BIT(q)) && !empty_takes(R, &f0, -1, y);
            }
            if (!stuck) continue;
            Limits bare = {0};
            bare.pinned = BIT(b);
            bare.forbidden = BIT(q);
            bare.stop_exposed = BIT(b);
            Facts f1;
            closure(s, st, &bare, &f1);
            if (f1.exposed & BIT(b)) continue;
            gates->gated |= BIT(b);
            gates->gate[b] = twins;
            found++;
        }
    }
    return found;
}

/* How many cards G6b gates in the position (for the tests: where the gates are found). */
int g_dead_end_gates(const GState *s) {
    Start st;
    Limits gates = {0};
    if (!s->R->dead_end || !s->R->dead_end_gates || !relax_start(s, &st)) return 0;
    return gate_cards(s, &st, 1, &gates);
}

int g_dead_end(const GState *s, int gates) {
    const g_rules_t *R = s->R;
    if (!R->dead_end) return 0;
    Start st;
    if (!relax_start(s, &st)) return 0;
    Limits none = {0};
    Facts f;
    closure(s, &st, &none, &f);
    if ((f.home & st.present) != st.present) return 1;
    if (gates == G6_PLAIN || !R->dead_end_gates) return 0;
    Limits gated = {0};
    if (!gate_cards(s, &st, gates == G6_GATES_THOROUGH, &gated)) return 0;
    closure(s, &st, &gated, &f);
    return (f.home & st.present) != st.present ? 2 : 0;
}

/* G10. Waste piles that keep their order (docs/solver.md).
 *
 * Where every card not home lies in the stock or on waste piles whose top alone leaves, and
 * only for foundations that build fixed rank sequences regardless of suit, each rank at most
 * once (pack.waste_order_applies), relax the game so: the cards on the waste piles stay in
 * their order (nothing new covers them), and every card still in the stock may go home at any
 * time; the foundations stay exact. Each line of the real game plays its cards home in an order
 * the relaxation allows (a waste card's cover goes home before it in both; later covers only
 * add conditions), so where no order gets every card home the position is lost.
 *
 * Which card goes home first, and where, matters, so the relaxation is decided by a small
 * depth-first search over its states: each foundation's height (sorted, where all foundations
 * are twins: then which of them holds what does not matter), the ranks of the cards left on
 * each waste pile, and how many of each rank are left in the stock (suits do not matter). Each
 * move puts a card home: there are no cycles. Inside it the safe plays (safe_target) are made
 * at once, and a stock card is not played where a waste top of its rank could go instead (the
 * waste card does all it does, and uncovers more). A check that would visit more than
 * WASTE_ORDER_NODES states gives up: the position is not called lost. The states found lost
 * are kept across checks (a state holds all its verdict depends on), so a check after one move
 * mostly meets the states the one before it found lost. */
#include <stdlib.h>

enum {
    WASTE_ORDER_NODES = 2000,
    WASTE_ORDER_PILES = 10,          /* pack.MAX_WASTE_ORDER_PILES */
    WASTE_ORDER_FOUNDATIONS = 8,     /* pack.MAX_WASTE_ORDER_FOUNDATIONS */
    LOST_KEY = 48,                   /* nibbles: the heights, each pile's ranks and 0xF, each rank's stock count */
};

typedef struct { uint64_t hash; uint8_t key[LOST_KEY]; } WasteOrderState;

/* The states found lost, which a search's checks share (g_search owns it). A state visited
 * twice in one check is found here too: each move puts a card home, so a state met again has
 * been searched to the end. */
struct GWasteOrderMemo {
    size_t mask;
    WasteOrderState lost[];          /* two ways per index: the newer first */
};

GWasteOrderMemo *g_waste_order_memo(int lost_bits) {
    size_t n = (size_t)1 << lost_bits;
    GWasteOrderMemo *m = calloc(1, sizeof *m + n * sizeof(WasteOrderState));
    if (m) m->mask = n - 2;
    return m;
}

typedef struct {
    int nw, nf, left, nodes;
    int twins;                                 /* every foundation builds the same sequence */
    int len[WASTE_ORDER_PILES];                /* each waste pile's cards not yet home */
    uint8_t rank[WASTE_ORDER_PILES][GMAXC];    /* their ranks, bottom first */
    int stock[13];                             /* stock cards of each rank not yet home */
    int height[WASTE_ORDER_FOUNDATIONS];
    int8_t wants[WASTE_ORDER_FOUNDATIONS][14]; /* the rank each foundation takes at each height (-1: none) */
    int8_t place[13];                          /* twins: each rank's place in the sequence */
    int covering[13];                          /* cards of each rank on a waste pile with a card below */
    GWasteOrderMemo *memo;
} WasteOrder;

/* A foundation that takes a card of rank r now (-1: none); twins at one height are alike, so
 * the first. */
static inline int target(const WasteOrder *w, int r, int from) {
    for (int f = from; f < w->nf; f++)
        if (w->wants[f][w->height[f]] == r) return f;
    return -1;
}

/* A foundation a card of rank r may go to now, where playing it there is safe (no order that
 * wins is lost), else -1. `covers`: the card lies on a waste card.
 * - No other card of rank r not home covers a card or is covered (each is in the stock, or
 *   alone on a pile: it uncovers nothing and can be played at any time): in an order that wins,
 *   the foundation's next card (of rank r) and this one trade places, that card going where
 *   this one went, when it went.
 * - Twins: every foundation has passed the place before r's (the card only ever enables), or
 *   no other card of rank r not home covers a card: in an order that wins, the cards of rank r
 *   played before this one uncover nothing, so each can take the next one's turn and the last
 *   this card's, the foundations' heights alike at every step. */
static int safe_target(const WasteOrder *w, int r, int covers) {
    int f = target(w, r, 0);
    if (f < 0) return -1;
    if (w->twins) {
        int passed = 1;
        for (int g = 0; g < w->nf && passed; g++) passed = w->height[g] >= w->place[r];
        return passed || w->covering[r] == covers ? f : -1;
    }
    int others = w->covering[r] - covers;
    for (int i = 0; i < w->nw; i++)
        if (w->len[i] > 1 && w->rank[i][0] == r) others++;
    return others ? -1 : f;
}

/* Moves inside the relaxation: a card from waste pile i (i < nw) or the stock's rank r
 * (WASTE_ORDER_PILES + r) to foundation f, as (source << 4) | f. */
static void home_move(WasteOrder *w, int m) {
    int src = m >> 4, f = m & 15;
    if (src < WASTE_ORDER_PILES) {
        int r = w->rank[src][--w->len[src]];
        if (w->len[src]) w->covering[r]--;
    } else w->stock[src - WASTE_ORDER_PILES]--;
    w->height[f]++;
    w->left--;
}

static void back_move(WasteOrder *w, int m) {
    int src = m >> 4, f = m & 15;
    if (src < WASTE_ORDER_PILES) {
        int r = w->rank[src][w->len[src]++];
        if (w->len[src] > 1) w->covering[r]++;
    } else w->stock[src - WASTE_ORDER_PILES]++;
    w->height[f]--;
    w->left++;
}

/* The state's key and its hash (never 0). */
static uint64_t state_key(const WasteOrder *w, uint8_t key[LOST_KEY]) {
    memset(key, 0, LOST_KEY);
    int at = 0, heights[WASTE_ORDER_FOUNDATIONS];
#define NIBBLE(v) (key[at >> 1] |= (uint8_t)((v) << ((at & 1) * 4)), at++)
    memcpy(heights, w->height, sizeof heights);
    if (w->twins)   /* insertion sort: a handful */
        for (int i = 1; i < w->nf; i++)
            for (int k = i; k > 0 && heights[k - 1] > heights[k]; k--) {
                int t = heights[k];
                heights[k] = heights[k - 1];
                heights[k - 1] = t;
            }
    for (int f = 0; f < w->nf; f++) NIBBLE(heights[f]);
    for (int i = 0; i < w->nw; i++) {
        for (int k = 0; k < w->len[i]; k++) NIBBLE(w->rank[i][k]);
        NIBBLE(0xF);
    }
    for (int r = 0; r < 13; r++) NIBBLE(w->stock[r]);
#undef NIBBLE
    uint64_t h = 0x243F6A8885A308D3ull;
    for (int i = 0; i < LOST_KEY; i += 8) {
        uint64_t v;
        memcpy(&v, key + i, 8);
        h = (h ^ v) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h | 1;
}

static int known_lost(const GWasteOrderMemo *m, uint64_t h, const uint8_t *key) {
    const WasteOrderState *e = &m->lost[(size_t)(h >> 16) & m->mask];
    return (e[0].hash == h && !memcmp(e[0].key, key, LOST_KEY)) || (e[1].hash == h && !memcmp(e[1].key, key, LOST_KEY));
}

static void keep_lost(GWasteOrderMemo *m, uint64_t h, const uint8_t *key) {
    WasteOrderState *e = &m->lost[(size_t)(h >> 16) & m->mask];
    e[1] = e[0];
    e[0].hash = h;
    memcpy(e[0].key, key, LOST_KEY);
}

/* 1: every card goes home; 0: no order does; -1: gave up. w is as it was. */
static int waste_order_search(WasteOrder *w) {
    int made[52], n = 0, verdict = 0;
    for (int moved = 1; moved;) {   /* the safe plays, at once */
        moved = 0;
        for (int i = 0; i < w->nw; i++)
            for (int f; w->len[i] && (f = safe_target(w, w->rank[i][w->len[i] - 1], w->len[i] > 1)) >= 0;) {
                home_move(w, made[n++] = i << 4 | f);
                moved = 1;
            }
        for (int r = 0; r < 13; r++)
            for (int f; w->stock[r] && (f = safe_target(w, r, 0)) >= 0;) {
                home_move(w, made[n++] = (WASTE_ORDER_PILES + r) << 4 | f);
                moved = 1;
            }
    }
    if (!w->left) return 1;
    uint8_t key[LOST_KEY];
    uint64_t h = state_key(w, key);
    if (known_lost(w->memo, h, key)) goto undo;
    if (++w->nodes > WASTE_ORDER_NODES) { verdict = -1; goto undo; }
    unsigned top_reaches[13] = {0};   /* the foundations a waste top of each rank may go to */
    for (int i = 0; i < w->nw && !verdict; i++) {
        if (!w->len[i]) continue;
        int r = w->rank[i][w->len[i] - 1];
        for (int f = target(w, r, 0); f >= 0 && !verdict; f = w->twins ? -1 : target(w, r, f + 1)) {
            top_reaches[r] |= 1u << f;
            int m = i << 4 | f;
            home_move(w, m);
            verdict = waste_order_search(w);
            back_move(w, m);
        }
    }
    for (int r = 0; r < 13 && !verdict; r++) {
        if (!w->stock[r]) continue;
        for (int f = target(w, r, 0); f >= 0 && !verdict; f = w->twins ? -1 : target(w, r, f + 1)) {
            if (top_reaches[r] >> f & 1) continue;
            int m = (WASTE_ORDER_PILES + r) << 4 | f;
            home_move(w, m);
            verdict = waste_order_search(w);
            back_move(w, m);
        }
    }
    if (!verdict) keep_lost(w->memo, h, key);
undo:
    while (n) back_move(w, made[--n]);
    return verdict;
}

int g_waste_order_dead(const GState *s) {
    const g_rules_t *R = s->R;
    if (!R->waste_order) return 0;
    WasteOrder w = {0};
    w.nw = R->n_waste;
    w.nf = R->n_found;
    w.twins = 1;
    int takes[13] = {0};   /* cards of each rank the foundations take from here */
    memset(w.place, -1, sizeof w.place);
    for (int fi = 0; fi < w.nf; fi++) {
        int length = R->f_length[fi] < 13 ? R->f_length[fi] : 13;
        memset(w.wants[fi], -1, sizeof w.wants[fi]);
        for (int j = 0; j < length; j++) {
            w.wants[fi][j] = s->ranks[fi][j];
            if (fi && s->ranks[fi][j] != s->ranks[0][j]) w.twins = 0;
        }
        w.height[fi] = s->len[R->foundations[fi]];
        for (int j = w.height[fi]; j < length; j++) if (s->ranks[fi][j] >= 0) takes[s->ranks[fi][j]]++;
    }
    for (int j = 0; j < 13 && w.twins; j++) if (s->ranks[0][j] >= 0) w.place[s->ranks[0][j]] = (int8_t)j;
    for (int i = 0; i < w.nw; i++) {
        int p = R->waste_piles[i];
        for (int k = 0; k < s->len[p]; k++) {
            int r = s->cards[p][k] % 13;
            if (k) w.covering[r]++;
            w.rank[i][w.len[i]++] = (uint8_t)r;
            takes[r]--;
        }
        w.left += s->len[p];
    }
    for (int k = 0; k < s->len[R->stock]; k++) {
        int r = s->cards[R->stock][k] % 13;
        w.stock[r]++;
        w.left++;
        takes[r]--;
    }
    for (int r = 0; r < 13; r++)
        if (takes[r] < 0) return 1;   /* more cards of a rank than the foundations take */
    w.memo = s->waste_memo ? s->waste_memo : g_waste_order_memo(12);
    if (!w.memo) return 0;
    int verdict = waste_order_search(&w);
    if (w.memo != s->waste_memo) free(w.memo);
    return verdict == 0;
}

int g_waste_order_watch(const GState *s, const GChild *c) {
    GMove m = c->play;
    if (c->pre || c->mid || c->nback || c->lead.kind != G_NO_LEAD) return 1;
    return m.dst >= 0 && s->is_waste[m.dst] && s->len[m.dst];
}
