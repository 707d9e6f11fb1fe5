/* Part of whist.solver._core (the alpha-beta search on the trick count): included once by _core.c, in
 * order, after the parts before it; not a header to include elsewhere. */

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

/* Every SIGNAL_EVERY nodes or so (about 20 ms) a search called from the main thread takes the
 * interpreter lock back for a moment to run the signal handlers, so that Ctrl-C (the handler
 * of SIGINT raising KeyboardInterrupt) stops it as it stops Python code; every CHECK_EVERY
 * nodes it looks at the clock, where the call has a time limit. Counted by thresholds, not by
 * multiples of the node count: the relaxed misère game and the trump game add their nodes in
 * one jump, which stepped over the multiples (Ctrl-C then took seconds in a misère count). */
#define SIGNAL_EVERY 262144u
#define CHECK_EVERY 1024u

static int out_of_time(Search *S)
{
    S->nextCheck = S->nodes + CHECK_EVERY;
    if (S->deadline > 0 && now_seconds() > S->deadline)
        return 1;
    if (!S->signals || S->nodes < S->nextSignal)
        return 0;
    S->nextSignal = S->nodes + SIGNAL_EVERY;
    PyEval_RestoreThread(S->ts);
    int raised = PyErr_CheckSignals() < 0;
    S->ts = PyEval_SaveThread();
    if (raised)
        S->interrupted = 1;
    return raised;
}

static int ab(Search *S, int need, u16 *rel)
{
    rel[0] = rel[1] = rel[2] = rel[3] = 0;
    if (S->aborted)
        return 0;
    if (++S->nodes > S->limit || (S->nodes >= S->nextCheck && out_of_time(S))) {
        S->aborted = 1; /* out of budget, or interrupted: unwind without storing anything */
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
            if (tg_asked(S, k) && tg_position(S, k, rel)) {
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
