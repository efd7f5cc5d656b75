/* Python's random.Random (MT19937): the restarts draw the numbers they drew when the search
 * had a Python copy, from the state search.py hands over. */
#include <math.h>

#include "f_engine.h"

static uint32_t mt_next(MT *g) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (g->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
            g->mt[kk] = g->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < 623; kk++) {
            y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
            g->mt[kk] = g->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (g->mt[623] & 0x80000000U) | (g->mt[0] & 0x7fffffffU);
        g->mt[623] = g->mt[396] ^ (y >> 1) ^ mag01[y & 0x1U];
        g->index = 0;
    }
    y = g->mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double mt_random(MT *g) { /* random.random(): 53 bits */
    uint32_t a = mt_next(g) >> 5, b = mt_next(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

double mt_expovariate(MT *g, double lambd) { return -log(1.0 - mt_random(g)) / lambd; }
