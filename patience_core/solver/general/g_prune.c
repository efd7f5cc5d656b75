/* What the pruned search plays without branching, what it folds into macros, what it
 * never tries, and in which order it tries the rest. Every rule reads the compiled
 * rules; docs/solver.md ("One pruned search for every game") gives the arguments. */
#include <stdlib.h>
#include <string.h>
#include "g_state.h"

/* Foundations f and g are interchangeable now (agents/safe.py twins). */
static int twins(const GState *s, int f, int g) {
    const g_rules_t *R = s->R;
    int fi = s->fidx[f], gi = s->fidx[g];
    if (R->f_regardless[fi] != R->f_regardless[gi] || R->f_suit[fi] != R->f_suit[gi]
        || R->f_length[fi] != R->f_length[gi] || memcmp(s->ranks[fi], s->ranks[gi], 13))
        return 0;
    if (R->f_regardless[fi]) return s->len[f] == s->len[g];
    return s->len[f] == s->len[g] && !memcmp(s->cards[f], s->cards[g], (size_t)s->len[f]);
}

/* No card can ever lie on card in the layout (safe.bare). */
static int bare(const g_rules_t *R, int card) {
    for (int r = 0; r < R->n_safe_rules; r++) {
        const int32_t *row = R->follows + R->safe_rules[r] * 2704 + card * 52;
        for (int other = 0; other < 52; other++)
            if (row[other] && R->copies[other]) return 0;
    }
    return 1;
}

/* bare() of every card, once per search (the safe-play test asks it for every card a
 * worry foundation holds, at every node: 2 700 steps a call where the rules are read). */
void g_bare_load(GState *s) {
    for (int c = 0; c < 52; c++) s->bare[c] = (uint8_t)bare(s->R, c);
}

/* No copy of card on a worry foundation can be of use in the layout again (safe.stays_up):
 * each is its foundation's bottom card and nothing can lie on it. */
static int stays_up(const GState *s, int card) {
    const g_rules_t *R = s->R;
    for (int i = 0; i < R->n_worry; i++) {
        int f = R->worry_from[i], n = s->len[f];
        for (int j = 0; j < n; j++)
            if (s->cards[f][j] == card && (j > 0 || !s->bare[card])) return 0;
    }
    return 1;
}

/* Safe play (agents/safe.py nobody_builds_on): a card goes up by a rank sequence when no
 * card that could ever be built on it in the layout is still off the foundations (or, where
 * foundation tops come back, when its whole worry closure is home), and every other foundation
 * that takes it is a twin of this one. */
int g_is_safe(const GState *s, GMove m, int8_t takers[52][GMAXF], const int ntak[52]) {
    const g_rules_t *R = s->R;
    if (m.kind != GK_TO_FOUNDATION || m.count != 1 || !R->safe_plays) return 0;
    int fi = s->fidx[m.dst], card = m.card;
    if (s->ranks[fi][0] < 0 || R->fill_start[2 * m.src + 1]) return 0;
    if (s->is_waste[m.src] && R->draw > 1 && R->redeals != 0) return 0;
    for (int t = 0; t < ntak[card]; t++)
        if (takers[card][t] != m.dst && !twins(s, m.dst, takers[card][t])) return 0;
    if (R->f_regardless[fi]) {   /* another card of this rank still out may have to go first */
        int out = 0;
        for (int c = card % 13; c < 52; c += 13) out += R->copies[c] - s->fcount[c];
        if (out > 1) return 0;
    }
    if (R->n_worry && R->worry_closure[card * 52 + card]) {   /* its worry closure all home (safe.worry_closure) */
        const int32_t *closure = R->worry_closure + card * 52;
        for (int other = 0; other < 52; other++)
            if (closure[other] && other != card && s->fcount[other] < R->copies[other]) return 0;
        return 1;
    }
    int nf = s->len[m.dst];
    if (R->f_worry[fi] && nf && !stays_up(s, s->cards[m.dst][nf - 1])) return 0;
    for (int r = 0; r < R->n_safe_rules; r++) {
        const int32_t *row = R->follows + R->safe_rules[r] * 2704 + card * 52;
        for (int other = 0; other < 52; other++)
            if (row[other] && R->copies[other]
                && (s->fcount[other] < R->copies[other] || (R->n_worry && !stays_up(s, other)))) return 0;
    }
    return 1;
}

/* The first safe play in the order a player scans free cards (safe.safe_moves). */
int g_find_safe(const GState *s, GMove *out) {
    int8_t takers[52][GMAXF];
    int ntak[52];
    g_takers(s, takers, ntak);
    return g_find_safe_given(s, NULL, takers, ntak, out);
}

/* The same with the foundations' takers known, looking only at `piles` (NULL: all): the search
 * names the piles a move changed, where the position before had no safe play and the
 * foundations are as they were, so no other pile can have one. */
int g_find_safe_given(const GState *s, const uint8_t *piles, int8_t takers[52][GMAXF], const int ntak[52],
                      GMove *out) {
    const g_rules_t *R = s->R;
    for (int i = 0; i < R->n_scan; i++) {
        int p = R->scan_order[i], n = s->len[p];
        if (!n || (piles && !piles[p])) continue;
        int first = R->access[p] == G_ACCESS_ALL ? 0 : n - 1;
        uint8_t seen[52] = {0};
        for (int j = first; j < n; j++) {
            int c = s->cards[p][j];
            if (seen[c]) continue;
            seen[c] = 1;
            for (int t = 0; t < ntak[c]; t++) {
                GMove m = {GK_TO_FOUNDATION, (int8_t)p, takers[c][t], (int8_t)c, 1};
                if (g_is_safe(s, m, takers, ntak)) { *out = m; return 1; }
            }
        }
    }
    return 0;
}

/* G8. Cards home that could come straight back (docs/solver.md). Where a foundation lets its
 * top come back, a face-up layout card it takes that could return at once where it lies (on a
 * card it follows, or alone where the pile's empty rule takes it) goes home without branching:
 * the positions before and after reach each other, so they are won or lost alike. Bare, it
 * goes straight up; under free arrangement a covered one goes up when its cover can move onto
 * a bare twin of it (a renaming there), the cover moved first. The cards-back child that
 * renames that cover back makes the twin's play with it (add_back), or this rule would undo
 * it on entering (docs/solver.md, G8, Klondike deal 6583). */
static int reversible(const GState *s, int p, int8_t takers[52][GMAXF], const int ntak[52], const uint8_t *onto,
                      uint64_t covers, GMove *lead, GMove *play) {
    const g_rules_t *R = s->R;
    int n = s->len[p];
    if (!n || R->fill_start[2 * p + 1]) return 0;
    int first = s->covered_home && s->arranged_freely && R->free_arrangement[p] ? s->down[p] : n - 1;
    for (int i = onto ? n - 2 : n - 1; i >= first; i--) {
        int c = s->cards[p][i];
        if (!ntak[c] || (onto && !(covers >> s->cards[p][i + 1] & 1))) continue;
        if (i > s->down[p]) {
            if (!g_follows(R, R->build_rule[p], s->cards[p][i - 1], c)) continue;
        } else {   /* alone, where the empty pile takes it back (on face-down cards: going home turns one up) */
            int e = R->empty_rule[p];
            if (i || s->down[p] || !(e == G_EMPTY_ANY || (e >= 0 && c % 13 == e))) continue;
        }
        int f = takers[c][0], fi = s->fidx[f], all_twins = 1;
        if (!R->f_worry[fi] || R->f_regardless[fi] || s->ranks[fi][0] < 0) continue;
        for (int t = 1; t < ntak[c]; t++) all_twins &= twins(s, f, takers[c][t]);
        if (!all_twins) continue;
        lead->kind = G_NO_LEAD;
        if (i < n - 1) {   /* its cover onto a bare twin: the only cards it can lie on are c's class */
            int cover = s->cards[p][i + 1], count = n - 1 - i, q = -1;
            for (int r = 0; r < R->n_recv && q < 0; r++) {
                int d = R->receivers[r];
                if (d != p && s->len[d] && (!onto || onto[d]) && g_accepts(s, d, cover, count)) q = d;
            }
            if (q < 0) continue;
            GMove m = {GK_BETWEEN_PILES, (int8_t)p, (int8_t)q, (int8_t)cover, (uint8_t)count};
            *lead = m;
        }
        GMove m = {GK_TO_FOUNDATION, (int8_t)p, (int8_t)f, (int8_t)c, 1};
        *play = m;
        return 1;
    }
    return 0;
}

int g_find_reversible(const GState *s, int8_t known[52][GMAXF], const int known_n[52], const uint8_t *changed,
                      GMove *lead, GMove *play) {
    if (!s->rehome) return 0;
    const g_rules_t *R = s->R;
    int8_t takers[52][GMAXF];
    int ntak[52];
    if (!known) g_takers(s, takers, ntak);
    int8_t (*tk)[GMAXF] = known ? known : takers;
    const int *nt = known ? known_n : ntak;
    /* A pile the moves left alone can only have gained a way for a cover onto a pile they
     * changed (free arrangement): `covers`, the cards some changed pile's top may take. */
    uint64_t covers = 0;
    for (int r = 0; changed && s->covered_home && s->arranged_freely && r < R->n_recv; r++) {
        int d = R->receivers[r];
        if (changed[d] && s->len[d]) covers |= s->kids[s->cards[d][s->len[d] - 1]];
    }
    for (int r = 0; r < R->n_recv; r++) {
        int p = R->receivers[r], alone = changed && !changed[p];
        if (alone && !(covers && R->free_arrangement[p])) continue;
        if (reversible(s, p, tk, nt, alone ? changed : NULL, covers, lead, play)) return 1;
    }
    return 0;
}

/* Is pile p's key class in force now (fields.class_needs_no_stock)? */
static inline int class_of(const GState *s, int p) {
    const g_rules_t *R = s->R;
    int c = R->key_class[p];
    if (c < 0 || (R->class_needs_no_stock[p] && s->len[R->stock])) return -1;
    return c;
}

/* The first empty pile of key class c in force, -1: none. */
static int first_gap(const GState *s, int c) {
    for (int p = 0; p < s->n; p++)
        if (!s->len[p] && class_of(s, p) == c) return p;
    return -1;
}

/* Dominance of equal destinations: of several empty interchangeable piles only the first
 * is tried, and a whole pile is never moved into an empty pile interchangeable with it
 * (both give positions with one key). */
static int dominated(const GState *s, GMove m) {
    if (m.kind != GK_BETWEEN_PILES || s->len[m.dst]) return 0;
    int c = class_of(s, m.dst);
    if (c < 0) return 0;
    if (first_gap(s, c) < m.dst) return 1;   /* m.dst itself is one: never -1 here */
    return s->fidx[m.src] < 0 && class_of(s, m.src) == c && m.count == s->len[m.src] && !s->down[m.src];
}

/* Idle moves (docs/solver.md, "Idle moves"): a move onto a pile that leaves a face-up card on
 * top of its source, or brings a foundation's top back, changes nothing but where those cards
 * lie. Any line can make it just before the first move that uses it, so it is tried only
 * when such a move is legal right after it. */
static int idle(const GState *s, GMove m) {
    if (m.kind != GK_BETWEEN_PILES || !s->R->idle_source[m.src]) return 0;
    return s->fidx[m.src] >= 0 || s->len[m.src] - m.count > s->down[m.src];
}

/* Does a legal move use idle move m, just made? One that takes the card m exposed (or the
 * foundation's next top), puts a card on it, moves a longer run from m's destination, or
 * (after a card came back from a foundation) covers that card; any card of the talon a
 * later turn may bring counts as a cover. Not the move straight back. */
static int used(const GState *s, GMove m) {
    const g_rules_t *R = s->R;
    GMove moves[GMAXMOVES];
    int n = g_legal(s, moves, GMAXMOVES), back = s->fidx[m.src] >= 0;
    if (n > GMAXMOVES) return 1;
    for (int i = 0; i < n; i++) {
        GMove u = moves[i];
        if (u.kind != GK_TO_FOUNDATION && u.kind != GK_BETWEEN_PILES) continue;
        if (u.src == m.src || (back && u.dst == m.dst) || (u.src == m.dst && u.count > m.count)) return 1;
        if (u.dst == m.src && !(u.src == m.dst && u.count == m.count)) return 1;
    }
    int cover = back ? m.dst : m.src;
    if (s->fidx[cover] >= 0 || !s->len[cover]) return 0;
    int talon[GMAXP + 1], nt = 0;
    if (R->stock >= 0) talon[nt++] = R->stock;
    for (int i = 0; i < R->n_waste; i++) talon[nt++] = R->waste_piles[i];
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < s->len[talon[i]]; j++)
            if (g_accepts(s, cover, s->cards[talon[i]][j], 1)) return 1;
    return 0;
}

/* A move's own worth, given its source's length and face-down count and its destination's
 * length (as they are after it: value scores a play on the position after it). */
static int score_given(const GState *s, GMove m, int n, int down, int dst_len) {
    const g_rules_t *R = s->R;
    switch (m.kind) {
    case GK_TO_FOUNDATION: return 60;
    case GK_DEAL_ROW: return -30;
    case GK_TURN: return -5;
    case GK_REDEAL: return -6;
    }
    if (s->fidx[m.src] >= 0) return -40;                    /* worrying back */
    int v = 0;
    if (down && m.count == n - down) v += 50;                 /* turns a card up */
    else if (m.count == n && !R->fill_start[2 * m.src + 1]) v += 25;  /* empties a pile */
    if (s->is_cell[m.src]) v += 20;
    if (s->is_cell[m.dst]) v -= 20;
    else if (!dst_len) v -= 10;
    return v;
}

static int score(const GState *s, GMove m) {
    return score_given(s, m, s->len[m.src], s->down[m.src], s->len[m.dst]);
}

static int evaluate(GState *s);
static int evaluate_rest(GState *s);
static void refresh_wanted(GState *s);
static int waste_shares(const GState *s, int a, int b);
static int pile_share(const GState *s, int p, const uint8_t *cards, int n, int down);

/* How good a child looks: the position it leads to (lead, if any, then play, from s, where
 * its talon steps are already made), and its play, scored there. Made where the child is
 * found, so a K+ child's talon steps are not replayed to score it. The play is scored on the
 * position after it, as it always was: scored before it, MS FreeCell 1-3000 took 804
 * positions a deal on average instead of 681 (Klondike unchanged). */
static int value_made(GState *s, GMove lead, GMove play, int pre) {
    GUndo u[2];
    int depth = 0;
    if (lead.kind != G_NO_LEAD) g_apply(s, lead, &u[depth++]);
    g_apply(s, play, &u[depth++]);
    int v = evaluate(s) + score(s, play) / 10 - pre / 4;
    while (depth) g_undo(s, &u[--depth]);
    return v;
}

static int value(GState *s, GMove lead, GMove play, int pre) {
    const g_rules_t *R = s->R;
    int src = play.src, dst = play.dst;
    if (lead.kind == G_NO_LEAD && play.kind == GK_BETWEEN_PILES && s->fidx[src] < 0 && s->fidx[dst] < 0
        && !(play.count == 1 && R->access[src] == G_ACCESS_ALL) && !R->fill_start[2 * src + 1]) {
        /* Only its two piles change (no gap filled, the foundations as they are): the position's
         * value with their shares as they would be after it, the move not made; the same number
         * as evaluating the position after it. Siblings share the value of the rest (the waste
         * piles' shares apart, so that the K+ walk's turns keep it). */
        if (!s->eval_valid) { s->eval_rest = evaluate_rest(s); s->eval_valid = 1; }
        else refresh_wanted(s);   /* the value kept, but the wanted cards last found for other foundations */
        int n = s->len[src], left = n - play.count, down = s->down[src], m = s->len[dst];
        if (down && left == down) down--;   /* the card it uncovers turns up (g_moves.c settle) */
        uint8_t onto[GMAXC];
        memcpy(onto, s->cards[dst], (size_t)m);
        memcpy(onto + m, s->cards[src] + left, (size_t)play.count);
        int v = s->eval_rest + waste_shares(s, src, dst);
        v += pile_share(s, src, s->cards[src], left, down) + pile_share(s, dst, onto, m + play.count, s->down[dst]);
        if (!s->is_waste[src]) v -= pile_share(s, src, s->cards[src], n, s->down[src]);
        if (!s->is_waste[dst]) v -= pile_share(s, dst, s->cards[dst], m, s->down[dst]);
        return v + score_given(s, play, left, down, m + play.count) / 10 - pre / 4;
    }
    return value_made(s, lead, play, pre);
}

void g_child_values(GState *s, GMove lead, GMove play, int pre, int *shares, int *made) {
    *shares = value(s, lead, play, pre);
    *made = value_made(s, lead, play, pre);
}

/* A child's score as its int16 field holds it. */
static inline int16_t clamp_score(int v) {
    return (int16_t)(v < -32000 ? -32000 : v > 32000 ? 32000 : v);
}

static const GMove NO_LEAD_MOVE = {G_NO_LEAD, 0, 0, 0, 0};

/* Count one more child; where it fits in `out` (below max), the slot to fill, else NULL (the
 * children are counted past max, so the caller sees the overflow). */
static GChild *next_child(GChild *out, int *k, int max) {
    GChild *c = *k < max ? out + *k : NULL;
    (*k)++;
    return c;
}

/* Add a child; scored (value) when `scored`, as the pruned search orders its children. */
static void add_led(GState *s, GChild *out, int *k, int max, GMove lead, GMove m, int pre, int scored) {
    GChild *c = next_child(out, k, max);
    if (c) *c = (GChild){.play = m, .lead = lead, .pre = (int16_t)pre,
                         .score = scored ? clamp_score(value(s, lead, m, pre)) : 0};
}

static void add(GState *s, GChild *out, int *k, int max, GMove m, int pre, int scored) {
    add_led(s, out, k, max, NO_LEAD_MOVE, m, pre, scored);
}

/* Free arrangement (docs/solver.md): the key leaves out which of a card's equal parents it
 * lies on, so a covered card a foundation takes may be free in another position of the same
 * key. Its child is the move of its cover onto a free twin of the card (legal even where
 * parts of runs move only to free a foundation card), then the card to the foundation. */
static void freed_plays(GState *s, int8_t takers[52][GMAXF], const int ntak[52], GChild *out, int *k, int max) {
    const g_rules_t *R = s->R;
    for (int p = 0; p < s->n; p++) {
        if (!R->free_arrangement[p]) continue;
        int n = s->len[p];
        for (int i = s->down[p]; i < n - 1; i++) {
            int c = s->cards[p][i];
            if (!ntak[c]) continue;
            int cover = s->cards[p][i + 1], count = n - 1 - i;
            for (int r = 0; r < R->n_recv; r++) {
                int q = R->receivers[r];
                if (q == p || !s->len[q] || !g_accepts(s, q, cover, count)) continue;
                GMove lead = {GK_BETWEEN_PILES, (int8_t)p, (int8_t)q, (int8_t)cover, (uint8_t)count};
                for (int t = 0; t < ntak[c]; t++) {
                    GMove play = {GK_TO_FOUNDATION, (int8_t)p, takers[c][t], (int8_t)c, 1};
                    add_led(s, out, k, max, lead, play, 0, 1);
                }
                break;   /* the twins it could go onto give positions of one key */
            }
        }
    }
}

/* One step of the talon: a turn, else a redeal; 0 when neither is possible. */
int g_talon_step(const GState *s, GMove *m) {
    const g_rules_t *R = s->R;
    int st = R->stock, w = R->waste_piles[0], ns = s->len[st];
    if (ns) {
        GMove t = {GK_TURN, (int8_t)st, (int8_t)w, (int8_t)s->cards[st][ns - 1], (uint8_t)(R->draw < ns ? R->draw : ns)};
        *m = t;
        return 1;
    }
    if (s->redeals_left != 0 && s->len[w]) {
        GMove t = {GK_REDEAL, (int8_t)w, (int8_t)st, G_NO_CARD, 1};
        *m = t;
        return 1;
    }
    return 0;
}

/* Walk the talon by turns and redeals alone, up to one full cycle where redeals are unlimited,
 * and to fewer than s->steps_cap steps where it is set (G9b): visit(s, steps so far, ctx) at
 * every new waste top. The steps are undone before it returns. */
static void walk_talon(GState *s, void (*visit)(GState *, int, void *), void *ctx) {
    const g_rules_t *R = s->R;
    int w = R->waste_piles[0], start_waste = s->len[w];
    GUndo steps[2 * 4 * GMAXC + 8];
    int n = 0, redeals = 0, most = (int)(sizeof steps / sizeof steps[0]);
    if (s->steps_cap && s->steps_cap - 1 < most) most = s->steps_cap - 1;
    GMove m;
    while (n < most && g_talon_step(s, &m)) {
        if (m.kind == GK_REDEAL && s->redeals_left == G_UNLIMITED && ++redeals > 1) break;
        g_apply(s, m, &steps[n++]);
        if (redeals && s->redeals_left == G_UNLIMITED && s->len[w] == start_waste && m.kind == GK_TURN) break;
        if (s->len[w]) visit(s, n, ctx);
    }
    while (n) g_undo(s, &steps[--n]);
}

/* The moves that cover pile `dst`'s top after a child's first moves (G7's park, G8's cards
 * back): a card or run of the layout onto it, or a talon card (K+: after its turns). `add`
 * makes each one a child. */
typedef struct Cover { int dst; void (*add)(GState *, struct Cover *, GMove play, int mid); } Cover;

static void talon_cover(GState *s, int mid, void *ctx) {
    Cover *x = ctx;
    int w = s->R->waste_piles[0], c = s->cards[w][s->len[w] - 1];
    if (g_accepts(s, x->dst, c, 1)) {
        GMove play = {GK_BETWEEN_PILES, (int8_t)w, (int8_t)x->dst, (int8_t)c, 1};
        x->add(s, x, play, mid);
    }
}

static void covers(GState *s, Cover *x, const int ntak[52]) {
    const g_rules_t *R = s->R;
    int w = R->kplus ? R->waste_piles[0] : -1;
    GMove moves[GMAXMOVES];
    int own[52];
    if (!ntak) {
        int8_t takers[52][GMAXF];
        g_takers(s, takers, own);
        ntak = own;
    }
    int n = g_moves_onto(s, ntak, x->dst, moves, GMAXMOVES);
    for (int i = 0; i < n && i < GMAXMOVES; i++)
        if (s->fidx[moves[i].src] < 0 && moves[i].src != w) x->add(s, x, moves[i], 0);
    if (w < 0) return;
    int some = 0;   /* walk the talon only when some card of it could cover the pile */
    for (int i = 0; i < s->len[w] && !some; i++) some = g_accepts(s, x->dst, s->cards[w][i], 1);
    for (int i = 0; i < s->len[R->stock] && !some; i++) some = g_accepts(s, x->dst, s->cards[R->stock][i], 1);
    if (!some) return;
    if (s->len[w]) talon_cover(s, 0, x);
    walk_talon(s, talon_cover, x);
}

/* A move made only together with a move that uses it, as one child (its lead): G7's park, G11's
 * emptying move. */
typedef struct {
    Cover cover; GChild *out; int *k, max; GMove lead; int pre;
    int parks_alone;   /* a talon card onto the pile is a park of its own (G7): not a use here */
    int lone;          /* such a use was found: the lead must be a child of its own too */
} LeadUse;

static void add_use(GState *s, Cover *x, GMove play, int mid) {
    LeadUse *u = (LeadUse *)x;
    if (dominated(s, play)) return;   /* into a gap: the first of its class only (G4) */
    if (u->parks_alone && s->is_waste[play.src]) { u->lone = 1; return; }
    GChild *c = next_child(u->out, u->k, u->max);   /* scored after the lead, which is made */
    if (c) *c = (GChild){.play = play, .lead = u->lead, .pre = (int16_t)u->pre, .mid = (int16_t)mid,
                         .score = clamp_score(value(s, NO_LEAD_MOVE, play, u->pre + mid))};
}

/* The talon is a pool (pack.talon_is_pool): a card parked from it onto a pile is tried only
 * together with a move that puts something on it (docs/solver.md, "G7. Parking from a pool"). */
static void park_with_use(GState *s, const int ntak[52], GMove park, int pre, GChild *out, int *k, int max) {
    LeadUse u = {{park.dst, add_use}, out, k, max, park, pre, 0, 0};
    GUndo undo;
    int cap = s->steps_cap;
    s->steps_cap = 0;            /* the park is a talon move: steps after it do not commute before it */
    g_apply(s, park, &undo);
    covers(s, &u.cover, ntak);   /* the foundations are as before: the takers still hold */
    g_undo(s, &undo);
    s->steps_cap = cap;
}

/* K+ macros (Bjarnason, Fern and Tadepalli): every waste top the talon can reach by turns
 * and redeals alone, played at once (to a foundation or a pile), as one child whose `pre`
 * talon steps are replayed first. Complete where pack.kplus_applies holds: turning then
 * commutes with every other move, so any line can turn just before it plays from the waste. */
typedef struct { int8_t (*takers)[GMAXF]; const int *ntak; GChild *out; int *k, max; } KPlus;

static void kplus_top(GState *s, int n, void *ctx) {
    KPlus *x = ctx;
    const g_rules_t *R = s->R;
    int w = R->waste_piles[0], c = s->cards[w][s->len[w] - 1];
    for (int t = 0; t < x->ntak[c] && n; t++) {   /* the top as it lies: a legal move of its own */
        GMove play = {GK_TO_FOUNDATION, (int8_t)w, x->takers[c][t], (int8_t)c, 1};
        add(s, x->out, x->k, x->max, play, n, 1);
    }
    for (int r = 0; r < R->n_recv && (n || R->talon_pool); r++) {
        int d = R->receivers[r];
        if (!g_accepts(s, d, c, 1)) continue;
        GMove play = {GK_BETWEEN_PILES, (int8_t)w, (int8_t)d, (int8_t)c, 1};
        if (dominated(s, play)) continue;
        if (R->talon_pool) park_with_use(s, x->ntak, play, n, x->out, x->k, x->max);
        else add(s, x->out, x->k, x->max, play, n, 1);
    }
}

static void kplus(GState *s, int8_t takers[52][GMAXF], const int ntak[52], GChild *out, int *k, int max) {
    KPlus x = {takers, ntak, out, k, max};
    if (s->R->talon_pool && s->len[s->R->waste_piles[0]]) kplus_top(s, 0, &x);   /* its parks, with their uses */
    walk_talon(s, kplus_top, &x);
}

/* A card on the card it follows by its pile's run rule, where that rule is stricter than the
 * build rule (Spider: a run in one suit, on a build regardless of suit), is worth almost a card
 * home (12): such links are what lets runs move. A run of 13 going home as a whole gains
 * 13 x 12 and loses its 12 links (each 1 + RUN_LINK with the build rule's), so RUN_LINK < 12.
 * Spider with two suits, seeds 1-30 at 3 s: links scored as any other won 0 deals; RUN_LINK 6,
 * 8, 9, 10, 11, 12, 14, 16 won 6, 11, 13, 17, 13, 15, 10, 0. 9, not 10: with one suit, 10 and 11
 * leave seed 87 undecided at 1 000 000 positions (9 wins seeds 1-100, as before). */
enum { RUN_LINK = 9 };

/* Where the player chooses among several waste piles whose cards leave only for the
 * foundations (Sir Tommy, Calculation), a card on one needed sooner holds it down until it goes
 * home itself: each such pair costs as much as a card home (12). Seeds 1-100 at 300 000
 * positions: Calculation won 29 deals without it, 50, 58, 57, 60, 58 with 8, 12, 16, 24, 48;
 * Sir Tommy 2 without, 17, 20, 16 with 12, 24, 48. */
enum { NEED_FAR = 255, BURY = 12 };

/* A card turned onto a waste that is never turned over again (no redeal left) can be reached
 * only from the top from then on, and the cards turned after it lie on it: each costs as much
 * as a card home (12), as BURY does. Forty Thieves, seeds 1-30 at 1 000 000 positions: 8 deals
 * won without it, 9, 15, 17, 16, 15 with 2, 6, 12, 24, 48; seeds 31-60: 6 without, 15 with 12. */
enum { DEAD_WASTE = 12 };

/* Several waste piles: the player chooses where each stock card goes. */
static inline int chosen_waste(const g_rules_t *R) { return R->n_waste > 1; }

/* s->need: for each card, how many cards some foundation takes before it. */
static void chosen_need(GState *s) {
    const g_rules_t *R = s->R;
    int8_t takes[4];
    memset(s->need, NEED_FAR, sizeof s->need);
    for (int fi = 0; fi < R->n_found; fi++) {
        int n = s->len[R->foundations[fi]];
        if (s->ranks[fi][0] < 0 || R->f_takes_run[fi]) continue;
        for (int j = n; j < R->f_length[fi] && j < 13 && s->ranks[fi][j] >= 0; j++)
            for (int i = 0, k = g_takes_at(s, fi, j, takes); i < k; i++)
                if (j - n < s->need[takes[i]]) s->need[takes[i]] = (uint8_t)(j - n);
    }
}

/* s->wanted (and need) for the foundations as they are, where they changed since last time. */
static void refresh_wanted(GState *s) {
    const g_rules_t *R = s->R;
    if (s->wanted_version == s->found_version) return;
    int8_t want[52];
    memset(s->wanted, 0, sizeof s->wanted);
    for (int fi = 0; fi < R->n_found; fi++) {
        int k = g_wanted(s, fi, want);
        for (int i = 0; i < k; i++) s->wanted[want[i]] = 1;
    }
    if (chosen_waste(R)) chosen_need(s);
    s->wanted_version = s->found_version;
}

/* How promising a position looks (higher: better), from the rules alone: cards home, the
 * next cards the foundations want buried under few others, free cells and empty piles,
 * few face-down cards, cards lying on cards they follow by their pile's build rule, and
 * more (RUN_LINK) by a stricter run rule; on chosen waste piles, no card on one needed sooner;
 * few cards on a waste no redeal turns over again (DEAD_WASTE). */
static int evaluate(GState *s) {
    return evaluate_rest(s) + waste_shares(s, -1, -1);
}

/* evaluate without the waste piles' shares: what turns and redeals leave as it is. */
static int evaluate_rest(GState *s) {
    refresh_wanted(s);
    int v = 12 * s->on_found;
    for (int p = 0; p < s->n; p++)
        if (!s->is_waste[p]) v += pile_share(s, p, s->cards[p], s->len[p], s->down[p]);
    return v;
}

/* The waste piles' shares as they lie, piles a and b left out (-1: none). */
static int waste_shares(const GState *s, int a, int b) {
    int v = 0;
    for (int i = 0; i < s->R->n_waste; i++) {
        int w = s->R->waste_piles[i];
        if (w != a && w != b) v += pile_share(s, w, s->cards[w], s->len[w], s->down[w]);
    }
    return v;
}

/* Pile p's share of evaluate, were it to hold `cards` (n of them, `down` face down), with the
 * foundations' wanted cards (and `need`) as evaluate last found them. */
static int pile_share(const GState *s, int p, const uint8_t *cards, int n, int down) {
    const g_rules_t *R = s->R;
    if (s->fidx[p] >= 0 || p == R->stock) return 0;
    if (!n) return s->is_cell[p] ? 3 : 6;
    if (s->is_cell[p]) return 0;
    int v = 0;
    if (s->is_waste[p] && !chosen_waste(R) && s->redeals_left == 0) v -= DEAD_WASTE * n;
    v -= 3 * down;
    int rule = R->build_rule[p];
    int run = R->moves_kind[p] == GM_RUN && R->run_rule[p] != rule ? R->run_rule[p] : -1;
    /* one pass per term, each only where it can count (the hottest loop of the children's
     * scoring: a pile without a build rule, as a waste, has no links) */
    for (int i = 0; i < n; i++)
        if (s->wanted[cards[i]]) v -= 2 * (n - 1 - i);
    if (chosen_waste(R) && s->is_waste[p])
        for (int i = 1; i < n; i++)
            if (s->need[cards[i]] > s->need[cards[i - 1]]) v -= BURY;
    if (rule >= 0 && s->arranged_freely && R->free_arrangement[p])
        v += n > down ? n - down - 1 : 0;   /* G5's invariant: each face-up card above the lowest follows */
    else if (rule >= 0) {
        const int32_t *follows = R->follows + rule * 2704;
        for (int i = down + 1; i < n; i++) v += follows[cards[i - 1] * 52 + cards[i]] != 0;
    }
    if (run >= 0) {
        const int32_t *follows = R->follows + run * 2704;
        for (int i = down + 1; i < n; i++) v += RUN_LINK * (follows[cards[i - 1] * 52 + cards[i]] != 0);
    }
    return v;
}

int g_evaluate(GState *s) { return evaluate(s); }

/* Under free arrangement the key leaves out which pile a card lies on above a pile's lowest
 * face-up card, so a card or run moved onto any non-empty free pile gives one key: of such
 * children that differ in their destination only, the first (the best scored) is kept. The
 * others would only have found its key in the table. */
static int one_destination(const GState *s, GChild *out, int k) {
    const g_rules_t *R = s->R;
    int kept = 0;
    for (int i = 0; i < k; i++) {
        GMove m = out[i].play;
        int onto_free = out[i].lead.kind == G_NO_LEAD && !out[i].nback && m.kind == GK_BETWEEN_PILES && s->len[m.dst]
                        && R->free_arrangement[m.dst], drop = 0;
        for (int j = 0; j < kept && onto_free && !drop; j++) {
            GMove n = out[j].play;
            drop = out[j].lead.kind == G_NO_LEAD && !out[j].nback && out[j].pre == out[i].pre && n.kind == GK_BETWEEN_PILES
                   && n.src == m.src && n.card == m.card && n.count == m.count && s->len[n.dst]
                   && R->free_arrangement[n.dst];
        }
        if (!drop) out[kept++] = out[i];
    }
    return kept;
}

/* G8's children. A card back from such a foundation, left bare, would go straight home again;
 * so cards come back only as a macro ending with a move that covers the last of them (a card or
 * run of the layout, or a talon card), the others being the cards above it on its foundation
 * (each onto a base of its own) and the cards brought back to be its base, recursively
 * (docs/solver.md, G8: any line's first move after some cards back needs no others). The
 * macro is found from its goals: BRING x (onto any base), ONTO x v (x onto v, brought back). */
enum { BRING, ONTO, GOALS_MAX = 2 * G_BACK_MAX + 4 };
typedef struct { int8_t kind, card, onto; } Goal;
typedef struct {
    Cover cover;
    GChild *out; int *k, max;
    GMove seq[G_BACK_MAX]; GUndo undo[G_BACK_MAX]; int n;
    Goal goals[GOALS_MAX]; int ngoals;
    long work;                   /* goal steps left for this position's macros */
    int children;                /* cards-back children this position may still have */
} Back;

/* Cards-back children of one position at most. Two packs with worrying back (eight foundation
 * tops, two copies of every base) make tens of thousands, each entered with its forced plays:
 * one position then took seconds, and a position budget no longer bounded the time. Past the
 * cap a child is left out, so "lost" is no proof there (incomplete), as past `work`. */
#define BACK_CHILDREN_MAX 512

/* The foundation that may give card x back now or later (worry), with x's index in it. */
static int holder(const GState *s, int x, int *at) {
    const g_rules_t *R = s->R;
    if (!s->fcount[x]) return -1;
    for (int i = 0; i < R->n_worry; i++) {
        int f = R->worry_from[i];
        for (int j = s->len[f] - 1; j >= 0; j--)
            if (s->cards[f][j] == x) { *at = j; return f; }
    }
    return -1;
}

/* Is move m, onto a non-empty free pile, a renaming under free arrangement (G5): a card or run
 * from above its pile's lowest face-up card, which changes no key? */
static int renaming(const GState *s, GMove m) {
    const g_rules_t *R = s->R;
    return s->arranged_freely && m.kind == GK_BETWEEN_PILES && R->free_arrangement[m.src] && R->free_arrangement[m.dst]
           && s->len[m.dst] && m.count < s->len[m.src] - s->down[m.src];
}

static void add_back_child(GState *s, Back *b, GMove lead, GMove play, int mid, int score);

static void add_back(GState *s, Cover *x, GMove play, int mid) {
    Back *b = (Back *)x;
    if (!s->covered_home || !renaming(s, play)) {   /* bare cards only: G8 plays the twin on entering */
        add_back_child(s, b, NO_LEAD_MOVE, play, mid, value(s, NO_LEAD_MOVE, play, mid));
        return;
    }
    /* The cover comes off a twin of the card back (G5: a renaming), which changes no key: G8
     * would send the card back home again on entering. What it frees is the twin's move home,
     * so that is the child's play (docs/solver.md, G8, "A twin freed"); the twin's other moves
     * are the card back's own, onto another base. */
    int src = play.src, twin = s->cards[src][s->len[src] - play.count - 1];
    int8_t takers[52][GMAXF];   /* this position's: the cards back changed the foundations */
    int ntak[52];
    g_takers(s, takers, ntak);
    GUndo undo;
    g_apply(s, play, &undo);
    for (int t = 0; t < ntak[twin]; t++) {
        GMove home = {GK_TO_FOUNDATION, (int8_t)src, takers[twin][t], (int8_t)twin, 1};
        add_back_child(s, b, play, home, 0, value(s, NO_LEAD_MOVE, home, 0));
    }
    g_undo(s, &undo);
}

static void add_back_child(GState *s, Back *b, GMove lead, GMove play, int mid, int score) {
    if (--b->children < 0) { s->incomplete = 1; return; }
    if (s->nbacks + (size_t)b->n > s->backs_cap) {
        size_t cap = s->backs_cap ? 2 * s->backs_cap : 4096;
        while (cap < s->nbacks + (size_t)b->n) cap *= 2;
        GMove *grown = realloc(s->backs, cap * sizeof(GMove));
        if (!grown) { s->incomplete = 1; return; }   /* a child left out: "lost" is then no proof */
        s->backs = grown;
        s->backs_cap = cap;
    }
    GChild *c = next_child(b->out, b->k, b->max);
    if (!c) return;
    *c = (GChild){.play = play, .lead = lead, .mid = (int16_t)mid, .nback = (uint8_t)b->n,
                  .back_at = (uint32_t)s->nbacks, .score = clamp_score(score - 4 * b->n)};
    memcpy(s->backs + s->nbacks, b->seq, (size_t)b->n * sizeof(GMove));
    s->nbacks += (size_t)b->n;
}

static void meet(GState *s, Back *b);

static void bring_onto(GState *s, Back *b, int f, int d, int x) {
    if (b->n == G_BACK_MAX) { s->incomplete = 1; return; }
    GMove m = {GK_BETWEEN_PILES, (int8_t)f, (int8_t)d, (int8_t)x, 1};
    if (dominated(s, m)) return;
    b->seq[b->n] = m;
    g_apply(s, m, &b->undo[b->n]);
    b->n++;
    meet(s, b);
    b->n--;
    g_undo(s, &b->undo[b->n]);
}

static int push_goal(GState *s, Back *b, int kind, int card, int onto) {
    if (b->ngoals == GOALS_MAX) { s->incomplete = 1; return 0; }
    Goal g = {(int8_t)kind, (int8_t)card, (int8_t)onto};
    b->goals[b->ngoals++] = g;
    return 1;
}

/* Meet the goals on the stack, every way; the stack is as it was when it returns. */
static void meet(GState *s, Back *b) {
    const g_rules_t *R = s->R;
    if (--b->work < 0) { s->incomplete = 1; return; }
    if (!b->ngoals) {   /* every goal met: the moves that cover the last card back */
        if (b->n) { b->cover.dst = b->seq[b->n - 1].dst; covers(s, &b->cover, NULL); }
        return;
    }
    Goal g = b->goals[--b->ngoals];
    int at, f = holder(s, g.card, &at);
    if (f >= 0 && g.kind == ONTO) {   /* onto v, brought back and bare now; the card still on top */
        for (int r = 0; r < R->n_recv && at == s->len[f] - 1; r++) {
            int d = R->receivers[r];
            /* where v lies and that pile takes x on it (a free cell holding v takes nothing) */
            if (s->len[d] && s->cards[d][s->len[d] - 1] == g.onto) {
                if (g_accepts(s, d, g.card, 1)) bring_onto(s, b, f, d, g.card);
                break;
            }
        }
    } else if (f >= 0 && at < s->len[f] - 1) {   /* the cards above it first */
        int h = b->ngoals;
        if (push_goal(s, b, BRING, g.card, 0) && push_goal(s, b, BRING, s->cards[f][s->len[f] - 1], 0)) meet(s, b);
        b->ngoals = h;
    } else if (f >= 0) {
        for (int r = 0; r < R->n_recv; r++)
            if (g_accepts(s, R->receivers[r], g.card, 1)) bring_onto(s, b, f, R->receivers[r], g.card);
        uint64_t bases = s->parents[g.card];
        for (int v = 0; v < 52; v++) {   /* or onto a card brought back for it */
            int vat, vf = (bases >> v & 1) ? holder(s, v, &vat) : -1;
            if (vf < 0 || vf == f) continue;
            int h = b->ngoals;
            if (push_goal(s, b, ONTO, g.card, v) && push_goal(s, b, BRING, v, 0)) meet(s, b);
            b->ngoals = h;
        }
    }
    b->goals[b->ngoals++] = g;
}

static void cards_back(GState *s, GChild *out, int *k, int max) {
    const g_rules_t *R = s->R;
    /* the targets: cards that a card able to move could lie on (a unit's base in the layout,
     * or any talon card), as the move covering the last card back lands on the target and
     * moves no card back (G8's argument): cards back add no other unit base */
    uint64_t movers = g_unit_bases(s), wanted = 0;
    if (R->stock >= 0)
        for (int i = 0; i < s->len[R->stock]; i++) movers |= 1ULL << s->cards[R->stock][i];
    for (int i = 0; i < R->n_waste; i++)
        for (int j = 0; j < s->len[R->waste_piles[i]]; j++) movers |= 1ULL << s->cards[R->waste_piles[i]][j];
    for (int c = 0; c < 52; c++)
        if (movers >> c & 1) wanted |= s->parents[c];
    Back b = {.cover = {-1, add_back}, .out = out, .k = k, .max = max};
    b.work = 1 << 16;   /* goal steps for one position; past them "lost" is no proof (incomplete) */
    b.children = BACK_CHILDREN_MAX;
    for (int t = 0; t < 52; t++) {
        int at;
        if (!(wanted >> t & 1) || holder(s, t, &at) < 0) continue;
        b.ngoals = 0;
        push_goal(s, &b, BRING, t, 0);
        meet(s, &b);
    }
}

/* Under free arrangement (G5) a card or run moved from above a pile's lowest face-up card onto
 * another non-empty free pile changes no key. Where the card it uncovers is one no foundation
 * takes, nothing is played after it either: that card is not wanted (G1), and a card G8 would
 * play home by moving its cover onto the pile now bare had a bare twin in the position itself
 * (positions of one key hold as many bare cards of each class), where G8 would have played it
 * already. So the child is its parent again, and it is left out. (docs/solver.md, G5) */
static int drop_renamings(const GState *s, const int ntak[52], GChild *out, int k) {
    int kept = 0;
    for (int i = 0; i < k; i++) {
        GMove m = out[i].play;
        int n = s->len[m.src];
        int drop = out[i].lead.kind == G_NO_LEAD && !out[i].nback && !out[i].pre && !out[i].mid && renaming(s, m)
                   && !ntak[s->cards[m.src][n - m.count - 1]];
        if (!drop) out[kept++] = out[i];
    }
    return kept;
}

/* Best score first, children of equal score in the order made (stable). Insertion below 32
 * children; above, a merge sort: worrying back in two-deck games makes thousands of
 * cards-back children, and sorting them by insertion took longer than searching. -1: no memory. */
static int sort_children(GChild *out, int k) {
    if (k < 32) {
        for (int i = 1; i < k; i++) {
            GChild x = out[i];
            int j = i - 1;
            while (j >= 0 && out[j].score < x.score) { out[j + 1] = out[j]; j--; }
            out[j + 1] = x;
        }
        return 0;
    }
    GChild *tmp = malloc((size_t)k * sizeof(GChild));
    if (!tmp) return -1;
    for (int width = 1; width < k; width *= 2) {
        for (int lo = 0; lo < k; lo += 2 * width) {
            int mid = lo + width < k ? lo + width : k, hi = lo + 2 * width < k ? lo + 2 * width : k;
            int i = lo, j = mid, t = lo;
            while (i < mid && j < hi) tmp[t++] = out[j].score > out[i].score ? out[j++] : out[i++];
            while (i < mid) tmp[t++] = out[i++];
            while (j < hi) tmp[t++] = out[j++];
        }
        memcpy(out, tmp, (size_t)k * sizeof(GChild));
    }
    free(tmp);
    return 0;
}

/* G11 (docs/solver.md, "A gap waits for its use"): a move of a whole pile (no face-down card)
 * onto another pile of its class, where the pile's gap waits (pack.waiting_gaps). */
static int empties_waiting(const GState *s, GMove m) {
    const g_rules_t *R = s->R;
    if (!s->gaps_wait || m.kind != GK_BETWEEN_PILES || !R->gap_waits[m.src] || s->down[m.src] || m.count != s->len[m.src]
        || !s->len[m.dst])
        return 0;
    int c = class_of(s, m.src);
    return c >= 0 && c == class_of(s, m.dst);
}

/* Its children: the move made, then each move into the first gap of its class (a card or run of
 * the layout, or a talon card after its turns), as one child. Two uses are not made so: a card
 * back from a foundation (with G8, a cards-back child, which cannot follow a lead) and, from a
 * pool talon, a park (G7: itself made only with its own use). Where one could fill the gap, the
 * move is a child of its own as well. */
static void gap_with_use(GState *s, const int ntak[52], GMove m, GChild *out, int *k, int max) {
    const g_rules_t *R = s->R;
    int back = 0;
    GUndo undo;
    g_apply(s, m, &undo);
    int gap = first_gap(s, class_of(s, m.src));   /* m.src at the latest */
    for (int i = 0; i < R->n_worry && !back; i++) {   /* G8's or not: covers() leaves foundations out */
        int f = R->worry_from[i];
        for (int j = 0; j < s->len[f] && !back; j++) back = g_accepts(s, gap, s->cards[f][j], 1);
    }
    LeadUse u = {{gap, add_use}, out, k, max, m, 0, R->talon_pool, 0};
    covers(s, &u.cover, ntak);   /* the foundations are as before: the takers still hold */
    g_undo(s, &undo);
    if (back || u.lone) add(s, out, k, max, m, 0, 1);
}

/* The children of a position, given its foundations' takers (g_takers): every legal move
 * (prune 0, in legal.py's order), or the pruned set, best first by the position each leads to
 * (prune 1). With ``jitter`` (a restart's random state, NULL for none) each score gets a small
 * random nudge, so that a restart tries near-equal children in another order. Returns how many
 * (at most max written, counted past it; -1 when the legal moves overflow): g_children_into
 * (g_search.c) makes room for all. */
int g_children_given(GState *s, int8_t takers[52][GMAXF], const int ntak[52], GChild *out, int max, int prune,
                     GJitter *jitter) {
    GMove moves[GMAXMOVES];
    int n = g_legal_given(s, takers, ntak, moves, GMAXMOVES), k = 0;
    if (n > GMAXMOVES) return -1;
    int macros = prune && s->R->kplus;
    for (int i = 0; i < n; i++) {
        GMove m = moves[i];
        if (prune) {
            if (s->rehome && m.kind == GK_BETWEEN_PILES && s->fidx[m.src] >= 0) continue;   /* G8 brings cards back */
            if (macros && (m.kind == GK_TURN || m.kind == GK_REDEAL)) continue;
            if (s->R->talon_pool && m.kind == GK_BETWEEN_PILES && s->is_waste[m.src]) continue;   /* kplus parks it */
            if (dominated(s, m)) continue;
            if (empties_waiting(s, m)) { gap_with_use(s, ntak, m, out, &k, max); continue; }
            if (idle(s, m)) {
                GUndo u;
                g_apply(s, m, &u);
                int keep = used(s, m);
                g_undo(s, &u);
                if (!keep) continue;
            }
        }
        add(s, out, &k, max, m, 0, prune);
    }
    if (prune && s->rehome) cards_back(s, out, &k, max);
    if (macros) kplus(s, takers, ntak, out, &k, max);
    if (prune && s->arranged_freely) freed_plays(s, takers, ntak, out, &k, max);
    if (!prune || k > max) return k;
    for (int i = 0; i < k; i++) {   /* each child's value, nudged on restarts */
        int v = out[i].score;
        if (jitter) {   /* xorshift64: reproducible, one state per search */
            uint64_t x = jitter->state;
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            jitter->state = x;
            v += (int)(x % (uint64_t)(jitter->nudge + 1));
        }
        out[i].score = clamp_score(v);
    }
    /* after the nudges are drawn, so that the other children keep theirs */
    if (s->arranged_freely) k = drop_renamings(s, ntak, out, k);
    if (sort_children(out, k)) return -1;
    return s->arranged_freely ? one_destination(s, out, k) : k;
}
