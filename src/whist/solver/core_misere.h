/* Part of whist.solver._core (the safe-duck tests and the relaxed misère game): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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
static void rx_key(Relaxed *R, const u16 h[4][4], int L, int lLeads, int may, u64 *k0, u64 *k1)
{
    u64 k[2] = {0, 0};
    const u16 *a = h[(L + 1) & 3], *b = h[(L + 2) & 3], *c = h[(L + 3) & 3];
    for (int s = 0; s < 4; s++) {
        /* a suit's key is remade only when its cards moved since it was last made: a trick
         * moves one suit, or a few */
        u64 masks = (u64)h[L][s] | (u64)a[s] << 16 | (u64)b[s] << 32 | (u64)c[s] << 48;
        if (R->skMasks[s] != masks) {
            R->skMasks[s] = masks;
            R->sk[s] = rx_suit_key(h[L][s], a[s], b[s], c[s]);
        }
        k[s >> 1] |= R->sk[s] << (27 * (s & 1));
    }
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
    int done = rx_done(S, h, m);
    if (done >= 0)
        return done;
    int L = S->lone;
    /* the key first, and the fetch of its entries from memory while the test below is made */
    int memo = rx_cards(S, h) > RX_NOMEMO;
    int anyToo = (may | 1 << L) != 15;
    u64 k[2] = {0, 0}, any[2] = {0, 0};
    if (memo) {
        rx_key(&S->rx, (const u16(*)[4])h, L, 0, may, &k[0], &k[1]);
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
        /* the key, and the fetch of its entry from memory while the leads are listed */
        rx_key(&S->rx, (const u16(*)[4])h, L, 1, 0, &k[0], &k[1]);
        rx_prefetch(&S->rx, k);
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
    if (memo) {
        int known = rx_memo(S, h, m, k, &e);
        if (known >= 0)
            return known;
        rx_open(&S->rx, outer);
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
