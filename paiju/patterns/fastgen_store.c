/* The store of one list's mixed plays (fastgen.h's Store): the parts the readings join, the readings as records
 * (fastgen_wild.c writes them), and a reading made into its Move when a Lazy list reads it (fastgen_lazy.c). */
#include "fastgen.h"

/* Room for ``more`` items of ``size`` bytes past ``n`` in ``*items`` (grown by doubling); -1 with the error set. */
int room(void **items, Py_ssize_t *cap, Py_ssize_t n, Py_ssize_t more, size_t size) {
    if (n + more <= *cap) return 0;
    Py_ssize_t want = *cap ? *cap : 64;
    while (want < n + more) want *= 2;
    void *grown = PyMem_Realloc(*items, (size_t)want * size);
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *items = grown;
    *cap = want;
    return 0;
}

int store_kind(Store *st, PyObject *kind) {
    for (int i = 0; i < st->n_kinds; i++)
        if (st->kinds[i] == kind) return i;
    if (st->n_kinds == STORE_KINDS) {
        PyErr_SetString(PyExc_ValueError, "more pattern kinds than a table has");
        return -1;
    }
    st->kinds[st->n_kinds] = kind;
    return st->n_kinds++;
}

int store_pairs(Store *st, const unsigned char *pairs, int wild) {
    if (room((void **)&st->pairs, &st->cap_pairs, st->n_pairs, 2 * wild, 1) < 0) return -1;
    memcpy(st->pairs + st->n_pairs, pairs, (size_t)(2 * wild));
    st->n_pairs += 2 * wild;
    return (int)(st->n_pairs - 2 * wild);
}

void store_free(Store *st) {
    if (st == NULL) return;
    PyMem_Free(st->parts.items);
    PyMem_Free(st->reads);
    PyMem_Free(st->pairs);
    PyMem_Free(st);
}

/* The Move of reading ``rd`` (a new reference): its cards per rank are its parts' natural cards and its wild cards'
 * faces; the pairs are the stored ones, or, with one face, each wild card standing for a rank of the parts, low to
 * high (as fastgen_wild.c's emit orders them). */
PyObject *make_reading(const Spec *s, const Store *st, const Reading *rd) {
    const Part *b = &st->parts.items[rd->body], *k = rd->kick == NO_PART ? NULL : &st->parts.items[rd->kick];
    unsigned char own[2 * MAX_HAND];
    const unsigned char *pairs = own;
    int ranks[NUM_RANKS], wild = 0, total = 0;
    for (int r = 0; r < NUM_RANKS; r++) ranks[r] = b->nat[r] + (k != NULL ? k->nat[r] : 0);
    if (rd->pairs == NO_PAIRS) {
        for (int r = 0; r < NUM_RANKS; r++) {
            int stands = b->st[r] + (k != NULL ? k->st[r] + (r == st->face ? k->fx[r] : 0) : 0);
            for (int i = 0; i < stands && wild < MAX_HAND; i++) {
                own[2 * wild] = (unsigned char)st->face;
                own[2 * wild++ + 1] = (unsigned char)r;
            }
        }
    } else {
        pairs = st->pairs + rd->pairs;
        wild = rd->wild;
    }
    for (int i = 0; i < wild; i++) ranks[pairs[2 * i]]++;
    for (int r = 0; r < NUM_RANKS; r++) total += ranks[r];
    PyObject *rt = PyTuple_New(total), *wt = PyTuple_New(wild), *m = NULL;
    if (rt != NULL && wt != NULL) {
        for (int r = 0, at = 0; r < NUM_RANKS; r++)
            for (int i = 0; i < ranks[r]; i++) PyTuple_SET_ITEM(rt, at++, Py_NewRef(SMALL[r]));
        for (int i = 0; i < wild; i++) PyTuple_SET_ITEM(wt, i, Py_NewRef(WILD_PAIRS[pairs[2 * i]][pairs[2 * i + 1]]));
        PyObject_GC_UnTrack(rt); /* ints only: no cycle */
        PyObject_GC_UnTrack(wt);
        m = wild_move(s, st->kinds[rd->kind], rd->end, rd->n, rt, wt);
    }
    Py_XDECREF(rt);
    Py_XDECREF(wt);
    return m;
}
