/* Part of whist.solver._core (the trump game, a lower bound of a lone seat's tricks): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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
#define TG_K 4         /* the most tricks of L it is asked for, whatever L holds... */
#endif

/* ...and beyond that, up to one less than L's trumps: a long trump holding is what the game
 * sees that the search does not, and it makes many tricks (see docs/solver-journal.md, *The
 * trump game for a long trump holding*) */
static inline int tg_asked(const Search *S, int k)
{
    return k <= TG_K || (S->trump != NT && k < POP[S->h[S->single][S->trump]]);
}

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
