/* Which copies of its cards a seat plays for a move (holding.py's Holding._pick), and the pattern extension's C API,
 * imported once when the module loads. */
#include "turn.h"

#define BLACK_JOKER 13

const FastgenApi *PATTERNS;

int patterns_ready(void) {
    PATTERNS = (const FastgenApi *)PyCapsule_Import(FASTGEN_API, 0);
    return PATTERNS == NULL ? -1 : 0;
}

#define CARDS_PER_DECK 54

/* The rank of a card id: four suits per rank for 3…2, then the black and the red joker, the same in every deck. */
static int face_rank(int card) {
    int face = card % CARDS_PER_DECK;
    return face < 52 ? face >> 2 : face - 52 + BLACK_JOKER;
}

/* A card's place among the copies of its rank: lowest suit first, then lowest deck (holding.py's _lowest_first). */
static long long lowest_first(int card) {
    return (long long)(card % CARDS_PER_DECK) << 32 | card;
}

/* Sort ``n`` cards by lowest_first (a handful at a time: insertion sort). */
static void sort_copies(int *cards, Py_ssize_t n) {
    for (Py_ssize_t i = 1; i < n; i++) {
        int v = cards[i];
        Py_ssize_t j = i;
        for (; j > 0 && lowest_first(cards[j - 1]) > lowest_first(v); j--) cards[j] = cards[j - 1];
        cards[j] = v;
    }
}

/* The card ids of ``hand`` (a list or tuple) into ``cards`` and, by ``wild`` (a set, maybe empty), which of them are
 * wild into ``is_wild``: 0, or -1 with the error set. */
int read_hand(PyObject *hand, PyObject *wild, int *cards, char *is_wild) {
    int any_wild = PySet_GET_SIZE(wild) > 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(hand); i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(hand, i);
        long card = PyLong_AsLong(item);
        if (card < 0 || card > INT_MAX) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a card is a non-negative id");
            return -1;
        }
        int w = any_wild ? PySet_Contains(wild, item) : 0;
        if (w < 0) return -1;
        cards[i] = (int)card;
        is_wild[i] = (char)w;
    }
    return 0;
}

/* The lowest copies among the ``n`` ``cards`` that make ``need[r]`` cards of each rank r, natural cards before the
 * wild ones (``is_wild``) of a rank, sorted as sort_cards sorts, into ``picked``: how many, or -2 when a card is
 * missing. */
Py_ssize_t pick_into(const int *cards, const char *is_wild, Py_ssize_t n, const int *need, int *picked) {
    int natural[MAX_HAND], spare[MAX_HAND];
    Py_ssize_t got = 0;
    for (int r = 0; r < NUM_RANKS; r++) {
        if (!need[r]) continue;
        Py_ssize_t nn = 0, ns = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (face_rank(cards[i]) != r) continue;
            if (is_wild[i])
                spare[ns++] = cards[i];
            else
                natural[nn++] = cards[i];
        }
        if (nn + ns < need[r]) return -2;
        sort_copies(natural, nn);
        sort_copies(spare, ns);
        Py_ssize_t from_natural = nn < need[r] ? nn : need[r], start = got;
        for (Py_ssize_t i = 0; i < from_natural; i++) picked[got++] = natural[i];
        for (Py_ssize_t i = 0; i < need[r] - from_natural; i++) picked[got++] = spare[i];
        sort_copies(picked + start, got - start);
    }
    return got;
}

/* How many cards of each rank ``ranks`` (a tuple of ranks) names, into ``need``: -1 with the error set when a rank is
 * not one. */
int need_of(PyObject *ranks, int *need) {
    for (int r = 0; r < NUM_RANKS; r++) need[r] = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(ranks); i++) {
        long r = PyLong_AsLong(PyTuple_GET_ITEM(ranks, i));
        if (r < 0 || r >= NUM_RANKS) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a rank is 0…14");
            return -1;
        }
        need[r]++;
    }
    return 0;
}

/* pick(hand, ranks, wild) -> pick_into's cards as a tuple; None when the hand lacks a card. */
PyObject *pick_cards(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "pick takes 3 arguments, not %zd", nargs);
        return NULL;
    }
    int need[NUM_RANKS], cards[MAX_HAND], picked[MAX_HAND];
    char is_wild[MAX_HAND];
    PyObject *ranks = args[1], *wild = args[2];
    if (!PyTuple_Check(ranks) || !PyAnySet_Check(wild)) {
        PyErr_SetString(PyExc_TypeError, "pick takes cards, a tuple of ranks and a set of wild cards");
        return NULL;
    }
    if (need_of(ranks, need) < 0) return NULL;
    PyObject *hand = PySequence_Fast(args[0], "the cards must be a sequence");
    if (hand == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(hand), got = -1;
    if (n > MAX_HAND)
        PyErr_SetString(PyExc_ValueError, "more cards than a hand holds");
    else if (read_hand(hand, wild, cards, is_wild) == 0)
        got = pick_into(cards, is_wild, n, need, picked);
    Py_DECREF(hand);
    return got == -2 ? Py_NewRef(Py_None) : got < 0 ? NULL : PATTERNS->int_tuple(picked, (int)got);
}
