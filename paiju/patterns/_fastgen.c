/*
 * The move generator's natural-card hot path, compiled: leads, answers and bombs of a rank-count vector, built
 * as the same Move values, in the same order, as paiju/patterns/generate.py (the oracle it is tested against).
 *
 * A table's generator hands this module a "spec" once (see paiju/patterns/compiled.py): the Move type, the pattern
 * kinds and the lists Shapes compiles from its PatternRules.  Tables with kinds this path does not know (the dress,
 * the spaceship) stay on the Python path; fastgen_wild.c lists the plays that mix natural and wild cards.
 */
#include "fastgen.h"

/* ------------------------------------------------------------------ the spec */

static void spec_free(PyObject *capsule) {
    Spec *s = (Spec *)PyCapsule_GetPointer(capsule, "paiju.fastgen.spec");
    if (s == NULL) return;
    Py_XDECREF(s->move);
    Py_XDECREF(s->bomb_kind);
    Py_XDECREF(s->joker_bomb_kind);
    for (int i = 0; i < s->n_groups; i++) Py_XDECREF(s->groups[i].kind);
    for (int i = 0; i < s->n_chains; i++) Py_XDECREF(s->chains[i].kind);
    for (int i = 0; i < s->n_kickers; i++) Py_XDECREF(s->kickers[i].kind);
    for (int i = 0; i < s->n_rank_bombs; i++) Py_XDECREF(s->rank_bombs[i].name);
    for (int i = 0; i < s->n_joker_bombs; i++) Py_XDECREF(s->joker_bombs[i].name);
    free_made(s);
    PyMem_Free(s);
}

static int int_at(PyObject *tuple, Py_ssize_t i, int *out) {
    long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

static int rows(PyObject *list, Py_ssize_t width, Py_ssize_t most, const char *what) {
    if (!PyTuple_Check(list)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple", what);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(list);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "too many %s", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(list, i);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != width) {
            PyErr_Format(PyExc_TypeError, "each of %s must be a tuple of %zd", what, width);
            return -1;
        }
    }
    return (int)n;
}

/* make_spec(move_type, bomb_kind, joker_bomb_kind, groups, chains, kickers, rank_bombs, joker_bombs,
 *           attach_top, rocket_kickers, chain_wilds_placed, all_wild_group_face_rank) -> capsule */
static PyObject *make_spec(PyObject *self, PyObject *args) {
    PyObject *move, *bomb_kind, *joker_kind, *groups, *chains, *kickers, *rank_bombs, *joker_bombs, *attach_top;
    int rocket, placed, face_rank;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOppp", &move, &bomb_kind, &joker_kind, &groups, &chains, &kickers,
                          &rank_bombs, &joker_bombs, &attach_top, &rocket, &placed, &face_rank))
        return NULL;
    if (!PyType_Check(move) || !PyType_IsSubtype((PyTypeObject *)move, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "the move type must be a tuple subclass");
        return NULL;
    }
    Spec *s = PyMem_Calloc(1, sizeof(Spec));
    if (s == NULL) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(s, "paiju.fastgen.spec", spec_free);
    if (capsule == NULL) {
        PyMem_Free(s);
        return NULL;
    }
    s->move = (PyTypeObject *)Py_NewRef(move);
    s->bomb_kind = Py_NewRef(bomb_kind);
    s->joker_bomb_kind = Py_NewRef(joker_kind);
    s->rocket_kickers = rocket;
    s->chain_wilds_placed = placed;
    s->all_wild_group_face_rank = face_rank;
    int n;
    if ((n = rows(groups, 3, MAX_KINDS, "groups")) < 0) goto fail;
    for (int i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(groups, i);
        Group *g = &s->groups[i];
        if (int_at(row, 1, &g->width) || int_at(row, 2, &g->top)) goto fail;
        if (g->width < 1 || g->width > 4 || g->top < 0 || g->top >= NUM_RANKS) {
            PyErr_SetString(PyExc_ValueError, "a group is 1 to 4 cards of a rank up to the red joker");
            goto fail;
        }
        g->kind = Py_NewRef(PyTuple_GET_ITEM(row, 0));
        s->n_groups = i + 1;
    }
    if ((n = rows(chains, 3, MAX_KINDS, "chains")) < 0) goto fail;
    for (int i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(chains, i);
        Chain *c = &s->chains[i];
        if (int_at(row, 1, &c->width) || int_at(row, 2, &c->least)) goto fail;
        if (c->width < 1 || c->width > 4 || c->least < 1) {
            PyErr_SetString(PyExc_ValueError, "a chain links 1 to 4 cards of each rank, at least one link");
            goto fail;
        }
        c->kind = Py_NewRef(PyTuple_GET_ITEM(row, 0));
        s->n_chains = i + 1;
    }
    if ((n = rows(kickers, 7, MAX_KINDS, "kickers")) < 0) goto fail;
    for (int i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(kickers, i);
        Kicker *k = &s->kickers[i];
        if (int_at(row, 1, &k->body) || int_at(row, 2, &k->width) || int_at(row, 3, &k->kick) ||
            int_at(row, 4, &k->chain) || int_at(row, 5, &k->least) || int_at(row, 6, &k->distinct))
            goto fail;
        if (k->body < 3 || k->body > 4 || k->least < 1 || k->width < 1 || k->width > 3 || k->kick < 1 || k->kick > 2) {
            PyErr_SetString(PyExc_ValueError, "a kicker kind is a trio or quad body with 1 or 2 groups of 1 to 3 cards");
            goto fail;
        }
        k->kind = Py_NewRef(PyTuple_GET_ITEM(row, 0));
        s->n_kickers = i + 1;
    }
    if ((n = rows(rank_bombs, 3, MAX_BOMBS, "rank bombs")) < 0) goto fail;
    for (int i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(rank_bombs, i);
        RankBomb *b = &s->rank_bombs[i];
        if (int_at(row, 0, &b->size) || int_at(row, 1, &b->tier)) goto fail;
        if (b->size < 1 || b->size > MAX_BOMB_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a bomb holds 1 to 16 cards");
            goto fail;
        }
        b->name = Py_NewRef(PyTuple_GET_ITEM(row, 2));
        s->n_rank_bombs = i + 1;
    }
    if ((n = rows(joker_bombs, 5, MAX_BOMBS, "joker bombs")) < 0) goto fail;
    for (int i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(joker_bombs, i);
        JokerBomb *b = &s->joker_bombs[i];
        if (int_at(row, 1, &b->tier) || int_at(row, 2, &b->blacks) || int_at(row, 3, &b->reds) ||
            int_at(row, 4, &b->key))
            goto fail;
        if (b->blacks < 0 || b->reds < 0 || b->blacks + b->reds > MAX_BOMB_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a joker bomb holds at most 16 jokers");
            goto fail;
        }
        b->name = Py_NewRef(PyTuple_GET_ITEM(row, 0));
        s->n_joker_bombs = i + 1;
    }
    if (!PyTuple_Check(attach_top) || PyTuple_GET_SIZE(attach_top) != 3) {
        PyErr_SetString(PyExc_TypeError, "attach_top must be a tuple of 3");
        goto fail;
    }
    for (int w = 1; w <= 3; w++) {
        if (int_at(attach_top, w - 1, &s->attach_top[w])) goto fail;
        if (s->attach_top[w] < 0 || s->attach_top[w] >= NUM_RANKS) {
            PyErr_SetString(PyExc_ValueError, "an attached group's top rank is a rank");
            goto fail;
        }
    }
    if (made_block(s) < 0) goto fail;
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

/* ------------------------------------------------------------------ entry points */

int read_counts(PyObject *seq, int *c) {
    PyObject *fast = PySequence_Fast(seq, "counts must be a sequence");
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != NUM_RANKS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "counts must hold 15 ranks");
        return -1;
    }
    for (int r = 0; r < NUM_RANKS; r++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, r));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        c[r] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* The spec and the counts every entry point starts with: ``want`` arguments in all, the first two those; NULL with
 * the error set when they do not read. */
static const Spec *start(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name, int *c) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments, not %zd", name, want, nargs);
        return NULL;
    }
    const Spec *s = spec_of(args[0]);
    return s == NULL || read_counts(args[1], c) < 0 ? NULL : s;
}

/* Append every move the counts ``c`` can lead (generate.py's _lead): 0, or -1 with the error set. */
int lead_into(const Out *o, const Spec *s, const int *c) {
    for (int i = 0; i < s->n_groups; i++) {
        const Group *g = &s->groups[i];
        for (int r = 0; r <= g->top; r++)
            if (c[r] >= g->width && add_group(o, s, i, r) < 0) return -1;
    }
    for (int i = 0; i < s->n_chains; i++) {
        const Chain *ch = &s->chains[i];
        for (int start = 0; start < CHAIN_TOP + 2 - ch->least; start++)
            for (int end = start; end <= CHAIN_TOP && c[end] >= ch->width; end++)
                if (end - start + 1 >= ch->least && add_run(o, s, i, start, end) < 0) return -1;
    }
    for (int i = 0; i < s->n_kickers; i++) {
        const Kicker *k = &s->kickers[i];
        if (k->chain) {
            for (int start = 0; start < CHAIN_TOP + 2 - k->least; start++)
                for (int end = start; end <= CHAIN_TOP && c[end] >= k->body; end++)
                    if (end - start + 1 >= k->least && attached(o, s, k, c, start, end) < 0) return -1;
        } else {
            for (int r = 0; r <= TWO; r++)
                if (c[r] >= k->body && attached(o, s, k, c, r, r) < 0) return -1;
        }
    }
    return bombs(o, s, c, -1, -1.0);
}

/* lead(spec, counts) -> every move the counts can lead */
static PyObject *lead(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int c[NUM_RANKS];
    const Spec *s = start(args, nargs, 2, "lead", c);
    if (s == NULL) return NULL;
    Out o = {PyList_New(0), NULL};
    if (o.list != NULL && lead_into(&o, s, c) < 0) Py_CLEAR(o.list);
    return o.list;
}

/* Append the non-bomb moves of ``kind`` and ``length`` links with a key above ``key`` (generate.py's _answers). */
static int answers(const Out *o, const Spec *s, const int *c, PyObject *kind, double key, int length) {
    int above = (int)(long)key + 1;
    if (length < 1 || length > CHAIN_TOP + 1) return 0;
    for (int i = 0; i < s->n_groups; i++) {
        const Group *g = &s->groups[i];
        if (g->kind != kind) continue;
        for (int r = above; r <= g->top; r++)
            if (c[r] >= g->width && add_group(o, s, i, r) < 0) return -1;
        return 0;
    }
    for (int i = 0; i < s->n_chains; i++) {
        const Chain *ch = &s->chains[i];
        if (ch->kind != kind) continue;
        for (int end = above > length - 1 ? above : length - 1; end <= CHAIN_TOP; end++) {
            int start = end - length + 1, all = 1;
            for (int r = start; r <= end; r++) all &= c[r] >= ch->width;
            if (all && add_run(o, s, i, start, end) < 0) return -1;
        }
        return 0;
    }
    for (int i = 0; i < s->n_kickers; i++) {
        const Kicker *k = &s->kickers[i];
        if (k->kind != kind) continue;
        int top = k->chain ? CHAIN_TOP : TWO;
        for (int end = above > length - 1 ? above : length - 1; end <= top; end++) {
            int start = end - length + 1, all = 1;
            for (int r = start; r <= end; r++) all &= c[r] >= k->body;
            if (all && attached(o, s, k, c, start, end) < 0) return -1;
        }
        return 0;
    }
    return 0;
}

/* Append every move that beats a play of ``kind``, ``key``, ``length`` and ``tier`` (Python values): above a
 * non-bomb (``tier`` -1) the same kind and size with a higher key, then every bomb; above a bomb, the bombs above it
 * on the ladder. 0, or -1 with the error set. */
int beating_into(const Out *o, const Spec *s, const int *c, PyObject *kind, PyObject *key_obj, PyObject *length_obj,
                 PyObject *tier_obj) {
    double key = PyFloat_AsDouble(key_obj);
    long length = PyLong_AsLong(length_obj), tier = PyLong_AsLong(tier_obj);
    if (PyErr_Occurred()) return -1;
    int rc = tier < 0 ? answers(o, s, c, kind, key, (int)length) : 0;
    return rc == 0 ? bombs(o, s, c, (int)tier, tier < 0 ? -1.0 : key) : rc; /* above a non-bomb: every bomb */
}

/* beating(spec, counts, kind, key, length, tier) -> every move that beats that play (beating_into) */
static PyObject *beating(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int c[NUM_RANKS];
    const Spec *s = start(args, nargs, 6, "beating", c);
    if (s == NULL) return NULL;
    Out o = {PyList_New(0), NULL};
    if (o.list != NULL && beating_into(&o, s, c, args[2], args[3], args[4], args[5]) < 0) Py_CLEAR(o.list);
    return o.list;
}

/* mixed(spec, counts, faces, kind, key, length, head) -> ``head`` then the plays of natural and wild cards together
 * (``faces``: how many wild cards of each face rank) that lead (``kind`` None) or answer a play of that kind, key and
 * length, as a Lazy list (each play made when read) */
static PyObject *mixed_plays(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int c[NUM_RANKS], stock[NUM_RANKS];
    const Spec *s = start(args, nargs, 7, "mixed", c);
    if (s == NULL || read_counts(args[2], stock) < 0) return NULL;
    double key = PyFloat_AsDouble(args[4]);
    long length = PyLong_AsLong(args[5]);
    if (PyErr_Occurred()) return NULL;
    Store *st = PyMem_Calloc(1, sizeof(Store));
    if (st == NULL) return PyErr_NoMemory();
    PyObject *kind = args[3] == Py_None ? NULL : args[3];
    if (mixed(st, s, c, stock, kind, key, (int)length) < 0) {
        store_free(st);
        return NULL;
    }
    return lazy_readings(args[0], args[6], st);
}

/* Append to ``o`` every move of the counts ``c`` that leads (``to_beat`` None) or has the pattern of ``to_beat`` (a
 * Move), at any key (every bomb of its tier and above): what a colour may answer before colours are compared. */
static int probed(const Out *o, const Spec *s, const int *c, PyObject *to_beat, PyObject *any_key) {
    if (to_beat == Py_None) return lead_into(o, s, c);
    return beating_into(o, s, c, PyTuple_GET_ITEM(to_beat, 0), any_key, PyTuple_GET_ITEM(to_beat, 2),
                        PyTuple_GET_ITEM(to_beat, 4));
}

/* coloured(spec, black, red, pair_kinds, to_beat, red_any, listed) -> colour.py's coloured_moves: ``black`` and
 * ``red`` the hand's natural counts, ``pair_kinds`` the kinds whose kicker pairs may be the other colour, ``to_beat`` a
 * Move or None, ``red_any`` whether red beats black at any rank; ``listed`` None for a hand without wild cards, else
 * the generator's lists for a hand with them: (each colour's moves, black then red; each colour's wild plays with
 * kicker pairs on both colours' cards; whether the hand is colour-bound) */
static PyObject *coloured(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Colours cs;
    const Spec *s = start(args, nargs, 7, "coloured", cs.counts[0]);
    if (s == NULL || read_counts(args[2], cs.counts[1]) < 0) return NULL;
    PyObject *to_beat = args[4], *listed = args[6];
    if (colour_args(&cs, args[3], to_beat, args[5], listed) < 0) return NULL;
    PyObject *any_key = PyFloat_FromDouble(-1.0), *out = PyList_New(0), *some = NULL, *kept = NULL;
    if (any_key == NULL || out == NULL) goto done;
    for (int colour = 0; colour < 2; colour++) {
        if (listed != Py_None) {
            if (colour_all(out, PyTuple_GET_ITEM(listed, colour), colour) < 0) goto done;
            continue;
        }
        Out o = {some = PyList_New(0), NULL};
        if (some == NULL || probed(&o, s, cs.counts[colour], to_beat, any_key) < 0 || colour_all(out, some, colour) < 0)
            goto done;
        Py_CLEAR(some);
    }
    if (colour_pairs(out, s, &cs, to_beat, listed) < 0) goto done;
    kept = colour_finish(out, to_beat, &cs);
done:
    Py_XDECREF(any_key);
    Py_XDECREF(out);
    Py_XDECREF(some);
    return kept;
}

static PyMethodDef METHODS[] = {
    {"make_spec", make_spec, METH_VARARGS, "A table's generator lists, compiled once."},
    {"lead", (PyCFunction)(void (*)(void))lead, METH_FASTCALL, "Every move a rank-count vector can lead."},
    {"beating", (PyCFunction)(void (*)(void))beating, METH_FASTCALL, "Every move that beats a play."},
    {"mixed", (PyCFunction)(void (*)(void))mixed_plays, METH_FASTCALL, "The plays of natural and wild cards together."},
    {"pairs", (PyCFunction)(void (*)(void))pairs, METH_FASTCALL, "Each item paired with None, as a named tuple."},
    {"coloured", (PyCFunction)(void (*)(void))coloured, METH_FASTCALL, "The moves of a two-colour hand."},
    {NULL, NULL, 0, NULL},
};

/* The C API the extensions built on this one import (fastgen_api.h). */
static const FastgenApi API = {spec_of, read_counts, lead_into, beating_into, int_tuple};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_fastgen",
    .m_doc = "The move generator's compiled hot path.",
    .m_size = -1,
    .m_methods = METHODS,
};

PyMODINIT_FUNC PyInit__fastgen(void) {
    EMPTY_STR = PyUnicode_FromString("");
    EMPTY_TUPLE = PyTuple_New(0);
    NO_TIER_OBJ = PyLong_FromLong(-1);
    NO_COLOUR_OBJ = PyLong_FromLong(-1);
    if (!EMPTY_STR || !EMPTY_TUPLE || !NO_TIER_OBJ || !NO_COLOUR_OBJ || make_shared() < 0 || lazy_ready() < 0)
        return NULL;
    PyObject *module = PyModule_Create(&MODULE), *api = PyCapsule_New((void *)&API, FASTGEN_API, NULL);
    if (module == NULL || api == NULL || PyModule_AddObjectRef(module, "Lazy", (PyObject *)&LazyType) < 0 ||
        PyModule_AddObjectRef(module, "_C_API", api) < 0)
        Py_CLEAR(module);
    Py_XDECREF(api);
    return module;
}
