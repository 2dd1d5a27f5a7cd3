/* The two-colour tables (speculator.md §14), compiled: each move of one colour's cards tagged with that colour, the
 * triple+pair and airplane+pairs whose kicker pairs may be the other colour's, and the answers that beat by colour,
 * the same Move values in the same order as paiju/patterns/colour.py (the oracle it is tested against). */
#include "fastgen.h"

#define KIND 0
#define KEY 1
#define LENGTH 2
#define RANKS 3
#define TIER 4
#define WILDS 6
#define COLOUR 7
#define RED 1
#define BLACK 0
#define NO_TIER (-1)

/* ``move`` as colour ``colour`` (a new reference): Move._replace(colour=colour). */
static PyObject *tagged(PyObject *move, int colour) {
    PyTypeObject *type = Py_TYPE(move);
    Py_ssize_t n = PyTuple_GET_SIZE(move);
    if (n <= COLOUR) {
        PyErr_SetString(PyExc_TypeError, "a move has eight fields");
        return NULL;
    }
    PyObject *m = type->tp_alloc(type, n);
    if (m == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        PyTuple_SET_ITEM(m, i, Py_NewRef(i == COLOUR ? SMALL[colour] : PyTuple_GET_ITEM(move, i)));
    PyObject_GC_UnTrack(m); /* immutable values only, as every move */
    return m;
}

/* Append ``m`` (a new reference, stolen; NULL passes the error on) to ``out``. */
static int append_new(PyObject *out, PyObject *m) {
    if (m == NULL) return -1;
    int rc = PyList_Append(out, m);
    Py_DECREF(m);
    return rc;
}

int colour_all(PyObject *out, PyObject *moves, int colour) {
    PyObject *fast = PySequence_Fast(moves, "a colour's moves must be a sequence");
    if (fast == NULL) return -1;
    int rc = 0;
    for (Py_ssize_t i = 0; rc == 0 && i < PySequence_Fast_GET_SIZE(fast); i++)
        rc = append_new(out, tagged(PySequence_Fast_GET_ITEM(fast, i), colour));
    Py_DECREF(fast);
    return rc;
}

/* colour.py's _fits: the body (``length`` trios up to ``top``; ``n`` the move's natural cards per rank, its wild
 * stand-ins aside) all of ``colour``, every other rank whole pairs of the other colour and the rest this colour's. */
static int fits(const int *n, int top, int length, const Colours *cs, int colour) {
    const int *own = cs->counts[colour], *other = cs->counts[1 - colour];
    for (int r = 0; r < NUM_RANKS; r++) {
        if (n[r] == 0) continue;
        if (r > top - length && r <= top) {
            if (n[r] > own[r]) return 0;
            continue;
        }
        int low = n[r] > own[r] ? n[r] - own[r] : 0;
        low += low % 2;
        if (low > (n[r] < other[r] ? n[r] : other[r])) return 0;
    }
    return 1;
}

/* A rank read from a move (0 to 14), or -1 with the error set. */
static int rank_of(PyObject *v) {
    long r = PyLong_AsLong(v);
    if (r < 0 || r >= NUM_RANKS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a move's rank is 0 to 14");
        return -1;
    }
    return (int)r;
}

/* A move's natural cards per rank into ``n`` (its wild cards' faces taken out) and its key rank into ``top``
 * (move.py's key_rank: a whole key, else the rank it plays most of, the highest such): 0, or -1 with the error set. */
static int read_body(PyObject *m, int *n, int *top) {
    int played[NUM_RANKS] = {0};
    PyObject *ranks = PyTuple_GET_ITEM(m, RANKS), *wilds = PyTuple_GET_ITEM(m, WILDS);
    if (!PyTuple_Check(ranks) || !PyTuple_Check(wilds)) {
        PyErr_SetString(PyExc_TypeError, "a move's ranks and wild cards are tuples");
        return -1;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(ranks); j++) {
        int r = rank_of(PyTuple_GET_ITEM(ranks, j));
        if (r < 0) return -1;
        n[r]++;
        played[r]++;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(wilds); j++) {
        PyObject *pair = PyTuple_GET_ITEM(wilds, j);
        int face = PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2 ? rank_of(PyTuple_GET_ITEM(pair, 0)) : -1;
        int stands = face < 0 ? -1 : rank_of(PyTuple_GET_ITEM(pair, 1));
        if (stands < 0 || n[face] == 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a wild card's face is among the move's ranks");
            return -1;
        }
        n[face]--;
        played[face]--;
        played[stands]++;
    }
    double key = PyFloat_AsDouble(PyTuple_GET_ITEM(m, KEY));
    if (PyErr_Occurred()) return -1;
    *top = (int)key;
    if (key != (double)*top)
        for (int r = 0; r < NUM_RANKS; r++)
            if (played[r] && played[r] >= played[*top]) *top = r;
    return 0;
}

int colour_fitting(PyObject *out, PyObject *moves, const Colours *cs, int colour, int last) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(moves); i++) {
        PyObject *m = PyList_GET_ITEM(moves, i);
        int n[NUM_RANKS] = {0}, top;
        long length = PyLong_AsLong(PyTuple_GET_ITEM(m, LENGTH));
        if ((length == -1 && PyErr_Occurred()) || read_body(m, n, &top) < 0) return -1;
        for (int c = colour; c <= last; c++)
            if (fits(n, top, (int)length, cs, c) && append_new(out, tagged(m, c)) < 0) return -1;
    }
    return 0;
}

/* What colour_beats reads of a move. */
typedef struct {
    PyObject *kind;
    double key;
    long length, tier, colour;
    Py_ssize_t size;
} Seen;

static int see(PyObject *m, Seen *v) {
    v->kind = PyTuple_GET_ITEM(m, KIND);
    v->key = PyFloat_AsDouble(PyTuple_GET_ITEM(m, KEY));
    v->length = PyLong_AsLong(PyTuple_GET_ITEM(m, LENGTH));
    v->tier = PyLong_AsLong(PyTuple_GET_ITEM(m, TIER));
    v->colour = PyLong_AsLong(PyTuple_GET_ITEM(m, COLOUR));
    v->size = PyTuple_GET_SIZE(PyTuple_GET_ITEM(m, RANKS));
    return PyErr_Occurred() ? -1 : 0;
}

/* move.py's beats (other-games.md §0.3 C4): 1, 0, or -1 with the error set. */
static int plain_beats(const Seen *a, const Seen *b) {
    if (a->tier != NO_TIER) return b->tier == NO_TIER || a->tier > b->tier || (a->tier == b->tier && a->key > b->key);
    if (b->tier != NO_TIER) return 0;
    if (a->length != b->length || a->size != b->size || !(a->key > b->key)) return 0;
    return PyObject_RichCompareBool(a->kind, b->kind, Py_EQ);
}

/* colour.py's coloured_beats: 1, 0, or -1 with the error set. */
static int colour_beats(const Seen *a, const Seen *b, const Colours *cs) {
    if (a->tier != NO_TIER || b->tier != NO_TIER) {
        if (!(a->tier == b->tier && a->size == b->size)) return plain_beats(a, b);
    } else {
        if (a->length != b->length || a->size != b->size) return 0;
        int same = PyObject_RichCompareBool(a->kind, b->kind, Py_EQ);
        if (same <= 0) return same;
    }
    if ((a->colour == b->colour || !cs->bound) && a->key > b->key) return 1;
    if (a->colour == RED && b->colour == BLACK) return cs->red_any || a->key >= b->key;
    return a->colour == BLACK && b->colour == RED && a->key == b->key;
}

PyObject *colour_finish(PyObject *out, PyObject *to_beat, const Colours *cs) {
    Seen b = {NULL, 0.0, 0, 0, 0, 0};
    PyObject *kept = PyList_New(0), *last = NULL, *wins = NULL;
    if (kept == NULL) return NULL;
    if (to_beat == Py_None) {
        wins = Py_NewRef(out);
    } else { /* those that beat, first: fewer to sort (a stable sort: the first of equal moves stays first) */
        if (see(to_beat, &b) < 0 || (wins = PyList_New(0)) == NULL) goto fail;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(out); i++) {
            PyObject *m = PyList_GET_ITEM(out, i);
            Seen a;
            int beat = see(m, &a) < 0 ? -1 : colour_beats(&a, &b, cs);
            if (beat < 0 || (beat && PyList_Append(wins, m) < 0)) goto fail;
        }
    }
    if (PyList_Sort(wins) < 0) goto fail;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(wins); i++) {
        PyObject *m = PyList_GET_ITEM(wins, i);
        int again = last == NULL ? 0 : PyObject_RichCompareBool(last, m, Py_EQ);
        if (again < 0 || (!again && PyList_Append(kept, m) < 0)) goto fail;
        last = m;
    }
    Py_DECREF(wins);
    return kept;
fail:
    Py_XDECREF(wins);
    Py_DECREF(kept);
    return NULL;
}

/* Whether one colour holds ``body`` natural cards of each rank ``start``…``end`` (colour.py's _bodies). */
static int one_colour_body(const Colours *cs, int body, int start, int end) {
    for (int colour = BLACK; colour <= RED; colour++) {
        int all = 1;
        for (int r = start; r <= end && all; r++) all = cs->counts[colour][r] >= body;
        if (all) return 1;
    }
    return 0;
}

/* The plays of kicker kind ``k`` on the body ``start``…``end`` of both colours' cards, appended as each colour they
 * fit. */
static int kicks_on(PyObject *out, const Spec *s, const Colours *cs, const int *both, const Kicker *k, int start,
                    int end) {
    if (!one_colour_body(cs, k->body, start, end)) return 0;
    Out o = {PyList_New(0), NULL};
    if (o.list == NULL) return -1;
    int rc = attached(&o, s, k, both, start, end);
    if (rc == 0) rc = colour_fitting(out, o.list, cs, BLACK, RED);
    Py_DECREF(o.list);
    return rc;
}

int colour_kicks(PyObject *out, const Spec *s, const Colours *cs, PyObject *kind, int length) {
    int both[NUM_RANKS];
    for (int r = 0; r < NUM_RANKS; r++) both[r] = cs->counts[BLACK][r] + cs->counts[RED][r];
    for (int i = 0; i < s->n_kickers; i++) {
        const Kicker *k = &s->kickers[i];
        int kicks = kind == NULL ? PySequence_Contains(cs->pair_kinds, k->kind) : k->kind == kind;
        if (kicks <= 0) {
            if (kicks < 0) return -1;
            continue;
        }
        int least = k->chain ? k->least : 1, top = k->chain ? CHAIN_TOP : TWO, most = k->chain ? NUM_RANKS : 1;
        if (kind != NULL) least = most = length;
        for (int start = 0; start <= top; start++)
            for (int end = start; end <= top && end - start < most && both[end] >= k->body; end++)
                if (end - start + 1 >= least && kicks_on(out, s, cs, both, k, start, end) < 0) return -1;
    }
    return 0;
}
