/* The pattern extension's C API for the extensions built on it (the climbing turn): a table's compiled spec read from
 * its capsule, and the natural-card leads and answers listed into a Python list.  The extension hands it out as a
 * capsule (PyCapsule_Import(FASTGEN_API, 0)); it names no field of any family's objects. */
#ifndef PAIJU_FASTGEN_API_H
#define PAIJU_FASTGEN_API_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NUM_RANKS 15
#define MAX_HAND 162 /* the most cards one hand can hold: a whole 3-deck pack */
#define FASTGEN_API "paiju.patterns._fastgen._C_API"

typedef struct Spec Spec; /* a table's compiled shapes (fastgen.h) */

/* Where listed moves go: ``list``, as the moves themselves, or with ``pair`` as pair((move, None)) each (a Play). */
typedef struct {
    PyObject *list;
    PyTypeObject *pair;
} Out;

typedef struct {
    /* The spec of a make_spec capsule; NULL with the error set. */
    const Spec *(*spec_of)(PyObject *capsule);
    /* A sequence of 15 rank counts into ``c``: 0, or -1 with the error set. */
    int (*read_counts)(PyObject *seq, int *c);
    /* Every move the counts ``c`` can lead, appended to ``o``: 0, or -1 with the error set. */
    int (*lead_into)(const Out *o, const Spec *s, const int *c);
    /* Every move that beats a play of ``kind``, ``key``, ``length`` and ``tier``, appended to ``o``. */
    int (*beating_into)(const Out *o, const Spec *s, const int *c, PyObject *kind, PyObject *key, PyObject *length,
                        PyObject *tier);
    /* A tuple of ``n`` small ints (a new reference). */
    PyObject *(*int_tuple)(const int *values, int n);
} FastgenApi;

#endif
