/* The deal's shuffle and the random bot's choice, compiled: random.Random.shuffle's and choice's own algorithms and
 * draws (every index comes from getrandbits, redrawn while out of range), so a seed deals the same cards, and a bot
 * picks the same actions, as in Python. */
#include "fastgen.h"

/* A number in [0, n) as random.Random._randbelow_with_getrandbits draws it; -1 with the error set. */
static long below(PyObject *getrandbits, unsigned long n) {
    int k = 0;
    for (unsigned long m = n; m; m >>= 1) k++;
    PyObject *bits = PyLong_FromLong(k);
    if (bits == NULL) return -1;
    unsigned long r;
    do {
        PyObject *drawn = PyObject_CallOneArg(getrandbits, bits);
        if (drawn == NULL) {
            Py_DECREF(bits);
            return -1;
        }
        r = PyLong_AsUnsignedLong(drawn);
        Py_DECREF(drawn);
        if (r == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(bits);
            return -1;
        }
    } while (r >= n);
    Py_DECREF(bits);
    return (long)r;
}

/* shuffle(rng, items) -> None: ``rng.shuffle(items)`` for a random.Random ``rng`` and a list ``items``, the same draws
 * in the same order */
PyObject *shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shuffle takes a random.Random and a list");
        return NULL;
    }
    PyObject *items = args[1], *getrandbits = PyObject_GetAttrString(args[0], "getrandbits");
    if (getrandbits == NULL) return NULL;
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i >= 1; i--) {
        long j = below(getrandbits, (unsigned long)i + 1);
        if (j < 0) {
            Py_DECREF(getrandbits);
            return NULL;
        }
        if (i >= PyList_GET_SIZE(items)) { /* getrandbits ran Python code that shrank the list */
            Py_DECREF(getrandbits);
            PyErr_SetString(PyExc_RuntimeError, "the list changed size while it was shuffled");
            return NULL;
        }
        PyObject *a = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, j));
        PyList_SET_ITEM(items, j, a);
    }
    Py_DECREF(getrandbits);
    Py_RETURN_NONE;
}

/* choice(rng, items) -> ``rng.choice(items)`` for a random.Random ``rng`` and a non-empty sequence ``items``: the same
 * draw, so a bot that picks with it keeps the stream it had in Python */
PyObject *choice(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "choice takes a random.Random and a sequence");
        return NULL;
    }
    Py_ssize_t n = PySequence_Size(args[1]);
    if (n < 0) return NULL;
    if (n == 0) {
        PyErr_SetString(PyExc_IndexError, "Cannot choose from an empty sequence");
        return NULL;
    }
    PyObject *getrandbits = PyObject_GetAttrString(args[0], "getrandbits");
    if (getrandbits == NULL) return NULL;
    long i = below(getrandbits, (unsigned long)n);
    Py_DECREF(getrandbits);
    return i < 0 ? NULL : PySequence_GetItem(args[1], i);
}
