/* The key of a position (rule T1), in bytes. */
#include <stdlib.h>
#include <string.h>

#include "f_engine.h"

static int cmp_bytes(const void *a, const void *b) {
    const uint8_t *x = *(const uint8_t *const *)a, *y = *(const uint8_t *const *)b;
    if (x[0] != y[0]) return (int)x[0] - (int)y[0];
    return memcmp(x + 1, y + 1, x[0]);
}

static int cmp_u8(const void *a, const void *b) { return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b; }

size_t make_key(E *e, uint8_t *k) {
    size_t n = 0;
    for (int j = 0; j < e->n_columns; j++) k[n++] = (uint8_t)e->plen[e->columns[j]];
    uint8_t scratch[MAXP][MAXPC + 1];
    const uint8_t *order[MAXP];
    for (int c = 0; c < e->n_classes; c++) {
        if (e->class_kind[c] == 0) { /* one-card piles: the multiset, 2 bits a card */
            const uint8_t *cnt = e->cellcnt[c];
            for (int b = 0; b < 13; b++)
                k[n++] = (uint8_t)(cnt[4 * b] | cnt[4 * b + 1] << 2 | cnt[4 * b + 2] << 4 | cnt[4 * b + 3] << 6);
            continue;
        }
        /* generic: the sorted tuple of pile contents (sorted themselves when access all) */
        int m = e->class_n[c];
        for (int i = 0; i < m; i++) {
            int p = e->class_piles[c][i], len = e->plen[p];
            scratch[i][0] = (uint8_t)len;
            memcpy(scratch[i] + 1, e->pile[p], (size_t)len);
            if (e->access[p] == ACCESS_ALL) qsort(scratch[i] + 1, (size_t)len, 1, cmp_u8);
            order[i] = scratch[i];
        }
        qsort(order, (size_t)m, sizeof(order[0]), cmp_bytes);
        for (int i = 0; i < m; i++) {
            memcpy(k + n, order[i], (size_t)order[i][0] + 1);
            n += (size_t)order[i][0] + 1;
        }
    }
    int bytes = (e->n_talon + 7) / 8;
    for (int b = 0; b < bytes; b++) k[n++] = (uint8_t)(e->tmask[b >> 3] >> (8 * (b & 7)));
    k[n++] = (uint8_t)(e->nstock ? e->stock[e->nstock - 1] : e->n_talon);
    k[n++] = (uint8_t)e->redeals;
    if (e->found_in_key) {
        for (int i = 0; i < e->n_weighted; i++) k[n++] = (uint8_t)e->h[e->weighted[i]];
        for (int g = 0; g < e->n_twins; g++) {
            uint8_t pair[MAXF];
            int m = e->twin_n[g];
            for (int i = 0; i < m; i++) {
                int f = e->twin[g][i];
                pair[i] = (uint8_t)(e->h[f] * 5 + (e->fsuit[f] + 1));
            }
            qsort(pair, (size_t)m, 1, cmp_u8);
            memcpy(k + n, pair, (size_t)m);
            n += (size_t)m;
        }
    }
    return n;
}
