/*
 * whist.solver._core: a double-dummy solver for whist-like trick games.
 *
 * C11 and CPython's C API only. The Python wrapper (whist/solver/__init__.py) checks and
 * converts its arguments; this module checks them again, so that no input can crash the
 * interpreter.
 *
 * Model: four seats 0..3 clockwise, cards as (suit 0..3, rank 0..12 for 2..A), hands as
 * 13-bit masks per suit. Follow suit if able, otherwise any card (no duty to trump). The
 * highest trump wins, else the highest card of the suit led.
 *
 * One search answers one question: "can the MAX seats make the SCORE seats take at least
 * `need` more tricks?" (goals max and min), or "... exactly `need` more tricks?" (goal
 * exact), by alpha-beta on a yes/no value (a null-window search). Goal max: MAX = SCORE =
 * team. Goal min (misere): MAX = the other seats, SCORE = team. Goal exact: MAX = SCORE =
 * team, and MAX wins only when the team ends with exactly `need` more tricks.
 *
 * See docs/solver.md, *How it searches*, for the techniques: equivalent cards, partition
 * search with a transposition table keyed by relative ranks, quick tricks, top-trump bounds,
 * move ordering.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* ------------------------------------------------------------------ transposition table */

/*
 * Partition search: an entry stands for every position with the same seat on lead, the
 * same suit lengths in each hand, and the same owners of the top j[s] cards still out in
 * each suit: the cards whose ranks mattered in the search that produced the entry, and
 * every card above them. The lower cards of a suit are interchangeable small cards.
 *
 * Entries are grouped by (suit lengths of the four hands, seat on lead, exact target). A
 * group's first entries are a chain of blocks, newest first, scanned in full on a lookup.
 * Owners are two bits per card. They are compared by tiers of four ranks: tier 0 holds the
 * owners of the four highest cards out of each suit (a byte per suit), tier 1 the next four,
 * and so on, so that most entries that do not match fail on the first word.
 *
 * A group that has chained SPLIT_FROM blocks splits: its entries move to parts, by the
 * suits whose top card they cover and the owners of those top cards (see sub_key1), and so
 * do its further entries; its blocks are given back. A lookup that finds nothing then walks
 * a few short chains instead of a long one, which it did for each of them in full (a joint
 * misère count of a whole deal spent half its time so).
 *
 * A part that outgrows its blocks (a lone player's searches store thousands of entries in
 * some groups) keeps its further entries by shape: the shape of an entry is its vector j,
 * and a group has a few dozen shapes at most where it has thousands of entries. Such an
 * entry is found by hashing its shape and the owners the shape covers, so that a lookup
 * costs one probe per shape rather than a look at every entry; and each shape keeps a filter
 * of the hashes of its entries (one bit each, of FILTER_BITS), so that most probes, which
 * would find nothing, are not made. These entries live in one
 * hash table of buckets of four; a full bucket gives up its entry with the fewest tricks
 * left, the cheapest to find again.
 *
 * Blocks, shapes and group slots come from pools of fixed size (with the buckets, the memory
 * bound); when one is used up, the table keeps what it holds of the positions with the most
 * tricks left in half its blocks and forgets the rest (tt_trim).
 */
typedef struct {
    u32 set[4];        /* owners of the cards that matter, by tiers (see tiers()) */
    uint8_t j[4];      /* how many top cards of each suit matter (the owner slots that matter:
                        * tier_mask(j, k)) */
    int8_t lo, hi;     /* bounds on the SCORE seats' tricks from here (exact mode: the result) */
    uint8_t best;      /* suit << 4 | rank counted from the top of the cards out; 0xFF: none */
    uint8_t nmask;     /* mask[nmask..3] are 0 */
} Entry;

#define BLOCK 16
/* Blocks a group may chain before it stores by shape (unless the caller chose): many for
 * partnerships, whose large groups have few entries of each shape; few where one seat plays
 * against three, whose large groups have hundreds of entries of each shape. */
#define GROUP_BLOCKS 200
#define LONE_BLOCKS 8
#define MAX_GROUP_BLOCKS 4096
/* ... and near the end of play, where a search is cheap to redo, at most this many. */
#define END_BLOCKS(tl) ((tl) <= 4 ? 8u : 0xFFFFFFFFu)
typedef struct {
    u32 next;          /* the next (older) block of the group; 0: none */
    u32 next2;         /* the one after it (fetched two ahead on a lookup); 0: none */
    u32 count;
    u32 st[BLOCK];     /* tier 0 of each entry ... */
    u32 sk[BLOCK];     /* ... and its mask, apart for a fast first filter (block_hits) */
    Entry e[BLOCK];
} Block;

/* An entry stored by shape. */
typedef struct {
    u32 shape;         /* the number of the entry's shape; 0: never used */
    u32 epoch;         /* the entry is in use when it equals the table's epoch */
    u32 set[4];        /* owners of the cards the shape covers, by tiers */
    int8_t lo, hi;
    uint8_t best;
    uint8_t tl;        /* tricks left at the entry's position */
    u32 pad;
} HEntry;

#define BUCKET 4
typedef struct {
    HEntry e[BUCKET];
} Bucket;

/* Bits of a shape's filter: a lookup probes a shape's bucket only when the bit of its key
 * is set (set when an entry of that key is stored; an entry given up leaves its bit). */
#ifndef FILTER_BITS
#define FILTER_BITS 1024
#endif
typedef struct {
    u32 mask[4];       /* owner slots the shape covers, by tiers */
    uint8_t j[4];      /* how many top cards of each suit it covers */
    u32 id;            /* the shape's number, as its entries record it */
    u64 filter[FILTER_BITS / 64];
} Shape;

/* A group's shapes, in chunks: a lookup fetches the buckets of a whole chunk at once. */
#define CHUNK 8
typedef struct {
    Shape s[CHUNK];
    u32 next;          /* the group's next (older) chunk; 0: none */
    u32 count;
} Chunk;

/* Shapes a group may hold: a lookup probes every one of them. */
#define SHAPE_CAP 256

typedef struct {
    u64 key0;          /* suit lengths of the four hands, 4 bits each */
    u32 key1;          /* leader | (exact target + 1) << 2 */
    u32 epoch;         /* the slot is in use when it equals the table's epoch */
    u32 head;          /* the newest block */
    u32 nblocks;
    u32 chunk;         /* the newest chunk of shapes; 0: none */
    u16 nshapes;
    u16 combos;        /* a split group: the suits of its parts (see sub_key1), a bit each */
} Group;

/* A group that has chained SPLIT_FROM blocks is split: its entries go to parts, one
 * for each set of suits whose top cards the entry covers and each owner of those top cards
 * (a group of its own, its key1 marked by SUB_BIT). A lookup walks the chain of the part of
 * each set of suits the group has, for the owners of the position's top cards: a few short
 * chains where one long one was walked in full by every lookup that found nothing (4 and 16
 * blocks did about as well as 8). Moving the group's entries to the parts when it splits
 * (rather than looking its chain up after them) took another fifth of the time off the
 * slowest joint misère count. */
#define SPLIT_FROM 8
#define SUB_BIT (1u << 31)
/* A part that has chained twice as many blocks splits too, into parts of its own, by the
 * owners of the second card of the suits whose two top cards its entries cover (where a part
 * may chain that many blocks: not where one seat plays against three, nor with four tricks
 * or fewer left). In the slowest joint misère count, parts of 8 blocks or more had been an
 * eighth of the lookups and three quarters of the blocks walked. Solver(split_from=N) sets
 * SPLIT_FROM for tuning and tests, up to MAX_SPLIT_FROM. */
#define SUB2_BIT (1u << 7)
#define MAX_SPLIT_FROM 32

typedef struct {
    Group *groups;
    u64 groupMask;
    Block *blocks;
    u32 nblocks, used;
    u32 freeBlocks;    /* blocks given back (by a group that split), chained by next; 0: none */
    u32 allBlocks;     /* blocks allocated: the last ones may be lent (see new_context) */
    Chunk *chunks;
    u32 nchunks, usedChunks; /* chunk 0 stands for "none" */
    u32 nextShape;
    Bucket *buckets;
    u64 nbuckets;
    u32 epoch;
    u64 resets;
    u32 groupBlocks;   /* blocks a group chains before it stores by shape */
    u32 splitFrom;     /* blocks a group chains before it splits (a part: twice as many) */
} Table;

static void tt_reset(Table *T)
{
    T->epoch++;
    if (T->epoch == 0) {
        memset(T->groups, 0, (size_t)(T->groupMask + 1) * sizeof(Group));
        memset(T->buckets, 0, (size_t)T->nbuckets * sizeof(Bucket));
        T->epoch = 1;
    }
    T->used = 1; /* block 0 stands for "none" */
    T->freeBlocks = 0;
    T->usedChunks = 1;
    T->nextShape = 1;
    T->resets++;
}

static void tt_free(Table *T)
{
    pool_free(T->groups);
    pool_free(T->blocks);
    pool_free(T->chunks);
    pool_free(T->buckets);
    memset(T, 0, sizeof(*T));
}

/* A part of `bytes` to the buckets, one to the chunks of shapes, the rest to the blocks and
 * twice as many group slots; 0 on success. */
/* The parts of the memory for the entries stored by shape: since groups split (see
 * SPLIT_FROM), few are (the slowest joint misère count: 35 % less time with a sixteenth to
 * the buckets and a thirty-second to the chunks, where they had a quarter and an eighth). */
#define BUCKET_PART 16
#define CHUNK_PART 32
static int tt_alloc(Table *T, u64 bytes)
{
    memset(T, 0, sizeof(*T));
    u64 nk = bytes / BUCKET_PART / sizeof(Bucket);
    u64 nc = bytes / CHUNK_PART / sizeof(Chunk);
    if (nk < 16)
        nk = 16;
    if (nc < 16)
        nc = 16;
    if (nc > 0xFFFFFFF0ULL)
        nc = 0xFFFFFFF0ULL;
    u64 fixed = nk * sizeof(Bucket) + nc * sizeof(Chunk);
    u64 rest = bytes > fixed ? bytes - fixed : 0;
    u64 per = sizeof(Block) + 2 * sizeof(Group);
    u64 nb = rest / per;
    if (nb < 16)
        nb = 16;
    if (nb > 0xFFFFFFF0ULL)
        nb = 0xFFFFFFF0ULL;
    u64 ng = 1;
    while (ng < 2 * nb)
        ng *= 2;
    T->groups = pool_alloc((size_t)ng * sizeof(Group));
    T->blocks = pool_alloc((size_t)nb * sizeof(Block));
    T->chunks = pool_alloc((size_t)nc * sizeof(Chunk));
    T->buckets = pool_alloc((size_t)nk * sizeof(Bucket));
    if (!T->groups || !T->blocks || !T->chunks || !T->buckets) {
        tt_free(T);
        return -1;
    }
    memset(&T->blocks[0], 0, sizeof(Block)); /* "none": never written, read as empty */
    T->groupMask = ng - 1;
    T->nblocks = T->allBlocks = (u32)nb;
    T->nchunks = (u32)nc;
    T->nbuckets = nk;
    T->epoch = 1;
    T->used = 1;
    T->usedChunks = 1;
    T->nextShape = 1;
    return 0;
}

#ifdef WSTATS
#include <stdio.h>
static u64 ST_rxh[5][4];
static u64 ST_parts, ST_split; static u64 ST_walk, ST_missw; static u64 ST_tg, ST_tgn, ST_tgok; static u64 ST_shape, ST_probe, ST_rx, ST_rxok, ST_rxn, ST_ring[14], ST_exp[14][2], ST_nodes[4][2], ST_cut[4][2][14], ST_nocut[4][2], ST_waste[4][2], ST_tt, ST_qt, ST_sl, ST_tb, ST_look;
#define STAT(x) (x)
#else
#define STAT(x) ((void)0)
#endif

static inline u64 mix(u64 k0, u64 k1)
{
    u64 h = k0 * 0x9E3779B97F4A7C15ULL;
    h ^= (k1 + 0x632BE59BD9B4E019ULL) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

/* The slot of a group's key in the table of groups: its own, or the free slot where it would
 * go (linear probing from the key's hash). */
static inline Group *group_slot(Table *T, u64 key0, u32 key1)
{
    u64 i = mix(key0, key1) & T->groupMask;
    for (;;) {
        Group *g = &T->groups[i];
        if (g->epoch != T->epoch || (g->key0 == key0 && g->key1 == key1))
            return g;
        i = (i + 1) & T->groupMask;
    }
}

/* The entries of block b (bit i: entry i) whose tier 0 agrees with t0 where they look, in one
 * pass without a branch, which the compiler unrolls (testing the entries one by one, a branch
 * each, took 13 % more time per node on whole deals). */
static inline u32 block_hits(const Block *b, u32 t0)
{
    u32 hits = 0;
    for (int i = 0; i < BLOCK; i++)
        hits |= (u32)(((b->st[i] ^ t0) & b->sk[i]) == 0) << i;
    return hits & ((1u << b->count) - 1);
}

/* The highest bit of a 16-bit mask (not 0). */
static inline int top16(u32 x)
{
    return x >> 13 ? 13 + TOP[x >> 13] : TOP[x];
}

/* The tricks left at the positions of a group: a quarter of the cards in its suit lengths. */
static inline int group_tricks(const Group *g)
{
    int n = 0;
    for (int i = 0; i < 16; i++)
        n += (int)(g->key0 >> (4 * i) & 15);
    return n / 4;
}

/*
 * The table is full: keep the groups of the positions with the most tricks left (the dearest
 * to search again) in at most half the blocks, and forget the rest, as well as every entry
 * stored by shape. The blocks kept move to the front of the pool in their order, and their
 * groups are hashed again. A full reset when nothing would be kept (or no memory to sort).
 */
static void tt_trim(Table *T)
{
    u64 perLevel[14] = {0}, groupsPerLevel[14] = {0};
    for (u64 i = 0; i <= T->groupMask; i++) {
        const Group *g = &T->groups[i];
        if (g->epoch == T->epoch) {
            perLevel[group_tricks(g)] += g->nblocks;
            groupsPerLevel[group_tricks(g)]++;
        }
    }
    int from = 14;
    u64 kept = 0, keptGroups = 0; /* a split group holds no block, so count both */
    while (from > 0 && kept + perLevel[from - 1] <= T->nblocks / 2) {
        from--;
        kept += perLevel[from];
        keptGroups += groupsPerLevel[from];
    }
    u32 *fwd = kept ? calloc((size_t)T->used, sizeof(u32)) : NULL;
    Group *keep = kept ? malloc((size_t)keptGroups * sizeof(Group)) : NULL;
    if (!fwd || !keep) {
        free(fwd);
        free(keep);
        tt_reset(T);
        return;
    }
    u64 nkeep = 0;
    for (u64 i = 0; i <= T->groupMask; i++) {
        Group *g = &T->groups[i];
        if (g->epoch != T->epoch || group_tricks(g) < from)
            continue;
        for (u32 b = g->head; b; b = T->blocks[b].next)
            fwd[b] = 1;
        g->chunk = 0;
        g->nshapes = 0;
        keep[nkeep++] = *g;
    }
    u32 to = 1;
    for (u32 b = 1; b < T->used; b++) {
        if (!fwd[b])
            continue;
        fwd[b] = to;
        if (to != b)
            T->blocks[to] = T->blocks[b];
        to++;
    }
    for (u32 b = 1; b < to; b++) {
        T->blocks[b].next = fwd[T->blocks[b].next];
        T->blocks[b].next2 = fwd[T->blocks[b].next2];
    }
    tt_reset(T);
    T->used = to;
    for (u64 k = 0; k < nkeep; k++) {
        Group *g = &keep[k];
        g->head = fwd[g->head];
        g->epoch = T->epoch;
        *group_slot(T, g->key0, g->key1) = *g;
    }
    free(fwd);
    free(keep);
}

/* The hash of an entry stored by shape: its shape and the owners it records. Its high half
 * picks the bucket, its low bits the bit of the shape's filter. */
static inline u64 tt_hash(u32 shape, const u32 *set)
{
    return mix(((u64)set[0] << 32 | set[1]) ^ shape, (u64)set[2] << 32 | set[3]);
}

static inline Bucket *tt_bucket(const Table *T, u64 h)
{
    return &T->buckets[((h >> 32) * T->nbuckets) >> 32];
}

static inline int filter_has(const Shape *sh, u64 h)
{
    u32 b = (u32)h & (FILTER_BITS - 1);
    return (int)(sh->filter[b >> 6] >> (b & 63) & 1);
}

static inline void filter_add(Shape *sh, u64 h)
{
    u32 b = (u32)h & (FILTER_BITS - 1);
    sh->filter[b >> 6] |= (u64)1 << (b & 63);
}

/* A free block: one given back, else the next of the pool; 0 when the pool is used up. */
static inline u32 block_new(Table *T)
{
    u32 b = T->freeBlocks;
    if (b) {
        T->freeBlocks = T->blocks[b].next;
        return b;
    }
    return T->used < T->nblocks ? T->used++ : 0;
}

/* The group of a key, created when `create`; NULL when absent (or the table is full). */
static Group *tt_group(Table *T, u64 key0, u32 key1, int create)
{
    Group *g = group_slot(T, key0, key1);
    if (g->epoch == T->epoch)
        return g;
    u32 nb = create ? block_new(T) : 0;
    if (!nb)
        return NULL;
    g->epoch = T->epoch;
    g->key0 = key0;
    g->key1 = key1;
    g->head = nb;
    g->nblocks = 1;
    g->chunk = 0;
    g->nshapes = 0;
    g->combos = 0;
    T->blocks[g->head].next = 0;
    T->blocks[g->head].next2 = 0;
    T->blocks[g->head].count = 0;
    return g;
}

/* ------------------------------------------------------------------ search state */

/* What the relaxed misère game (rx_safe) has proved: a position's key (the owners of every
 * card out, by relative rank and seats counted from the lone seat, the suit lengths, and
 * whether the lone seat is on lead in bit 63 of k0), the tricks it was allowed (bits 60-61 of
 * both words), its result in bit 63 of k1, and bit 62 of k1 set in every entry in use. */
typedef struct {
    u64 k0, k1;
} RxEntry;

#define RX_FILLED 4096

typedef struct {
    RxEntry *memo;
    u16 *tags;         /* the tag of each entry of memo (see rx_memo) */
    u64 mask;          /* entries - 1 (a power of two) */
    u64 nodes, limit;  /* nodes of the current call, and its budget */
    int aborted;
    int top[4];        /* the relaxed misère game: see rx_top */
    int lo[4], hi[4];
} Relaxed;

typedef struct {
    int8_t suit, rank, low;
    int16_t score;
} Move;

typedef struct {
    u16 h[4][4];      /* [seat][suit] */
    u16 rem[4];       /* cards not in a finished trick (hands + the current trick) */
    int trump;        /* 0..3, NT = 4 */
    int maxSide[4];
    int scoreSide[4];
    int mode;
    int qtOK;         /* quick tricks usable: MAX and SCORE seats are the same */
    int misere;       /* goal min: MAX and SCORE seats are opposite */
    int lone;         /* the seat of a team of one, else -1 */
    int pair;         /* a team of two */
    int leader, nplayed, tricksLeft;
    int winSeat, winSuit, winRank;
    int tsuit[4], trank[4];
    Table T;
    u64 nodes;
    u64 limit;        /* node budget of a call */
    double deadline;  /* time (timespec_get seconds) at which a call gives up; 0: none */
    int aborted;      /* the budget ran out */
    Relaxed rx;       /* the relaxed misère game (see rx_safe) */
    RxEntry *ownMemo; /* its own table, and its size - 1 (rx.memo may be lent blocks instead) */
    u64 ownMask;
    u32 lendFrom;     /* the first block the table may lend it (all blocks: none) */
    u64 lendMask;     /* the lent blocks, as its entries - 1 */
    int ownTrump, lentTrump; /* the trump suit of what its tables hold; -1: nothing valid */
    u32 filled[RX_FILLED]; /* the entries it filled since its table was last emptied, */
    u64 nfilled;           /* while they are few: emptying it is then emptying those */
    u64 resetsMark;   /* the table's resets when the current context began */
    int single;       /* the seat alone on its side, when the trump game may be asked; else -1 */
    int tgFirst;      /* tricks left from which the trump game is asked */
    int rxFirst;      /* tricks left from which the relaxed misère game is asked */
    Relaxed tg;       /* the trump game's budget (its results are kept in rx.memo) */
    u32 hist[4][4][13];     /* leads that cut, by seat, suit and rank, weighed by depth */
    u32 histFollow[4][4][13]; /* the same of the cards the others of a lone misère player follow with */
    int8_t killer[14][2];   /* the last lead that cut, by tricks left */
} Search;

/* The position at a trick boundary, as the table sees it. */
typedef struct {
    u64 key0;
    u32 key1;
    u32 code[4];      /* owners of every card out, two bits each, top card in bits 25-24 */
    u32 tier[4];
} Key;

/* The tiers of four per-suit codes (26 bits, top card in bits 25-24). */
static inline void tiers(const u32 *code, u32 *out)
{
    for (int k = 0; k < 4; k++) {
        u32 w = 0;
        for (int s = 0; s < 4; s++) {
            u32 b = k < 3 ? (code[s] >> (18 - 8 * k)) & 0xFF : (code[s] & 3) << 6;
            w |= b << (24 - 8 * s);
        }
        out[k] = w;
    }
}

/* The key of the position's group (key0, key1): cheap, made first to fetch its slot. */
static void group_key(const Search *S, int need, Key *K)
{
    u64 k0 = 0;
    for (int s = 0; s < 4; s++) {
        for (int h = 0; h < 4; h++)
            k0 |= (u64)POP[S->h[h][s]] << (16 * s + 4 * h);
    }
    K->key0 = k0;
    K->key1 = (u32)(S->leader | (S->mode == MODE_EXACT ? need + 1 : 0) << 2);
}

/* The rest of the key: the owners of every card out, and their tiers. */
static void owner_key(const Search *S, Key *K)
{
    for (int s = 0; s < 4; s++) {
        u16 m = S->rem[s];
        int len = POP[m];
        u16 a = compress((u16)(S->h[1][s] | S->h[3][s]), m);
        u16 c = compress((u16)(S->h[2][s] | S->h[3][s]), m);
        K->code[s] = (SPREAD[a] | (SPREAD[c] << 1)) << (26 - 2 * len);
    }
    tiers(K->code, K->tier);
}

/* The suits of which an entry covering the top j[s] cards covers at least `k` cards, a bit
 * each (k = 1: the suits of its part, k = 2: of its part's part). */
static inline u32 combo_of(const uint8_t *j, int k)
{
    return (u32)(j[0] >= k) | (u32)(j[1] >= k) << 1 | (u32)(j[2] >= k) << 2 | (u32)(j[3] >= k) << 3;
}

/* How deep a group's key1 is among the parts: 0 for a group, 1 for a part (SUB_BIT), 2 for a
 * part of a part (SUB2_BIT too). */
static inline int part_depth(u32 key1)
{
    return (key1 & SUB2_BIT) ? 2 : (key1 & SUB_BIT) ? 1 : 0;
}

/* The key1 of the part of a split group (of key1 `key1`) for the entries that cover at least
 * d + 1 cards of the suits of `combo` (a bit each; d: the depth of the group), with the owners
 * of the (d + 1)-th card of those suits that tier 0 (of a position or an entry) records. A
 * part's key1 puts its suits in bits 24-27 and their top cards' owners in bits 8-15; a part's
 * part puts its own suits in bits 28-30 and 6, and their second cards' owners in bits 16-23. */
static inline u32 sub_key1(u32 key1, u32 combo, u32 tier0)
{
    int d = part_depth(key1);
    u32 sel = 0;
    for (int s = 0; s < 4; s++) {
        if (combo >> s & 1)
            sel |= (tier0 >> (30 - 2 * d - 8 * s) & 3) << (2 * s);
    }
    if (d == 0)
        return key1 | SUB_BIT | combo << 24 | sel << 8;
    return key1 | SUB2_BIT | (combo & 7) << 28 | (combo >> 3) << 6 | sel << 16;
}

/* What an entry's bounds say of `need`: 1 or 0, -1 when they do not decide. */
static inline int tt_decides(const Search *S, int lo, int hi, int need)
{
    if (S->mode == MODE_EXACT)
        return lo;
    if (lo >= need)
        return 1;
    return hi < need ? 0 : -1;
}

/* Whether an entry kept by shape is the one of shape `id` and owners `set`. */
static inline int hentry_is(const Table *T, const HEntry *e, u32 id, const u32 *set)
{
    return e->shape == id && e->epoch == T->epoch && e->set[0] == set[0] && e->set[1] == set[1] &&
           e->set[2] == set[2] && e->set[3] == set[3];
}

/* The entries a group keeps by shape: as tt_lookup. A shape that decides moves to the front. */
static int tt_lookup_shapes(Search *S, Group *g, const Key *K, int need, u16 *rel, int *hint)
{
    Table *T = &S->T;
    for (u32 ci = g->chunk; ci; ci = T->chunks[ci].next) {
        Chunk *c = &T->chunks[ci];
        int n = (int)c->count;
        u32 set[CHUNK][4];
        const Bucket *b[CHUNK];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 4; k++)
                set[i][k] = K->tier[k] & c->s[i].mask[k];
            u64 h = tt_hash(c->s[i].id, set[i]);
            STAT(ST_shape++);
            if (!filter_has(&c->s[i], h)) {
                b[i] = NULL;
                continue;
            }
            b[i] = tt_bucket(T, h);
            STAT(ST_probe++);
#if defined(__GNUC__)
            __builtin_prefetch(b[i]);
            __builtin_prefetch((const char *)b[i] + 64);
#endif
        }
#if defined(__GNUC__)
        if (c->next)
            __builtin_prefetch(&T->chunks[c->next]);
#endif
        for (int i = 0; i < n; i++) {
            if (!b[i])
                continue;
            u32 id = c->s[i].id;
            for (int q = 0; q < BUCKET; q++) {
                const HEntry *e = &b[i]->e[q];
                if (!hentry_is(T, e, id, set[i]))
                    continue;
                int res = tt_decides(S, e->lo, e->hi, need);
                if (res >= 0) {
                    for (int s = 0; s < 4; s++)
                        rel[s] = top_cards(S->rem[s], c->s[i].j[s]);
                    Shape *front = &T->chunks[g->chunk].s[0];
                    if (front != &c->s[i]) {
                        Shape tmp = *front;
                        *front = c->s[i];
                        c->s[i] = tmp;
                    }
                    return res;
                }
                if (e->best != 0xFF && *hint < 0)
                    *hint = e->best;
                break;
            }
        }
    }
    return -1;
}

/* The chain of blocks of group g (then its shapes): as tt_lookup. */
static int chain_lookup(Search *S, const Group *g, const Key *K, int need, u16 *rel, int *hint)
{
    Table *T = &S->T;
    const u32 t0 = K->tier[0], t1 = K->tier[1], t2 = K->tier[2], t3 = K->tier[3];
    u32 bi = g->head;
#if defined(__GNUC__)
    if (bi && T->blocks[bi].next) {
        __builtin_prefetch(&T->blocks[T->blocks[bi].next]);
        __builtin_prefetch((const char *)&T->blocks[T->blocks[bi].next] + 64);
    }
#endif
    while (bi) {
        const Block *b = &T->blocks[bi];
#if defined(__GNUC__)
        if (b->next2) {
            /* the filter words of the block after next (the next one's were fetched while
             * the block before this one was scanned: two blocks on their way at once) */
            __builtin_prefetch(&T->blocks[b->next2]);
            __builtin_prefetch((const char *)&T->blocks[b->next2] + 64);
        }
#endif
        for (u32 hits = block_hits(b, t0); hits; ) {
            int i = top16(hits); /* the newest first */
            hits ^= 1u << i;
            const Entry *e = &b->e[i];
            if (e->nmask > 1 && (((e->set[1] ^ t1) & tier_mask(e->j, 1)) || ((e->set[2] ^ t2) & tier_mask(e->j, 2)) ||
                                 ((e->set[3] ^ t3) & tier_mask(e->j, 3))))
                continue;
            int res = tt_decides(S, e->lo, e->hi, need);
            if (res >= 0) {
                for (int s = 0; s < 4; s++)
                    rel[s] = top_cards(S->rem[s], e->j[s]);
                return res;
            }
            if (e->best != 0xFF && *hint < 0)
                *hint = e->best;
        }
        bi = b->next;
        STAT(ST_walk++);
    }
    STAT(ST_missw++);
    return g->chunk ? tt_lookup_shapes(S, (Group *)g, K, need, rel, hint) : -1;
}

/* Look the position up in group g: 1 or 0 when an entry decides `need` (rel gets the cards it
 * relies on), -1 otherwise (*hint gets a best move if an entry has one). A split group is
 * looked up in those of its parts that can hold the position (see sub_key1). */
static int group_lookup(Search *S, const Group *g, const Key *K, int need, u16 *rel, int *hint)
{
    if (!g->combos)
        return chain_lookup(S, g, K, need, rel, hint);
    Table *T = &S->T;
    /* the parts' slots, then their first blocks, fetched together */
    const Group *parts[16];
    u32 keys[16];
    int n = 0;
    for (u32 c = g->combos; c; c &= c - 1) {
        keys[n] = sub_key1(g->key1, (u32)__builtin_ctz(c), K->tier[0]);
#if defined(__GNUC__)
        __builtin_prefetch(&T->groups[mix(K->key0, keys[n]) & T->groupMask]);
#endif
        n++;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        const Group *sg = tt_group(T, K->key0, keys[i], 0);
        if (sg) {
#if defined(__GNUC__)
            __builtin_prefetch(&T->blocks[sg->head]);
            __builtin_prefetch((const char *)&T->blocks[sg->head] + 64);
#endif
            parts[m++] = sg;
        }
    }
    int r = -1;
    for (int i = 0; i < m && r < 0; i++) {
        STAT(ST_parts++);
        r = group_lookup(S, parts[i], K, need, rel, hint);
    }
    return r;
}

/* Look the position up (see group_lookup). */
static int tt_lookup(Search *S, const Key *K, int need, u16 *rel, int *hint)
{
    const Group *g = tt_group(&S->T, K->key0, K->key1, 0);
    return g ? group_lookup(S, g, K, need, rel, hint) : -1;
}

/* An entry's bounds (and best move) after a search of `need` that gave `res`. */
static inline void tt_update(const Search *S, int8_t *lo, int8_t *hi, uint8_t *best, int need, int res,
                             int move)
{
    if (S->mode == MODE_EXACT) {
        *lo = *hi = (int8_t)res;
    } else if (res) {
        if (need > *lo)
            *lo = (int8_t)need;
    } else if (need - 1 < *hi) {
        *hi = (int8_t)(need - 1);
    }
    if (move >= 0)
        *best = (uint8_t)move;
}

static void tt_store(Search *S, const Key *K, const u16 *rel, int need, int res, int best);
static Entry *chain_find(Table *T, const Group *g, const uint8_t *j, const u32 *mask, const u32 *set);
static void group_store(Search *S, Group *g, Entry *e, const Key *K, const uint8_t *j, const u32 *mask,
                        const u32 *set, int need, int res, int best);

/* The block of group g where a new entry goes: its first, or a new one chained before it
 * when that is full; NULL when the pool is used up. */
static Block *group_room(Table *T, Group *g)
{
    Block *b = &T->blocks[g->head];
    if (b->count < BLOCK)
        return b;
    u32 nb = block_new(T);
    if (!nb)
        return NULL;
    T->blocks[nb].next = g->head;
    T->blocks[nb].next2 = b->next;
    T->blocks[nb].count = 0;
    g->head = nb;
    g->nblocks++;
    return &T->blocks[nb];
}

/* Split group g: its entries move to its parts (see SPLIT_FROM), its blocks are given back.
 * An entry that finds no room is forgotten. */
static void group_split(Table *T, Group *g)
{
    STAT(ST_split++);
    Entry es[2 * MAX_SPLIT_FROM * BLOCK];
    int n = 0;
    for (u32 bi = g->head; bi;) {
        Block *b = &T->blocks[bi];
        for (u32 i = 0; i < b->count && n < (int)(sizeof es / sizeof es[0]); i++)
            es[n++] = b->e[i];
        u32 next = b->next;
        b->next = T->freeBlocks;
        T->freeBlocks = bi;
        bi = next;
    }
    g->head = 0;
    g->nblocks = 0;
    for (int k = 0; k < n; k++) {
        const Entry *e = &es[k];
        u32 combo = combo_of(e->j, part_depth(g->key1) + 1);
        Group *sg = tt_group(T, g->key0, sub_key1(g->key1, combo, e->set[0]), 1);
        if (!sg)
            return;
        g->combos = (u16)(g->combos | 1u << combo);
        Block *b = group_room(T, sg);
        if (!b)
            continue;
        b->st[b->count] = e->set[0];
        b->sk[b->count] = tier_mask(e->j, 0);
        b->e[b->count++] = *e;
    }
}

/* The table is full: trim it, then store the entry covering the top j[s] cards of each suit. */
static void trim_and_store(Search *S, const Key *K, const uint8_t *j, int need, int res, int best)
{
    u16 rel[4];
    for (int s = 0; s < 4; s++)
        rel[s] = top_cards(S->rem[s], j[s]);
    tt_trim(&S->T);
    tt_store(S, K, rel, need, res, best);
}

/* Store by shape, for a group whose blocks are full. */
static void tt_store_shape(Search *S, Group *g, const Key *K, const uint8_t *j, const u32 *mask,
                           const u32 *set, int need, int res, int best)
{
    Table *T = &S->T;
    Shape *sh = NULL;
    for (u32 ci = g->chunk; ci && !sh; ci = T->chunks[ci].next) {
        Chunk *c = &T->chunks[ci];
        for (u32 i = 0; i < c->count; i++) {
            if (memcmp(c->s[i].j, j, 4) == 0) {
                sh = &c->s[i];
                break;
            }
        }
    }
    if (!sh) {
        if (g->nshapes >= SHAPE_CAP) {
            STAT(ST_ring[S->tricksLeft]++);
            return;
        }
        Chunk *c = g->chunk ? &T->chunks[g->chunk] : NULL;
        if (!c || c->count == CHUNK) {
            if (T->usedChunks >= T->nchunks) {
                trim_and_store(S, K, j, need, res, best);
                return;
            }
            u32 ci = T->usedChunks++;
            c = &T->chunks[ci];
            c->next = g->chunk;
            c->count = 0;
            g->chunk = ci;
        }
        sh = &c->s[c->count++];
        for (int k = 0; k < 4; k++) {
            sh->mask[k] = mask[k];
            sh->j[k] = j[k];
        }
        memset(sh->filter, 0, sizeof sh->filter);
        sh->id = T->nextShape++;
        g->nshapes++;
    }
    u32 si = sh->id;
    u64 hh = tt_hash(si, set);
    filter_add(sh, hh);
    Bucket *b = tt_bucket(T, hh);
    HEntry *e = NULL, *victim = NULL;
    for (int i = 0; i < BUCKET; i++) {
        HEntry *x = &b->e[i];
        if (x->epoch != T->epoch) {
            if (!victim || victim->epoch == T->epoch)
                victim = x;
            continue;
        }
        if (hentry_is(T, x, si, set)) {
            e = x;
            break;
        }
        if (!victim || (victim->epoch == T->epoch && x->tl < victim->tl))
            victim = x;
    }
    if (!e) {
        e = victim;
        e->shape = si;
        e->epoch = T->epoch;
        for (int k = 0; k < 4; k++)
            e->set[k] = set[k];
        e->lo = 0;
        e->hi = (int8_t)S->tricksLeft;
        e->best = 0xFF;
        e->tl = (uint8_t)S->tricksLeft;
    }
    tt_update(S, &e->lo, &e->hi, &e->best, need, res, best);
}

static void tt_store(Search *S, const Key *K, const u16 *rel, int need, int res, int best)
{
    Table *T = &S->T;
    uint8_t j[4];
    u32 jm[4], mask[4], set[4];
    for (int s = 0; s < 4; s++) {
        u16 m = S->rem[s];
        u16 r = rel[s] & m;
        /* every card out from the lowest that mattered up */
        j[s] = r ? (uint8_t)POP[m & (u16)~((1u << LOW[r]) - 1)] : 0;
        jm[s] = JMASK[j[s]];
    }
    tiers(jm, mask);
    for (int k = 0; k < 4; k++)
        set[k] = K->tier[k] & mask[k];
    Group *g = tt_group(T, K->key0, K->key1, 1);
    if (!g) {
        tt_trim(T);
        g = tt_group(T, K->key0, K->key1, 1);
        if (!g)
            return;
    }
    Entry *e = chain_find(T, g, j, mask, set);
    /* parts of parts where parts may chain more blocks than that (see SUB2_BIT) */
    u32 split2 = 2 * T->splitFrom;
    int deepest = T->groupBlocks > split2 && END_BLOCKS(S->tricksLeft) > split2 ? 2 : 1;
    while (!e && part_depth(g->key1) < deepest &&
           (g->combos || !g->head ||
            (T->blocks[g->head].count == BLOCK && g->nblocks >= (g->key1 & SUB_BIT ? split2 : T->splitFrom)))) {
        /* a large group: the entry goes to its part (see sub_key1; a group left without blocks
         * by a split that found no room for its parts is split too) */
        if (!g->combos)
            group_split(T, g);
        u32 combo = combo_of(j, part_depth(g->key1) + 1);
        Group *sg = tt_group(T, K->key0, sub_key1(g->key1, combo, set[0]), 1);
        if (!sg) {
            tt_trim(T);
            tt_store(S, K, rel, need, res, best);
            return;
        }
        g->combos = (u16)(g->combos | 1u << combo);
        g = sg;
        e = chain_find(T, g, j, mask, set);
    }
    group_store(S, g, e, K, j, mask, set, need, res, best);
}

/* The entry of group g with these owners and mask; NULL: none. */
static Entry *chain_find(Table *T, const Group *g, const uint8_t *j, const u32 *mask, const u32 *set)
{
    Entry *e = NULL;
    u32 bi = g->head;
    while (bi && !e) {
        Block *b = &T->blocks[bi];
        for (u32 hits = block_hits(b, set[0]); hits; hits &= hits - 1) {
            int i = top16(hits & (u32)(-hits));
            if (b->sk[i] != mask[0])
                continue;
            Entry *x = &b->e[i];
            if (x->j[0] == j[0] && x->j[1] == j[1] && x->j[2] == j[2] && x->j[3] == j[3] &&
                x->set[0] == set[0] && x->set[1] == set[1] &&
                x->set[2] == set[2] && x->set[3] == set[3]) {
                e = x;
                break;
            }
        }
        bi = b->next;
    }
    return e;
}

/* Store in group g (e: the entry of these owners and mask in it, or NULL to make one). */
static void group_store(Search *S, Group *g, Entry *e, const Key *K, const uint8_t *j, const u32 *mask,
                        const u32 *set, int need, int res, int best)
{
    Table *T = &S->T;
    if (!e) {
        Block *b = &T->blocks[g->head];
        if (b->count == BLOCK && (g->nblocks >= T->groupBlocks || g->nblocks >= END_BLOCKS(S->tricksLeft))) {
            tt_store_shape(S, g, K, j, mask, set, need, res, best);
            return;
        }
        b = group_room(T, g);
        if (!b) {
            trim_and_store(S, K, j, need, res, best);
            return;
        }
        b->st[b->count] = set[0];
        b->sk[b->count] = mask[0];
        e = &b->e[b->count++];
        for (int k = 0; k < 4; k++) {
            e->set[k] = set[k];
            e->j[k] = j[k];
        }
        e->nmask = (uint8_t)(mask[1] || mask[2] || mask[3] ? 4 : 1);
        e->lo = 0;
        e->hi = (int8_t)S->tricksLeft;
        e->best = 0xFF;
    }
    tt_update(S, &e->lo, &e->hi, &e->best, need, res, best);
}

/* ------------------------------------------------------------------ bounds */

/* The seat that holds card r of suit s; -1 when r < 0 or no hand holds it. */
static inline int holder(const Search *S, int s, int r)
{
    if (r >= 0) {
        for (int o = 0; o < 4; o++) {
            if (S->h[o][s] >> r & 1)
                return o;
        }
    }
    return -1;
}

/* Tricks the side of p can take for sure by cashing p's own winners, p on lead, in the
 * position (h, rem, tricks); rel gets the cards that the count relies on. Cards of the
 * other seats may be counted as still out even if gone: the count stays a lower bound. */
static int qt_own(const u16 h[4][4], const u16 rem[4], int trump, int tricks, int p, u16 *rel)
{
    int k[4], L[4], mAll[4];
    for (int s = 0; s < 4; s++) {
        u16 r = rem[s], x = h[p][s];
        int c = 0;
        u16 tops = 0;
        while (r) {
            int t = TOP[r];
            if (!(x >> t & 1))
                break;
            c++;
            tops |= (u16)(1u << t);
            r = (u16)(r ^ (1u << t));
        }
        rel[s] = tops;
        k[s] = c;
        L[s] = POP[x];
        int m = 0;
        for (int o = 0; o < 4; o++) {
            if (o != p && POP[h[o][s]] > m)
                m = POP[h[o][s]];
        }
        mAll[s] = m;
    }
    int total;
    int t = trump;
    if (t == NT) {
        total = 0;
        for (int s = 0; s < 4; s++)
            total += mAll[s] <= k[s] ? L[s] : k[s];
    } else {
        /* plan A: draw every other trump with top trumps, then cash as at no trump */
        int a = -1;
        if (mAll[t] <= k[t]) {
            a = L[t];
            for (int s = 0; s < 4; s++) {
                if (s != t)
                    a += mAll[s] <= k[s] ? L[s] : k[s];
            }
        }
        /* plan B: side suits first, while every other holder of trumps must follow */
        int b = k[t];
        for (int s = 0; s < 4; s++) {
            if (s == t)
                continue;
            int m = k[s];
            for (int o = 0; o < 4; o++) {
                if (o != p && h[o][t] && POP[h[o][s]] < m)
                    m = POP[h[o][s]];
            }
            b += m;
        }
        total = a > b ? a : b;
    }
    return total < tricks ? total : tricks;
}

/* Quick tricks of the side of p on lead: p's own winners, or one trick to a partner's top
 * card (an entry) and then the partner's winners. */
static int quick_tricks(const Search *S, int p, u16 *rel)
{
    int best = qt_own(S->h, S->rem, S->trump, S->tricksLeft, p, rel);
    if (best >= S->tricksLeft)
        return best;
    int t = S->trump;
    int side = S->maxSide[p];
    for (int m = 0; m < 4; m++) {
        if (m == p || S->maxSide[m] != side)
            continue;
        for (int e = 0; e < 4; e++) {
            u16 own = S->h[p][e];
            if (!own || !S->rem[e])
                continue;
            int top = TOP[S->rem[e]];
            if (!(S->h[m][e] >> top & 1))
                continue;
            if (t != NT && e != t) {
                /* nobody else may ruff the entry: an opponent could, a third member of the
                 * side void with trumps might have to */
                int bad = 0;
                for (int o = 0; o < 4; o++) {
                    if (o != p && o != m && !S->h[o][e] && S->h[o][t])
                        bad = 1;
                }
                if (bad)
                    continue;
            }
            u16 h2[4][4], rem2[4], r2[4];
            memcpy(h2, S->h, sizeof h2);
            memcpy(rem2, S->rem, sizeof rem2);
            int low = LOW[own];
            h2[p][e] = (u16)(h2[p][e] ^ (1u << low));
            h2[m][e] = (u16)(h2[m][e] ^ (1u << top));
            rem2[e] = (u16)(rem2[e] ^ (1u << low) ^ (1u << top));
            /* the others follow suit: one card fewer each (their lowest, which keeps the
             * count a lower bound) */
            for (int o = 0; o < 4; o++) {
                if (o != p && o != m && h2[o][e]) {
                    u16 b = (u16)(1u << LOW[h2[o][e]]);
                    h2[o][e] = (u16)(h2[o][e] ^ b);
                    rem2[e] = (u16)(rem2[e] ^ b);
                }
            }
            int q = 1 + qt_own((const u16(*)[4])h2, rem2, t, S->tricksLeft - 1, m, r2);
            if (q > best) {
                best = q;
                for (int s = 0; s < 4; s++)
                    rel[s] = r2[s];
                rel[e] = (u16)(rel[e] | (1u << top));
            }
        }
    }
    return best;
}

/* Whether the side of p, on lead, is sure to lose the trick to the other side: in each suit
 * p holds, the other side has the top card and p's side cannot ruff it. rel gets those top
 * cards. */
static int sure_loser(const Search *S, int p, u16 *rel)
{
    int t = S->trump;
    int side = S->maxSide[p];
    for (int s = 0; s < 4; s++) {
        rel[s] = 0;
        if (!S->h[p][s])
            continue;
        int top = TOP[S->rem[s]];
        if (S->maxSide[holder(S, s, top)] == side)
            return 0;
        if (t != NT && s != t) {
            for (int o = 0; o < 4; o++) {
                if (S->maxSide[o] == side && !S->h[o][s] && S->h[o][t])
                    return 0;
            }
        }
        rel[s] = (u16)(1u << top);
    }
    return 1;
}

/* Whether the side of p, on lead, is sure to win the trick whatever anyone plays: each card
 * p could lead is a top card that no opponent can ruff. */
static int sure_winner(const Search *S, int p, u16 *rel)
{
    int t = S->trump;
    int side = S->maxSide[p];
    for (int s = 0; s < 4; s++) {
        u16 x = S->h[p][s];
        rel[s] = 0;
        if (!x)
            continue;
        u16 r = S->rem[s];
        u16 above = (u16)(r & ~((1u << LOW[x]) - 1));
        if (above != (u16)(x & above))
            return 0; /* another seat holds a card above p's lowest */
        if (t != NT && s != t) {
            for (int o = 0; o < 4; o++) {
                if (S->maxSide[o] != side && !S->h[o][s] && S->h[o][t])
                    return 0;
            }
        }
        rel[s] = x;
    }
    return 1;
}

/* Whether the side of p, on lead and needing every trick left, must lose one: at no trump
 * (or with no trump left), each trick it leads in a suit where the other side holds the top
 * card is lost, and a suit can be led no more often than the side's longest holding of it;
 * when those holdings add up to fewer leads than tricks left, the side must lead a losing
 * suit some time. rel gets the other side's top cards. */
static int later_loser(const Search *S, int p, u16 *rel)
{
    int t = S->trump;
    if (t != NT && S->rem[t])
        return 0;
    int side = S->maxSide[p], leads = 0;
    u16 r[4] = {0, 0, 0, 0};
    for (int s = 0; s < 4; s++) {
        if (!S->rem[s])
            continue;
        int top = TOP[S->rem[s]];
        int o = 0;
        while (!(S->h[o][s] >> top & 1))
            o++;
        if (S->maxSide[o] != side) {
            r[s] = (u16)(1u << top);
            continue;
        }
        int m = 0;
        for (int q = 0; q < 4; q++) {
            if (S->maxSide[q] == side && POP[S->h[q][s]] > m)
                m = POP[S->h[q][s]];
        }
        leads += m;
    }
    if (leads >= S->tricksLeft)
        return 0;
    for (int s = 0; s < 4; s++)
        rel[s] = r[s];
    return 1;
}

/* ------------------------------------------------------------------ moves */

/* Whether a seat still to play to the current trick, on the other side from p, could beat
 * card (s, r) if it were the best card of the trick. */
static int later_opp_beats(const Search *S, int p, int s, int r)
{
    int led = S->tsuit[0];
    int t = S->trump;
    for (int i = S->nplayed + 1; i < 4; i++) {
        int o = (S->leader + i) & 3;
        if (S->maxSide[o] == S->maxSide[p])
            continue;
        u16 f = S->h[o][led];
        if (f) {
            if (s == led && TOP[f] > r)
                return 1;
        } else if (t != NT && S->h[o][t]) {
            if (s != t || TOP[S->h[o][t]] > r)
                return 1;
        }
    }
    return 0;
}

/* How many opponents of p play to the current trick after p. */
static int opps_later(const Search *S, int p)
{
    int n = 0;
    for (int i = S->nplayed + 1; i < 4; i++)
        n += S->maxSide[(S->leader + i) & 3] != S->maxSide[p];
    return n;
}

/* Weights of the rules of thumb that order the moves (measured on node counts). */
#define OPPW 10   /* per card an opponent holds in the suit led (a void: tricks left + 1) */
#define CASHW 60  /* leading a winner */
#define MATEW 45  /* leading low to a partner's winner */
#define HISTW 30  /* at most, for the leads that cut most often (history) */
#define KILLW 100 /* the last lead that cut with as many tricks left (killer) */
#define PAIR_KILLW 25 /* the same for partners, whose leads have no history bonus (see gen_moves) */
#define MISERE_HISTW 400 /* both, at misère (see gen_moves) */
#define MISERE_FOLLOWW 200 /* history of the others' cards that follow a lone misère player's lead */
#define HINTV 60  /* the best move of a table entry that did not decide */
#define BEATW 5   /* beating the trick when two opponents still play after */
#define DISCW 2   /* per card of the suit of a discard */
#define MVOID 25  /* leading into a void partner who cannot ruff: it may throw any card */
#define TT_FIRST 5 /* from this many tricks left, the table is read before the bounds */

/* Whether a partner of p still to play to the trick holds a card of the suit led that beats
 * the best card so far and whatever the opponents still to play can do. */
static int mate_wins_later(const Search *S, int p)
{
    int led = S->tsuit[0];
    if (S->winSuit != led)
        return 0;
    for (int i = S->nplayed + 1; i < 4; i++) {
        int m = (S->leader + i) & 3;
        u16 f = S->h[m][led];
        if (S->maxSide[m] != S->maxSide[p] || !f)
            continue;
        int mt = TOP[f];
        if (mt > S->winRank && !later_opp_beats(S, p, led, mt))
            return 1;
    }
    return 0;
}

/* What the rules of thumb for a lead need to know of a suit. */
typedef struct {
    int base;        /* the score of the suit, whatever the card */
    int t1;          /* the top card out */
    int mine;        /* the side of the leader holds the top card */
    int oppRuff;     /* an opponent can ruff the suit */
    int mateRuff;    /* a partner can ruff it and no opponent can */
    int second;      /* the second card out, -1 if none */
    int secondMine;  /* the leader holds the second card */
    int single;      /* the leader is alone on its side (S->single) */
} LeadInfo;

static void lead_info(const Search *S, int p, int s, LeadInfo *li)
{
    int side = S->maxSide[p];
    int t = S->trump;
    u16 rem = S->rem[s];
    int t1 = TOP[rem];
    int o1 = holder(S, s, t1);
    int oppRuff = 0, mateRuff = 0, mateVoid = 0, oppLen = 0;
    for (int o = 0; o < 4; o++) {
        if (o == p)
            continue;
        int len = POP[S->h[o][s]];
        if (S->maxSide[o] != side) {
            oppLen += len ? len : S->tricksLeft + 1; /* a void: any card may be thrown */
            if (!len && t != NT && s != t && S->h[o][t])
                oppRuff = 1;
        } else if (!len && t != NT && s != t && S->h[o][t]) {
            mateRuff = 1;
        } else if (!len) {
            mateVoid = 1;
        }
    }
    u16 rest = (u16)(rem ^ (1u << t1));
    li->t1 = t1;
    li->mine = S->maxSide[o1] == side;
    li->oppRuff = oppRuff;
    li->mateRuff = mateRuff && !oppRuff;
    li->second = rest ? TOP[rest] : -1;
    li->secondMine = rest && (S->h[p][s] >> TOP[rest] & 1);
    li->single = S->single == p;
    li->base = -OPPW * oppLen + (oppRuff ? -30 : 0) + (li->mateRuff ? 25 : 0) - MVOID * mateVoid;
}

/* Rules of thumb for leading the run of a suit from `top` down to `low`: higher is tried
 * first. */
static int score_lead(const LeadInfo *li, int top, int low)
{
    int sc = li->base;
    if (li->oppRuff)
        return sc;
    if (top == li->t1) {
        sc += CASHW; /* cash a winner */
    } else if (li->mine) {
        sc += MATEW - low; /* low to a partner's winner */
    } else {
        if (li->secondMine && top != li->second)
            sc -= 20; /* would lead away from the second best card */
        /* a seat alone on its side leads high, the others low (2 to 3 % fewer nodes on
         * random deals of one against three, either way round) */
        sc += li->single ? top : -low;
    }
    if (li->mateRuff)
        sc -= low;
    return sc;
}

/* What the rules of thumb of partners (score_pair_lead) need to know of a suit that seat p
 * may lead. */
typedef struct {
    int winBase;     /* the score of a card that can win the trick, before the card's own terms */
    int loseBase;    /* the same of a card that cannot */
    int topWins;     /* the top card out, if p's, wins the trick (no opponent ruffs it, or the
                      * partner over-ruffs) */
    int otherWins;   /* a lower card of p wins it through the partner (its best card or a ruff) */
    int t1, t2;      /* the top two cards out (t2 -1: none) */
    int w1, w2;      /* their holders */
    int mate;        /* p's partner */
    int oppSingleTop; /* an opponent holds the top card alone: it falls under a lead */
    int winScore;    /* with no trump: 45 unless an opponent holds the second card with others
                      * (not alone), else 18 */
    int trumps;      /* a trump is still out */
} PairLead;

/* The rules come from the move ordering of DDS (Bo Haglund and Soren Hein's bridge solver),
 * expressed here in our terms. What decides is who holds the top three cards out of the suit:
 * a card that wins the trick (the top card, or a low card to the partner's) scores by how
 * surely it does, with trumps by who can ruff; one that cannot scores by where the honours
 * sit. Leading towards the right-hand opponent's top or second card is tried late (it sits
 * over the leader's side); leading through the left-hand opponent's top card to the partner's
 * second card early; a suit whose next round the side wins (it holds the second and third
 * cards) early. The weights are DDS's, on the scale of CASHW: they took the random deals of
 * partners opposite of bench/solver_worst.py from 118.1 million nodes to 106.9 (seeds 1, 3,
 * 5, 40 deals each) and from 117.1 to 107.9 (7, 9, 11). */
static void pair_lead_info(const Search *S, int p, int s, PairLead *pl)
{
    int t = S->trump;
    /* the partner, and the opponents in their order of play: the rules were made for
     * partners opposite (the opponents on the leader's left and right); for partners side by
     * side the first opponent to play takes the left one's part, the second the right one's
     * (adjacent deals of seeds 1, 3, 5: 113.9 to 105.5 million nodes; 7, 9, 11: 95.8 to 93.8;
     * the other way round did worse) */
    int pd = S->maxSide[(p + 2) & 3] == S->maxSide[p] ? (p + 2) & 3
             : S->maxSide[(p + 1) & 3] == S->maxSide[p] ? (p + 1) & 3 : (p + 3) & 3;
    int lho = -1, rho = -1;
    for (int i = 1; i < 4; i++) {
        int q = (p + i) & 3;
        if (q != pd) {
            if (lho < 0)
                lho = q;
            else
                rho = q;
        }
    }
    u16 rem = S->rem[s];
    int t1 = TOP[rem];
    u16 below1 = (u16)(rem & ~(1u << t1));
    int t2 = TOP[below1];
    int t3 = t2 >= 0 ? TOP[(u16)(below1 & ~(1u << t2))] : -1;
    int w1 = holder(S, s, t1), w2 = holder(S, s, t2), w3 = holder(S, s, t3);
    int lenL = POP[S->h[lho][s]], lenR = POP[S->h[rho][s]], lenP = POP[S->h[pd][s]];
    int trumps = t != NT && S->rem[t];
    /* the opponents' lengths, a void counting as a hand that may throw any card (tricks left
     * + 1, as in lead_info(); DDS counts it a card fewer) */
    int opp = 128 * ((lenL ? lenL : S->tricksLeft + 1) + (lenR ? lenR : S->tricksLeft + 1));
    int mateOver = TOP[S->h[pd][s]] > TOP[(u16)(S->h[lho][s] | S->h[rho][s])];
    int rhoGuards = (w1 == rho || w2 == rho) && lenR != 1;
    int throughLho = w1 == lho && w2 == pd && lenP != 1;
    int next = w2 == pd && w3 == pd ? 2 : ((w2 == p && w3 == pd) || (w2 == pd && w3 == p)) && lenP > 1;
    pl->t1 = t1;
    pl->t2 = t2;
    pl->w1 = w1;
    pl->w2 = w2;
    pl->mate = pd;
    pl->oppSingleTop = (lenL == 1 && w1 == lho) || (lenR == 1 && w1 == rho);
    pl->trumps = trumps;
    if (!trumps) {
        int d = -opp / 19 - (lenP ? 0 : 9);
        pl->winBase = d + (w2 == rho ? -(lenR != 1) : w2 == lho ? (lenL != 1 ? 22 : 16) : 0);
        pl->winScore = (w2 != lho || lenL == 1) && (w2 != rho || lenR == 1) ? 45 : 18;
        pl->loseBase = d + (rhoGuards ? -10 : throughLho ? 31 : 0) + (next == 2 ? 35 : next ? 25 : 0);
        pl->topWins = 1;
        pl->otherWins = mateOver;
        return;
    }
    int trL = S->h[lho][t] != 0, trR = S->h[rho][t] != 0, trP = S->h[pd][t] != 0;
    int d = -opp / 13 + (rhoGuards ? -12 : throughLho ? 27 : 0);
    if (s != t) {
        if ((!lenL && trL) || (!lenR && trR))
            d -= 12; /* an opponent ruffs it */
        if (!lenP && trP && lenR)
            d += 17; /* the partner ruffs it */
        if (POP[S->h[p][s]] == 1 && S->h[p][t] && lenP > 1 && w1 == pd)
            d += 19; /* a singleton to the partner's winner, for a ruff on the return */
    }
    pl->winBase = d;
    pl->loseBase = d + (next == 2 ? 20 : next ? 13 : 0);
    pl->winScore = 0;
    if (s == t) {
        pl->topWins = 1;
        pl->otherWins = mateOver;
        return;
    }
    int tL = TOP[S->h[lho][t]], tR = TOP[S->h[rho][t]], tP = TOP[S->h[pd][t]]; /* -1: none */
    int lFollows = lenL || !trL, rFollows = lenR || !trR;
    pl->topWins = lenP || !trP ? lFollows && rFollows : (lenL || tP > tL) && (lenR || tP > tR);
    if (mateOver)
        pl->otherWins = lFollows && rFollows;
    else if (!lenP && trP)
        pl->otherWins = (lFollows || tP > tL) && (rFollows || tP > tR);
    else
        pl->otherWins = 0;
}

/* The score of p's lead of the run of a suit from `top` down to `low` (see pair_lead_info). */
static int score_pair_lead(const Search *S, int p, int s, const PairLead *pl, int top, int low)
{
    /* its place among the cards out of the suit, counted from the top: 1 for the top card, 2
     * for the next... (as DDS counts; counted from the bottom instead, the four sets of
     * partnership deals of the figures took 1.3 % more nodes in all) */
    int rr = 1 + POP[(u16)(S->rem[s] >> (top + 1))];
    int run = low < top;
    int wins = top == pl->t1 ? pl->topWins : pl->otherWins;
    if (!pl->trumps) {
        if (wins)
            return pl->winBase + pl->winScore + rr;
        int d = pl->loseBase;
        if (pl->oppSingleTop)
            return d + 28 + rr;
        if (pl->w1 == p)
            return d - 17 + rr;
        if (!run)
            return d + 12 + rr;
        return top == pl->t2 ? d + 48 : d + 29 - rr;
    }
    if (wins) {
        int d = pl->winBase;
        if (pl->oppSingleTop)
            return d + 35 + rr;
        if (pl->w1 == p)
            return pl->w2 == pl->mate ? d + 48 + rr : top == pl->t1 ? d + 31 : d - 3 + rr;
        if (pl->w1 == pl->mate)
            return d + (pl->w2 == p ? 42 : 28) + rr;
        if (run)
            return top == pl->t2 ? d + 40 : d + 22 + rr;
        return d + 11 + rr;
    }
    int d = pl->loseBase;
    if (pl->oppSingleTop)
        return d + 2 + rr;
    if (pl->w1 == p)
        return pl->w2 == pl->mate ? d + 33 + rr : top == pl->t1 ? d + 38 : d - 14 + rr;
    if (pl->w1 == pl->mate)
        return d + 34 + rr;
    return run && top == pl->t2 ? d + 35 : d + 15 - top;
}

/* Rules of thumb for playing the run of suit s from `top` down to `low` to a trick. */
static int score_follow(const Search *S, int p, int s, int top, int low)
{
    int led = S->tsuit[0];
    int side = S->maxSide[p];
    int mateWins = S->maxSide[S->winSeat] == side;
    if (s == led) {
        int beats = S->winSuit == s && top > S->winRank;
        if (mateWins) {
            if (!later_opp_beats(S, p, S->winSuit, S->winRank))
                return 40 - low; /* the trick is ours: play low */
            if (beats && !later_opp_beats(S, p, s, top))
                return 50 - top; /* make sure of it */
            if (beats && opps_later(S, p) == 2)
                return 15 + top; /* partners side by side, the leader's partner second: the
                                  * higher it beats the lead, the harder for both opponents
                                  * after it (on random deals 4 to 7 % fewer nodes) */
            return 20 - low;
        }
        if (mate_wins_later(S, p))
            return 40 - low; /* a partner still to play wins the trick: play low */
        if (beats) {
            if (!later_opp_beats(S, p, s, top))
                return 80 - top; /* the cheapest sure winner */
            if (S->single == p)
                return 30 + top; /* alone on its side: the highest, which the others must beat
                                  * with their best (on random lone deals 5 to 16 % fewer nodes,
                                  * 40 % on the slowest found, than with its low cards first) */
            if (S->mode == MODE_EXACT && S->lone == p)
                return BEATW - low; /* a piccolo still wanting its trick: low first, the
                                     * unsure winners last (bid-piccolo hands, 3 to 6 % fewer
                                     * nodes) */
            return (opps_later(S, p) < 2 ? 25 : BEATW) - low;
        }
        return 10 - low;
    }
    if (s == S->trump) {
        int beats = S->winSuit != s || top > S->winRank;
        if (mateWins && !later_opp_beats(S, p, S->winSuit, S->winRank))
            return -60 - low;
        if (beats)
            return later_opp_beats(S, p, s, top) ? 30 - top : 70 - top;
        return -70 - low;
    }
    /* a seat alone wanting an exact count (a piccolo that still wants its trick) throws its
     * highest card, as at misère, still after its ruffs (this rule alone: bid-piccolo hands of
     * seeds 7, 11 and 13, 39.4 million nodes to 30.6; of seeds 17, 19 and 23, 44.0 to 28.6) */
    if (S->mode == MODE_EXACT && S->lone == p)
        return -60 + top;
    /* a discard: a low card of a suit without a winner */
    u16 out = S->rem[s];
    for (int i = 0; i < S->nplayed; i++) {
        if (S->tsuit[i] == s)
            out = (u16)(out & ~(1u << S->trank[i]));
    }
    int sc = -low + DISCW * POP[S->h[p][s]];
    if (TOP[out] == top)
        sc -= 30;
    return sc;
}

static int ducks_suit(u16 x, u16 d);

/* Two misère players together (each side then wants the other to take the tricks): whether
 * the trick goes to the same side whatever seat p plays, so that it should throw its highest
 * card. So it is when p plays last and its partner's card is the best, and, at no trump,
 * when its partner is still to play and must beat every card of the other side (it holds the
 * suit led, every card of it above the best card of theirs on the trick and in their hands);
 * on 12 whole deals, 7 % and 3 % fewer nodes. */
static int pair_trick_decided(const Search *S, int p)
{
    int ls = S->tsuit[0];
    if (S->nplayed == 3)
        return S->maxSide[S->winSeat] == S->maxSide[p];
    if (S->trump != NT)
        return 0;
    u16 theirs = 0, mate = 0;
    for (int i = S->nplayed + 1; i < 4; i++) {
        int q = (S->leader + i) & 3;
        if (S->maxSide[q] == S->maxSide[p])
            mate = S->h[q][ls];
        else
            theirs = (u16)(theirs | S->h[q][ls]);
    }
    int bar = TOP[theirs];
    if (S->maxSide[S->winSeat] != S->maxSide[p] && S->winRank > bar)
        bar = S->winRank;
    return mate && LOW[mate] > bar;
}

/* Misère (the team takes as few tricks as it can, the others give it as many as they can):
 * nobody wants to win a trick; duck with the highest card that loses, lead low cards that
 * others can beat. */
static int score_misere(const Search *S, int p, int s, int top, int low)
{
    if (S->nplayed == 0) {
        /* a lead that a seat of the other side must beat (it holds the suit, all higher) is
         * a trick given away: the highest such card first; else low, in a suit where
         * someone else holds a higher card (on node counts of random misère positions, the
         * first rule saves about a tenth) */
        u16 others = 0;
        for (int q = 0; q < 4; q++) {
            u16 y = S->h[q][s];
            if (S->maxSide[q] != S->maxSide[p] && y && LOW[y] > top)
                return 100 + top;
            /* (two misère players: a higher card of the partner's is no one else's: on 12
             * whole deals, 1 % fewer nodes) */
            if (q != p && (!S->pair || S->maxSide[q] != S->maxSide[p]))
                others = (u16)(others | y);
        }
        return (others >> low ? 40 : -40) - low;
    }
    int beats = (s == S->winSuit && top > S->winRank) || (s == S->trump && S->winSuit != S->trump);
    if (!beats && S->lone == p && s != S->tsuit[0]) {
        /* a lone misère player's discard: a little more for a suit where it does not duck
         * every round (5 to 10 % fewer nodes on misère counts) */
        u16 x = S->h[p][s];
        if (!ducks_suit(x, (u16)(S->rem[s] & ~x)))
            return 65 + top;
    }
    if (!beats)
        return 60 + top; /* the highest card that loses */
    if ((S->lone == p || S->pair) && s == S->tsuit[0] && s == S->winSuit) {
        /* a card that a later seat of the other side must beat (it holds the suit led, all
         * higher) loses too: for a lone misère player, 11 % fewer nodes on misère counts; for
         * two misère players together, 17 % on 12 whole deals */
        for (int i = S->nplayed + 1; i < 4; i++) {
            int q = (S->leader + i) & 3;
            u16 y = S->h[q][s];
            if (S->maxSide[q] != S->maxSide[p] && y && LOW[y] > top)
                return 60 + top;
        }
    }
    return top - (s == S->trump && s != S->tsuit[0] ? 60 : 20);
}

/* Misère, a seat of the other side when the team is one seat L: the others want L to win
 * tricks. Lead below L's cards in a suit it must follow (or one it must ruff, holding only
 * trumps); before L plays, keep the best card of the trick low; after L, never beat L's card
 * and throw high cards. */
static int score_misere_def(const Search *S, int p, int s, int top)
{
    int L = S->lone;
    (void)p;
    if (S->nplayed == 0) {
        u16 xL = S->h[L][s];
        if (!xL) {
            int t = S->trump;
            int onlyTrumps = t != NT && s != t && S->h[L][t] &&
                             (S->h[L][0] | S->h[L][1] | S->h[L][2] | S->h[L][3]) == S->h[L][t];
            return onlyTrumps ? 50 - top : -50 - top;
        }
        return top < LOW[xL] ? 50 - top : -top;
    }
    int beats = (s == S->winSuit && top > S->winRank) || (s == S->trump && S->winSuit != S->trump);
    int posL = (L - S->leader) & 3;
    if (posL < S->nplayed) {
        if (S->winSeat == L)
            return beats ? -60 - top : 60 + top; /* let L's card win, throw a high card */
        return top; /* L has lost this one: throw high cards */
    }
    return beats ? -top : 40 + top; /* keep the bar low for L */
}

/* Moves of seat p: up to `hw` more for the moves that cut most often by `hist` (history), `kw`
 * more for the last lead that cut with as many tricks left (killer; leads only). */
static void add_history(const Search *S, u32 hist[4][4][13], int p, Move *mv, int n, int hw, int kw)
{
    const int8_t *kl = S->killer[S->tricksLeft];
    u32 hmax = 0;
    for (int i = 0; i < n; i++) {
        if (hist[p][mv[i].suit][mv[i].rank] > hmax)
            hmax = hist[p][mv[i].suit][mv[i].rank];
    }
    for (int i = 0; i < n; i++) {
        int sc = mv[i].score;
        if (hmax)
            sc += (int)((u64)hw * hist[p][mv[i].suit][mv[i].rank] / hmax);
        if (kw && kl[0] == mv[i].suit && kl[1] <= mv[i].rank && kl[1] >= mv[i].low)
            sc += kw;
        mv[i].score = (int16_t)sc;
    }
}

/* Whether the cards seat p follows with have a history (histFollow): one of the three others
 * of a lone misère player. */
static inline int follows_noted(const Search *S, int p)
{
    return S->misere && S->lone >= 0 && p != S->lone;
}

/* A move of seat p cut with this many tricks left: count it in `hist`, weighed by depth. */
static void note_cut(u32 hist[4][4][13], int p, const Move *m, int tricksLeft)
{
    u32 *h = &hist[p][m->suit][m->rank];
    *h += (u32)(tricksLeft * tricksLeft);
    if (*h > (1u << 30)) {
        for (u32 *x = &hist[0][0][0]; x < &hist[0][0][0] + 4 * 4 * 13; x++)
            *x >>= 1;
    }
}

/* The moves of seat p: one card of each run of equivalent cards (cards of one hand with no
 * other card out between them), the highest; `low` is the lowest card of the run. */
static int gen_moves(Search *S, int p, Move *mv, int hint, int duck)
{
    int n = 0;
    int lo = 0, hi = 3;
    int lead = S->nplayed == 0;
    if (!lead && S->h[p][S->tsuit[0]])
        lo = hi = S->tsuit[0];
    for (int s = lo; s <= hi; s++) {
        u16 x = S->h[p][s];
        if (!x)
            continue;
        /* from the highest card down: a run ends at the next card of another hand */
        u32 o = (u32)(S->rem[s] & ~x), left = x;
        while (left) {
            int t = 31 - __builtin_clz(left);
            u32 below = o & ((1u << t) - 1);
            u32 keep = below ? (2u << (31 - __builtin_clz(below))) - 1 : 0;
            mv[n].suit = (int8_t)s;
            mv[n].rank = (int8_t)t;
            mv[n].low = (int8_t)__builtin_ctz(left & ~keep);
            mv[n].score = 0;
            n++;
            left &= keep;
        }
    }
    if (n <= 1)
        return n;
    if (duck) {
        /* (two misère players: when the trick goes to one side whatever p plays, the highest
         * card first; asked once for all the cards) */
        int decided = !lead && S->pair && pair_trick_decided(S, p);
        for (int i = 0; i < n; i++)
            mv[i].score = (int16_t)(decided ? 60 + mv[i].rank
                                    : S->lone >= 0 && !S->scoreSide[p]
                                        ? score_misere_def(S, p, mv[i].suit, mv[i].rank)
                                        : score_misere(S, p, mv[i].suit, mv[i].rank, mv[i].low));
        if (lead) {
            /* the leads that cut before weigh most, for every seat: with two misère players
             * together, on 12 whole deals, 11 % fewer nodes (the searches stopped at 100
             * million counted at that; 1 stopped instead of 4); for a lone misère player and
             * the three others, 29 % fewer on 30 misère counts, 38 % on the hardest known */
            add_history(S, S->hist, p, mv, n, MISERE_HISTW, MISERE_HISTW);
        } else if (follows_noted(S, p)) {
            /* and the cards the others of a lone misère player follow with (a history of
             * the misère player's own cards, or of two misère players' cards, did worse) */
            add_history(S, S->histFollow, p, mv, n, MISERE_FOLLOWW, 0);
        }
    } else if (lead && S->qtOK && S->single < 0) {
        /* partners (opposite or side by side), goal max: with these rules a small killer
         * bonus and no history do best (four sets of 120 deals, 414.0 million nodes with the
         * history at 30 and the killer at 100, 381.7 million with 0 and 25; 0 and 12, 387.9;
         * 0 and 50, 392.6; 15 and 25, 393.0) */
        PairLead pl = {0};
        int cur = -1;
        for (int i = 0; i < n; i++) {
            int s = mv[i].suit;
            if (s != cur) {
                pair_lead_info(S, p, s, &pl);
                cur = s;
            }
            mv[i].score = (int16_t)score_pair_lead(S, p, s, &pl, mv[i].rank, mv[i].low);
        }
        add_history(S, S->hist, p, mv, n, 0, PAIR_KILLW);
    } else if (lead) {
        LeadInfo li = {0, 0, 0, 0, 0, 0, 0, 0};
        int cur = -1;
        for (int i = 0; i < n; i++) {
            int s = mv[i].suit;
            if (s != cur) {
                lead_info(S, p, s, &li);
                cur = s;
            }
            mv[i].score = (int16_t)score_lead(&li, mv[i].rank, mv[i].low);
        }
        add_history(S, S->hist, p, mv, n, HISTW, KILLW);
    } else {
        for (int i = 0; i < n; i++)
            mv[i].score = (int16_t)score_follow(S, p, mv[i].suit, mv[i].rank, mv[i].low);
    }
    if (hint >= 0) {
        int hs = hint >> 4;
        int hr = abs_from_top(S->rem[hs], hint & 15);
        for (int i = 0; i < n; i++) {
            if (mv[i].suit == hs && mv[i].low <= hr && hr <= mv[i].rank) {
                mv[i].score = (int16_t)(mv[i].score + HINTV);
                break;
            }
        }
    }
    return n;
}

/* ------------------------------------------------------------------ search */

/* Whether a seat holding x in a suit, the others holding d, plays under the others' i-th
 * lowest card with its i-th lowest, for as many rounds as it can follow (see side_safe()). */
static int ducks_suit(u16 x, u16 d)
{
    int k = POP[x], m = POP[d];
    int want = k < m ? k : m, c = 0;
    for (int r = 0; want > 0; r++) {
        if (x >> r & 1) {
            c++;
        } else if (d >> r & 1) {
            if (!c)
                return 0;
            c--;
            want--;
        }
    }
    return 1;
}

/* Whether a side (1: the team, 0: the others), not on lead, can avoid taking any further trick,
 * in a suit-by-suit test: no seat of it holds a trump (or there is none), and in each suit a
 * seat of it holds, it can play under every card the other side leads (its i-th lowest card is
 * below their i-th lowest), for as many leads as it can follow (when it cannot follow, it
 * throws a card that cannot win). While the side takes no trick, the other side leads every
 * trick, and a partner's card under theirs does not take it: each seat ducks against the other
 * side's cards alone. The other side may shed any card at any time: having fewer cards never
 * helps it.
 *
 * rel gets, in each suit the side holds, the fewest top cards whose owners make the test pass
 * however the cards below them are dealt (with the same suit lengths): the worst deal of those
 * puts the seat's cards at the top of them and the others' at the bottom. It also covers the
 * cards played to the trick (the search's positions start at the trick's first card). When the
 * test fails, rel is left as it was. */
static int side_safe(const Search *S, int side, u16 *rel)
{
    u16 other[4] = {0, 0, 0, 0}, played[4] = {0, 0, 0, 0};
    for (int o = 0; o < 4; o++) {
        if (S->scoreSide[o] == side)
            continue;
        for (int s = 0; s < 4; s++)
            other[s] = (u16)(other[s] | S->h[o][s]);
    }
    for (int i = 0; i < S->nplayed; i++)
        played[S->tsuit[i]] = (u16)(played[S->tsuit[i]] | (1u << S->trank[i]));
    for (int o = 0; o < 4; o++) {
        if (S->scoreSide[o] != side)
            continue;
        if (S->trump != NT && S->h[o][S->trump])
            return 0;
        for (int s = 0; s < 4; s++) {
            if (S->h[o][s] && !ducks_suit(S->h[o][s], other[s]))
                return 0;
        }
    }
    for (int s = 0; s < 4; s++) {
        u16 m = S->rem[s];
        u16 x[3];
        int nx = 0;
        for (int o = 0; o < 4; o++) {
            if (S->scoreSide[o] == side && S->h[o][s])
                x[nx++] = compress(S->h[o][s], m);
        }
        rel[s] = 0;
        if (!nx)
            continue;
        u16 d = compress(other[s], m), fixed = compress(played[s], m);
        int n = POP[m], j = 0;
        for (; j < n; j++) {
            int b = n - j;
            u16 bm = (u16)((1u << b) - 1);
            if (fixed & bm)
                continue;
            u16 dw = (u16)((d & ~bm) | ((1u << POP[d & bm]) - 1));
            int ok = 1;
            for (int i = 0; i < nx && ok; i++) {
                int bx = POP[x[i] & bm];
                u16 xw = (u16)((x[i] & ~bm) | (((1u << bx) - 1) << (b - bx)));
                ok = ducks_suit(xw, dw);
            }
            if (ok)
                break;
        }
        rel[s] = top_cards(m, j);
    }
    return 1;
}

/* ------------------------------------------------------------------ relaxed misère game */

/*
 * Whether the lone seat L, wanting no trick (or at most m), the others to lead, can avoid
 * every trick in a game easier for the others than the real one: at every trick, any of them
 * who holds a suit may lead it (in the real game only the winner of the last trick may);
 * trumps play as in the real game (a trump thrown on another suit beats every card of that
 * suit and the lower trumps on the trick). With m tricks allowed (a misère count), a trick L takes
 * uses one and gives it the lead, and the others get one more power: when L's card is the best
 * at the end of a trick, they may take the trick instead. A line of the real game is a line of
 * this one, so L safe here is L safe there. Unlike side_safe(), it knows who holds what: every
 * holder of the suit led must follow, and a seat can throw a card only when void in the suit.
 *
 * Who wins a trick among the others no longer matters to them, and a higher card could only
 * help them to take a trick from L, which they may do anyway with tricks to spare and never
 * want without: so a lower card is never worse
 * for them than a higher one of the same suit (whatever they do with the higher, they can do
 * with the lower, and a trick L takes with it is still L's), and a lower card is never worse
 * for L (L's plays may be restricted: that only makes the game easier for the others).
 * Hence each seat plays the highest of the cards that do the same in the trick:
 *  - L follows with its highest card below the best card of the others so far (it is safe in
 *    this trick) or with a card above it (one of each run of L's cards);
 *  - one of the others who plays before L, with the highest of its cards between two cards of
 *    L (such cards compare alike with L's cards);
 *  - one who plays after L makes L take the trick if it can (every later holder of the suit
 *    has a card under L's, as all the cards before are) and else plays its highest; with
 *    tricks to spare, it may also go under L's card with its highest card that does;
 *  - a seat that cannot follow throws the highest card of a suit of its choice.
 * So the game sees the others' cards of a suit only by which gap between two of L's cards
 * each falls in, and whose it is: two positions that differ only in the order of the others'
 * cards within a gap are one. What is proved is kept in a table of its own: it is true of the
 * cards and the trump suit, whoever leads (see rx_memo), with the others' cards of each gap
 * in the order of their seats (rx_suit_key).
 */
#ifndef RX_LIMIT
#define RX_LIMIT 400000 /* relaxed positions a call may visit */
#endif
#ifndef RX_LIMIT_M
#define RX_LIMIT_M 5000000 /* the same when the lone seat may take tricks */
#endif
#ifndef RX_NOMEMO
#define RX_NOMEMO 1    /* with this many cards or fewer, the lone seat's positions are searched
                        * without the game's table */
#endif
#ifndef RX_M
#define RX_M 13        /* the most tricks it lets the lone seat take */
#endif
#ifndef RX_LEND
#define RX_LEND 2      /* in its contexts, it gets this fraction of the table's blocks: 1/2 */
#endif
#ifndef RX_FIRST
#define RX_FIRST 4     /* tricks left from which the main search asks (by default) */
#endif

/* In a trick of a side suit, the rank the game gives a trump of rank r: above every card of
 * the suit, and the trumps in their order. RX_TRUMP(13) is above them all. */
#define RX_TRUMP(r) (13 + (r))
/* In rx_step's cw, the seats of the others that followed suit (bits 0-3) and, shifted by this,
 * those that ruffed. */
#define RX_RUFFED 16

static int rx_safe(Search *S, u16 h[4][4], int m, int may);
static int rx_lead(Search *S, u16 h[4][4], int m);

/* The highest card of each run of x, runs being split by the cards of b. */
static inline u16 run_highs(u16 x, u16 b)
{
    u16 out = 0;
    int in = 0;
    for (int r = 12; r >= 0; r--) {
        if (x >> r & 1) {
            if (!in)
                out = (u16)(out | 1u << r);
            in = 1;
        } else if (b >> r & 1) {
            in = 0;
        }
    }
    return out;
}

/* The rank of the n-th highest card of x (n from 1 to its length). */
static inline int nth_top(u16 x, int n)
{
    while (--n > 0)
        x = (u16)(x & ~(1u << TOP[x]));
    return TOP[x];
}

/* At the start of a call, the best card of the others in each suit (-1: none), in the real
 * position: where L's card of the suit led is above it, no card of theirs can take the trick
 * from L (see rx_step; a ruff of theirs is played in both games, and a ruff of L's could be
 * over-ruffed). In the middle of a trick it counts the cards played to it, L's too: on the
 * safe side (leaving L's out was right but took 1.7 % more nodes). */
static void rx_top(Search *S)
{
    Relaxed *R = &S->rx;
    for (int u = 0; u < 4; u++) {
        u16 o = (u16)(S->rem[u] & ~S->h[S->lone][u]);
        R->top[u] = o ? TOP[o] : -1;
        R->lo[u] = 14;
        R->hi[u] = -1;
    }
}

/* The key of one suit: two bits a card out, from the lowest: 0 for L's, 1, 2, 3 for the others'
 * seats in turn after L, and a bit above them (27 bits at most). The game sees the others'
 * cards only by the gaps between L's cards they fall in (see rx_step), so within a gap they go
 * in the order of their seats. */
static inline u64 rx_suit_key(u16 l, u16 a, u16 b, u16 c)
{
    /* the cards renumbered from the lowest card out; each gap below one of L's cards (or the
     * top) gets the first seat's cards lowest, then the second's, then the third's: the code
     * of the others' cards made with a bit count per seat and gap (four to eight times faster
     * than a look at every card, where a lone misère count with trumps spent a quarter of its
     * time making these keys) */
    u16 all = (u16)(l | a | b | c);
    int n = POP[all];
    u16 ca = compress(a, all), cb = compress(b, all), cl = compress(l, all);
    u16 xa = 0, xb = 0;
    int lo = 0;
    for (u32 g = (u32)cl | 1u << n; g; g &= g - 1) {
        int hi = __builtin_ctz(g);
        u16 gm = (u16)(((1u << hi) - 1) & ~((1u << lo) - 1));
        int na = POP[ca & gm], nb = POP[cb & gm];
        xa = (u16)(xa | ((1u << na) - 1) << lo);
        xb = (u16)(xb | ((1u << nb) - 1) << (lo + na));
        lo = hi + 1;
    }
    u16 xc = (u16)(((1u << n) - 1) & ~cl & ~xa & ~xb);
    return (u64)(SPREAD[xa | xc] | SPREAD[xb | xc] << 1) | 1ULL << (2 * n);
}

/* The relaxed game's key of hands h (see RxEntry), L on lead or, the others on lead, which of
 * them may lead (`may`, seats): the owners of every card out, by relative rank, seats counted
 * from L (the game is the same turned round the table), the others' cards of a gap between two
 * of L's in the order of their seats (rx_suit_key); the seats that may lead, from L's left, in
 * bits 54-56 of k0. Bits 60-61 of both words are left for the tricks allowed. */
static void rx_key(const u16 h[4][4], int L, int lLeads, int may, u64 *k0, u64 *k1)
{
    u64 k[2] = {0, 0};
    const u16 *a = h[(L + 1) & 3], *b = h[(L + 2) & 3], *c = h[(L + 3) & 3];
    for (int s = 0; s < 4; s++)
        k[s >> 1] |= rx_suit_key(h[L][s], a[s], b[s], c[s]) << (27 * (s & 1));
    u64 from = lLeads ? 0 : (u64)((may | may << 4) >> (L + 1) & 7);
    *k0 = k[0] | from << 54 | (u64)lLeads << 63;
    *k1 = k[1] | 1ULL << 62;
}

#define RX_MBITS (3ULL << 60)

/* Fetch the memo's entry of key k (see rx_memo), and its tag, on their way from memory. */
static inline void rx_prefetch(const Relaxed *R, const u64 *k)
{
#if defined(__GNUC__)
    u64 i = mix(k[0], k[1]) & R->mask;
    __builtin_prefetch(&R->memo[i]);
    __builtin_prefetch(&R->tags[i]);
#else
    (void)R;
    (void)k;
#endif
}

/* What the memo knows of hands h, L on lead or not, with m tricks allowed: an entry holds the
 * m it was proved for (bits 60-61 of k0 and k1) and its result; L safe within m is safe within
 * more, and caught within m is caught within fewer. Its tag (in R->tags, 4 bits a suit) says
 * for which calls it holds, as the power is left out where L's card is above the others' best
 * at the start of the call (rx_top): a proof that L is safe, the number n of L's top cards of
 * the suit it needed out of their reach (0: none), good where at least n are; a proof that L
 * is caught, the number n of L's top cards down to the highest on which the others used the
 * power (15: none), good where fewer than n are out of their reach. k: the key of hands h
 * (rx_key). 0 or 1, or -1 with *slot the entry to fill. */
static int rx_memo(Search *S, u16 h[4][4], int m, const u64 *k, RxEntry **slot)
{
    Relaxed *R = &S->rx;
    const u16 *x = h[S->lone];
    u64 i = mix(k[0], k[1]) & R->mask;
    RxEntry *e = &R->memo[i];
#if defined(__GNUC__)
    __builtin_prefetch(&R->tags[i]); /* (read on a hit: both on their way at once) */
#endif
    *slot = e;
    if ((e->k0 & ~RX_MBITS) == k[0] && (e->k1 & ~(RX_MBITS | 1ULL << 63)) == k[1]) {
        int em = (int)((e->k0 >> 60 & 3) | (e->k1 >> 58 & 12));
        int res = (int)(e->k1 >> 63);
        int ok = res ? m >= em : m <= em;
        u16 tag = R->tags[e - R->memo];
        for (int u = 0; u < 4 && ok; u++) {
            int n = (int)(tag >> (4 * u) & 15), t = POP[(u16)(x[u] & (~0u << (R->top[u] + 1)))];
            ok = res ? n <= t : t < n;
        }
        if (ok) {
            /* what it relied on counts for the proof it goes into */
            for (int u = 0; u < 4; u++) {
                int n = (int)(tag >> (4 * u) & 15);
                if (n == 0 || n == 15)
                    continue;
                int r = nth_top(x[u], n);
                if (res && r < R->lo[u])
                    R->lo[u] = r;
                if (!res && r > R->hi[u])
                    R->hi[u] = r;
            }
            return res;
        }
    }
    return -1;
}

/* Stores in entry e what a search of hands h found (see rx_memo), with what its proof relied
 * on (rx_open); merges that into the proof it is part of. */
static void rx_remember(Search *S, u16 h[4][4], RxEntry *e, const u64 *k, int m, int res, const int *outer)
{
    Relaxed *R = &S->rx;
    if (!R->aborted) {
        const u16 *x = h[S->lone];
        e->k0 = k[0] | (u64)(m & 3) << 60;
        e->k1 = k[1] | (u64)(m >> 2) << 60 | (u64)res << 63;
        u16 tag = 0;
        for (int u = 0; u < 4; u++) {
            int r = res ? R->lo[u] : R->hi[u];
            /* (none: 14 or -1; from RX_TRUMP(0): a trump of L's on another suit, not a card of
             * the suit) */
            int n = r >= 0 && r <= 12 ? POP[(u16)(x[u] & (~0u << r))] : res ? 0 : 15;
            tag = (u16)(tag | n << (4 * u));
        }
        R->tags[e - R->memo] = tag;
        if (S->nfilled < RX_FILLED)
            S->filled[S->nfilled] = (u32)(e - S->rx.memo);
        S->nfilled++;
    }
    /* a result relies on the removals of the power of the proof that L holds, or on the
     * power used in the proof that it does not, never on both */
    for (int u = 0; u < 4; u++) {
        if (!res || outer[u] < R->lo[u])
            R->lo[u] = outer[u];
        if (res || outer[4 + u] > R->hi[u])
            R->hi[u] = outer[4 + u];
    }
}

/* A search of its own begins (see rx_memo): what the proof it is part of relied on so far goes
 * to `outer`, to come back with what this one relies on (rx_remember). */
static inline void rx_open(Relaxed *R, int *outer)
{
    for (int u = 0; u < 4; u++) {
        outer[u] = R->lo[u];
        outer[4 + u] = R->hi[u];
        R->lo[u] = 14;
        R->hi[u] = -1;
    }
}

/* The cards the lone seat holds in hands h. */
static inline int rx_cards(const Search *S, u16 h[4][4])
{
    const u16 *x = h[S->lone];
    return POP[x[0]] + POP[x[1]] + POP[x[2]] + POP[x[3]];
}

/* Whether the game is over for L with m more tricks allowed: 1 when it holds no more cards
 * than that (it cannot take more tricks than it has cards), -1 when it must go on. */
static int rx_done(Search *S, u16 h[4][4], int m)
{
    Relaxed *R = &S->rx;
    int L = S->lone;
    if (R->aborted)
        return 0;
    if (++R->nodes > R->limit) {
        R->aborted = 1;
        return 0;
    }
    if (m == 0)
        return (h[L][0] | h[L][1] | h[L][2] | h[L][3]) ? -1 : 1;
    return rx_cards(S, h) <= m ? 1 : -1;
}

static int rx_step(Search *S, u16 h[4][4], int leader, int i, int s, int mx, int lc, int cw, int m);

/* Seat (leader + i), void in suit s, throws the highest card of a suit of its choice (the
 * rest as rx_step): whether some throw gives `want`, L's (1) or the others' (0) result.
 * A trump beats the cards of the suit and the lower trumps on the trick. Its rank matters
 * only against the other side's trumps: so the seat may also play its highest trump below
 * the other side's best trump on the trick (L under the others' ruff, one of the others
 * under L's); and where L is yet to play, void in the suit with trumps, one of the others
 * plays the highest of its trumps between two of L's (as rx_step's rule for a suit). */
static int rx_throws(Search *S, u16 h[4][4], int leader, int i, int s, int mx, int lc, int cw, int m, int want)
{
    int p = (leader + i) & 3, L = S->lone, t = S->trump;
    for (int u = 0; u < 4; u++) {
        u16 x = h[p][u];
        if (!x)
            continue;
        u16 c = (u16)(1u << TOP[x]);
        if (u == t) {
            int bar = (p == L ? mx : lc) - RX_TRUMP(0);
            if (bar > 0 && (x & ((1u << bar) - 1)))
                c = (u16)(c | 1u << TOP[(u16)(x & ((1u << bar) - 1))]);
            else if (p != L && lc == -2 && !h[L][s] && h[L][t])
                c = run_highs(x, h[L][t]);
        }
        for (; c; c = (u16)(c & (c - 1))) {
            int r = LOW[c];
            h[p][u] ^= (u16)(1u << r);
            int ok = u != t ? rx_step(S, h, leader, i + 1, s, mx, lc, cw, m)
                     : p == L ? rx_step(S, h, leader, i + 1, s, mx, RX_TRUMP(r), cw, m)
                              : rx_step(S, h, leader, i + 1, s, RX_TRUMP(r) > mx ? RX_TRUMP(r) : mx, lc,
                                        cw | RX_RUFFED << p, m);
            h[p][u] ^= (u16)(1u << r);
            if (ok == want)
                return want;
        }
    }
    return !want;
}

/* Seat (leader + i) plays card r of suit s (the rest as rx_step). */
static inline int rx_card(Search *S, u16 h[4][4], int leader, int i, int s, int r, int mx, int lc, int cw, int m)
{
    int p = (leader + i) & 3;
    h[p][s] ^= (u16)(1u << r);
    int ok = p == S->lone ? rx_step(S, h, leader, i + 1, s, mx, r, cw, m)
                          : rx_step(S, h, leader, i + 1, s, r > mx ? r : mx, lc, cw | 1 << p, m);
    h[p][s] ^= (u16)(1u << r);
    return ok;
}

/* Seat (leader + i) of a trick of suit s to play in the relaxed game; mx: the best card of
 * the others so far (-1: none), lc: L's card (-1: L threw a card, -2: L has not played); cw:
 * the others who followed suit and who ruffed (RX_RUFFED); m: the tricks L may still take.
 * Whether L keeps within them. */
static int rx_step(Search *S, u16 h[4][4], int leader, int i, int s, int mx, int lc, int cw, int m)
{
    if (i == 4) {
        /* the others who could have won the trick in the real game, and so lead the next: those
         * who ruffed, if any did, else those who followed suit (never one who threw a card of
         * another suit: the real line throws in the same suits) */
        int ruffed = cw >> 4, followed = cw & 15;
        if (lc <= mx)
            return rx_safe(S, h, m, ruffed ? ruffed : followed);
        if (m == 0)
            return 0;
        if (!(ruffed | followed))
            return rx_lead(S, h, m - 1); /* (no card of theirs could have beaten L's) */
        /* L's card is the best: with tricks to spare, the others may also take the trick from
         * L (a power they may not have), so that L must hold either way; but not where none
         * of their cards could beat it in the real game (see rx_top) */
        Relaxed *R = &S->rx;
        if (lc < RX_TRUMP(0) && lc > R->top[s]) {
            int res = rx_lead(S, h, m - 1);
            if (res && lc < R->lo[s])
                R->lo[s] = lc;
            return res;
        }
        if (!rx_lead(S, h, m - 1))
            return 0;
        int res = rx_safe(S, h, m, ruffed | followed);
        if (!res && lc < RX_TRUMP(0) && lc > R->hi[s])
            R->hi[s] = lc;
        return res;
    }
    int L = S->lone, p = (leader + i) & 3;
    u16 x = h[p][s];
    if (p == L) {
        if (!x)
            return rx_throws(S, h, leader, i, s, mx, -1, cw, m, 1);
        u16 under = (u16)(x & ((1u << mx) - 1)); /* the leader has played: mx >= 0 */
        if (under && rx_card(S, h, leader, i, s, TOP[under], mx, lc, cw, m))
            return 1;
        /* above it, one card of each run of L's cards (the rest of a run would do the same) */
        u16 above = (u16)(x & ~((2u << mx) - 1));
        u16 others = (u16)((h[0][s] | h[1][s] | h[2][s] | h[3][s]) & ~x);
        for (u16 b = run_highs(above, others); b; b = (u16)(b & ~(1u << TOP[b]))) {
            if (rx_card(S, h, leader, i, s, TOP[b], mx, lc, cw, m))
                return 1;
        }
        return 0;
    }
    if (!x)
        return rx_throws(S, h, leader, i, s, mx, lc, cw, m, 0);
    if (lc != -2) {
        if (lc > mx) {
            int all = 1;
            for (int q = i; q < 4 && all; q++) {
                u16 y = h[(leader + q) & 3][s];
                all = !y || LOW[y] < lc;
            }
            if (all) {
                if (m == 0)
                    return 0; /* every later holder goes under L's card */
                /* L may take more tricks: go under its card with the highest card that does
                 * (it has one: it is a later holder), or play the highest */
                u16 under = (u16)(x & ((1u << lc) - 1));
                if (TOP[under] != TOP[x] && !rx_card(S, h, leader, i, s, TOP[under], mx, lc, cw, m))
                    return 0;
            }
        }
        return rx_card(S, h, leader, i, s, TOP[x], mx, lc, cw, m);
    }
    /* the highest of its cards between two cards of L (the cards between do the same) */
    for (u16 b = run_highs(x, h[L][s]); b; b = (u16)(b & ~(1u << TOP[b]))) {
        if (!rx_card(S, h, leader, i, s, TOP[b], mx, lc, cw, m))
            return 0;
    }
    return 1;
}

/* Whether L, the others to lead (one of the seats `may`), keeps within m more tricks in the
 * relaxed game (0 also when out of budget). */
static int rx_safe(Search *S, u16 h[4][4], int m, int may)
{
    if (S->trump == NT)
        may = 15; /* (any of them: at no trump the restriction cost more table entries than it
                   * saved, 4 % more nodes on the misère hands of seed 5) */
    int done = rx_done(S, h, m);
    if (done >= 0)
        return done;
    int L = S->lone;
    /* the key first, and the fetch of its entries from memory while the test below is made */
    int memo = rx_cards(S, h) > RX_NOMEMO;
    int anyToo = (may | 1 << L) != 15;
    u64 k[2] = {0, 0}, any[2] = {0, 0};
    if (memo) {
        rx_key((const u16(*)[4])h, L, 0, may, &k[0], &k[1]);
        any[0] = k[0] | 7ULL << 54;
        any[1] = k[1];
        rx_prefetch(&S->rx, k);
        if (anyToo)
            rx_prefetch(&S->rx, any);
    }
    /* the test of side_safe(), suit by suit: 0 where L does not duck every round, 1 where it
     * does, 2 where it holds nothing */
    int kind[4], fails = 0;
    for (int s = 0; s < 4; s++) {
        u16 x = h[L][s], d = (u16)((h[0][s] | h[1][s] | h[2][s] | h[3][s]) & ~x);
        kind[s] = !x ? 2 : ducks_suit(x, d);
        fails += !kind[s];
    }
    if (!fails && (S->trump == NT || !h[L][S->trump]))
        return 1; /* (holding a trump, it may have to throw one and win) */
    RxEntry *e = NULL;
    int outer[8];
    if (memo) {
        /* safe where any of them may lead is safe where fewer may */
        if (anyToo && rx_memo(S, h, m, any, &e) == 1)
            return 1;
        int known = rx_memo(S, h, m, k, &e);
        if (known >= 0)
            return known;
        rx_open(&S->rx, outer);
    }
    /* the leads most likely to catch L first: the suits where it does not duck every round,
     * then the other suits it holds, then those where it can throw a card */
    int order[4], n = 0;
    for (int pass = 0; pass < 3; pass++) {
        for (int s = 0; s < 4; s++) {
            if (kind[s] == pass)
                order[n++] = s;
        }
    }
    int res = 1;
    for (int q = 0; q < 4 && res; q++) {
        int s = order[q];
        /* The others play as one side and see every card: what one of them does before L
         * plays, it could do after (choosing the same card), so they lose nothing when fewer
         * of them play before L. Who leads matters to nothing else. So of the seats that may
         * lead that hold the suit, the nearest on L's right leads it: that lead is the
         * others' best. */
        for (int j = 3; j >= 1; j--) {
            int o = (L + j) & 3;
            if (h[o][s] && (may >> o & 1)) {
                res = rx_step(S, h, o, 0, s, -1, -2, 0, m);
                break;
            }
        }
    }
    if (memo)
        rx_remember(S, h, e, k, m, res, outer);
    return res;
}

/* Whether L, on lead, keeps within m more tricks in the relaxed game: some card of it (one of
 * each run) does. */
static int rx_lead(Search *S, u16 h[4][4], int m)
{
    int done = rx_done(S, h, m);
    if (done >= 0)
        return done;
    int L = S->lone;
    int memo = rx_cards(S, h) > RX_NOMEMO;
    u64 k[2] = {0, 0};
    RxEntry *e = NULL;
    int outer[8];
    if (memo) {
        rx_key((const u16(*)[4])h, L, 1, 0, &k[0], &k[1]);
        int known = rx_memo(S, h, m, k, &e);
        if (known >= 0)
            return known;
        rx_open(&S->rx, outer);
    }
    /* first the lowest card of each suit the others hold (the likeliest to lose the trick),
     * then the others from the lowest */
    u16 cand[4], first[4];
    for (int u = 0; u < 4; u++) {
        u16 x = h[L][u];
        u16 others = (u16)((h[0][u] | h[1][u] | h[2][u] | h[3][u]) & ~x);
        cand[u] = run_highs(x, others);
        first[u] = others ? (u16)(cand[u] & (u16)(-cand[u])) : 0;
    }
    int res = 0;
    for (int pass = 0; pass < 2 && !res; pass++) {
        for (int u = 0; u < 4 && !res; u++) {
            u16 b = pass ? (u16)(cand[u] & ~first[u]) : first[u];
            for (; b && !res; b = (u16)(b & (b - 1)))
                res = rx_card(S, h, L, 0, u, LOW[b], -1, -2, 0, m);
        }
    }
    if (memo)
        rx_remember(S, h, e, k, m, res, outer);
    return res;
}

/* A new call of a game of the search's (the relaxed misère game, the trump game): at most
 * `cap` positions, and no more than what the call's budget leaves. */
static Relaxed *relaxed_start(const Search *S, Relaxed *R, u64 cap)
{
    u64 left = S->limit > S->nodes ? S->limit - S->nodes : 0;
    R->nodes = 0;
    R->limit = left < cap ? left : cap;
    R->aborted = 0;
    return R;
}

/* The relaxed game from the position of the search, the lone seat wanting few tricks: 1 when
 * it proves the seat takes at most m more (rel then gets the cards the proof may rely on). */
static int rx_position(Search *S, int m, u16 *rel)
{
    int L = S->lone, np = S->nplayed;
    if (S->tricksLeft < S->rxFirst)
        return 0;
    int s = np ? S->tsuit[0] : -1, mx = -1, lc = -2, cw = 0;
    for (int i = 0; i < np; i++) {
        int p = (S->leader + i) & 3;
        if (p != L) {
            if (S->tsuit[i] == s) {
                cw |= 1 << p;
                if (S->trank[i] > mx)
                    mx = S->trank[i];
            } else if (S->tsuit[i] == S->trump) {
                cw |= RX_RUFFED << p;
                if (RX_TRUMP(S->trank[i]) > mx)
                    mx = RX_TRUMP(S->trank[i]);
            }
        } else if (S->tsuit[i] == s) {
            lc = S->trank[i];
        } else if (S->tsuit[i] == S->trump) {
            lc = RX_TRUMP(S->trank[i]); /* it has ruffed */
        } else {
            lc = -1;
        }
    }
    u16 h[4][4];
    memcpy(h, S->h, sizeof h);
    Relaxed *R = relaxed_start(S, &S->rx, m ? RX_LIMIT_M : RX_LIMIT);
    rx_top(S);
    int res;
    if (np > 0)
        res = rx_step(S, h, S->leader, np, s, mx, lc, cw, m);
    else if (S->leader != L)
        res = rx_safe(S, h, m, 1 << S->leader); /* (the real position: its leader leads) */
    else
        res = rx_lead(S, h, m);
    S->nodes += R->nodes; /* the budget of a call counts them too */
    STAT(ST_rx++);
    STAT(ST_rxn += R->nodes);
#ifdef WSTATS
    { int b = R->nodes < 10 ? 0 : R->nodes < 100 ? 1 : R->nodes < 1000 ? 2 : R->nodes < 10000 ? 3 : 4;
      ST_rxh[b][0]++; ST_rxh[b][1] += R->nodes; ST_rxh[b][2] += res; ST_rxh[b][3] += R->aborted; }
#endif
    if (!res)
        return 0;
    STAT(ST_rxok++);
    /* the proof may rely on every card, but for the others' cards of a suit the seat does not
     * hold at the start of a trick: those matter only by how many each holds (the table's key) */
    for (int u = 0; u < 4; u++)
        rel[u] = np == 0 && !S->h[L][u] ? 0 : S->rem[u];
    return 1;
}

/* ------------------------------------------------------------------ the trump game */

/*
 * The trump game: a lower bound of the tricks of a seat L alone on its side (goal max), from
 * its trumps and its top cards. The three others get a power they do not have: the ranks of
 * the side suits are forgotten but for L's masters (the top cards of a suit that L holds in
 * a row from the best card out, which win a trick of their suit without a trump in it); when
 * a trick of a side suit has no trump and no master of L's in it, the others choose its
 * winner among the seats that played the suit, L included when it did. The trumps keep their
 * ranks, every seat must follow suit, a trump played wins unless a higher trump is. The real
 * winner is always among the others' choices, so every line of the real game is a line of
 * this one: when L takes k tricks in this game whatever the others do, it takes k in the real
 * game (L gets no power: it may only throw a master when it holds nothing else of the suit,
 * a restriction). What it sees that the search's bounds do not: a long trump holding under a
 * higher trump (K-10-x-x against the ace in a shorter hand) makes a trick, however the others
 * lead and ruff. At no trump the game has four side suits and no trump: it counts L's
 * masters, which the others cannot ruff but may keep L from ever leading or being led.
 */
typedef struct {
    u16 tr[4];           /* trumps of each seat */
    u16 trem;            /* trumps not in a finished trick */
    uint8_t cnt[4][4];   /* side cards of each seat, by side suit */
    uint8_t mast[4];     /* L's masters, by side suit */
    int ns;              /* side suits: 3, or 4 at no trump */
    int L, leader;
} TgState;

#ifndef TG_LIMIT
#define TG_LIMIT 20000 /* positions of the trump game a call may visit */
#endif
#ifndef TG_FIRST
#define TG_FIRST 7     /* tricks left from which the search asks (see docs/solver-journal.md,
                        * *The trump game from seven tricks left*) */
#endif
#ifndef TG_K
#define TG_K 4         /* the most tricks of L it is asked for */
#endif

static int tg_game(Search *S, TgState *G, int k);

/* Seat (leader + i) plays to a trick: led -1 for trumps, 0..2 a side suit, -2 none yet; best
 * and bestSeat the highest trump so far (-1: none); lm: L played a master of the side suit
 * led (1) or another card of it (2); fol: the others who followed the side suit led. Whether
 * L makes k tricks. */
static int tg_play(Search *S, TgState *G, int i, int k, int led, int best, int bestSeat, int lm, int fol)
{
    if (i == 4) {
        u16 trem = G->trem;
        int leader = G->leader, res;
        G->trem = (u16)(G->tr[0] | G->tr[1] | G->tr[2] | G->tr[3]);
        if (bestSeat >= 0) {
            G->leader = bestSeat;
            res = tg_game(S, G, k - (bestSeat == G->L));
        } else if (lm == 1 || !fol) {
            G->leader = G->L;
            res = tg_game(S, G, k - 1);
        } else {
            /* the real winner is one of those who followed suit: the side that wants few
             * tricks for L chooses (L is one of them when it played a card of the suit that
             * is not a master) */
            res = 1;
            if (lm == 2)
                fol |= 1 << G->L;
            for (int q = 0; q < 4 && res; q++) {
                if (fol >> q & 1) {
                    G->leader = q;
                    res = tg_game(S, G, k - (q == G->L));
                }
            }
        }
        G->trem = trem;
        G->leader = leader;
        return res;
    }
    int q = (G->leader + i) & 3, isL = q == G->L;
    int want = isL; /* the result that ends the seat's choice */
    u16 x = G->tr[q];
    int mayTrump = i == 0 || led == -1 ? x != 0 : !G->cnt[q][led];
    int sides = i == 0 || (led >= 0 && !G->cnt[q][led]) || (led == -1 && !x);
    if (mayTrump) {
        /* one trump of each run, the highest first */
        for (u16 m = run_highs(x, (u16)(G->trem & ~x)); m; m = (u16)(m & ~(1u << TOP[m]))) {
            int r = TOP[m];
            G->tr[q] = (u16)(x ^ (1u << r));
            int nb = r > best, ok;
            ok = tg_play(S, G, i + 1, k, i == 0 ? -1 : led, nb ? r : best, nb ? q : bestSeat, lm, fol);
            G->tr[q] = x;
            if (ok == want)
                return want;
        }
    }
    if (led >= 0 && G->cnt[q][led]) {
        /* follows the side suit led: a master of L's, or another card */
        for (int kind = 0; kind < 2; kind++) {
            int master = kind == 0;
            if (isL ? (master ? !G->mast[led] : G->cnt[q][led] == G->mast[led]) : master)
                continue;
            G->cnt[q][led]--;
            if (isL && master)
                G->mast[led]--;
            int ok = tg_play(S, G, i + 1, k, led, best, bestSeat, isL ? 2 - master : lm,
                             isL ? fol : fol | 1 << q);
            G->cnt[q][led]++;
            if (isL && master)
                G->mast[led]++;
            if (ok == want)
                return want;
        }
    }
    if (sides) {
        /* leads a side suit, or throws a side card (L throws a master only when it holds
         * nothing else of the suit) */
        for (int u = 0; u < G->ns; u++) {
            if (!G->cnt[q][u])
                continue;
            for (int kind = 0; kind < 2; kind++) {
                int master = kind == 0;
                if (isL) {
                    if (master ? !G->mast[u] || (i > 0 && G->cnt[q][u] > G->mast[u])
                               : G->cnt[q][u] == G->mast[u])
                        continue;
                } else if (master) {
                    continue;
                }
                G->cnt[q][u]--;
                if (isL && master)
                    G->mast[u]--;
                int ok = i == 0 ? tg_play(S, G, 1, k, u, -1, -1, isL ? 2 - master : 0, isL ? 0 : 1 << q)
                                : tg_play(S, G, i + 1, k, led, best, bestSeat, lm, fol);
                G->cnt[q][u]++;
                if (isL && master)
                    G->mast[u]++;
                if (ok == want)
                    return want;
            }
        }
    }
    return !want;
}

/* Whether L takes k more tricks in the trump game, at the start of a trick (0 also when out
 * of budget). */
static int tg_game(Search *S, TgState *G, int k)
{
    Relaxed *R = &S->tg;
    if (k <= 0)
        return 1;
    int L = G->L;
    int n = POP[G->tr[L]] + G->cnt[L][0] + G->cnt[L][1] + G->cnt[L][2] + G->cnt[L][3];
    if (k > n || R->aborted)
        return 0;
    if (++R->nodes > R->limit) {
        R->aborted = 1;
        return 0;
    }
    u16 m = G->trem;
    u64 code = SPREAD[compress((u16)(G->tr[1] | G->tr[3]), m)] |
               (u64)SPREAD[compress((u16)(G->tr[2] | G->tr[3]), m)] << 1;
    u64 cs = 0, ms = 0; /* the counts, 4 bits each, and L's masters */
    for (int u = 0; u < G->ns; u++) {
        for (int q = 0; q < 4; q++)
            cs |= (u64)G->cnt[q][u] << (16 * u + 4 * q);
        ms |= (u64)G->mast[u] << (4 * u);
    }
    u64 k0, k1;
    if (G->ns == 3) {
        k0 = code | (u64)POP[m] << 26 | (u64)L << 30 | (u64)G->leader << 32 | (u64)k << 34 | 1ULL << 62;
        k1 = cs | ms << 48 | 1ULL << 62;
    } else {
        /* no trump: all four suits are side suits (bit 61 tells the keys apart) */
        k0 = (cs & 0xFFFFFFFFULL) | ms << 32 | (u64)L << 48 | (u64)G->leader << 50 | (u64)k << 52 |
             1ULL << 61 | 1ULL << 62;
        k1 = cs >> 32 | 1ULL << 62;
    }
    RxEntry *e = &S->rx.memo[mix(k0, k1) & S->rx.mask];
    if (e->k0 == k0 && (e->k1 & ~(1ULL << 63)) == k1)
        return (int)(e->k1 >> 63);
    int res = tg_play(S, G, 0, k, -2, -1, -1, 0, 0);
    if (!R->aborted) {
        e->k0 = k0;
        e->k1 = k1 | (u64)res << 63;
    }
    return res;
}

/* The trump game from the start of a trick of the search: whether the single seat takes k
 * more tricks (rel then gets the cards the proof relies on: every trump, and in each side
 * suit L holds, its masters and the card below them). */
static int tg_position(Search *S, int k, u16 *rel)
{
    int L = S->single, t = S->trump;
    TgState G;
    int u = 0;
    u16 relied[4] = {0, 0, 0, 0}; /* L's masters and the card below them */
    G.cnt[0][3] = G.cnt[1][3] = G.cnt[2][3] = G.cnt[3][3] = G.mast[3] = 0;
    for (int s = 0; s < 4; s++) {
        if (s == t)
            continue;
        for (int q = 0; q < 4; q++)
            G.cnt[q][u] = (uint8_t)POP[S->h[q][s]];
        int c = 0;
        u16 r = S->rem[s];
        while (r && (S->h[L][s] >> TOP[r] & 1)) {
            c++;
            r = (u16)(r ^ (1u << TOP[r]));
        }
        G.mast[u] = (uint8_t)c;
        if (S->h[L][s])
            relied[s] = top_cards(S->rem[s], c < POP[S->rem[s]] ? c + 1 : c);
        u++;
    }
    G.ns = u;
    int trumps = t != NT && S->h[L][t];
    if (!trumps && !(G.mast[0] | G.mast[1] | G.mast[2] | G.mast[3]))
        return 0; /* nothing of L's can win a trick but a lead nobody follows */
    for (int q = 0; q < 4; q++)
        G.tr[q] = t != NT ? S->h[q][t] : 0;
    G.trem = t != NT ? S->rem[t] : 0;
    G.L = L;
    G.leader = S->leader;
    Relaxed *R = relaxed_start(S, &S->tg, TG_LIMIT);
    int res = tg_game(S, &G, k);
    S->nodes += R->nodes;
    STAT(ST_tg++);
    STAT(ST_tgn += R->nodes);
    if (!res)
        return 0;
    STAT(ST_tgok++);
    for (int s = 0; s < 4; s++)
        rel[s] = s == t ? S->rem[s] : relied[s];
    return 1;
}

/* Whether the team wants no more trick: a misère (goal min), or an exact target of 0 more. */
static inline int wants_none(const Search *S, int need)
{
    return S->mode == MODE_EXACT ? need == 0 : S->misere;
}

static int ab(Search *S, int need, u16 *rel);

/* The tricks the relaxed misère game may let the lone seat take while still proving the
 * search's test fails: need - 1 at misère (up to RX_M), none at an exact target of 0. */
static inline int rx_allowed(const Search *S, int need)
{
    if (S->mode == MODE_EXACT)
        return 0;
    return need - 1 < RX_M ? need - 1 : RX_M;
}

/* The rank of the lowest card that mattered in a suit (13 when none did): the cards of a hand
 * below it are alike, whatever a search found. */
static inline int lowest_mattered(u16 rs)
{
    return rs ? TOP[(u16)(rs & (u16)(-rs))] : 13;
}

static int last_trick(const Search *S, int need, u16 *rel)
{
    int p = S->leader;
    int ws = -1, wsu = 0, wr = -1, su[4];
    for (int i = 0; i < 4; i++) {
        int o = (p + i) & 3;
        int s = 0;
        while (s < 4 && !S->h[o][s])
            s++;
        if (s == 4)
            return 0; /* cannot happen with consistent hands */
        int r = TOP[S->h[o][s]];
        su[i] = s;
        if (ws < 0 || (s == wsu && r > wr) || (s == S->trump && wsu != S->trump)) {
            ws = o;
            wsu = s;
            wr = r;
        }
    }
    if ((su[0] == wsu) + (su[1] == wsu) + (su[2] == wsu) + (su[3] == wsu) > 1)
        rel[wsu] = (u16)(rel[wsu] | (1u << wr));
    int gain = S->scoreSide[ws];
    return S->mode == MODE_EXACT ? gain == need : gain >= need;
}

/* Play card (s, r) of seat p, search the rest, take the card back; rel gets the cards whose
 * ranks the result relies on. */
static int child(Search *S, int p, int s, int r, int need, u16 *rel)
{
    u16 bit = (u16)(1u << r);
    int np = S->nplayed;
    int oSeat = S->winSeat, oSuit = S->winSuit, oRank = S->winRank;
    S->h[p][s] = (u16)(S->h[p][s] ^ bit);
    if (np == 0 || (s == S->winSuit && r > S->winRank) || (s == S->trump && S->winSuit != S->trump)) {
        S->winSeat = p;
        S->winSuit = s;
        S->winRank = r;
    }
    S->tsuit[np] = s;
    S->trank[np] = r;
    int res;
    if (np < 3) {
        S->nplayed = np + 1;
        res = ab(S, need, rel);
        S->nplayed = np;
    } else {
        int ts[4], tr[4];
        for (int i = 0; i < 4; i++) {
            ts[i] = S->tsuit[i];
            tr[i] = S->trank[i];
            S->rem[ts[i]] = (u16)(S->rem[ts[i]] ^ (1u << tr[i]));
        }
        int w = S->winSeat;
        int ws = S->winSuit, wr = S->winRank;
        int oLeader = S->leader;
        S->leader = w;
        S->nplayed = 0;
        S->tricksLeft--;
        res = ab(S, need - S->scoreSide[w], rel);
        S->tricksLeft++;
        S->nplayed = 3;
        S->leader = oLeader;
        for (int i = 0; i < 4; i++) {
            S->rem[ts[i]] = (u16)(S->rem[ts[i]] ^ (1u << tr[i]));
            S->tsuit[i] = ts[i];
            S->trank[i] = tr[i];
        }
        /* the winner's rank matters only if it beat another card of its suit; then so do
         * the cards of its hand equivalent to it (they could have been played instead) */
        if ((ts[0] == ws) + (ts[1] == ws) + (ts[2] == ws) + (ts[3] == ws) > 1)
            rel[ws] = (u16)(rel[ws] | run_below(S->h[w][ws], S->rem[ws], wr));
    }
    S->winSeat = oSeat;
    S->winSuit = oSuit;
    S->winRank = oRank;
    S->h[p][s] = (u16)(S->h[p][s] ^ bit);
    return res;
}

/* Sure trump tricks: when a hand holds c of the top j trumps still out and the other side
 * holds d of them, the side of the hand takes at least c - d tricks (each of those trumps is
 * played some time, never thrown away: the trick is won by it, by a partner, or by a higher
 * trump of the other side, and each trump of the other side beats at most one of them). Returns 1 or 0 when that decides
 * `need`, -1 otherwise; rel gets the top j trumps. */
static int trump_bound(const Search *S, int need, u16 *rel)
{
    int t = S->trump;
    u16 r = S->rem[t];
    if (!r)
        return -1;
    int bestk[2] = {0, 0}, bestj[2] = {0, 0};
    for (int o = 0; o < 4; o++) {
        u16 x = S->h[o][t];
        if (!x)
            continue;
        u16 side = 0; /* trumps of the partners of o: a trick they win is a trick of the side */
        for (int q = 0; q < 4; q++) {
            if (q != o && S->scoreSide[q] == S->scoreSide[o])
                side = (u16)(side | S->h[q][t]);
        }
        int c = 0, j = 0, k = 0, kj = 0;
        u16 rr = r;
        while (rr) {
            int b = TOP[rr];
            rr = (u16)(rr ^ (1u << b));
            j++;
            if (x >> b & 1)
                c++;
            else if (!(side >> b & 1))
                c--;
            if (c > k) {
                k = c;
                kj = j;
            }
            if (c + POP[(u16)(x & rr)] <= k)
                break; /* no deeper count can do better */
        }
        int sc = S->scoreSide[o];
        if (k > bestk[sc]) {
            bestk[sc] = k;
            bestj[sc] = kj;
        }
    }
    int lo = bestk[1], hi = S->tricksLeft - bestk[0];
    if (S->mode == MODE_EXACT ? need < lo : need <= lo) {
        rel[t] = top_cards(r, bestj[1]);
        return S->mode == MODE_EXACT ? 0 : 1;
    }
    if (need > hi) {
        rel[t] = top_cards(r, bestj[0]);
        return 0;
    }
    return -1;
}


/* What the table knows of the position of key K (its group's key made by group_key; see
 * tt_lookup). */
static int tt_probe(Search *S, Key *K, int need, u16 *rel, int *hint)
{
    owner_key(S, K);
    STAT(ST_look++);
    int r = tt_lookup(S, K, need, rel, hint);
    if (r >= 0)
        STAT(ST_tt++);
    return r;
}

static int ab(Search *S, int need, u16 *rel)
{
    rel[0] = rel[1] = rel[2] = rel[3] = 0;
    if (S->aborted)
        return 0;
    if (++S->nodes > S->limit || ((S->nodes & 1023) == 0 && S->deadline > 0 && now_seconds() > S->deadline)) {
        S->aborted = 1; /* out of budget: unwind without storing anything */
        return 0;
    }
    if (S->mode == MODE_EXACT) {
        if (need < 0 || need > S->tricksLeft)
            return 0;
        if (S->tricksLeft == 0)
            return need == 0;
    } else {
        if (need <= 0)
            return 1;
        if (need > S->tricksLeft)
            return 0;
    }
    int np = S->nplayed;
    Key K;
    memset(&K, 0, sizeof K);
    int hint = -1;
    if (np == 0) {
        if (S->tricksLeft == 1)
            return last_trick(S, need, rel);
        /* the key, and the fetch of the table's group slot for it while the bounds are
         * computed */
        group_key(S, need, &K);
#if defined(__GNUC__)
        __builtin_prefetch(&S->T.groups[mix(K.key0, K.key1) & S->T.groupMask]);
#endif
        int looked = 0;
        if (S->tricksLeft >= TT_FIRST) {
            /* most positions deep in the tree are in the table: look first */
            looked = 1;
            int r = tt_probe(S, &K, need, rel, &hint);
            if (r >= 0)
                return r;
        }
        if (S->trump != NT) {
            int b = trump_bound(S, need, rel);
            if (b >= 0) {
                STAT(ST_tb++);
                return b;
            }
        }
        int p = S->leader;
        if (S->qtOK) {
            u16 qrel[4];
            int q = quick_tricks(S, p, qrel);
            if (S->maxSide[p] ? q >= need : S->tricksLeft - q < need) {
                for (int s = 0; s < 4; s++)
                    rel[s] = qrel[s];
                STAT(ST_qt++);
                return S->maxSide[p];
            }
            /* the side on lead loses this trick: a trick for the other side */
            /* (or a later one: later_loser leaves rel alone when it fails) */
            if ((S->maxSide[p] ? need > S->tricksLeft - 1 : need <= 1) &&
                (sure_loser(S, p, rel) || (rel[0] = rel[1] = rel[2] = rel[3] = 0, later_loser(S, p, rel))))
                return !S->maxSide[p];
            rel[0] = rel[1] = rel[2] = rel[3] = 0;
        } else if (sure_winner(S, p, rel)) {
            /* the side on lead takes this trick whatever happens */
            int scoring = S->scoreSide[p];
            if (S->mode == MODE_EXACT) {
                if (scoring ? need == 0 : need == S->tricksLeft)
                    return 0;
            } else if (scoring ? need <= 1 : need > S->tricksLeft - 1) {
                return scoring;
            }
            rel[0] = rel[1] = rel[2] = rel[3] = 0;
        } else {
            rel[0] = rel[1] = rel[2] = rel[3] = 0;
        }
        if (!S->scoreSide[p] && wants_none(S, need) && side_safe(S, 1, rel)) {
            /* a team that wants no trick and can avoid them all */
            STAT(ST_sl++);
            return S->mode == MODE_EXACT;
        }
        if (S->scoreSide[p] && S->misere && side_safe(S, 0, rel)) {
            /* misère, the team on lead: the others, who want it to take tricks, can avoid
             * every trick, so it takes them all (an exact target is not decided so: there the
             * others may want a trick) */
            STAT(ST_sl++);
            return 1;
        }
        if (S->lone >= 0 && p != S->lone && wants_none(S, need)) {
            /* a lone player who wants few tricks and keeps within them */
            if (rx_position(S, rx_allowed(S, need), rel)) {
                if (looked)
                    tt_store(S, &K, rel, need, S->mode == MODE_EXACT, -1);
                return S->mode == MODE_EXACT;
            }
            rel[0] = rel[1] = rel[2] = rel[3] = 0;
        } else if (S->lone == p && wants_none(S, need)) {
            /* the lone seat on lead, wanting no trick (or few: the relaxed game with an allowance) */
            if (rx_position(S, rx_allowed(S, need), rel)) {
                if (looked)
                    tt_store(S, &K, rel, need, S->mode == MODE_EXACT, -1);
                return S->mode == MODE_EXACT;
            }
            rel[0] = rel[1] = rel[2] = rel[3] = 0;
        }
        if (S->tricksLeft >= 2 && !looked) {
            int r = tt_probe(S, &K, need, rel, &hint);
            if (r >= 0)
                return r;
        }
        if (S->single >= 0 && S->tricksLeft >= S->tgFirst) {
            /* the trump game: the tricks of a seat alone, from its trumps */
            int L = S->single;
            int k = S->scoreSide[L] ? need : S->tricksLeft - need + 1;
            if (k <= TG_K && tg_position(S, k, rel)) {
                tt_store(S, &K, rel, need, S->scoreSide[L], -1);
                return S->scoreSide[L];
            }
            rel[0] = rel[1] = rel[2] = rel[3] = 0;
        }
    } else if (wants_none(S, need)) {
        /* once every card of the team is beaten (by a card of the others; the later ones can
         * only beat it more), it is safe from the next trick on if it could avoid every trick
         * against the others' cards as they are now; fewer cards never help the others
         * (side_safe() asks, for every i, that the seat hold i cards below the others' i-th
         * lowest: removing cards of theirs only raises those) */
        int played = 1;
        for (int i = np; i < 4; i++)
            played &= !S->scoreSide[(S->leader + i) & 3];
        if (played && !S->scoreSide[S->winSeat] && side_safe(S, 1, rel)) {
            STAT(ST_sl++);
            int ws = S->winSuit, same = 0;
            for (int i = 0; i < np; i++)
                same += S->tsuit[i] == ws;
            if (same > 1)
                rel[ws] = (u16)(rel[ws] | run_below(S->h[S->winSeat][ws], S->rem[ws], S->winRank));
            return S->mode == MODE_EXACT;
        }
        /* else, for a lone seat, the relaxed game, from the middle of the trick (with an
         * allowance too: 21 % fewer nodes on misère counts at no trump since its key by gaps,
         * 6 % with trumps since the others' trumps beat the lone seat's side cards in it) */
        if (S->lone >= 0 && rx_position(S, rx_allowed(S, need), rel))
            return S->mode == MODE_EXACT;
        rel[0] = rel[1] = rel[2] = rel[3] = 0;
    }
    int p = (S->leader + np) & 3;
    Move mv[13];
    int n = gen_moves(S, p, mv, hint, wants_none(S, need));
    int isMax = S->maxSide[p];
    int res = !isMax;
    int cut = -1;
    int small[4] = {0, 0, 0, 0}; /* cards of a suit below this rank are now known to be alike */
#ifdef WSTATS
    u64 n0 = S->nodes, nfirst = 0;
    ST_nodes[np][isMax]++;
    if (np == 0) ST_exp[S->tricksLeft][isMax]++;
#endif
    for (int i = 0; i < n; i++) {
        int bi = i;
        for (int j = i + 1; j < n; j++) {
            if (mv[j].score > mv[bi].score)
                bi = j;
        }
        if (bi != i) {
            Move tmp = mv[i];
            mv[i] = mv[bi];
            mv[bi] = tmp;
        }
        int ms = mv[i].suit, mr = mv[i].rank;
        if (mr < small[ms])
            continue;
        u16 crel[4];
        int r = child(S, p, ms, mr, need, crel);
#ifdef WSTATS
        if (i == 0) nfirst = S->nodes - n0;
#endif
        if (r == isMax) {
#ifdef WSTATS
            ST_cut[np][isMax][i]++;
            ST_waste[np][isMax] += S->nodes - n0 - nfirst;
#endif
            res = r;
            cut = i;
            for (int s = 0; s < 4; s++)
                rel[s] = crel[s];
            break;
        }
        for (int s = 0; s < 4; s++)
            rel[s] = (u16)(rel[s] | crel[s]);
        /* a card below every card that mattered so far stands for all such cards of its suit */
        if (!small[ms]) {
            int low = lowest_mattered(rel[ms]);
            if (mr < low)
                small[ms] = low;
        }
    }
#ifdef WSTATS
    if (cut < 0) ST_nocut[np][isMax]++;
#endif
    int best = -1;
    if (cut >= 0) {
        if (np == 0) {
            note_cut(S->hist, p, &mv[cut], S->tricksLeft);
            S->killer[S->tricksLeft][0] = mv[cut].suit;
            S->killer[S->tricksLeft][1] = mv[cut].rank;
            best = mv[cut].suit << 4 | rel_from_top(S->rem[mv[cut].suit], mv[cut].rank);
        } else if (follows_noted(S, p)) {
            note_cut(S->histFollow, p, &mv[cut], S->tricksLeft);
        }
    }
    if (np == 0 && S->tricksLeft >= 2 && !S->aborted)
        tt_store(S, &K, rel, need, res, best);
    return res;
}


/* ------------------------------------------------------------------ Python object */

typedef struct {
    PyObject_HEAD
    Search *S;
    Py_ssize_t memBytes;
    int groupBlocks;
    int splitFrom;
    int tgFirst, rxFirst;
    int busy;
    int haveCtx;
    int ctxTrump, ctxMax, ctxScore, ctxMode;
    unsigned long long nodes;
    /* how far the current solve is, for another thread to show (see Solver_get_progress):
     * the best value once known (-1 before), the legal cards valued and their number; whether
     * the best is a yes/no (goal exact), set by the call that searches, not one refused */
    volatile int progBest, progDone, progTotal, progExact;
} SolverObject;

static void free_search(SolverObject *self)
{
    if (self->S) {
        tt_free(&self->S->T);
        pool_free(self->S->ownMemo);
        free(self->S);
        self->S = NULL;
    }
    self->haveCtx = 0;
}

static void Solver_dealloc(SolverObject *self)
{
    free_search(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

#define MIN_MEMORY (1 << 16)

/* The table's memory cannot be allocated: a ValueError (the memory asked is too much for this
 * machine) that is also a MemoryError. Created by PyInit__core. */
static PyObject *TableMemoryError;

static int table_memory_error(const SolverObject *self)
{
    PyErr_Format(TableMemoryError, "the table's %zd bytes cannot be allocated: ask for less memory",
                 self->memBytes);
    return -1;
}

/* An int too large for its C type is a value out of range like any other: ValueError, not
 * OverflowError (an ArithmeticError, which callers checking input do not expect). */
static void overflow_as_value_error(void)
{
    if (!PyErr_ExceptionMatches(PyExc_OverflowError))
        return;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    PyErr_Format(PyExc_ValueError, "a number out of range: %S", value ? value : Py_None);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"memory", "group_blocks", "trump_game_from", "relaxed_from", "split_from", NULL};
    Py_ssize_t mem = 64 * 1024 * 1024;
    int blocks = 0; /* 0: by the shape of the teams */
    int tgFirst = TG_FIRST, rxFirst = RX_FIRST, splitFrom = SPLIT_FROM;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|n$iiii", kwlist, &mem, &blocks, &tgFirst, &rxFirst, &splitFrom)) {
        overflow_as_value_error();
        return -1;
    }
    self->progBest = -1; /* (no solve yet) */
    self->progDone = 0;
    self->progTotal = 0;
    if (splitFrom < 1 || splitFrom > MAX_SPLIT_FROM) {
        PyErr_Format(PyExc_ValueError, "split_from must be from 1 to %d", MAX_SPLIT_FROM);
        return -1;
    }
    if (mem < MIN_MEMORY) {
        PyErr_Format(PyExc_ValueError, "memory must be at least %d bytes", MIN_MEMORY);
        return -1;
    }
    if (blocks < 0 || blocks > MAX_GROUP_BLOCKS) {
        PyErr_Format(PyExc_ValueError, "group_blocks must be from 0 (by the teams) to %d", MAX_GROUP_BLOCKS);
        return -1;
    }
    if (tgFirst < 2 || tgFirst > 14) {
        PyErr_SetString(PyExc_ValueError, "trump_game_from must be from 2 to 14 (never)");
        return -1;
    }
    if (rxFirst < 2 || rxFirst > 14) {
        PyErr_SetString(PyExc_ValueError, "relaxed_from must be from 2 to 14 (never)");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver is busy in another thread");
        return -1;
    }
    free_search(self);
    self->memBytes = mem;
    self->groupBlocks = blocks;
    self->tgFirst = tgFirst;
    self->rxFirst = rxFirst;
    self->splitFrom = splitFrom;
    return 0;
}

static int ensure_search(SolverObject *self)
{
    if (self->S)
        return 0;
    if (self->memBytes < MIN_MEMORY)
        self->memBytes = 64 * 1024 * 1024; /* __init__ was not called */
    Search *S = calloc(1, sizeof(Search));
    if (!S)
        return table_memory_error(self);
    /* a sixteenth of the memory to what the relaxed misère game and the trump game prove, the
     * rest to the table */
    u64 rxBytes = (u64)self->memBytes / 16, n = 1024;
    while (2 * n * sizeof(RxEntry) <= rxBytes)
        n *= 2;
    /* the entries, then their tags (see rx_memo) */
    S->ownMemo = S->rx.memo = pool_alloc((size_t)n * (sizeof(RxEntry) + sizeof(u16)));
    S->ownMask = S->rx.mask = n - 1;
    S->rx.tags = (u16 *)(void *)(S->ownMemo + n);
    if (!S->rx.memo || tt_alloc(&S->T, (u64)self->memBytes - sizeof(Search) - n * (sizeof(RxEntry) + sizeof(u16))) < 0) {
        pool_free(S->rx.memo);
        free(S);
        return table_memory_error(self);
    }
    /* the blocks lent to the relaxed game: a power of two of its entries, when more than its
     * own table holds */
    u64 lent = 1;
    while (2 * lent * sizeof(RxEntry) <= (u64)S->T.allBlocks * sizeof(Block) / RX_LEND &&
           lent < 8 * n) /* (their tags then go in its own table: see new_context) */
        lent *= 2;
    S->lendFrom = S->T.allBlocks;
    if (lent > n) {
        S->lendFrom = S->T.allBlocks - (u32)((lent * sizeof(RxEntry) + sizeof(Block) - 1) / sizeof(Block));
        S->lendMask = lent - 1;
    }
    S->ownTrump = S->lentTrump = -1;
    self->S = S;
    self->haveCtx = 0;
    return 0;
}

static PyObject *Solver_clear(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver is busy in another thread");
        return NULL;
    }
    free_search(self);
    Py_RETURN_NONE;
}

/* What the table holds now: its groups, parts and parts of parts in use (see SPLIT_FROM), and
 * the blocks of entries they hold. */
static PyObject *Solver_table_stats(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver is busy in another thread");
        return NULL;
    }
    unsigned long long n[3] = {0, 0, 0}, blocks = 0;
    if (self->S) {
        const Table *T = &self->S->T;
        for (u64 i = 0; i <= T->groupMask; i++) {
            const Group *g = &T->groups[i];
            if (g->epoch == T->epoch) {
                n[part_depth(g->key1)]++;
                blocks += g->nblocks;
            }
        }
    }
    return Py_BuildValue("{sKsKsKsK}", "groups", n[0], "parts", n[1], "parts_of_parts", n[2], "blocks", blocks);
}

/* A new context: the table's entries no longer hold. Where the relaxed misère game is asked
 * (a team of one wanting few tricks, or an exact target), or the trump game (a seat alone on
 * its side, goal max: its results are kept in the same table), the table lends it its last
 * blocks (see RX_LEND), where its own table is small; back to it elsewhere. What the relaxed game
 * proved holds for the same trump suit: its table is emptied only for another trump, or when
 * the main table has used the lent blocks in between. */
#define OWN_TAGS (-2) /* ownTrump while its own table holds the tags of the lent entries */

static void new_context(Search *S, int relaxed, int trump)
{
    Table *T = &S->T;
    if (T->nblocks == T->allBlocks && (T->resets != S->resetsMark || T->used > S->lendFrom))
        S->lentTrump = -1;
    tt_reset(T);
    S->resetsMark = T->resets;
    T->nblocks = T->allBlocks;
    S->rx.memo = S->ownMemo;
    S->rx.mask = S->ownMask;
    S->rx.tags = (u16 *)(void *)(S->ownMemo + S->ownMask + 1);
    int lend = relaxed && S->lendFrom < T->allBlocks;
    if (!lend && S->ownTrump == OWN_TAGS) {
        /* its own table held the lent entries' tags: empty it, and the lent entries lose
         * their tags */
        memset(S->ownMemo, 0, (size_t)((S->ownMask + 1) * sizeof(RxEntry)));
        S->ownTrump = -1;
        S->lentTrump = -1;
    }
    if (!relaxed)
        return;
    int *held = &S->ownTrump;
    if (lend) {
        T->nblocks = S->lendFrom;
        S->rx.memo = (RxEntry *)(void *)(T->blocks + S->lendFrom);
        S->rx.mask = S->lendMask;
        /* their tags go where its own entries were (8 to an entry: see ensure_search) */
        S->rx.tags = (u16 *)(void *)S->ownMemo;
        S->ownTrump = OWN_TAGS;
        held = &S->lentTrump;
    }
    if (*held != trump) {
        if (*held >= 0 && S->nfilled <= RX_FILLED) {
            for (u64 i = 0; i < S->nfilled; i++)
                S->rx.memo[S->filled[i]].k1 = 0;
        } else {
            memset(S->rx.memo, 0, (size_t)((S->rx.mask + 1) * sizeof(RxEntry)));
        }
        *held = trump;
        S->nfilled = 0;
    }
}

static int card_of(PyObject *o, int *out)
{
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) {
        overflow_as_value_error();
        return -1;
    }
    if (v < 0 || v > 51) {
        PyErr_Format(PyExc_ValueError, "card index %ld is not in 0..51", v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static const char *SEAT_NAMES[4] = {"North", "East", "South", "West"};

/* The cards of seat p that move m stands for (its run). */
static inline int run_cards(const Search *S, int p, const Move *m)
{
    u16 run = (u16)(((2u << m->rank) - 1) & ~((1u << m->low) - 1));
    return POP[S->h[p][m->suit] & run];
}

/* The value of move m at the root for goals max and min, counted up to `cap` tricks (at most
 * the tricks left), the best value being R; rel gets the cards that mattered in every test
 * made. */
static int move_value(Search *S, int p, const Move *m, int R, int cap, u16 *rel)
{
    int lo = 0, hi = cap;
    if (S->maxSide[p])
        hi = R; /* no card of the side to move does better than the best */
    else
        lo = R;
    int v = S->maxSide[p] ? R : R + 1;
    u16 crel[4];
    rel[0] = rel[1] = rel[2] = rel[3] = 0;
    while (lo < hi) {
        if (v <= lo)
            v = lo + 1;
        if (v > hi)
            v = hi;
        int ok = child(S, p, m->suit, m->rank, v, crel);
        for (int s = 0; s < 4; s++)
            rel[s] = (u16)(rel[s] | crel[s]);
        if (ok) {
            lo = v;
            v++;
        } else {
            hi = v - 1;
            v--;
        }
    }
    return lo;
}

/*
 * solve(hands, trump, leader, played, team, goal, k[, limit[, seconds]])
 *   hands: 4 ints (52-bit masks, bit 13*suit + rank - 2), trump: 0..3 or -1,
 *   leader: 0..3, played: sequence of card indices (0..3 of them) in order from the leader,
 *   team: bit mask of seats (1..14), goal: 0 max, 1 min, 2 exact k, 3 at least k; for goals
 *   0 and 1, k >= 0 is a cap: values count up to k tricks (-1: no cap).
 * Returns (best, ((card, value), ...)) with every legal card of the player to move, or a bool
 * for goal 3. With limit > 0, TimeoutError once the search has visited more nodes.
 */
static PyObject *Solver_solve(SolverObject *self, PyObject *args)
{
    PyObject *handsObj, *playedObj;
    int trump, leader, team, goal, k;
    unsigned long long limit = 0;
    double seconds = 0.0;
    if (!PyArg_ParseTuple(args, "OiiOiii|Kd", &handsObj, &trump, &leader, &playedObj, &team, &goal, &k, &limit,
                          &seconds)) {
        overflow_as_value_error();
        return NULL;
    }
    if (trump < -1 || trump > 3) {
        PyErr_Format(PyExc_ValueError, "trump %d is not a suit (0..3) nor -1 (no trump)", trump);
        return NULL;
    }
    if (leader < 0 || leader > 3) {
        PyErr_Format(PyExc_ValueError, "leader %d is not a seat (0..3)", leader);
        return NULL;
    }
    if (team <= 0 || team >= 15) {
        PyErr_SetString(PyExc_ValueError, "the team must hold one, two or three seats");
        return NULL;
    }
    if (goal < 0 || goal > 3) {
        PyErr_Format(PyExc_ValueError, "goal %d is not 0 (max), 1 (min), 2 (exact) or 3 (at least)", goal);
        return NULL;
    }
    PyObject *hs = PySequence_Fast(handsObj, "hands must be a sequence of four masks");
    if (!hs)
        return NULL;
    if (PySequence_Fast_GET_SIZE(hs) != 4) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "hands must hold four masks");
        return NULL;
    }
    u64 hand[4];
    u64 seen = 0;
    for (int i = 0; i < 4; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(hs, i);
        unsigned long long v = PyLong_AsUnsignedLongLong(o);
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(hs);
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "a hand mask must be an int in 0 .. 2**52 - 1");
            return NULL;
        }
        if (v >> 52) {
            Py_DECREF(hs);
            PyErr_SetString(PyExc_ValueError, "a hand mask must be an int in 0 .. 2**52 - 1");
            return NULL;
        }
        if (seen & v) {
            Py_DECREF(hs);
            PyErr_Format(PyExc_ValueError, "a card is in two hands (%s and another)", SEAT_NAMES[i]);
            return NULL;
        }
        seen |= v;
        hand[i] = v;
    }
    Py_DECREF(hs);
    PyObject *seq = PySequence_Fast(playedObj, "played must be a sequence of card indices");
    if (!seq)
        return NULL;
    /* a copy: a card's __index__ (run by card_of) could empty a list while it is read */
    PyObject *ps = PySequence_Tuple(seq);
    Py_DECREF(seq);
    if (!ps)
        return NULL;
    Py_ssize_t np = PySequence_Fast_GET_SIZE(ps);
    if (np > 3) {
        Py_DECREF(ps);
        PyErr_SetString(PyExc_ValueError, "at most three cards can be on the table");
        return NULL;
    }
    int pc[3];
    for (Py_ssize_t i = 0; i < np; i++) {
        if (card_of(PySequence_Fast_GET_ITEM(ps, i), &pc[i]) < 0) {
            Py_DECREF(ps);
            return NULL;
        }
        u64 b = (u64)1 << pc[i];
        if (seen & b) {
            Py_DECREF(ps);
            PyErr_SetString(PyExc_ValueError, "a played card is also in a hand or played twice");
            return NULL;
        }
        seen |= b;
    }
    Py_DECREF(ps);
    /* hand sizes: seats that played to the trick hold one card fewer */
    int size[4], n = 0;
    for (int i = 0; i < 4; i++) {
        int c = 0;
        for (int s = 0; s < 4; s++)
            c += POP[(hand[i] >> (13 * s)) & 0x1FFF];
        size[i] = c;
    }
    for (int i = 0; i < 4; i++) {
        int seat = (leader + i) & 3;
        int full = size[seat] + (i < np ? 1 : 0);
        if (full > n)
            n = full;
    }
    if (n == 0 || n > 13) {
        PyErr_SetString(PyExc_ValueError, n == 0 ? "no card left to play" : "a hand holds more than 13 cards");
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        int seat = (leader + i) & 3;
        int want = n - (i < np ? 1 : 0);
        if (size[seat] != want) {
            PyErr_Format(PyExc_ValueError, "%s holds %d cards but should hold %d", SEAT_NAMES[seat],
                         size[seat], want);
            return NULL;
        }
    }
    /* a card played off the suit led while holding it is a revoke */
    for (Py_ssize_t i = 1; i < np; i++) {
        int led = pc[0] / 13;
        int seat = (leader + (int)i) & 3;
        if (pc[i] / 13 != led && ((hand[seat] >> (13 * led)) & 0x1FFF)) {
            PyErr_Format(PyExc_ValueError, "%s did not follow suit but still holds the suit led",
                         SEAT_NAMES[seat]);
            return NULL;
        }
    }
    if ((goal == 2 || goal == 3) && (k < 0 || k > 13)) {
        PyErr_Format(PyExc_ValueError, "target %d is not in 0..13", k);
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is busy in another thread; use one solver per thread");
        return NULL;
    }
    if (ensure_search(self) < 0)
        return NULL;
    Search *S = self->S;

    /* context: entries stay valid while trump and sides stay the same */
    int maxMask = goal == 1 ? (~team & 15) : team;
    int scoreMask = team;
    int mode = goal == 2 ? MODE_EXACT : MODE_MAX;
    int t = trump < 0 ? NT : trump;
    S->trump = t;
    S->mode = mode;
    for (int i = 0; i < 4; i++) {
        S->maxSide[i] = maxMask >> i & 1;
        S->scoreSide[i] = scoreMask >> i & 1;
        for (int s = 0; s < 4; s++)
            S->h[i][s] = (u16)((hand[i] >> (13 * s)) & 0x1FFF);
    }
    S->qtOK = (maxMask == scoreMask) && mode == MODE_MAX;
    S->misere = maxMask != scoreMask;
    S->lone = -1;
    S->pair = POP[scoreMask] == 2;
    for (int i = 0; i < 4; i++) {
        if (scoreMask == 1 << i)
            S->lone = i;
    }
    S->single = -1;
    S->tgFirst = self->tgFirst >= 2 ? self->tgFirst : TG_FIRST;
    S->rxFirst = self->rxFirst >= 2 ? self->rxFirst : RX_FIRST;
    if (S->qtOK) {
        /* a seat alone, or alone against a team of three; goal max; with or without trumps */
        for (int i = 0; i < 4; i++) {
            if (scoreMask == 1 << i || scoreMask == (15 ^ 1 << i))
                S->single = i;
        }
    }
    if (!self->haveCtx || self->ctxTrump != t || self->ctxMax != maxMask || self->ctxScore != scoreMask ||
        self->ctxMode != mode) {
        /* the searches that ask the relaxed misère game (a team of one wanting few tricks, or
         * an exact count) or the trump game (a seat alone on its side, goal max: with 64 MB,
         * the slowest lone deal of docs/solver-journal.md, *The trump game*, took 36 million
         * nodes instead of 58 since) */
        new_context(S, (S->lone >= 0 && (goal == 1 || goal == 2)) || S->single >= 0, t);
        self->haveCtx = 1;
        self->ctxTrump = t;
        self->ctxMax = maxMask;
        self->ctxScore = scoreMask;
        self->ctxMode = mode;
    }
    int oneSeat = POP[scoreMask] == 1 || POP[scoreMask] == 3;
    S->T.groupBlocks = (u32)(self->groupBlocks > 0 ? self->groupBlocks : oneSeat ? LONE_BLOCKS : GROUP_BLOCKS);
    S->T.splitFrom = (u32)(self->splitFrom > 0 ? self->splitFrom : SPLIT_FROM);
    for (int s = 0; s < 4; s++) {
        u16 m = 0;
        for (int i = 0; i < 4; i++)
            m |= S->h[i][s];
        S->rem[s] = m;
    }
    S->leader = leader;
    S->nplayed = 0;
    S->tricksLeft = n;
    S->winSeat = -1;
    S->winSuit = 0;
    S->winRank = -1;
    for (Py_ssize_t i = 0; i < np; i++) {
        int s = pc[i] / 13, r = pc[i] % 13;
        int seat = (leader + (int)i) & 3;
        S->rem[s] = (u16)(S->rem[s] | (1u << r));
        if (i == 0 || (s == S->winSuit && r > S->winRank) || (s == S->trump && S->winSuit != S->trump)) {
            S->winSeat = seat;
            S->winSuit = s;
            S->winRank = r;
        }
        S->tsuit[i] = s;
        S->trank[i] = r;
    }
    S->nplayed = (int)np;
    S->nodes = 0;
    memset(S->hist, 0, sizeof S->hist);
    memset(S->histFollow, 0, sizeof S->histFollow);
    S->limit = limit ? (u64)limit : ~(u64)0;
    S->deadline = seconds > 0 ? now_seconds() + seconds : 0;
    S->aborted = 0;

    int p = (leader + (int)np) & 3;
    Move mv[13];
    int nm = 0;
    int values[13];
    int best = 0;
    int boolResult = 0;
    u16 dummy[4];
    self->busy = 1;
    self->progExact = goal == 2;
    self->progBest = -1;
    self->progDone = 0;
    self->progTotal = 0;
    Py_BEGIN_ALLOW_THREADS
    nm = gen_moves(S, p, mv, -1, wants_none(S, k));
    /* order the root moves once, best first */
    for (int i = 0; i < nm; i++) {
        for (int j = i + 1; j < nm; j++) {
            if (mv[j].score > mv[i].score) {
                Move tmp = mv[i];
                mv[i] = mv[j];
                mv[j] = tmp;
            }
        }
    }
    if (goal != 3) {
        int total = 0;
        for (int i = 0; i < nm; i++)
            total += run_cards(S, p, &mv[i]);
        self->progTotal = total;
    }
    if (goal == 3) {
        boolResult = ab(S, k, dummy);
    } else if (goal == 2) {
        int any = 0, all = 1;
        for (int i = 0; i < nm; i++) {
            values[i] = child(S, p, mv[i].suit, mv[i].rank, k, dummy);
            any |= values[i];
            all &= values[i];
            if (!S->aborted)
                self->progDone += run_cards(S, p, &mv[i]);
        }
        best = S->maxSide[p] ? any : all;
    } else {
        /* the value of the position by null-window tests, then each move against it; with a
         * cap (k for these goals, when below the tricks left), values count up to k tricks
         * only: the tests above k are never made */
        int cap = k >= 0 && k < S->tricksLeft ? k : S->tricksLeft;
        int lo = 0, hi = cap;
        /* misère: step down from every trick left: the tests above the value are quick
         * (proofs that the team keeps within many tricks), those below it grow long */
        int v = S->misere ? hi : (hi + 1) / 2;
        while (lo < hi) {
            if (v <= lo)
                v = lo + 1;
            if (v > hi)
                v = hi;
            int ok = ab(S, v, dummy);
#ifdef WSTATS
            if (getenv("WSTATS")) fprintf(stderr, "test %d -> %d at %llu nodes\n", v, ok, (unsigned long long)S->nodes);
#endif
            if (ok) {
                lo = v;
                v++;
            } else {
                hi = v - 1;
                v--;
            }
        }
        int R = lo;
        best = R;
        if (!S->aborted)
            self->progBest = R; /* (a search out of budget answers no to every test) */
#ifdef WSTATS
        if (getenv("WSTATS")) fprintf(stderr, "R=%d after %llu nodes\n", R, (unsigned long long)S->nodes);
#endif
        /* as in ab(): a card below every card that mattered in the tests of a card of its
         * suit stands for all such cards, whatever the tests found */
        int line[4] = {0, 0, 0, 0}, lineValue[4] = {0, 0, 0, 0};
        for (int i = 0; i < nm; i++) {
            int ms = mv[i].suit;
            if (mv[i].rank < line[ms]) {
                values[i] = lineValue[ms];
                if (!S->aborted)
                    self->progDone += run_cards(S, p, &mv[i]);
                continue;
            }
            u16 rel[4];
            values[i] = move_value(S, p, &mv[i], R, cap, rel);
            if (!S->aborted)
                self->progDone += run_cards(S, p, &mv[i]);
            if (!line[ms]) {
                int low = lowest_mattered(rel[ms]);
                if (mv[i].rank < low) {
                    line[ms] = low;
                    lineValue[ms] = values[i];
                }
            }
#ifdef WSTATS
            if (getenv("WSTATS")) fprintf(stderr, "move %d%c = %d, %llu nodes\n", mv[i].suit, "23456789TJQKA"[mv[i].rank], values[i], (unsigned long long)S->nodes);
#endif
        }
    }
    Py_END_ALLOW_THREADS
    self->busy = 0;
    self->nodes = S->nodes;
    if (goal == 2 && !S->aborted)
        self->progBest = best;
#ifdef WSTATS
    if (getenv("WSTATS")) {
        fprintf(stderr, "shapes looked at %llu probed %llu\n", (unsigned long long)ST_shape, (unsigned long long)ST_probe);
        ST_shape = ST_probe = 0;
        fprintf(stderr, "resets %llu used %u of %u\n", (unsigned long long)S->T.resets, S->T.used, S->T.nblocks);
        { u64 ent = 0, full = 0; for (u32 b = 1; b < S->T.used; b++) { ent += S->T.blocks[b].count; full += S->T.blocks[b].count == BLOCK; }
          u64 ng = 0, nsub = 0; for (u64 i = 0; i <= S->T.groupMask; i++) if (S->T.groups[i].epoch == S->T.epoch) { ng++; nsub += (S->T.groups[i].key1 & SUB_BIT) != 0; }
          fprintf(stderr, "entries %llu in %u blocks (%llu full), groups %llu (parts %llu)\n", (unsigned long long)ent, S->T.used - 1, (unsigned long long)full, (unsigned long long)ng, (unsigned long long)nsub); }
        fprintf(stderr, "relaxed calls %llu proved %llu nodes %llu\n", (unsigned long long)ST_rx, (unsigned long long)ST_rxok, (unsigned long long)ST_rxn);
        for (int b = 0; b < 5; b++) fprintf(stderr, "rx bucket %d: calls %llu nodes %llu proved %llu aborted %llu\n", b, (unsigned long long)ST_rxh[b][0], (unsigned long long)ST_rxh[b][1], (unsigned long long)ST_rxh[b][2], (unsigned long long)ST_rxh[b][3]);
        memset(ST_rxh, 0, sizeof ST_rxh);
        fprintf(stderr, "trump game calls %llu proved %llu nodes %llu\n", (unsigned long long)ST_tg, (unsigned long long)ST_tgok, (unsigned long long)ST_tgn);
        fprintf(stderr, "parts probed %llu splits %llu\n", (unsigned long long)ST_parts, (unsigned long long)ST_split); ST_parts = 0; ST_split = 0;
        fprintf(stderr, "blocks walked %llu chain ends %llu\n", (unsigned long long)ST_walk, (unsigned long long)ST_missw); ST_walk = ST_missw = 0;
        fprintf(stderr, "safe %llu nodes %llu tb %llu qt %llu look %llu tt %llu\n", (unsigned long long)ST_sl, (unsigned long long)S->nodes,
                (unsigned long long)ST_tb, (unsigned long long)ST_qt, (unsigned long long)ST_look, (unsigned long long)ST_tt);
        for (int a = 0; a < 4; a++)
            for (int m = 0; m < 2; m++) {
                fprintf(stderr, "np%d %s n %9llu nocut %9llu waste %9llu cuts:", a, m ? "MAX" : "min",
                        (unsigned long long)ST_nodes[a][m], (unsigned long long)ST_nocut[a][m], (unsigned long long)ST_waste[a][m]);
                for (int i = 0; i < 8; i++)
                    fprintf(stderr, " %llu", (unsigned long long)ST_cut[a][m][i]);
                fprintf(stderr, "\n");
            }
    }
    if (getenv("WSTATS")) { for (int a = 13; a >= 2; a--) fprintf(stderr, "tl%d min %llu MAX %llu ring %llu\n", a, (unsigned long long)ST_exp[a][0], (unsigned long long)ST_exp[a][1], (unsigned long long)ST_ring[a]); }
    memset(ST_exp, 0, sizeof ST_exp); memset(ST_ring, 0, sizeof ST_ring);
    memset(ST_nodes, 0, sizeof ST_nodes); memset(ST_cut, 0, sizeof ST_cut); memset(ST_nocut, 0, sizeof ST_nocut);
    memset(ST_waste, 0, sizeof ST_waste); ST_tt = ST_qt = ST_sl = ST_tb = ST_look = 0;
#endif
    if (S->aborted) {
        if (limit && S->nodes > limit)
            PyErr_Format(PyExc_TimeoutError, "the search took more than %llu nodes", limit);
        else
            PyErr_Format(PyExc_TimeoutError, "the search took more than %d ms", (int)(seconds * 1000));
        return NULL;
    }

    if (goal == 3)
        return PyBool_FromLong(boolResult);
    /* every legal card takes the value of its run */
    int lo = 0, hi = 3;
    if (np > 0 && S->h[p][S->tsuit[0]])
        lo = hi = S->tsuit[0];
    PyObject *cards = PyList_New(0);
    if (!cards)
        return NULL;
    for (int s = lo; s <= hi; s++) {
        u16 x = S->h[p][s];
        while (x) {
            int tb = TOP[x];
            x = (u16)(x ^ (1u << tb));
            int cur = -1;
            for (int i = 0; i < nm; i++) {
                if (mv[i].suit == s && mv[i].low <= tb && tb <= mv[i].rank)
                    cur = values[i];
            }
            PyObject *item = Py_BuildValue("(ii)", 13 * s + tb, cur);
            if (!item || PyList_Append(cards, item) < 0) {
                Py_XDECREF(item);
                Py_DECREF(cards);
                return NULL;
            }
            Py_DECREF(item);
        }
    }
    PyObject *out = Py_BuildValue("(iN)", best, cards);
    return out;
}

static PyObject *Solver_get_nodes(SolverObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyObject *Solver_get_progress(SolverObject *self, void *Py_UNUSED(closure))
{
    int best = self->progBest, done = self->progDone, total = self->progTotal;
    if (best < 0)
        return Py_BuildValue("(Oii)", Py_None, done, total);
    if (self->progExact)
        return Py_BuildValue("(Nii)", PyBool_FromLong(best), done, total);
    return Py_BuildValue("(iii)", best, done, total);
}

static PyObject *Solver_get_memory(SolverObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromSsize_t(self->memBytes);
}

static PyMethodDef Solver_methods[] = {
    {"solve", (PyCFunction)Solver_solve, METH_VARARGS,
     "solve(hands, trump, leader, played, team, goal, k, limit=0, seconds=0.0) -> (best, [(card, value), ...]) or bool"
     " (goal 0 max, 1 min, 2 exact k, 3 at least k; for goals 0 and 1, k >= 0 caps the counts at k, -1: no cap)"},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Forget the transposition table."},
    {"table_stats", (PyCFunction)Solver_table_stats, METH_NOARGS,
     "table_stats() -> {'groups': n, 'parts': n, 'parts_of_parts': n, 'blocks': n} in use"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "Nodes searched by the last solve.", NULL},
    {"memory", (getter)Solver_get_memory, NULL, "Bytes allowed for the transposition table.", NULL},
    {"progress", (getter)Solver_get_progress, NULL,
     "(best, done, total) of the current or last solve: the best value once found (None before;"
     " exact goals: a bool, at the end), the legal cards valued so far and their number. Safe to read"
     " from another thread while a solve runs.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "whist.solver._core.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A double-dummy search with its own transposition table (one thread at a time).",
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
    .tp_init = (initproc)Solver_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef coremodule = {
    PyModuleDef_HEAD_INIT, "_core", "Double-dummy search core of whist.solver.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
    init_tables();
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&coremodule);
    if (!m)
        return NULL;
    PyObject *bases = PyTuple_Pack(2, PyExc_ValueError, PyExc_MemoryError);
    TableMemoryError = bases ? PyErr_NewExceptionWithDoc(
        "whist.solver._core.TableMemoryError",
        "The memory asked for the table cannot be allocated (a ValueError and a MemoryError).", bases, NULL)
        : NULL;
    Py_XDECREF(bases);
    if (!TableMemoryError || PyModule_AddObjectRef(m, "TableMemoryError", TableMemoryError) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
