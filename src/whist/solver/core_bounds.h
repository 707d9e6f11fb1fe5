/* Part of whist.solver._core (quick tricks, sure losers and sure winners): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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
