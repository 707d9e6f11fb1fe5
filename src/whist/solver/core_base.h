/* Part of whist.solver._core (the clock, the integer types, the memory pool and the tables of bits and ranks): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

/* Seconds on the C library's clock, for a call's time limit (checked every 1,024 nodes). */
static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define NT 4

/* ------------------------------------------------------------------ memory */

/* The table is read at random places: with pages of 4 KB nearly every lookup also misses the
 * processor's cache of page addresses (the TLB). Where the system gives pages of 2 MB on
 * request (Linux's transparent huge pages), the large pools ask for them: 7 % less time on
 * the slowest joint misère counts. Elsewhere they are plain calloc(). */
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
#define HUGE_PAGES 1
#define HUGE_PAGE ((size_t)2 << 20)
#endif

/* In front of each pool: how it was obtained (a cache line, so the pool stays aligned). */
typedef struct {
    size_t len;      /* bytes mapped from base; 0: from calloc() */
    void *base;
    size_t pad[6];
} PoolHead;

/* `bytes` of zeroed memory, or NULL; pool_free() gives it back. */
static void *pool_alloc(size_t bytes)
{
#ifdef HUGE_PAGES
    if (bytes >= HUGE_PAGE) {
        size_t span = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1); /* whole pages, all mapped */
        size_t len = span + HUGE_PAGE + sizeof(PoolHead);
        char *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED)
            return NULL;
        uintptr_t at = ((uintptr_t)base + sizeof(PoolHead) + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
        char *p = (char *)at;
        PoolHead *h = (PoolHead *)(void *)(p - sizeof(PoolHead));
        h->len = len;
        h->base = base;
        madvise(p, span, MADV_HUGEPAGE); /* a wish: may fail */
        return p;
    }
#endif
    char *p = calloc(1, bytes + sizeof(PoolHead));
    if (!p)
        return NULL;
    ((PoolHead *)(void *)p)->len = 0;
    return p + sizeof(PoolHead);
}

static void pool_free(void *q)
{
    if (!q)
        return;
    PoolHead *h = (PoolHead *)(void *)((char *)q - sizeof(PoolHead));
#ifdef HUGE_PAGES
    if (h->len) {
        munmap(h->base, h->len);
        return;
    }
#endif
    free(h);
}
#define MODE_MAX 0
#define MODE_EXACT 1

/* ------------------------------------------------------------------ tables */

static uint8_t POP[8192];       /* number of bits of a 13-bit mask */
static int8_t TOP[8192];        /* index of the highest bit, -1 for 0 */
static int8_t LOW[8192];        /* index of the lowest bit, 13 for 0 */
static u32 SPREAD[8192];        /* bit i -> bit 2i */
static uint8_t PEXT7[128][128]; /* PEXT7[x][m]: the bits of x selected by m, packed low */
static uint8_t PEXT6[64][64];
static u32 JMASK[14];           /* the owner slots of the top j cards in a 26-bit code */
static u32 TIERM[4][4][14];     /* TIERM[k][s][j]: JMASK[j] of suit s in tier k (see tiers()) */

static void init_tables(void)
{
    for (int m = 0; m < 8192; m++) {
        int c = 0, t = -1, l = 13;
        u32 sp = 0;
        for (int i = 0; i < 13; i++) {
            if (m >> i & 1) {
                c++;
                t = i;
                if (l == 13)
                    l = i;
                sp |= (u32)1 << (2 * i);
            }
        }
        POP[m] = (uint8_t)c;
        TOP[m] = (int8_t)t;
        LOW[m] = (int8_t)l;
        SPREAD[m] = sp;
    }
    for (int x = 0; x < 128; x++) {
        for (int m = 0; m < 128; m++) {
            int out = 0, j = 0;
            for (int i = 0; i < 7; i++) {
                if (m >> i & 1) {
                    if (x >> i & 1)
                        out |= 1 << j;
                    j++;
                }
            }
            PEXT7[x][m] = (uint8_t)out;
            if (x < 64 && m < 64)
                PEXT6[x][m] = (uint8_t)out;
        }
    }
    for (int j = 0; j < 14; j++) {
        JMASK[j] = j == 0 ? 0 : (u32)(((1u << (2 * j)) - 1) << (26 - 2 * j));
        for (int k = 0; k < 4; k++) {
            u32 b = k < 3 ? (JMASK[j] >> (18 - 8 * k)) & 0xFF : (JMASK[j] & 3) << 6;
            for (int s = 0; s < 4; s++)
                TIERM[k][s][j] = b << (24 - 8 * s);
        }
    }
}

/* Tier k of the owner slots of the top j[s] cards of each suit (as tiers() of their JMASKs). */
static inline u32 tier_mask(const uint8_t *j, int k)
{
    return TIERM[k][0][j[0]] | TIERM[k][1][j[1]] | TIERM[k][2][j[2]] | TIERM[k][3][j[3]];
}

/* The cards of x among those of m, renumbered 0.. from the lowest card of m. */
static inline u16 compress(u16 x, u16 m)
{
    return (u16)(PEXT7[x & 127][m & 127] | (PEXT6[(x >> 7) & 63][(m >> 7) & 63] << POP[m & 127]));
}

/* The top j cards of a suit. */
static inline u16 top_cards(u16 rem, int j)
{
    u16 out = 0;
    while (j-- > 0 && rem) {
        u16 b = (u16)(1u << TOP[rem]);
        out |= b;
        rem = (u16)(rem ^ b);
    }
    return out;
}

/* Card r and the cards of x just below it with no other card out in between. */
static inline u16 run_below(u16 x, u16 rem, int r)
{
    u16 out = (u16)(1u << r);
    u16 below = (u16)(rem & ((1u << r) - 1));
    while (below) {
        int t = TOP[below];
        if (!(x >> t & 1))
            break;
        out = (u16)(out | (1u << t));
        below = (u16)(below ^ (1u << t));
    }
    return out;
}

static inline int rel_from_top(u16 rem, int r)
{
    return POP[(rem >> (r + 1)) & 0x1FFF];
}

static inline int abs_from_top(u16 rem, int rel)
{
    while (rem) {
        int t = TOP[rem];
        if (rel == 0)
            return t;
        rel--;
        rem = (u16)(rem ^ (1u << t));
    }
    return -1;
}
