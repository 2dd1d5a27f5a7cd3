/* Building moves for the compiled generator: plain moves, bodies with their kicker groups, and bombs, each the same
 * Move value, in the same order, as paiju/patterns/generate.py. */
#include "fastgen.h"

PyObject *EMPTY_STR, *EMPTY_TUPLE, *NO_TIER_OBJ, *NO_COLOUR_OBJ;
PyObject *CHAINS[5][NUM_RANKS][NUM_RANKS];
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

/* Append a plain (non-bomb) move of ``ranks`` (sorted) to ``out``. */
int add_plain(PyObject *out, const Spec *s, PyObject *kind, long key, long length, const int *ranks, int n) {
    PyObject *t = int_tuple(ranks, n);
    if (t == NULL) return -1;
    PyObject *m = new_move(s, kind, key, length, t, NO_TIER_OBJ, EMPTY_STR, EMPTY_TUPLE);
    Py_DECREF(t);
    if (m == NULL) return -1;
    int rc = PyList_Append(out, m);
    Py_DECREF(m);
    return rc;
}

/* Append a non-bomb move with wild cards: ``ranks`` and ``wilds`` are made by the caller (borrowed). */
int add_wild(PyObject *out, const Spec *s, PyObject *kind, long key, long length, PyObject *ranks, PyObject *wilds) {
    PyObject *m = new_move(s, kind, key, length, ranks, NO_TIER_OBJ, EMPTY_STR, wilds);
    if (m == NULL) return -1;
    int rc = PyList_Append(out, m);
    Py_DECREF(m);
    return rc;
}

int make_chains(void) {
    int buf[4 * NUM_RANKS];
    for (int v = 0; v < SMALL_INTS; v++)
        if ((SMALL[v] = PyLong_FromLong(v)) == NULL) return -1;
    for (int f = 0; f < NUM_RANKS; f++)
        for (int r = 0; r < NUM_RANKS; r++)
            if ((WILD_PAIRS[f][r] = PyTuple_Pack(2, SMALL[f], SMALL[r])) == NULL) return -1;
    for (int w = 1; w <= 4; w++)
        for (int start = 0; start < NUM_RANKS; start++)
            for (int end = start; end < NUM_RANKS; end++)
                if ((CHAINS[w][start][end] = int_tuple(buf, chain_ranks(buf, w, start, end))) == NULL) return -1;
    return 0;
}

int add_chain(PyObject *out, const Spec *s, PyObject *kind, long key, int width, int start, int end) {
    PyObject *m =
        new_move(s, kind, key, end - start + 1, CHAINS[width][start][end], NO_TIER_OBJ, EMPTY_STR, EMPTY_TUPLE);
    if (m == NULL) return -1;
    int rc = PyList_Append(out, m);
    Py_DECREF(m);
    return rc;
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
int attached(PyObject *out, const Spec *s, const Kicker *k, const int *c, int start, int end) {
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
    if (need == 1) {
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
            if (add_plain(out, s, k->kind, end, n, buf, m) < 0) return -1;
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
        if (add_plain(out, s, k->kind, end, n, buf, m) < 0) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ bombs */

/* Append the bomb of ``ranks`` (sorted) at ``tier`` to ``out``. */
static int add_bomb(PyObject *out, const Spec *s, PyObject *kind, long key, const int *ranks, int n, int tier,
                    PyObject *name) {
    PyObject *t = int_tuple(ranks, n), *tier_obj = PyLong_FromLong(tier);
    PyObject *m = (t && tier_obj) ? new_move(s, kind, key, 1, t, tier_obj, name, EMPTY_TUPLE) : NULL;
    Py_XDECREF(t);
    Py_XDECREF(tier_obj);
    int rc = m == NULL ? -1 : PyList_Append(out, m);
    Py_XDECREF(m);
    return rc;
}

int bombs(PyObject *out, const Spec *s, const int *c, int min_tier, double min_key) {
    int buf[MAX_BOMB_CARDS];
    for (int i = 0; i < s->n_rank_bombs; i++) {
        const RankBomb *b = &s->rank_bombs[i];
        if (b->tier < min_tier) continue;
        int low = b->tier == min_tier ? (int)(long)min_key + 1 : 0;
        for (int r = low; r <= TWO; r++) {
            if (c[r] < b->size) continue;
            for (int w = 0; w < b->size; w++) buf[w] = r;
            if (add_bomb(out, s, s->bomb_kind, r, buf, b->size, b->tier, b->name) < 0) return -1;
        }
    }
    for (int i = 0; i < s->n_joker_bombs; i++) {
        const JokerBomb *b = &s->joker_bombs[i];
        if (b->tier < min_tier || (b->tier == min_tier && b->key <= min_key)) continue;
        if (c[BLACK_JOKER] < b->blacks || c[RED_JOKER] < b->reds) continue;
        int m = 0;
        for (int w = 0; w < b->blacks; w++) buf[m++] = BLACK_JOKER;
        for (int w = 0; w < b->reds; w++) buf[m++] = RED_JOKER;
        if (add_bomb(out, s, s->joker_bomb_kind, b->key, buf, m, b->tier, b->name) < 0) return -1;
    }
    return 0;
}
