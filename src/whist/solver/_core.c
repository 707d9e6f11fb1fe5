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

/* The solver itself, in parts read in this order (each uses what the parts before it define);
 * this file adds the Python object around it. */
#include "core_base.h"
#include "core_table.h"
#include "core_state.h"
#include "core_bounds.h"
#include "core_moves.h"
#include "core_misere.h"
#include "core_trump_game.h"
#include "core_search.h"

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
    for (int s = 0; s < 4; s++)
        S->rx.skMasks[s] = ~0ULL; /* (no suit's cards: rx_key makes every key first) */
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

/* A count known to lie from lo to hi, found by null-window tests of move m of seat p (of the
 * position itself when m is NULL), the first at v, stepping up after a yes and down after a no;
 * rel gets the cards that mattered in every test made. */
static int stepped_count(Search *S, int p, const Move *m, int lo, int hi, int v, u16 *rel)
{
    u16 crel[4];
    rel[0] = rel[1] = rel[2] = rel[3] = 0;
    while (lo < hi) {
        if (v <= lo)
            v = lo + 1;
        if (v > hi)
            v = hi;
        int ok = m ? child(S, p, m->suit, m->rank, v, crel) : ab(S, v, crel);
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

/* The value of move m at the root for goals max and min, counted from `floor` (a value of floor
 * meaning floor or fewer) up to `cap` tricks (at most the tricks left), the best value being R;
 * rel gets the cards that mattered in every test made. */
static int move_value(Search *S, int p, const Move *m, int R, int floor, int cap, u16 *rel)
{
    if (S->maxSide[p]) /* no card of the side to move does better than the best */
        return stepped_count(S, p, m, floor, R, R, rel);
    if (!S->misere || S->lone < 0 || R + 1 >= cap)
        return stepped_count(S, p, m, R, cap, R + 1, rel);
    /* a lone misère player's card worse than the best: from the top down, as the root's value
     * (each test above the value a proof that the team keeps within so many tricks, quick with
     * the relaxed game; from below, each a proof of the others', and on the slowest count known
     * the first of them took 515 million positions where the card's whole value from the top
     * took 127 million; two misère players have no relaxed game, and their proofs that they
     * keep within many tricks are not quick: on a count of 3 from the top, a card worth 4 took
     * 20 to 60 million positions more) */
    u16 below[4];
    if (!child(S, p, m->suit, m->rank, R + 1, below)) {
        memcpy(rel, below, sizeof below);
        return R;
    }
    int v = stepped_count(S, p, m, R + 1, cap, cap, rel);
    for (int s = 0; s < 4; s++)
        rel[s] = (u16)(rel[s] | below[s]);
    return v;
}

/*
 * solve(hands, trump, leader, played, team, goal, k[, limit[, seconds[, floor[, signals]]]])
 *   hands: 4 ints (52-bit masks, bit 13*suit + rank - 2), trump: 0..3 or -1,
 *   leader: 0..3, played: sequence of card indices (0..3 of them) in order from the leader,
 *   team: bit mask of seats (1..14), goal: 0 max, 1 min, 2 exact k, 3 at least k; for goals
 *   0 and 1, k >= 0 is a cap: values count up to k tricks (-1: no cap); floor (goals 0 and 1,
 *   below the cap): values count from floor, a value of floor meaning floor or fewer.
 * Returns (best, ((card, value), ...)) with every legal card of the player to move, or a bool
 * for goal 3. With limit > 0, TimeoutError once the search has visited more nodes. With
 * signals true (a call from the main thread), the signal handlers run about every 262,144 nodes and
 * an exception they raise (KeyboardInterrupt) stops the search and is raised.
 */
static PyObject *Solver_solve(SolverObject *self, PyObject *args)
{
    PyObject *handsObj, *playedObj;
    int trump, leader, team, goal, k;
    unsigned long long limit = 0;
    double seconds = 0.0;
    int floor = 0, signals = 0;
    if (!PyArg_ParseTuple(args, "OiiOiii|Kdip", &handsObj, &trump, &leader, &playedObj, &team, &goal, &k, &limit,
                          &seconds, &floor, &signals)) {
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
    if (floor < 0 || floor > 12 || (floor > 0 && goal > 1) || (floor > 0 && k >= 0 && floor >= k)) {
        PyErr_Format(PyExc_ValueError, "floor %d is not a count of tricks from 0 to 12 below the cap,"
                     " for the goals max and min", floor);
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
    S->interrupted = 0;
    S->signals = signals;
    S->nextCheck = CHECK_EVERY;
    S->nextSignal = SIGNAL_EVERY;

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
    S->ts = PyEval_SaveThread(); /* (Py_BEGIN_ALLOW_THREADS, its state kept where out_of_time finds it) */
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
    } else {
        /* a count: the value of the position by null-window tests, then each move against it;
         * with a cap (k for these goals, when below the tricks left), values count up to k
         * tricks only: the tests above k are never made; with a floor, the tests at and below
         * it are never made either (a value of floor: floor or fewer), and a floor at or above
         * every trick left leaves no test at all. An exact goal: one test a move. */
        int R = 0, cap = 0;
        if (goal != 2) {
            cap = k >= 0 && k < S->tricksLeft ? k : S->tricksLeft;
            if (floor > cap)
                cap = floor;
            /* misère: step down from every trick left: the tests above the value are quick
             * (proofs that the team keeps within many tricks), those below it grow long */
            R = stepped_count(S, p, NULL, floor, cap, S->misere ? cap : (floor + cap + 1) / 2, dummy);
            best = R;
            if (!S->aborted)
                self->progBest = R; /* (a search out of budget answers no to every test) */
#ifdef WSTATS
            if (getenv("WSTATS")) fprintf(stderr, "R=%d after %llu nodes\n", R, (unsigned long long)S->nodes);
#endif
        }
        /* as in ab(): a card below every card that mattered in the tests of a card of its
         * suit stands for all such cards, whatever the tests found */
        int line[4] = {0, 0, 0, 0}, lineValue[4] = {0, 0, 0, 0};
        int any = 0, all = 1;
        for (int i = 0; i < nm; i++) {
            int ms = mv[i].suit;
            if (mv[i].rank < line[ms]) {
                values[i] = lineValue[ms];
            } else {
                u16 rel[4];
                values[i] = goal == 2 ? child(S, p, ms, mv[i].rank, k, rel)
                                      : move_value(S, p, &mv[i], R, floor, cap, rel);
                if (!line[ms] && mv[i].rank < lowest_mattered(rel[ms])) {
                    line[ms] = lowest_mattered(rel[ms]);
                    lineValue[ms] = values[i];
                }
            }
            any |= values[i];
            all &= values[i];
            if (!S->aborted)
                self->progDone += run_cards(S, p, &mv[i]);
#ifdef WSTATS
            if (getenv("WSTATS")) fprintf(stderr, "move %d%c = %d, %llu nodes\n", mv[i].suit, "23456789TJQKA"[mv[i].rank], values[i], (unsigned long long)S->nodes);
#endif
        }
        if (goal == 2)
            best = S->maxSide[p] ? any : all;
    }
    PyEval_RestoreThread(S->ts);
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
    if (S->interrupted)
        return NULL; /* the exception a signal handler raised (KeyboardInterrupt for Ctrl-C) */
    if (S->aborted) {
        if (limit && S->nodes > limit)
            PyErr_Format(PyExc_TimeoutError, "the search took more than %llu node%s (max_nodes)", limit,
                         limit == 1 ? "" : "s");
        else {  /* PyErr_Format has no %g: the seconds as Python writes them */
            char text[64];
            PyOS_snprintf(text, sizeof text, "%g", seconds);
            PyErr_Format(PyExc_TimeoutError, "the search took more than %s s (max_seconds)", text);
        }
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
     "solve(hands, trump, leader, played, team, goal, k, limit=0, seconds=0.0, floor=0) -> (best, [(card, value), ...])"
     " or bool (goal 0 max, 1 min, 2 exact k, 3 at least k; for goals 0 and 1, k >= 0 caps the counts at k, -1: no cap,"
     " and the counts start at floor, below the cap)"},
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
