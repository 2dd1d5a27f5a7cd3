/* The rule of thumb's measure of a hand (hand_cost.py's _plan_cost, its oracle), compiled: the easy bot weighs
 * every play by it, and the search bot's rollouts and world draws play the easy bot hundreds of times a decision.
 * The same steps in the same order, so every figure is the very double Python works out. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NUM_RANKS 15
#define ACE 11
#define TWO 12
#define BLACK_JOKER 13
#define RED_JOKER 14

/* Greedily remove the longest runs of ranks 3…A, ``width`` cards each, at least ``least`` links; how many. */
static int take_runs(int *c, int width, int least) {
    int runs = 0;
    for (;;) {
        int best_start = -1, best_end = -1;
        int start = 0;
        while (start <= ACE) {
            int end = start;
            while (end <= ACE && c[end] >= width) end++;
            if (end - start >= least && (best_start < 0 || end - start > best_end - best_start)) {
                best_start = start;
                best_end = end;
            }
            start = end > start + 1 ? end : start + 1;
        }
        if (best_start < 0) return runs;
        for (int r = best_start; r < best_end; r++) c[r] -= width;
        runs++;
    }
}

/* The shapes a cost reads, in the order Shapes.packed holds them. */
typedef struct {
    long straight_min, pair_chain_min, triple_chain_min, quad_chain_min, bomb_size;
    int single_kickers, quad_kickers, jokers, joker_pairs; /* jokers: 0 (no joker bomb), 1 (BR) or 2 (BBRR) */
} Shapes;

static double cost_of(int *c, const Shapes *s) {
    double cost = 0.0;
    if (s->jokers && c[BLACK_JOKER] >= s->jokers && c[RED_JOKER] >= s->jokers) {
        cost -= 1.0;
        c[BLACK_JOKER] -= s->jokers;
        c[RED_JOKER] -= s->jokers;
    }
    for (int r = 0; r <= TWO; r++) {
        if (c[r] >= s->bomb_size) {
            cost -= 0.5;
            c[r] = c[r] > 4 ? 0 : c[r] - 4; /* a bomb of five or more is played whole */
        }
    }
    long held = 0, left = 0;
    for (int r = 0; r < NUM_RANKS; r++) held += c[r];
    if (s->quad_chain_min) cost += take_runs(c, 4, (int)s->quad_chain_min);
    for (int r = 0; r < NUM_RANKS; r++) left += c[r];
    long chained = (held - left) / 4; /* quads in chains: each may carry a trio (航母) */
    long runs = take_runs(c, 3, (int)s->triple_chain_min);
    runs += take_runs(c, 2, (int)s->pair_chain_min);
    runs += take_runs(c, 1, (int)s->straight_min);
    cost += runs;
    long quads = 0, triples = 0, pairs = 0, singles = 0, high = 0, aces = 0;
    int paired = s->joker_pairs ? NUM_RANKS : TWO + 1;
    for (int r = 0; r <= TWO; r++) {
        quads += c[r] == 4;
        triples += c[r] == 3;
    }
    for (int r = 0; r < NUM_RANKS; r++) {
        int pair = r < paired && c[r] == 2, single = c[r] == 1;
        pairs += pair;
        singles += single;
        if (pair || single) {
            high += r >= TWO;
            aces += r == ACE;
        }
    }
    long carried = 0; /* trios quads carry (四带三, 航母) */
    if (s->quad_kickers) carried = quads + chained < triples ? quads + chained : triples;
    long kickable = pairs + (s->single_kickers ? singles : 0);
    long kicked = triples - carried < kickable ? triples - carried : kickable;
    cost += quads + triples + pairs + singles - carried - kicked;
    /* High cards win tricks: they cost less than low ones. */
    cost -= 0.5 * high;
    cost -= 0.2 * aces;
    return cost;
}

/* plan_cost(counts, shapes) -> float: ``counts`` a sequence of 15 rank counts, ``shapes`` the tuple of nine ints
 * Shapes.packed holds. */
static PyObject *plan_cost(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyTuple_Check(args[1]) || PyTuple_GET_SIZE(args[1]) != 9) {
        PyErr_SetString(PyExc_TypeError, "plan_cost takes rank counts and a tuple of nine shape numbers");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(args[0], "rank counts must be a sequence");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NUM_RANKS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a hand's rank counts are 15 numbers");
        return NULL;
    }
    int c[NUM_RANKS];
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int r = 0; r < NUM_RANKS; r++) {
        long n = PyLong_AsLong(items[r]);
        if (n == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        c[r] = (int)n;
    }
    Py_DECREF(seq);
    long v[9];
    for (int i = 0; i < 9; i++) {
        v[i] = PyLong_AsLong(PyTuple_GET_ITEM(args[1], i));
        if (v[i] == -1 && PyErr_Occurred()) return NULL;
    }
    Shapes s = {v[0], v[1], v[2], v[3], v[4], (int)v[5], (int)v[6], (int)v[7], (int)v[8]};
    return PyFloat_FromDouble(cost_of(c, &s));
}

static PyMethodDef METHODS[] = {
    {"plan_cost", (PyCFunction)(void (*)(void))plan_cost, METH_FASTCALL, "What a hand costs to play out."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_cost", "The rule of thumb's hand cost, compiled.", -1,
                                    METHODS};

PyMODINIT_FUNC PyInit__cost(void) { return PyModule_Create(&MODULE); }
