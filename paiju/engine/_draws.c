/* The deal's shuffle and the random bot's choices, compiled: random.Random.shuffle's and choice's own algorithms and
 * draws (every index comes from getrandbits, redrawn while out of range), so a seed deals the same cards, and a bot
 * picks the same actions, as in Python. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

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
static PyObject *shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
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

/* ------------------------------------------------------------------ a random bot's own draws */

#define MT_N 624
#define MT_M 397

/* A Mersenne Twister seeded as random.Random(seed) seeds its own, so its choices are the very draws of
 * random.Random(seed).choice: a random bot's stream without a random.Random made (and seeded through Python) per
 * hand, nor a Python call per draw. */
typedef struct {
    PyObject_HEAD
    int index;    /* the next word of ``state`` to give; UNSEEDED while the seed waits in ``key`` */
    uint32_t key; /* a one-word seed not yet spread over ``state`` */
    uint32_t state[MT_N];
} Draws;

#define UNSEEDED (-1)
/* The generators made with a one-word seed and not seeded yet: a hand's bots are made one after another before any of
 * them draws, and their seeds are spread together, their independent steps interleaved (the seeding is one long
 * chain of dependent multiplications per generator: several chains side by side take hardly longer than one). */
#define MAX_PENDING 8
static Draws *PENDING[MAX_PENDING]; /* borrowed: a generator leaves the list when it is seeded or freed */
static int N_PENDING;

/* The state init_genrand(19650218) leaves, where every seeding by an array starts: made once. */
static uint32_t SEEDED[MT_N];

static void seeded_start(void) {
    SEEDED[0] = 19650218U;
    for (uint32_t i = 1; i < MT_N; i++) SEEDED[i] = 1812433253U * (SEEDED[i - 1] ^ (SEEDED[i - 1] >> 30)) + i;
}

/* random.Random's init_by_array over the 32-bit words of the seed, lowest first. */
static void seed_by_array(Draws *d, const uint32_t *key, size_t n) {
    uint32_t *mt = d->state;
    memcpy(mt, SEEDED, sizeof SEEDED);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > n ? MT_N : n; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        if (++i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (++j >= n) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        if (++i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    d->index = MT_N;
}

/* seed_by_array of every pending generator's one-word key, side by side. */
static void seed_pending(void) {
    int n = N_PENDING;
    uint32_t *mt[MAX_PENDING], key[MAX_PENDING];
    for (int g = 0; g < n; g++) {
        mt[g] = PENDING[g]->state;
        key[g] = PENDING[g]->key;
        memcpy(mt[g], SEEDED, sizeof SEEDED);
    }
    size_t i = 1;
    for (size_t k = MT_N; k; k--) { /* one word: key[j] + j is the key itself */
        for (int g = 0; g < n; g++)
            mt[g][i] = (mt[g][i] ^ ((mt[g][i - 1] ^ (mt[g][i - 1] >> 30)) * 1664525U)) + key[g];
        if (++i >= MT_N) {
            for (int g = 0; g < n; g++) mt[g][0] = mt[g][MT_N - 1];
            i = 1;
        }
    }
    for (size_t k = MT_N - 1; k; k--) {
        for (int g = 0; g < n; g++)
            mt[g][i] = (mt[g][i] ^ ((mt[g][i - 1] ^ (mt[g][i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        if (++i >= MT_N) {
            for (int g = 0; g < n; g++) mt[g][0] = mt[g][MT_N - 1];
            i = 1;
        }
    }
    for (int g = 0; g < n; g++) {
        mt[g][0] = 0x80000000U;
        PENDING[g]->index = MT_N;
    }
    N_PENDING = 0;
}

/* The next 32 random bits (random.Random's genrand_uint32). */
static uint32_t next_word(Draws *d) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = d->state, y;
    if (d->index == UNSEEDED) seed_pending();
    if (d->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        d->index = 0;
    }
    y = mt[d->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* The 32-bit words of abs(seed), lowest first, as random.Random.seed splits an int (one word 0 for 0), into a new
 * PyMem block; NULL with the error set. */
static uint32_t *seed_words(PyObject *seed, size_t *n) {
    PyObject *rest = PyNumber_Absolute(seed), *mask = NULL, *shift = NULL;
    if (rest == NULL) return NULL;
    uint32_t *key = NULL;
    size_t cap = 0;
    *n = 0;
    if ((mask = PyLong_FromUnsignedLong(0xffffffffUL)) == NULL || (shift = PyLong_FromLong(32)) == NULL) goto fail;
    do {
        PyObject *low = PyNumber_And(rest, mask), *high = low ? PyNumber_Rshift(rest, shift) : NULL;
        unsigned long word = low ? PyLong_AsUnsignedLong(low) : 0;
        Py_XDECREF(low);
        Py_SETREF(rest, high);
        if (rest == NULL || (word == (unsigned long)-1 && PyErr_Occurred())) goto fail;
        if (*n == cap) {
            uint32_t *more = PyMem_Realloc(key, (cap = cap ? 2 * cap : 2) * sizeof(uint32_t));
            if (more == NULL) {
                PyErr_NoMemory();
                goto fail;
            }
            key = more;
        }
        key[(*n)++] = (uint32_t)word;
    } while (PyObject_IsTrue(rest) == 1);
    Py_DECREF(rest);
    Py_DECREF(mask);
    Py_DECREF(shift);
    return key;
fail:
    PyMem_Free(key);
    Py_XDECREF(rest);
    Py_XDECREF(mask);
    Py_XDECREF(shift);
    return NULL;
}

static PyObject *draws_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *seed;
    if (kwargs != NULL && PyDict_Size(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Draws takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_UnpackTuple(args, "Draws", 1, 1, &seed)) return NULL;
    if (!PyLong_Check(seed)) {
        PyErr_SetString(PyExc_TypeError, "Draws takes an int seed");
        return NULL;
    }
    Draws *d = (Draws *)type->tp_alloc(type, 0);
    if (d == NULL) return NULL;
    int overflow;
    long long small = PyLong_AsLongLongAndOverflow(seed, &overflow);
    if (!overflow && small > -(1LL << 32) && small < (1LL << 32)) { /* one word: seeded with the others pending */
        if (N_PENDING == MAX_PENDING) seed_pending();
        d->key = (uint32_t)(small < 0 ? -small : small);
        d->index = UNSEEDED;
        PENDING[N_PENDING++] = d;
        return (PyObject *)d;
    }
    size_t n;
    uint32_t *key = seed_words(seed, &n);
    if (key == NULL) {
        Py_DECREF(d);
        return NULL;
    }
    seed_by_array(d, key, n);
    PyMem_Free(key);
    return (PyObject *)d;
}

/* Draws.choice(items) -> random.Random(seed).choice's item of the non-empty sequence ``items``: an index of bit_length(n)
 * random bits, drawn again while it is out of range */
static PyObject *draws_choice(PyObject *self, PyObject *items) {
    Py_ssize_t n = PySequence_Size(items);
    if (n < 0) return NULL;
    if (n == 0) {
        PyErr_SetString(PyExc_IndexError, "Cannot choose from an empty sequence");
        return NULL;
    }
    if ((size_t)n > 0xffffffffU) {
        PyErr_SetString(PyExc_OverflowError, "Draws chooses among fewer than 2**32 items");
        return NULL;
    }
    int k = 0;
    for (size_t m = (size_t)n; m; m >>= 1) k++;
    uint32_t r;
    do r = next_word((Draws *)self) >> (32 - k);
    while (r >= (uint32_t)n);
    return PyList_CheckExact(items) ? Py_NewRef(PyList_GET_ITEM(items, r)) : PySequence_GetItem(items, r);
}

/* A generator freed before it drew leaves the pending ones. */
static void draws_dealloc(PyObject *self) {
    for (int g = 0; g < N_PENDING; g++)
        if (PENDING[g] == (Draws *)self) {
            PENDING[g] = PENDING[--N_PENDING];
            break;
        }
    Py_TYPE(self)->tp_free(self);
}

static PyMethodDef DRAWS_METHODS[] = {
    {"choice", draws_choice, METH_O, "random.Random(seed).choice: the same item, the same draws."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject DrawsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "paiju.engine._draws.Draws",
    .tp_basicsize = sizeof(Draws),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Draws(seed): random.Random(seed)'s stream, for a bot's choices.",
    .tp_new = draws_new,
    .tp_dealloc = draws_dealloc,
    .tp_methods = DRAWS_METHODS,
};

static PyMethodDef METHODS[] = {
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL, "random.Random.shuffle, the same draws."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_draws",
    .m_doc = "random.Random's shuffle and choice, compiled: the same draws from the same seed.",
    .m_size = -1,
    .m_methods = METHODS,
};

PyMODINIT_FUNC PyInit__draws(void) {
    seeded_start();
    if (PyType_Ready(&DrawsType) < 0) return NULL;
    PyObject *module = PyModule_Create(&MODULE);
    if (module != NULL && PyModule_AddObjectRef(module, "Draws", (PyObject *)&DrawsType) < 0) Py_CLEAR(module);
    return module;
}
