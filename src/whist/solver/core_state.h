/* Part of whist.solver._core (the search's state, the table's keys, lookups and stores): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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
    u64 skMasks[4], sk[4]; /* the relaxed game: each suit's cards when its key was last made, and that key (rx_key) */
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
    int aborted;      /* the budget ran out, or a signal handler raised (interrupted) */
    int interrupted;  /* a signal handler raised: its exception is set, the call returns it */
    int signals;      /* run the signal handlers now and then (a call from the main thread) */
    u64 nextCheck;    /* the node count at which the clock is looked at next (see out_of_time) */
    u64 nextSignal;   /* the same for the signal handlers */
    PyThreadState *ts; /* the calling thread's state, saved while the search runs without the lock */
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
