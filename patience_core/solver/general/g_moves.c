/* Legal moves, apply and undo: model/legal.py and model/position.py in C, move for move
 * and in the same order (tests/test_general_moves.py holds the two to that). */
#include <string.h>
#include "g_state.h"
#include "g_position_fields.h"

/* The cards foundation number fi accepts next (Position.wanted). */
int g_wanted(const GState *s, int fi, int8_t out[52]) {
    const g_rules_t *R = s->R;
    int f = R->foundations[fi], n = s->len[f], k = 0;
    if (n >= R->f_length[fi] || R->f_takes_run[fi]) return 0;
    if (s->ranks[fi][0] < 0) {                 /* no rank sequence */
        int rule = R->f_rule[fi];
        if (rule < 0) return 0;                /* a base chosen by the deal, not dealt yet */
        int base = R->f_base[fi], suit = R->f_suit[fi];
        for (int c = 0; c < 52; c++) {
            if (!R->copies[c]) continue;
            if (n ? g_follows(R, rule, s->cards[f][n - 1], c)
                  : (base < 0 || c % 13 == base) && (suit < 0 || c / 13 == suit)) out[k++] = (int8_t)c;
        }
        return k;
    }
    return g_takes_at(s, fi, n, out);
}

/* The cards a foundation built by rank sequence takes as its card number j (j at least its
 * length, below its end): that rank in its suit, or in every suit where it builds regardless
 * of suit or has no suit yet. */
int g_takes_at(const GState *s, int fi, int j, int8_t out[4]) {
    const g_rules_t *R = s->R;
    int f = R->foundations[fi], n = s->len[f], rank = s->ranks[fi][j], k = 0;
    if (R->f_regardless[fi] || (!n && R->f_suit[fi] < 0)) {
        for (int i = 0; i < R->n_suits; i++) out[k++] = (int8_t)(R->pack_suits[i] * 13 + rank);
        return k;
    }
    int suit = n ? s->cards[f][0] / 13 : R->f_suit[fi];
    out[k++] = (int8_t)(suit * 13 + rank);
    return k;
}

void g_takers(const GState *s, int8_t takers[52][GMAXF], int ntak[52]) {
    int8_t want[52];
    memset(ntak, 0, 52 * sizeof(int));
    for (int fi = 0; fi < s->R->n_found; fi++) {
        int k = g_wanted(s, fi, want);
        for (int i = 0; i < k; i++) takers[want[i]][ntak[want[i]]++] = (int8_t)s->R->foundations[fi];
    }
}

/* FreeCell's supermove: (free cells + 1) x 2^(empty columns but src and dst); -1: no limit. */
int g_run_limit(const GState *s, int src, int dst) {
    const g_rules_t *R = s->R;
    if (!R->supermove[src]) return -1;
    int cells = 0, empty = 0;
    for (int i = 0; i < R->n_cells; i++) cells += !s->len[R->cells[i]];
    for (int i = 0; i < R->n_open; i++) {
        int c = R->open_columns[i];
        empty += !s->len[c] && c != dst && c != src;
    }
    return (cells + 1) << (empty > 20 ? 20 : empty);
}

static inline void put(GMove *out, int *k, int max, int kind, int src, int dst, int card, int count) {
    if (*k < max) {
        GMove m = {(int8_t)kind, (int8_t)src, (int8_t)dst, (int8_t)card, (uint8_t)count};
        out[*k] = m;
    }
    (*k)++;
}

/* The units that may leave pile p onto another pile: (base card, count), shortest first,
 * before partial_to_foundation applies. */
static inline int units_of(const GState *s, int p, int8_t base[GMAXC], int count[GMAXC]) {
    const g_rules_t *R = s->R;
    int n = s->len[p], k = 0;
    const uint8_t *pile = s->cards[p];
    if (!n || R->access[p] == G_ACCESS_NONE) return 0;
    if (R->moves_kind[p] < 0 || R->access[p] == G_ACCESS_ALL) {
        if (R->access[p] == G_ACCESS_ALL) {
            uint8_t seen[52] = {0};
            for (int i = 0; i < n; i++)
                if (!seen[pile[i]]) { seen[pile[i]] = 1; base[k] = (int8_t)pile[i]; count[k++] = 1; }
        } else { base[0] = (int8_t)pile[n - 1]; count[0] = 1; k = 1; }
        return k;
    }
    int up = n - s->down[p];
    switch (R->moves_kind[p]) {
    case GM_CARD: base[0] = (int8_t)pile[n - 1]; count[0] = 1; return 1;
    case GM_PILE:
        if (s->down[p]) return 0;
        base[0] = (int8_t)pile[0]; count[0] = n; return 1;
    case GM_FACE_UP:
        for (int j = 1; j <= up; j++) { base[k] = (int8_t)pile[n - j]; count[k++] = j; }
        return k;
    case GM_CARD_OR_PILE:   /* the top card, or the whole pile when it is one run */
        base[0] = (int8_t)pile[n - 1]; count[0] = 1; k = 1;
        if (n > 1 && !s->down[p]) {
            int j = 1;
            while (j < n && g_follows(R, R->run_rule[p], pile[j - 1], pile[j])) j++;
            if (j == n) { base[1] = (int8_t)pile[0]; count[1] = n; k = 2; }
        }
        return k;
    default:  /* a run */
        base[0] = (int8_t)pile[n - 1]; count[0] = 1; k = 1;
        for (int j = 2; j <= up; j++) {
            if (!g_follows(R, R->run_rule[p], pile[n - j], pile[n - j + 1])) break;
            base[k] = (int8_t)pile[n - j]; count[k++] = j;
        }
        return k;
    }
}

/* Cards and runs between layout piles, in legal.legal_moves' order: onto every receiver, or
 * (onto >= 0) onto that pile only. */
static void between_piles(const GState *s, const int ntak[52], int onto, GMove *out, int *k, int max) {
    const g_rules_t *R = s->R;
    int8_t base[GMAXC];
    int count[GMAXC];
    /* the cards some pile it may go onto could take: most units have none */
    uint64_t taken = 0;
    for (int r = 0; r < R->n_recv; r++) {
        int d = R->receivers[r];
        if (onto >= 0 && d != onto) continue;
        taken |= s->len[d] ? s->kids[s->cards[d][s->len[d] - 1]] : ~0ULL;
    }
    for (int i = 0; i < R->n_scan; i++) {
        int p = R->scan_order[i];
        if (p == onto) continue;
        int nu = units_of(s, p, base, count), n = s->len[p], partial = R->partial_to_foundation[p];
        for (int u = 0; u < nu; u++) {
            if (!(taken >> base[u] & 1)) continue;
            /* partial_to_foundation: a unit leaves no face-up card behind, or uncovers a card
             * some foundation takes now */
            if (partial && n - count[u] > s->down[p] && !ntak[s->cards[p][n - count[u] - 1]]) continue;
            for (int r = 0; r < R->n_recv; r++) {
                int d = R->receivers[r];
                if (d == p || (onto >= 0 && d != onto) || !g_accepts(s, d, base[u], count[u])) continue;
                if (count[u] > 1) {
                    int limit = g_run_limit(s, p, d);
                    if (limit >= 0 && count[u] > limit) continue;
                }
                put(out, k, max, GK_BETWEEN_PILES, p, d, base[u], count[u]);
            }
        }
    }
}

/* The cards that may be the base of a unit leaving a pile of the scan order for another pile
 * (foundations left out), a bit each, whatever the foundations take: before
 * partial_to_foundation applies. */
uint64_t g_unit_bases(const GState *s) {
    const g_rules_t *R = s->R;
    int8_t base[GMAXC];
    int count[GMAXC];
    uint64_t bases = 0;
    for (int i = 0; i < R->n_scan; i++) {
        int p = R->scan_order[i];
        if (s->fidx[p] >= 0) continue;
        int nu = units_of(s, p, base, count);
        for (int u = 0; u < nu; u++) bases |= 1ULL << base[u];
    }
    return bases;
}

/* The moves of g_legal that take a card or run from another pile onto layout pile `onto`
 * (between piles, not from a foundation), in its order. */
int g_moves_onto(const GState *s, const int ntak[52], int onto, GMove *out, int max) {
    int k = 0;
    between_piles(s, ntak, onto, out, &k, max);
    return k;
}

/* The piles a row from the stock goes onto, in order (legal.row_targets): every deal_to
 * pile, or with deal_onto_held those holding a card (the first when none does), deal_rounds
 * times over. The same piles hold cards after the deal, so undo finds them again. */
static int row_targets(const GState *s, int out[G_MAX_ROUNDS * GMAXP]) {
    const g_rules_t *R = s->R;
    int n = 0;
    for (int i = 0; i < R->n_deal_to; i++)
        if (!R->deal_onto_held || s->len[R->deal_to[i]]) out[n++] = R->deal_to[i];
    if (!n) out[n++] = R->deal_to[0];
    for (int r = 1; r < R->deal_rounds; r++)   /* The Spark: several rows a move */
        for (int i = 0; i < n; i++) out[r * n + i] = out[i];
    return n * R->deal_rounds;
}

int g_stock_moves(const GState *s, GMove *out) {
    const g_rules_t *R = s->R;
    int st = R->stock, ns = s->len[st], k = 0;
    if (!R->stock_turns) return 0;   /* to: gaps: its cards only fill gaps */
    if (ns) {
        if (R->n_deal_to) {
            if (R->deal_needs_no_gap)
                for (int i = 0; i < R->n_deal_to; i++)
                    if (!s->len[R->deal_to[i]]) return 0;
            int targets[G_MAX_ROUNDS * GMAXP], nt = row_targets(s, targets);
            put(out, &k, 8, GK_DEAL_ROW, st, targets[0], G_NO_CARD, ns < nt ? ns : nt);
            return k;
        }
        int top = s->cards[st][ns - 1];
        if (R->to_foundation >= 0) { put(out, &k, 8, GK_TURN, st, R->to_foundation, top, 1); return k; }
        int count = R->draw < ns ? R->draw : ns;
        for (int i = 0; i < R->n_waste && k < GMAXP; i++) {
            GMove m = {GK_TURN, (int8_t)st, (int8_t)R->waste_piles[i], (int8_t)top, (uint8_t)count};
            out[k++] = m;
        }
        return k;
    }
    if (s->redeals_left != 0 && R->n_waste && s->len[R->waste_piles[0]] && !R->n_deal_to) {
        GMove m = {GK_REDEAL, (int8_t)R->waste_piles[0], (int8_t)st, G_NO_CARD, 1};
        out[k++] = m;
    }
    return k;
}

/* Every legal move, in legal.legal_moves' order. Returns how many (may exceed max: then
 * only the first max were written). */
int g_legal(const GState *s, GMove *out, int max) {
    int8_t takers[52][GMAXF];
    int ntak[52];
    g_takers(s, takers, ntak);
    return g_legal_given(s, takers, ntak, out, max);
}

int g_legal_given(const GState *s, int8_t takers[52][GMAXF], const int ntak[52], GMove *out, int max) {
    const g_rules_t *R = s->R;
    int k = 0;
    /* 1. free cards to the foundations */
    for (int i = 0; i < R->n_scan; i++) {
        int p = R->scan_order[i], n = s->len[p];
        if (!n) continue;
        if (R->access[p] == G_ACCESS_ALL) {
            uint8_t seen[52] = {0};
            for (int j = 0; j < n; j++) {
                int c = s->cards[p][j];
                if (seen[c]) continue;
                seen[c] = 1;
                for (int t = 0; t < ntak[c]; t++) put(out, &k, max, GK_TO_FOUNDATION, p, takers[c][t], c, 1);
            }
        } else {
            int c = s->cards[p][n - 1];
            for (int t = 0; t < ntak[c]; t++) put(out, &k, max, GK_TO_FOUNDATION, p, takers[c][t], c, 1);
        }
    }
    /* Spider: a finished run onto the first empty run foundation */
    if (R->n_runf) {
        int f = -1, fi = -1;
        for (int i = 0; i < R->n_runf; i++)
            if (!s->len[R->run_foundations[i]]) { f = R->run_foundations[i]; break; }
        if (f >= 0) {
            fi = s->fidx[f];
            for (int i = 0; i < R->n_scan; i++) {
                int p = R->scan_order[i], n = s->len[p];
                if (n < 13 || n - 13 < s->down[p]) continue;
                const uint8_t *run = s->cards[p] + n - 13;
                int suit = run[0] / 13, ok = 1, from_any = R->f_fixed_ranks[fi * 13] < 0;
                for (int j = 0; j < 13 && ok; j++)   /* from_any (base: any): down from run[0], wrapping */
                    ok = run[j] / 13 == suit && run[j] % 13 == (from_any ? (run[0] % 13 + 13 - j) % 13
                                                                         : R->f_fixed_ranks[fi * 13 + j]);
                if (ok) put(out, &k, max, GK_TO_FOUNDATION, p, f, run[0], 13);
            }
        }
    }
    /* 2. cards and runs between layout piles, then back from the foundations */
    if (R->n_recv || R->n_worry) {
        between_piles(s, ntak, -1, out, &k, max);
        for (int i = 0; i < R->n_worry; i++) {
            int f = R->worry_from[i], n = s->len[f];
            if (!n) continue;
            int c = s->cards[f][n - 1];
            for (int r = 0; r < R->n_recv; r++)
                if (g_accepts(s, R->receivers[r], c, 1)) put(out, &k, max, GK_BETWEEN_PILES, f, R->receivers[r], c, 1);
        }
    }
    /* 3. the stock */
    GMove stock[GMAXP];
    int ns = g_stock_moves(s, stock);
    for (int i = 0; i < ns; i++) {
        if (k < max) out[k] = stock[i];
        k++;
    }
    return k;
}

static inline void card_to(GState *s, int p, int c) {
    s->cards[p][s->len[p]++] = (uint8_t)c;
    if (s->fidx[p] >= 0) { s->on_found++; s->fcount[c]++; s->found_version = ++s->version_clock; }
}

static inline int card_from(GState *s, int p) {
    int c = s->cards[p][--s->len[p]];
    if (s->fidx[p] >= 0) { s->on_found--; s->fcount[c]--; s->found_version = ++s->version_clock; }
    return c;
}

/* Cards just left pile src: turn up the card it exposed, fill a gap (Position._settle). */
static void settle(GState *s, int src, GUndo *u) {
    const g_rules_t *R = s->R;
    if (s->down[src] && s->len[src] == s->down[src]) { s->down[src]--; u->flipped = 1; }
    if (s->len[src]) return;
    int start = R->fill_start[2 * src], n = R->fill_start[2 * src + 1];
    for (int i = 0; i < n; i++) {
        int source = R->fill_src[start + i];
        if (!s->len[source]) continue;
        card_to(s, src, card_from(s, source));
        u->filled = (int8_t)source;
        if (s->down[source] && s->len[source] == s->down[source]) { s->down[source]--; u->fill_flipped = 1; }
        return;
    }
}

/* A turn onto a waste pile, or a redeal: it moves cards between the stock and the waste piles
 * only (g_prune.c value keeps the rest of the position's value across them). */
static inline int talon_only(const GState *s, GMove m) {
    return (m.kind == GK_TURN && s->fidx[m.dst] < 0) || m.kind == GK_REDEAL;
}

void g_apply(GState *s, GMove m, GUndo *u) {
    const g_rules_t *R = s->R;
    u->move = m; u->filled = -1; u->index = -1; u->flipped = 0; u->fill_flipped = 0;
    u->eval_valid = s->eval_valid; u->eval_rest = s->eval_rest; u->found_version = s->found_version;
    if (!talon_only(s, m)) s->eval_valid = 0;
    int src = m.src, dst = m.dst;
    switch (m.kind) {
    case GK_TO_FOUNDATION:
    case GK_BETWEEN_PILES:
        if (m.count == 1 && R->access[src] == G_ACCESS_ALL) {
            int n = s->len[src], i = 0;
            while (i < n && s->cards[src][i] != (uint8_t)m.card) i++;
            u->index = (int16_t)i;
            memmove(s->cards[src] + i, s->cards[src] + i + 1, (size_t)(n - i - 1));
            s->len[src]--;
            if (s->fidx[src] >= 0) { s->on_found--; s->fcount[m.card]--; s->found_version = ++s->version_clock; }
            card_to(s, dst, m.card);
        } else {
            int n = s->len[src], from = n - m.count;
            for (int i = from; i < n; i++) card_to(s, dst, s->cards[src][i]);
            for (int i = 0; i < m.count; i++) card_from(s, src);
        }
        settle(s, src, u);
        return;
    case GK_TURN:
        for (int i = 0; i < m.count; i++) card_to(s, dst, card_from(s, src));
        return;
    case GK_REDEAL: {
        int n = s->len[src];
        for (int i = 0; i < n; i++) s->cards[dst][i] = s->cards[src][n - 1 - i];
        s->len[dst] = n; s->len[src] = 0;
        if (s->redeals_left > 0) s->redeals_left--;
        return;
    }
    case GK_DEAL_ROW: {
        int targets[G_MAX_ROUNDS * GMAXP];
        row_targets(s, targets);
        for (int i = 0; i < m.count; i++) card_to(s, targets[i], card_from(s, src));
        return;
    }
    }
}

static void undo_cards(GState *s, const GUndo *u) {
    const g_rules_t *R = s->R;
    GMove m = u->move;
    int src = m.src, dst = m.dst;
    switch (m.kind) {
    case GK_TO_FOUNDATION:
    case GK_BETWEEN_PILES:
        if (u->filled >= 0) {
            if (u->fill_flipped) s->down[u->filled]++;
            card_to(s, u->filled, card_from(s, src));
        }
        if (u->flipped) s->down[src]++;
        if (u->index >= 0) {
            int n = s->len[src], i = u->index;
            card_from(s, dst);
            memmove(s->cards[src] + i + 1, s->cards[src] + i, (size_t)(n - i));
            s->cards[src][i] = (uint8_t)m.card;
            s->len[src]++;
            if (s->fidx[src] >= 0) { s->on_found++; s->fcount[m.card]++; s->found_version = ++s->version_clock; }
        } else {
            int n = s->len[dst], from = n - m.count;
            for (int i = from; i < n; i++) card_to(s, src, s->cards[dst][i]);
            for (int i = 0; i < m.count; i++) card_from(s, dst);
        }
        return;
    case GK_TURN:
        for (int i = 0; i < m.count; i++) card_to(s, src, card_from(s, dst));
        return;
    case GK_REDEAL: {
        int n = s->len[dst];
        for (int i = 0; i < n; i++) s->cards[src][i] = s->cards[dst][n - 1 - i];
        s->len[src] = n; s->len[dst] = 0;
        if (s->redeals_left >= 0) s->redeals_left++;
        return;
    }
    case GK_DEAL_ROW: {
        int targets[G_MAX_ROUNDS * GMAXP];
        row_targets(s, targets);
        for (int i = m.count - 1; i >= 0; i--) card_to(s, src, card_from(s, targets[i]));
        return;
    }
    }
}

/* The position is again the one before the move: what it had worked out then holds again
 * (its foundations' version names the same foundations, its kept value is still its value). */
void g_undo(GState *s, const GUndo *u) {
    undo_cards(s, u);
    s->found_version = u->found_version;
    s->eval_valid = u->eval_valid;
    s->eval_rest = u->eval_rest;
}

/* Read a packed position (fields.POSITION) into s, checking it fits the rules and limits. */
const char *g_load(GState *s, const g_rules_t *R, const int32_t *buf, size_t n) {
    g_position_t P;
    const char *why = g_position_bind(buf, n, &P);
    if (why) return why;
    if (R->n_piles > GMAXP || R->n_found > GMAXF) return "more piles or foundations than the compiled search holds";
    if (P.n_piles != R->n_piles || P.n_found != R->n_found) return "position and rules disagree on the piles";
    memset(s, 0, sizeof *s);
    s->R = R;
    s->wanted_version = ~0ull;   /* no wanted cards known yet (evaluate) */
    s->n = R->n_piles;
    s->redeals_left = P.redeals_left;
    memset(s->fidx, -1, sizeof s->fidx);
    for (int i = 0; i < R->n_found; i++) {
        if (R->foundations[i] < 0 || R->foundations[i] >= R->n_piles) return "foundation pile out of range";
        s->fidx[R->foundations[i]] = (int8_t)i;
        for (int j = 0; j < 13; j++) {
            int r = P.ranks[i * 13 + j];
            if (r < -1 || r > 12) return "foundation rank out of range";
            s->ranks[i][j] = (int8_t)r;
        }
    }
    for (int i = 0; i < R->n_waste; i++) s->is_waste[R->waste_piles[i]] = 1;
    for (int i = 0; i < R->n_cells; i++) s->is_cell[R->cells[i]] = 1;
    size_t at = 0;
    for (int p = 0; p < R->n_piles; p++) {
        int len = P.pile_len[p];
        if (len < 0 || len > GMAXC || at + (size_t)len > (size_t)P.n_total) return "pile longer than the compiled search holds";
        if (P.down[p] < 0 || P.down[p] > len) return "face-down count out of range";
        s->down[p] = P.down[p];
        for (int i = 0; i < len; i++) {
            int c = P.cards[at + i];
            if (c < 0 || c > 51) return "card code out of range";
            card_to(s, p, c);
        }
        at += (size_t)len;
    }
    s->rehome = (uint8_t)(R->n_worry > 0);
    s->covered_home = 1;
    s->gaps_wait = 1;
    g_key_plan(s);
    g_relax_load(s);   /* each card's parents and kids (G6, G8, between_piles) */
    g_bare_load(s);
    /* K+: the waste bottom to top, then the stock top to bottom, is a subsequence of the start's
     * at every moment (turns and redeals keep it, plays only take cards out): g_key writes the
     * talon as which of the start's cards are left, and where the waste ends */
    memset(s->talon_at, -1, sizeof s->talon_at);
    if (R->kplus) {
        int w = R->waste_piles[0], st = R->stock, k = 0;
        for (int i = 0; i < s->len[w]; i++) s->talon_at[s->cards[w][i]] = (int8_t)k++;
        for (int i = s->len[st] - 1; i >= 0; i--) s->talon_at[s->cards[st][i]] = (int8_t)k++;
        s->talon_n = k;
    }
    /* Free arrangement needs every face-up card above a pile's lowest one to lie on a card it
     * follows; every move keeps that (a card arrives only by the build rule), so the start
     * decides it for the whole search. */
    int free = 0;
    for (int p = 0; p < s->n; p++) {
        if (!R->free_arrangement[p]) continue;
        free = 1;
        for (int i = s->down[p] + 1; i < s->len[p]; i++)
            if (!g_follows(R, R->build_rule[p], s->cards[p][i - 1], s->cards[p][i])) return NULL;
    }
    s->arranged_freely = (uint8_t)free;
    return NULL;
}
