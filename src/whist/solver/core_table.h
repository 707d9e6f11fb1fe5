/* Part of whist.solver._core (the transposition table's layout, its memory and its groups of entries): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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
