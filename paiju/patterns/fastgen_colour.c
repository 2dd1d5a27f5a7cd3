/* The two-colour tables (speculator.md §14), compiled: each move of one colour's cards tagged with that colour, the
 * triple+pair and airplane+pairs whose kicker pairs may be the other colour's, and the answers that beat by colour,
 * the same Move values in the same order as paiju/patterns/colour.py (the oracle it is tested against). */
#include "fastgen.h"

#define KIND 0
#define KEY 1
#define LENGTH 2
#define RANKS 3
#define TIER 4
#define BOMB 5
#define WILDS 6
#define COLOUR 7
#define RED 1
#define BLACK 0
#define NO_TIER (-1)

/* ``move`` as colour ``colour`` (a new reference): Move._replace(colour=colour). */
static PyObject *tagged(PyObject *move, int colour) {
    if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) <= COLOUR) {
        PyErr_SetString(PyExc_TypeError, "a move has eight fields");
        return NULL;
    }
    PyTypeObject *type = Py_TYPE(move);
    Py_ssize_t n = PyTuple_GET_SIZE(move);
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

/* Append each move of the list ``moves`` (plays with kicker pairs) as each colour ``colour``…``last`` whose cards make
 * its body, each kicker pair one colour's. */
static int colour_fitting(PyObject *out, PyObject *moves, const Colours *cs, int colour, int last) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(moves); i++) {
        PyObject *m = PyList_GET_ITEM(moves, i);
        int n[NUM_RANKS] = {0}, top;
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) <= COLOUR) {
            PyErr_SetString(PyExc_TypeError, "a move has eight fields");
            return -1;
        }
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

/* ------------------------------------------------------------------ sorting: Python's order of Move tuples, in C */

#define MAX_SORTED_WILDS 16 /* wild cards in one play: a 3-deck pack's twelve 3s, and room */
#define MAX_TEXTS 64        /* distinct kinds and bomb names in one list */

/* A move as its tuple compares: its fields in order, its kind and bomb name as their places among the list's texts,
 * and where it was listed (the first of equal moves stays, as Python's set and stable sort keep it). */
typedef struct {
    PyObject *m;
    Py_ssize_t at;
    double key;
    long length, tier, colour;
    int kind, bomb, n, nw;
    unsigned char ranks[MAX_HAND], wild[2 * MAX_SORTED_WILDS];
} Sortable;

typedef struct {
    PyObject *items[MAX_TEXTS];
    int order[MAX_TEXTS], n;
} Texts;

/* The index of ``text`` among ``t`` (added when new, equal texts sharing one): -1 with the error set. */
static int text_at(Texts *t, PyObject *text) {
    for (int i = 0; i < t->n; i++) {
        if (t->items[i] == text) return i;
        int same = PyObject_RichCompareBool(t->items[i], text, Py_EQ);
        if (same != 0) return same < 0 ? -1 : i;
    }
    if (t->n == MAX_TEXTS) {
        PyErr_SetString(PyExc_ValueError, "too many kinds in one list");
        return -1;
    }
    t->items[t->n] = text;
    return t->n++;
}

/* Each text's place in their sorted order (``order``): 0, or -1 with the error set. */
static int text_order(Texts *t) {
    for (int i = 0; i < t->n; i++) {
        t->order[i] = 0;
        for (int j = 0; j < t->n; j++) {
            int below = j != i ? PyObject_RichCompareBool(t->items[j], t->items[i], Py_LT) : 0;
            if (below < 0) return -1;
            t->order[i] += below;
        }
    }
    return 0;
}

static int read_sortable(Sortable *v, PyObject *m, Py_ssize_t at, Texts *kinds, Texts *bombs) {
    PyObject *ranks = PyTuple_GET_ITEM(m, RANKS), *wilds = PyTuple_GET_ITEM(m, WILDS);
    v->m = m;
    v->at = at;
    v->key = PyFloat_AsDouble(PyTuple_GET_ITEM(m, KEY));
    v->length = PyLong_AsLong(PyTuple_GET_ITEM(m, LENGTH));
    v->tier = PyLong_AsLong(PyTuple_GET_ITEM(m, TIER));
    v->colour = PyLong_AsLong(PyTuple_GET_ITEM(m, COLOUR));
    if (PyErr_Occurred() || (v->kind = text_at(kinds, PyTuple_GET_ITEM(m, KIND))) < 0 ||
        (v->bomb = text_at(bombs, PyTuple_GET_ITEM(m, BOMB))) < 0)
        return -1;
    if (!PyTuple_Check(ranks) || !PyTuple_Check(wilds) || PyTuple_GET_SIZE(ranks) > MAX_HAND ||
        PyTuple_GET_SIZE(wilds) > MAX_SORTED_WILDS) {
        PyErr_SetString(PyExc_ValueError, "a move's ranks and wild cards are tuples of a hand's cards at most");
        return -1;
    }
    v->n = (int)PyTuple_GET_SIZE(ranks);
    for (int j = 0; j < v->n; j++) {
        int r = rank_of(PyTuple_GET_ITEM(ranks, j));
        if (r < 0) return -1;
        v->ranks[j] = (unsigned char)r;
    }
    v->nw = 2 * (int)PyTuple_GET_SIZE(wilds);
    for (int j = 0; j < v->nw; j++) {
        PyObject *pair = PyTuple_GET_ITEM(wilds, j / 2);
        int r = PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2 ? rank_of(PyTuple_GET_ITEM(pair, j % 2)) : -1;
        if (r < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a wild card is a (face, stands) pair");
            return -1;
        }
        v->wild[j] = (unsigned char)r;
    }
    return 0;
}

#define CMP(a, b) ((a) < (b) ? -1 : (a) > (b) ? 1 : 0)

/* Two byte strings as tuples compare: item by item, a shorter one first when it starts the other. */
static int bytes_cmp(const unsigned char *a, int na, const unsigned char *b, int nb) {
    int n = na < nb ? na : nb;
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) return CMP(a[i], b[i]);
    return CMP(na, nb);
}

/* Move tuples' order (kind, key, length, ranks, tier, bomb, wilds, colour); 0 for equal moves. */
static int move_cmp(const Sortable *a, const Sortable *b, const Texts *kinds, const Texts *bombs) {
    int c;
    if ((c = CMP(kinds->order[a->kind], kinds->order[b->kind])) || (c = CMP(a->key, b->key)) ||
        (c = CMP(a->length, b->length)) || (c = bytes_cmp(a->ranks, a->n, b->ranks, b->n)) ||
        (c = CMP(a->tier, b->tier)) || (c = CMP(bombs->order[a->bomb], bombs->order[b->bomb])) ||
        (c = bytes_cmp(a->wild, a->nw, b->wild, b->nw)))
        return c;
    return CMP(a->colour, b->colour);
}

/* The texts qsort's comparator reads (it takes no context: one list is sorted at a time, under the GIL). */
static const Texts *sort_kinds, *sort_bombs;

static int sortable_cmp(const void *x, const void *y) {
    const Sortable *a = x, *b = y;
    int c = move_cmp(a, b, sort_kinds, sort_bombs);
    return c ? c : CMP(a->at, b->at);
}

PyObject *colour_finish(PyObject *out, PyObject *to_beat, const Colours *cs) {
    Seen b = {NULL, 0.0, 0, 0, 0, 0};
    Texts kinds = {.n = 0}, bombs = {.n = 0};
    Py_ssize_t n = 0, total = PyList_GET_SIZE(out);
    Sortable *v = total ? PyMem_Malloc((size_t)total * sizeof(Sortable)) : NULL;
    PyObject *kept = NULL;
    if ((total && v == NULL) || (to_beat != Py_None && see(to_beat, &b) < 0)) goto done;
    for (Py_ssize_t i = 0; i < total; i++) {
        PyObject *m = PyList_GET_ITEM(out, i);
        if (to_beat != Py_None) { /* the moves that beat, only: fewer to sort */
            Seen a;
            int beat = see(m, &a) < 0 ? -1 : colour_beats(&a, &b, cs);
            if (beat <= 0) {
                if (beat < 0) goto done;
                continue;
            }
        }
        if (read_sortable(&v[n], m, i, &kinds, &bombs) < 0) goto done;
        n++;
    }
    if (text_order(&kinds) < 0 || text_order(&bombs) < 0) goto done;
    sort_kinds = &kinds;
    sort_bombs = &bombs;
    if (n > 1) qsort(v, (size_t)n, sizeof(Sortable), sortable_cmp);
    if ((kept = PyList_New(0)) == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        if ((i == 0 || move_cmp(&v[i - 1], &v[i], &kinds, &bombs) != 0) && PyList_Append(kept, v[i].m) < 0) {
            Py_CLEAR(kept);
            break;
        }
done:
    if (kept == NULL && !PyErr_Occurred()) PyErr_NoMemory();
    PyMem_Free(v);
    return kept;
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

/* Append every play of both colours' cards with kicker pairs (of ``kind`` and ``length`` links, or with ``kind`` NULL
 * of every kind in ``pair_kinds``) as each colour whose cards make its body, each kicker pair one colour's. */
static int colour_kicks(PyObject *out, const Spec *s, const Colours *cs, PyObject *kind, int length) {
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

int colour_pairs(PyObject *out, const Spec *s, const Colours *cs, PyObject *to_beat, PyObject *listed) {
    if (!cs->bound) return 0;
    PyObject *kind = to_beat == Py_None ? NULL : PyTuple_GET_ITEM(to_beat, KIND);
    long length = to_beat == Py_None ? 0 : PyLong_AsLong(PyTuple_GET_ITEM(to_beat, LENGTH));
    if (PyErr_Occurred()) return -1;
    int kicks = kind == NULL || PySequence_Contains(cs->pair_kinds, kind);
    if (kicks <= 0) return kicks;
    if (colour_kicks(out, s, cs, kind, (int)length) < 0) return -1;
    for (int colour = BLACK; listed != Py_None && colour <= RED; colour++)
        if (colour_fitting(out, PyTuple_GET_ITEM(listed, 2 + colour), cs, colour, colour) < 0) return -1;
    return 0;
}

int colour_args(Colours *cs, PyObject *pair_kinds, PyObject *to_beat, PyObject *red_any, PyObject *listed) {
    int move = to_beat == Py_None || (PyTuple_Check(to_beat) && PyTuple_GET_SIZE(to_beat) > COLOUR);
    if (!PyTuple_Check(pair_kinds) || !move ||
        (listed != Py_None && (!PyTuple_Check(listed) || PyTuple_GET_SIZE(listed) != 5 ||
                               !PyList_Check(PyTuple_GET_ITEM(listed, 2)) || !PyList_Check(PyTuple_GET_ITEM(listed, 3))))) {
        PyErr_SetString(PyExc_TypeError, "coloured takes a tuple of kinds, a Move or None, and None or five lists");
        return -1;
    }
    cs->pair_kinds = pair_kinds;
    if ((cs->red_any = PyObject_IsTrue(red_any)) < 0) return -1;
    if (listed != Py_None) return (cs->bound = PyObject_IsTrue(PyTuple_GET_ITEM(listed, 4))) < 0 ? -1 : 0;
    int held[2] = {0, 0};
    for (int r = 0; r < NUM_RANKS; r++) {
        held[BLACK] += cs->counts[BLACK][r];
        held[RED] += cs->counts[RED][r];
    }
    cs->bound = held[BLACK] > 0 && held[RED] > 0;
    return 0;
}
