/* Building moves for the compiled generator: plain moves, bodies with their kicker groups, and bombs, each the same
 * Move value, in the same order, as paiju/patterns/generate.py. */
#include "fastgen.h"

PyObject *EMPTY_STR, *EMPTY_TUPLE, *NO_TIER_OBJ, *NO_COLOUR_OBJ;
PyObject *SMALL[SMALL_INTS];
PyObject *WILD_PAIRS[NUM_RANKS][NUM_RANKS];

/* The int ``v`` (a new reference): every rank, key and length is a small one, made once. */
static PyObject *small_int(long v) {
    return v >= 0 && v < SMALL_INTS ? Py_NewRef(SMALL[v]) : PyLong_FromLong(v);
}

/* ------------------------------------------------------------------ building moves */

/* A Move of eight fields (the same as tuple.__new__(Move, fields)); steals nothing. */
static PyObject *new_move(const Spec *s, PyObject *kind, long key, long length, PyObject *ranks, PyObject *tier,
                          PyObject *bomb, PyObject *wilds) {
    PyObject *m = s->move->tp_alloc(s->move, 8);
    if (m == NULL) return NULL;
    PyObject *k = small_int(key), *n = small_int(length);
    if (k == NULL || n == NULL) {
        Py_XDECREF(k);
        Py_XDECREF(n);
        Py_DECREF(m);
        return NULL;
    }
    PyTuple_SET_ITEM(m, 0, Py_NewRef(kind));
    PyTuple_SET_ITEM(m, 1, k);
    PyTuple_SET_ITEM(m, 2, n);
    PyTuple_SET_ITEM(m, 3, Py_NewRef(ranks));
    PyTuple_SET_ITEM(m, 4, Py_NewRef(tier));
    PyTuple_SET_ITEM(m, 5, Py_NewRef(bomb));
    PyTuple_SET_ITEM(m, 6, Py_NewRef(wilds));
    PyTuple_SET_ITEM(m, 7, Py_NewRef(NO_COLOUR_OBJ));
    PyObject_GC_UnTrack(m); /* it holds only immutable values: it can be in no cycle, so the collector skips it */
    return m;
}

/* A tuple of ints from a C array (ranks, or cards). */
PyObject *int_tuple(const int *values, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = small_int(values[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    PyObject_GC_UnTrack(t);
    return t;
}

/* The spec of a make_spec capsule (_fastgen.c makes it); NULL with the error set. */
const Spec *spec_of(PyObject *capsule) {
    return (const Spec *)PyCapsule_GetPointer(capsule, "paiju.fastgen.spec");
}

/* ``type((item, None))`` (``type`` a two-field named tuple, a Play); steals nothing. */
PyObject *paired(PyTypeObject *type, PyObject *item) {
    PyObject *pair = type->tp_alloc(type, 2);
    if (pair == NULL) return NULL;
    PyTuple_SET_ITEM(pair, 0, Py_NewRef(item));
    PyTuple_SET_ITEM(pair, 1, Py_NewRef(Py_None));
    PyObject_GC_UnTrack(pair);
    return pair;
}

/* Append a move made for this list (``m``, a new reference, stolen; NULL passes the error on) to ``o``. */
static int put_new(const Out *o, PyObject *m) {
    if (m == NULL) return -1;
    PyObject *item = o->pair == NULL ? Py_NewRef(m) : paired(o->pair, m);
    Py_DECREF(m);
    if (item == NULL) return -1;
    int rc = PyList_Append(o->list, item);
    Py_DECREF(item);
    return rc;
}

/* Append the move of ``slot`` to ``o``, made now (from ``ranks``, ``n`` of them, and the rest) on its first listing
 * (else ``ranks`` is not read); its Play likewise. */
static int put_made(const Out *o, Made *slot, const Spec *s, PyObject *kind, long key, long length, const int *ranks,
                    int n, long tier, PyObject *bomb) {
    if (slot->move == NULL) {
        PyObject *t = int_tuple(ranks, n), *tier_obj = PyLong_FromLong(tier);
        slot->move = t && tier_obj ? new_move(s, kind, key, length, t, tier_obj, bomb, EMPTY_TUPLE) : NULL;
        Py_XDECREF(t);
        Py_XDECREF(tier_obj);
        if (slot->move == NULL) return -1;
    }
    PyObject *item = slot->move;
    if (o->pair != NULL) {
        if (slot->play == NULL || Py_TYPE(slot->play) != o->pair) {
            Py_XSETREF(slot->play, paired(o->pair, slot->move));
            if (slot->play == NULL) return -1;
        }
        item = slot->play;
    }
    return PyList_Append(o->list, item);
}

/* Append a plain (non-bomb) move of ``ranks`` (sorted) to ``o``, made for this list. */
int add_plain(const Out *o, const Spec *s, PyObject *kind, long key, long length, const int *ranks, int n) {
    PyObject *t = int_tuple(ranks, n);
    if (t == NULL) return -1;
    PyObject *m = new_move(s, kind, key, length, t, NO_TIER_OBJ, EMPTY_STR, EMPTY_TUPLE);
    Py_DECREF(t);
    return put_new(o, m);
}

/* A non-bomb Move with wild cards (a new reference): ``ranks`` and ``wilds`` are made by the caller (borrowed). */
PyObject *wild_move(const Spec *s, PyObject *kind, long key, long length, PyObject *ranks, PyObject *wilds) {
    return new_move(s, kind, key, length, ranks, NO_TIER_OBJ, EMPTY_STR, wilds);
}

int make_shared(void) {
    for (int v = 0; v < SMALL_INTS; v++)
        if ((SMALL[v] = PyLong_FromLong(v)) == NULL) return -1;
    for (int f = 0; f < NUM_RANKS; f++)
        for (int r = 0; r < NUM_RANKS; r++)
            if ((WILD_PAIRS[f][r] = PyTuple_Pack(2, SMALL[f], SMALL[r])) == NULL) return -1;
    return 0;
}

/* ------------------------------------------------------------------ the moves made once */

int made_block(Spec *s) {
    size_t groups = (size_t)s->n_groups * NUM_RANKS, chains = (size_t)s->n_chains * NUM_RANKS * NUM_RANKS;
    size_t kicks = (size_t)s->n_kickers * NUM_RANKS * NUM_RANKS, bombs = (size_t)s->n_rank_bombs * NUM_RANKS;
    s->made = PyMem_Calloc(groups + chains + kicks + bombs + (size_t)s->n_joker_bombs + 1, sizeof(Made));
    if (s->made == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->group_made = s->made;
    s->chain_made = s->group_made + groups;
    s->kick_made = s->chain_made + chains;
    s->bomb_made = s->kick_made + kicks;
    s->joker_made = s->bomb_made + bombs;
    return 0;
}

void free_made(Spec *s) {
    if (s->made == NULL) return;
    Made *end = s->joker_made + s->n_joker_bombs;
    for (Made *m = s->made; m < end; m++) {
        Py_XDECREF(m->move);
        Py_XDECREF(m->play);
    }
    PyMem_Free(s->made);
}

/* Group kind ``i`` of rank ``r``. */
int add_group(const Out *o, const Spec *s, int i, int r) {
    const Group *g = &s->groups[i];
    Made *slot = &s->group_made[i * NUM_RANKS + r];
    int buf[4], n = slot->move ? 0 : chain_ranks(buf, g->width, r, r);
    return put_made(o, slot, s, g->kind, r, 1, buf, n, -1, EMPTY_STR);
}

/* Chain kind ``i`` from rank ``start`` to ``end``. */
int add_run(const Out *o, const Spec *s, int i, int start, int end) {
    const Chain *ch = &s->chains[i];
    Made *slot = &s->chain_made[(i * NUM_RANKS + start) * NUM_RANKS + end];
    int buf[4 * NUM_RANKS], n = slot->move ? 0 : chain_ranks(buf, ch->width, start, end);
    return put_made(o, slot, s, ch->kind, end, end - start + 1, buf, n, -1, EMPTY_STR);
}

int chain_ranks(int *buf, int width, int start, int end) {
    int n = 0;
    for (int r = start; r <= end; r++)
        for (int w = 0; w < width; w++) buf[n++] = r;
    return n;
}

/* ------------------------------------------------------------------ kickers */

/* Next multiset of ``need`` indices into ``na`` choices (non-decreasing), each index at most most[i] times, in
 * combinations_with_replacement order; ``first`` starts the walk.  0 when there is none left. */
int next_set(int *idx, int need, int na, const int *most, int first) {
    for (;;) {
        if (first) {
            first = 0;
            for (int i = 0; i < need; i++) idx[i] = 0;
        } else {
            int i = need - 1;
            while (i >= 0 && idx[i] == na - 1) i--;
            if (i < 0) return 0;
            idx[i]++;
            for (int j = i + 1; j < need; j++) idx[j] = idx[i];
        }
        if (need == 1) return 1; /* kicker_sets: one group takes any choice */
        int ok = 1;
        for (int i = 0; i < need && ok; i++) {
            int run = 1;
            while (i + run < need && idx[i + run] == idx[i]) run++;
            ok = run <= most[idx[i]];
            i += run - 1;
        }
        if (ok) return 1;
    }
}

/* Every play of the body start..end (``key`` = end) with ``k``'s groups: generate.py's _attached. */
int attached(const Out *o, const Spec *s, const Kicker *k, const int *c, int start, int end) {
    int n = end - start + 1, width = k->width, need = k->kick * n, top = s->attach_top[width];
    int body[64], nb = chain_ranks(body, k->body, start, end);
    int avail[NUM_RANKS], most[NUM_RANKS], na = 0, have = 0;
    for (int r = 0; r <= top; r++) {
        if (c[r] >= width && (r < start || r > end)) {
            avail[na] = r;
            most[na] = k->distinct ? 1 : c[r] / width;
            have += most[na];
            na++;
        }
    }
    if (have < need) return 0;
    int buf[128];
    if (need == 1) { /* one group on a one-rank body: made once, in kick_made[kind][body][group] */
        Made *row = s->kick_made + ((k - s->kickers) * NUM_RANKS + end) * NUM_RANKS;
        for (int i = 0; i < na; i++) {
            int m = 0, r = avail[i];
            if (r < body[0]) {
                for (int w = 0; w < width; w++) buf[m++] = r;
                memcpy(buf + m, body, nb * sizeof(int));
                m += nb;
            } else {
                memcpy(buf, body, nb * sizeof(int));
                m = nb;
                for (int w = 0; w < width; w++) buf[m++] = r;
            }
            if (put_made(o, &row[r], s, k->kind, end, n, buf, m, -1, EMPTY_STR) < 0) return -1;
        }
        return 0;
    }
    int idx[32];
    if (need > 32 || na == 0) return 0;
    int no_rocket = width == 1 && !s->rocket_kickers;
    for (int more = next_set(idx, need, na, most, 1); more; more = next_set(idx, need, na, most, 0)) {
        int blacks = 0, reds = 0;
        for (int i = 0; no_rocket && i < need; i++) {
            blacks += avail[idx[i]] == BLACK_JOKER;
            reds += avail[idx[i]] == RED_JOKER;
        }
        if (blacks && reds) continue;
        /* The groups' ranks come sorted (indices never decrease): merge them into the sorted body. */
        int extra[96], ne = 0, m = 0, a = 0, b = 0;
        for (int i = 0; i < need; i++)
            for (int w = 0; w < width; w++) extra[ne++] = avail[idx[i]];
        while (a < nb || b < ne) buf[m++] = (b >= ne || (a < nb && body[a] <= extra[b])) ? body[a++] : extra[b++];
        if (add_plain(o, s, k->kind, end, n, buf, m) < 0) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ bombs */

int bombs(const Out *o, const Spec *s, const int *c, int min_tier, double min_key) {
    int buf[MAX_BOMB_CARDS];
    for (int i = 0; i < s->n_rank_bombs; i++) {
        const RankBomb *b = &s->rank_bombs[i];
        if (b->tier < min_tier) continue;
        int low = b->tier == min_tier ? (int)(long)min_key + 1 : 0;
        for (int r = low; r <= TWO; r++) {
            if (c[r] < b->size) continue;
            for (int w = 0; w < b->size; w++) buf[w] = r;
            if (put_made(o, &s->bomb_made[i * NUM_RANKS + r], s, s->bomb_kind, r, 1, buf, b->size, b->tier, b->name) < 0)
                return -1;
        }
    }
    for (int i = 0; i < s->n_joker_bombs; i++) {
        const JokerBomb *b = &s->joker_bombs[i];
        if (b->tier < min_tier || (b->tier == min_tier && b->key <= min_key)) continue;
        if (c[BLACK_JOKER] < b->blacks || c[RED_JOKER] < b->reds) continue;
        int m = 0;
        for (int w = 0; w < b->blacks; w++) buf[m++] = BLACK_JOKER;
        for (int w = 0; w < b->reds; w++) buf[m++] = RED_JOKER;
        if (put_made(o, &s->joker_made[i], s, s->joker_bomb_kind, b->key, 1, buf, m, b->tier, b->name) < 0) return -1;
    }
    return 0;
}

/* pairs(type, items) -> [type((item, None)) for item in items]: ``type`` a two-field named tuple (a Play) */
PyObject *pairs(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyType_Check(args[0]) || !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "pairs takes a tuple type and a list");
        return NULL;
    }
    PyObject *items = PySequence_Fast(args[1], "pairs takes a tuple type and a list");
    if (items == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *pair = paired((PyTypeObject *)args[0], PySequence_Fast_GET_ITEM(items, i));
        if (pair == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, pair);
    }
    Py_DECREF(items);
    return out;
}
