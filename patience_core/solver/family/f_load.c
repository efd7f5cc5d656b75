/* The input: the buffer engine.py packs from its field table SPEC, bound through the
 * generated f_spec.h (which checks every field's length) and copied into the engine's tables
 * with the range checks that keep every index inside them. */
#include <stdlib.h>
#include <string.h>

#include "f_engine.h"
#include "f_spec.h"

#define REFUSE(field, why) return "family_spec." field ": " why

int spec_version(void) { return FAMILY_SPEC_VERSION; }

/* No words after the last field (the bind checked the header: magic, version, field count,
 * then an offset and a length per field; see boundary.py). */
static int ends_with_last_field(const int32_t *buf, size_t n) {
    size_t end = 3 + 2 * (size_t)buf[2];
    for (int32_t i = 0; i < buf[2]; i++) {
        size_t stop = (size_t)buf[3 + 2 * i] + (size_t)buf[4 + 2 * i];
        if (stop > end) end = stop;
    }
    return end == n;
}

/* A nested list's row ends rise from 0 to its count of values (engine._rows). */
static int rows_ok(const int32_t *end, int rows, int32_t n_values) {
    int32_t at = 0;
    for (int r = 0; r < rows; r++) {
        if (end[r] < at) return 0;
        at = end[r];
    }
    return at == n_values;
}

static inline int row_start(const int32_t *end, int r) { return r ? end[r - 1] : 0; }
static inline int row_len(const int32_t *end, int r) { return end[r] - row_start(end, r); }

/* Copy n values into out (room for max), each in [lo, hi); 0 when they do not fit. */
static int copy_in(int *out, const int32_t *in, int n, int max, int lo, int hi) {
    if (n < 0 || n > max) return 0;
    for (int i = 0; i < n; i++) {
        if (in[i] < lo || in[i] >= hi) return 0;
        out[i] = in[i];
    }
    return 1;
}

/* Row r of a nested list into out, its length into *len. */
static int copy_row(int *out, int *len, const int32_t *end, const int32_t *values, int r, int max, int lo, int hi) {
    *len = row_len(end, r);
    return copy_in(out, values + row_start(end, r), *len, max, lo, hi);
}

const char *load_spec(E *e, const int32_t *buf, size_t n) {
    family_spec_t s;
    const char *bad = family_spec_bind(buf, n, &s);
    if (bad) return bad;
    if (!ends_with_last_field(buf, n)) return "family_spec: words after the last field";
    int tmp[MAXPC];
    e->n_piles = s.n_piles;
    if (e->n_piles <= 0 || e->n_piles > MAXP) REFUSE("n_piles", "too many piles");
    e->STOCK = s.stock_pile;
    e->WASTE = s.waste_pile;
    e->decks = s.decks;
    e->prune = s.prune;
    e->n_cards = s.n_cards;
    e->on_found = s.on_foundations;
    e->redeals = s.redeals;
    e->waste_feeds = s.waste_feeds;
    e->found_in_key = s.foundations_in_key;
    e->positions = s.positions;
    e->most_found = s.most_on_foundations;
    e->min_waste = s.stock_free_min_waste;
    e->check_max_stock = s.stock_free_max_stock;
    e->ahead_max_stock = s.turn_ahead_max_stock;
    e->ahead_min_budget = s.turn_ahead_min_budget;
    e->growth_limit = s.restart_growth_limit;
    e->restart_budget0 = s.restart_budget;
    if (e->decks < 1 || e->decks > 2) REFUSE("decks", "out of range");
    if (e->redeals < 0 || e->redeals > 255) REFUSE("redeals", "out of range");
    /* the talon */
    e->n_talon = s.n_talon;
    if (!copy_in(e->talon, s.talon, s.n_talon, MAXT, 0, 52)) REFUSE("talon", "too long or not cards");
    e->nwaste = s.n_waste;
    if (!copy_in(e->waste, s.waste, s.n_waste, MAXT, 0, e->n_talon)) REFUSE("waste", "too long or not talon indices");
    e->nstock = s.n_stock;
    if (!copy_in(e->stock, s.stock, s.n_stock, MAXT, 0, e->n_talon)) REFUSE("stock", "too long or not talon indices");
    if (!copy_in(tmp, s.talon_present, s.n_talon, MAXT, 0, 2)) REFUSE("talon_present", "not 0 or 1");
    e->tmask[0] = e->tmask[1] = 0;
    for (int i = 0; i < e->n_talon; i++)
        if (tmp[i]) tflip(e, i);
    /* the piles */
    if (!rows_ok(s.fill_end, e->n_piles, s.n_fill)) REFUSE("fill_end", "not the ends of the rows");
    if (!rows_ok(s.pile_cards_end, e->n_piles, s.n_pile_cards)) REFUSE("pile_cards_end", "not the ends of the rows");
    for (int p = 0; p < e->n_piles; p++) {
        e->access[p] = s.access[p];
        if (!copy_row(e->fill[p], &e->nfill[p], s.fill_end, s.fill, p, 4, 0, e->n_piles))
            REFUSE("fill", "more than 4 or not piles");
        if (!copy_row(tmp, &e->plen[p], s.pile_cards_end, s.pile_cards, p, MAXPC - 1, 0, 52))
            REFUSE("pile_cards", "too many or not cards");
        for (int i = 0; i < e->plen[p]; i++) e->pile[p][i] = (uint8_t)tmp[i];
    }
    e->n_playable = s.n_playable;
    if (!copy_in(e->playable, s.playable, s.n_playable, MAXP, 0, e->n_piles)) REFUSE("playable", "not piles");
    e->n_columns = s.n_columns;
    if (!copy_in(e->columns, s.columns, s.n_columns, MAXP, 0, e->n_piles)) REFUSE("columns", "not piles");
    for (int p = 0; p < MAXP; p++) e->col_of[p] = -1, e->single_class_of[p] = -1, e->fi_of[p] = 0;
    for (int j = 0; j < e->n_columns; j++) {
        int p = e->columns[j];
        e->col_of[p] = j;
        memset(e->col_dealt[j], 0, sizeof e->col_dealt[j]);
        for (int i = 0; i < e->plen[p]; i++) e->col_dealt[j][i] = e->pile[p][i];
    }
    /* key classes of refilling piles */
    e->n_classes = s.n_classes;
    if (e->n_classes > MAXP) REFUSE("n_classes", "too many");
    if (!rows_ok(s.class_piles_end, e->n_classes, s.n_class_piles)) REFUSE("class_piles_end", "not the ends of the rows");
    memset(e->cellcnt, 0, sizeof e->cellcnt);
    for (int c = 0; c < e->n_classes; c++) {
        e->class_kind[c] = s.class_generic[c];
        if (!copy_row(e->class_piles[c], &e->class_n[c], s.class_piles_end, s.class_piles, c, MAXP, 0, e->n_piles))
            REFUSE("class_piles", "not piles");
        if (e->class_kind[c] == 0)
            for (int i = 0; i < e->class_n[c]; i++) {
                int p = e->class_piles[c][i];
                e->single_class_of[p] = c;
                for (int k = 0; k < e->plen[p]; k++) e->cellcnt[c][e->pile[p][k]]++;
            }
    }
    /* the foundations */
    e->n_found = s.n_found;
    if (e->n_found <= 0 || e->n_found > MAXF) REFUSE("n_found", "out of range");
    if (!rows_ok(s.found_ranks_end, e->n_found, s.n_found_ranks)) REFUSE("found_ranks_end", "not the ends of the rows");
    for (int i = 0; i < e->n_found; i++) {
        int f = s.found_pile[i];
        if (f < 0 || f >= e->n_piles) REFUSE("found_pile", "not a pile");
        e->found[i] = f;
        e->fi_of[f] = i;
        e->static_suit[f] = s.found_static_suit[i];
        e->fsuit[f] = s.found_suit[i];
        e->h[f] = s.found_height[i];
        e->f_cls[f] = s.found_class[i];
        if (!copy_row(e->rank_at[f], &e->f_length[f], s.found_ranks_end, s.found_ranks, i, 13, 0, 13))
            REFUSE("found_ranks", "longer than 13 or not ranks");
        if (e->h[f] < 0 || e->h[f] > e->f_length[f]) REFUSE("found_height", "out of range");
    }
    e->n_weighted = s.n_weighted;
    if (!copy_in(e->weighted, s.weighted, s.n_weighted, MAXF, 0, e->n_piles)) REFUSE("weighted", "not piles");
    e->n_twins = s.n_twins;
    if (e->n_twins > MAXF) REFUSE("n_twins", "too many");
    if (!rows_ok(s.twin_piles_end, e->n_twins, s.n_twin_piles)) REFUSE("twin_piles_end", "not the ends of the rows");
    for (int g = 0; g < e->n_twins; g++)
        if (!copy_row(e->twin[g], &e->twin_n[g], s.twin_piles_end, s.twin_piles, g, MAXF, 0, e->n_piles))
            REFUSE("twin_piles", "not piles");
    if (!rows_ok(s.takers_end, 52, s.n_takers)) REFUSE("takers_end", "not the ends of the rows");
    for (int c = 0; c < 52; c++)
        if (!copy_row(e->takers[c], &e->ntakers[c], s.takers_end, s.takers, c, MAXF, 0, e->n_piles))
            REFUSE("takers", "not piles");
    for (int c = 0; c < 52; c++) e->placed[c] = s.placed[c];
    /* rule B1's candidates */
    e->n_blocks = s.n_blocks;
    if (e->n_blocks > MAXB) REFUSE("n_blocks", "too many");
    if (!rows_ok(s.block_under_end, e->n_blocks, s.n_block_under)) REFUSE("block_under_end", "not the ends of the rows");
    e->blocks = calloc((size_t)(e->n_blocks ? e->n_blocks : 1), sizeof(Block));
    if (!e->blocks) return "out of memory";
    for (int b = 0; b < e->n_blocks; b++) {
        Block *bl = &e->blocks[b];
        bl->p = s.block_pile[b];
        bl->i = s.block_index[b];
        bl->c = s.block_card[b];
        if (!copy_row(bl->under, &bl->n_under, s.block_under_end, s.block_under, b, 26, 0, 52))
            REFUSE("block_under", "more than 26 or not cards");
        if (bl->p < 0 || bl->p >= e->n_piles || e->col_of[bl->p] < 0) REFUSE("block_pile", "not a column");
        int j = e->col_of[bl->p];
        for (int u = 0; u < bl->n_under; u++) {
            bl->below[u] = 0;
            for (int k = 0; k < bl->i && k < MAXPC; k++) bl->below[u] += e->col_dealt[j][k] == bl->under[u];
        }
    }
    /* rule R3 and the search's switches */
    e->sf_on = s.stock_free;
    e->sf_budget = s.stock_free_budget;
    e->sf_positions = s.stock_free_positions;
    e->sf_longer_rest = s.stock_free_longer_rest;
    e->sf_ncells = s.n_stock_free_cells;
    if (!copy_in(e->sf_cells, s.stock_free_cells, s.n_stock_free_cells, MAXP, 0, e->n_piles))
        REFUSE("stock_free_cells", "not piles");
    e->turn_ahead = s.turn_ahead;
    e->cut_stock = s.cut_stock;
    e->checking = s.checking;
    e->looking_ahead = s.looking_ahead;
    /* restarts: random.Random's state, 624 words and the index */
    e->has_rng = s.has_rng;
    if (e->has_rng != 0 && e->has_rng != 1) REFUSE("has_rng", "not 0 or 1");
    if (e->has_rng) {
        for (int i = 0; i < 624; i++) e->rng.mt[i] = (uint32_t)s.rng_state[i];
        e->rng.index = s.rng_state[624];
        if (e->rng.index < 0 || e->rng.index > 624) REFUSE("rng_state", "index out of range");
    }
    /* slots[card]: every (foundation, position) where the card fits, in foundation order */
    for (int card = 0; card < 52; card++) {
        int rank = card % 13, suit = card / 13;
        e->nslots[card] = 0;
        for (int i = 0; i < e->n_found; i++) {
            int f = e->found[i];
            if (e->static_suit[f] != -1 && e->static_suit[f] != suit) continue;
            for (int k = 0; k < e->f_length[f]; k++)
                if (e->rank_at[f][k] == rank) {
                    e->slot_f[card][e->nslots[card]] = f;
                    e->slot_pos[card][e->nslots[card]++] = k;
                    break;
                }
        }
    }
    memset(e->beaten_memo, -1, sizeof e->beaten_memo);
    return NULL;
}
