/* Part of whist.solver._core (the moves of a node and their order): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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
