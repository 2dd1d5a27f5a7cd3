/* Mixed plays (natural and wild cards together): the speculator's 3s, the 癞子 wild rank, 5p1d's flipped-suit cards
 * (wild cards of several faces).  The same Move values, in the same order, as paiju/patterns/mixed.py's
 * WildPlays._mixed and Supply.moves (the oracle this is tested against). */
#include "fastgen.h"

#define PART_CARDS 64 /* the most cards of a body or of a kicker set */

/* Part of a play, per rank: its natural cards, the wild cards standing for the rank, and the wild single kickers of
 * that face standing for themselves; and how many of each in all. */
typedef struct {
    unsigned char nat[NUM_RANKS], st[NUM_RANKS], fx[NUM_RANKS];
    unsigned char n_nat, n_st, n_fx;
} Part;

typedef struct {
    Part *items;
    int n, cap;
} Parts;

static int push(Parts *ps, const Part *p) {
    if (ps->n == ps->cap) {
        int cap = ps->cap ? ps->cap * 2 : 16;
        Part *grown = PyMem_Realloc(ps->items, (size_t)cap * sizeof(Part));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        ps->items = grown;
        ps->cap = cap;
    }
    ps->items[ps->n++] = *p;
    return 0;
}

/* Everything a hand's wild cards need to know while one call lists its mixed plays: how many of each face
 * (``stock``), how many in all, and their one face when they share it (else -1). */
typedef struct {
    const Spec *s;
    const int *c;
    const int *stock;
    int face, count;
    PyObject *out;
} Ctx;

/* mixed.py's _spread from slot ``i`` on: every way to fill slots (rank sr[i], sn[i] cards) from natural cards and
 * up to ``budget`` wild cards (standing for 3…2 only), slot 0's choice most significant, fewer wild cards first. */
static int spread(const int *c, const int *sr, const int *sn, int i, int slots, int budget, Part *cur, Parts *out) {
    if (i == slots) return push(out, cur);
    int r = sr[i], need = sn[i];
    int low = need > c[r] ? need - c[r] : 0, high = r <= TWO ? need : 0;
    if (high > budget - cur->n_st) high = budget - cur->n_st;
    if (cur->n_nat + need > PART_CARDS || cur->n_st + need > PART_CARDS) return 0;
    int n_nat = cur->n_nat, n_st = cur->n_st;
    for (int u = low; u <= high; u++) {
        cur->nat[r] += (unsigned char)(need - u);
        cur->st[r] += (unsigned char)u;
        cur->n_nat = (unsigned char)(n_nat + need - u);
        cur->n_st = (unsigned char)(n_st + u);
        int rc = spread(c, sr, sn, i + 1, slots, budget, cur, out);
        cur->nat[r] -= (unsigned char)(need - u);
        cur->st[r] -= (unsigned char)u;
        if (rc < 0) return -1;
    }
    cur->n_nat = (unsigned char)n_nat;
    cur->n_st = (unsigned char)n_st;
    return 0;
}

/* Append the Move of ``ranks`` (cards per rank) whose wild cards' (face, stands) pairs are ``pairs`` (``wild`` of them,
 * flat, in the order of the Move's ``wilds``). */
static int add_reading(const Ctx *x, PyObject *kind, int end, int n, const int *ranks, const unsigned char *pairs,
                       int wild) {
    int total = 0;
    for (int r = 0; r < NUM_RANKS; r++) total += ranks[r];
    if (total > MAX_HAND) {
        PyErr_SetString(PyExc_ValueError, "a play of more cards than a hand holds");
        return -1;
    }
    PyObject *rt = PyTuple_New(total), *wt = PyTuple_New(wild);
    if (rt == NULL || wt == NULL) {
        Py_XDECREF(rt);
        Py_XDECREF(wt);
        return -1;
    }
    for (int r = 0, b = 0; r < NUM_RANKS; r++)
        for (int k = 0; k < ranks[r]; k++) PyTuple_SET_ITEM(rt, b++, Py_NewRef(SMALL[r]));
    for (int i = 0; i < wild; i++) PyTuple_SET_ITEM(wt, i, Py_NewRef(WILD_PAIRS[pairs[2 * i]][pairs[2 * i + 1]]));
    PyObject_GC_UnTrack(rt); /* ints only: no cycle */
    PyObject_GC_UnTrack(wt);
    int rc = add_wild(x->out, x->s, kind, end, n, rt, wt);
    Py_DECREF(rt);
    Py_DECREF(wt);
    return rc;
}

/* Append the Move of ``ranks`` whose wild cards' pairs are ``pairs[face][stands]`` (both ascending, as Supply.moves
 * sorts them). */
static int add_move(const Ctx *x, PyObject *kind, int end, int n, const int *ranks, int pairs[][NUM_RANKS]) {
    unsigned char flat[2 * MAX_HAND]; /* past MAX_HAND cards add_reading refuses the play */
    int wild = 0;
    for (int f = 0; f < NUM_RANKS; f++)
        for (int t = 0; t < NUM_RANKS; t++)
            for (int k = 0; k < pairs[f][t] && wild < MAX_HAND; k++) {
                flat[2 * wild] = (unsigned char)f;
                flat[2 * wild++ + 1] = (unsigned char)t;
            }
    return add_reading(x, kind, end, n, ranks, flat, wild);
}

/* Supply.moves' walk over the faces: for each rank stood for (ascending, from ``from``), every multiset of the
 * faces still spare (combinations_with_replacement order), then the Move. */
static int faces_for(const Ctx *x, PyObject *kind, int end, int n, int *ranks, int pairs[][NUM_RANKS],
                     const int *stands, int *spare, int from) {
    int s = from;
    while (s < NUM_RANKS && !stands[s]) s++;
    if (s == NUM_RANKS) return add_move(x, kind, end, n, ranks, pairs);
    int faces[NUM_RANKS], most[NUM_RANKS], nf = 0, idx[PART_CARDS], need = stands[s];
    for (int f = 0; f < NUM_RANKS; f++)
        if (spare[f] > 0) {
            faces[nf] = f;
            most[nf++] = spare[f];
        }
    if (nf == 0) return 0;
    for (int more = next_set(idx, need, nf, most, 1); more; more = next_set(idx, need, nf, most, 0)) {
        for (int i = 0; i < need; i++) {
            int f = faces[idx[i]];
            spare[f]--;
            ranks[f]++;
            pairs[f][s]++;
        }
        int rc = faces_for(x, kind, end, n, ranks, pairs, stands, spare, s + 1);
        for (int i = 0; i < need; i++) {
            int f = faces[idx[i]];
            spare[f]++;
            ranks[f]--;
            pairs[f][s]--;
        }
        if (rc < 0) return -1;
    }
    return 0;
}

/* Append the plays of ``body`` plus ``kick`` (NULL: none): one per choice of faces for the ranks its wild cards
 * stand for (Supply.moves; a single one when every wild card has the same face, its pairs sorted by what they stand
 * for). */
static int emit(const Ctx *x, PyObject *kind, int end, int n, const Part *body, const Part *kick) {
    int ranks[NUM_RANKS], stands[NUM_RANKS], fixed[NUM_RANKS], wild = body->n_st;
    for (int r = 0; r < NUM_RANKS; r++) {
        ranks[r] = body->nat[r];
        stands[r] = body->st[r];
        fixed[r] = 0;
    }
    if (kick != NULL) {
        for (int r = 0; r < NUM_RANKS; r++) {
            ranks[r] += kick->nat[r];
            stands[r] += kick->st[r];
            fixed[r] = kick->fx[r];
        }
        wild += kick->n_st + kick->n_fx;
    }
    if (x->face >= 0) {
        unsigned char flat[2 * MAX_HAND]; /* past MAX_HAND cards add_reading refuses the play */
        int b = 0;
        ranks[x->face] += wild;
        stands[x->face] += fixed[x->face];
        for (int r = 0; r < NUM_RANKS; r++)
            for (int k = 0; k < stands[r] && b < MAX_HAND; k++) {
                flat[2 * b] = (unsigned char)x->face;
                flat[2 * b++ + 1] = (unsigned char)r;
            }
        return add_reading(x, kind, end, n, ranks, flat, b);
    }
    int spare[NUM_RANKS], pairs[NUM_RANKS][NUM_RANKS] = {{0}};
    for (int f = 0; f < NUM_RANKS; f++) {
        ranks[f] += fixed[f];
        pairs[f][f] = fixed[f];
        spare[f] = x->stock[f] - fixed[f];
    }
    return faces_for(x, kind, end, n, ranks, pairs, stands, spare, 0);
}

/* Q1.17 (ii): kicker groups need no group of wild cards only (more wild than natural cards of a rank), but one of
 * the wild cards' face rank (mixed.py's _pairs_read). */
static int pairs_read(const Ctx *x, const Part *p) {
    if (!x->s->all_wild_group_face_rank) return 1;
    for (int r = 0; r < NUM_RANKS; r++)
        if (p->st[r] > p->nat[r] && r != x->face) return 0;
    return 1;
}

/* mixed.py's _wild_kickers: every kicker set of the body start…end using at most ``left`` wild cards. */
static int kickers(const Ctx *x, const Kicker *k, int start, int end, int left, Parts *out) {
    const int *c = x->c;
    int need = k->kick * (end - start + 1), width = k->width, idx[32];
    if (need > 32 || need < 1) return 0;
    if (width > 1) {
        int avail[NUM_RANKS], most[NUM_RANKS], na = 0;
        for (int r = 0; r < NUM_RANKS; r++) {
            if (start <= r && r <= end) continue;
            int m = (c[r] + (r <= TWO ? left : 0)) / width;
            if (m && r <= x->s->attach_top[width]) {
                avail[na] = r;
                most[na++] = k->distinct ? 1 : m;
            }
        }
        if (na == 0) return 0;
        for (int more = next_set(idx, need, na, most, 1); more; more = next_set(idx, need, na, most, 0)) {
            int sr[32], sn[32], slots = 0;
            for (int i = 0; i < need; i++) {
                if (slots && sr[slots - 1] == avail[idx[i]]) {
                    sn[slots - 1] += width;
                } else {
                    sr[slots] = avail[idx[i]];
                    sn[slots++] = width;
                }
            }
            Parts fills = {NULL, 0, 0};
            Part cur = {.n_nat = 0, .n_st = 0, .n_fx = 0};
            int rc = spread(c, sr, sn, 0, slots, left, &cur, &fills);
            for (int i = 0; rc == 0 && i < fills.n; i++)
                if (pairs_read(x, &fills.items[i])) rc = push(out, &fills.items[i]);
            PyMem_Free(fills.items);
            if (rc < 0) return -1;
        }
        return 0;
    }
    /* A token is rank * 2 for a natural card, face * 2 + 1 for a wild card standing for itself (ascending). */
    int tokens[2 * NUM_RANKS], most[2 * NUM_RANKS], nt = 0;
    for (int r = 0; r < NUM_RANKS; r++) {
        if (start <= r && r <= end) continue;
        if (c[r]) {
            tokens[nt] = r << 1;
            most[nt++] = k->distinct ? 1 : c[r];
        }
        if (left && x->stock[r]) {
            tokens[nt] = (r << 1) | 1;
            most[nt++] = k->distinct ? 1 : (x->stock[r] < left ? x->stock[r] : left);
        }
    }
    if (nt == 0) return 0;
    int no_rocket = !x->s->rocket_kickers;
    for (int more = next_set(idx, need, nt, most, 1); more; more = next_set(idx, need, nt, most, 0)) {
        Part p = {.n_nat = 0, .n_st = 0, .n_fx = 0};
        int seen[NUM_RANKS] = {0}, distinct = 0, blacks = 0, reds = 0;
        for (int i = 0; i < need; i++) {
            int t = tokens[idx[i]], r = t >> 1;
            distinct += !seen[r]++;
            if (t & 1) {
                p.fx[r]++;
                p.n_fx++;
            } else {
                p.nat[r]++;
                p.n_nat++;
                blacks += r == BLACK_JOKER;
                reds += r == RED_JOKER;
            }
        }
        if (p.n_fx > left || (k->distinct && distinct < need) || (no_rocket && blacks && reds)) continue;
        if (push(out, &p) < 0) return -1;
    }
    return 0;
}

/* mixed.py's _wild_body: every mixed play whose body is ``width`` cards of each rank start…end (``k``: with its
 * kicker sets). */
static int body(const Ctx *x, PyObject *kind, int width, int start, int end, const Kicker *k) {
    int n = end - start + 1, sr[NUM_RANKS], sn[NUM_RANKS];
    for (int i = 0; i < n; i++) {
        sr[i] = start + i;
        sn[i] = width;
    }
    Parts fills = {NULL, 0, 0};
    Parts kicks[PART_CARDS + 1];
    int made[PART_CARDS + 1] = {0};
    Part cur = {.n_nat = 0, .n_st = 0, .n_fx = 0};
    int rc = spread(x->c, sr, sn, 0, n, x->count, &cur, &fills);
    /* W3: a chain's wild cards sit as high as the natural cards allow; Q1.17 (ii): a group of wild cards only
     * keeps their face rank. */
    int placed = start < end && x->s->chain_wilds_placed && end < CHAIN_TOP;
    int face_only = start == end && x->s->all_wild_group_face_rank && start != x->face;
    for (int i = 0; rc == 0 && i < fills.n; i++) {
        const Part *f = &fills.items[i];
        if ((placed && (f->n_nat == 0 || !f->nat[start])) || (face_only && f->n_nat == 0)) continue;
        if (k == NULL) {
            if (f->n_nat && f->n_st) rc = emit(x, kind, end, n, f, NULL);
            continue;
        }
        int left = x->count - f->n_st;
        if (!made[left]) {
            kicks[left] = (Parts){NULL, 0, 0};
            made[left] = 1;
            if ((rc = kickers(x, k, start, end, left, &kicks[left])) < 0) break;
        }
        for (int j = 0; rc == 0 && j < kicks[left].n; j++) {
            const Part *q = &kicks[left].items[j];
            if ((f->n_nat || q->n_nat) && (f->n_st || q->n_st || q->n_fx)) rc = emit(x, kind, end, n, f, q);
        }
    }
    for (int i = 0; i <= PART_CARDS; i++)
        if (made[i]) PyMem_Free(kicks[i].items);
    PyMem_Free(fills.items);
    return rc;
}

/* Append to ``ends`` each chain end of ``least``+ links from ``start`` (``length`` links if set), top above
 * ``above``, that ``budget`` wild cards complete (mixed.py's _wild_windows); returns how many. */
static int windows(const int *c, int budget, int width, int least, int length, double above, int start, int *ends) {
    int missing = 0, n = 0;
    for (int end = start; end <= CHAIN_TOP; end++) {
        missing += width > c[end] ? width - c[end] : 0;
        if (missing > budget) break;
        int links = end - start + 1;
        if (links >= least && (length == 0 || length == links) && end > above) ends[n++] = end;
    }
    return n;
}

/* Append every play of at least one natural and one wild card (those beating a play of ``kind``, ``above`` and
 * ``length`` links; ``kind`` NULL: every lead) to ``out`` (mixed.py's _mixed). */
int mixed(PyObject *out, const Spec *s, const int *c, const int *stock, PyObject *kind, double above, int length) {
    int count = 0, faces = 0, face = -1, low = (int)(long)above + 1, ends[NUM_RANKS];
    for (int f = 0; f < NUM_RANKS; f++) {
        if (stock[f] < 0 || (stock[f] && f > TWO)) {
            PyErr_SetString(PyExc_ValueError, "a wild card's face is a rank 3…2");
            return -1;
        }
        count += stock[f];
        if (stock[f]) {
            faces++;
            face = f;
        }
    }
    if (count < 1 || count > PART_CARDS) {
        PyErr_SetString(PyExc_ValueError, "1 to 64 wild cards");
        return -1;
    }
    Ctx x = {s, c, stock, faces == 1 ? face : -1, count, out};
    for (int i = 0; i < s->n_groups; i++) {
        const Group *g = &s->groups[i];
        if (g->width < 2 || (kind != NULL && kind != g->kind)) continue;
        for (int r = low; r <= (g->top < TWO ? g->top : TWO); r++)
            if (body(&x, g->kind, g->width, r, r, NULL) < 0) return -1;
    }
    for (int i = 0; i < s->n_chains; i++) {
        const Chain *ch = &s->chains[i];
        if (kind != NULL && kind != ch->kind) continue;
        for (int start = 0; start <= CHAIN_TOP; start++) {
            int n = windows(c, count, ch->width, ch->least, length, above, start, ends);
            for (int j = 0; j < n; j++)
                if (body(&x, ch->kind, ch->width, start, ends[j], NULL) < 0) return -1;
        }
    }
    for (int i = 0; i < s->n_kickers; i++) {
        const Kicker *k = &s->kickers[i];
        if (kind != NULL && kind != k->kind) continue;
        if (k->chain) {
            for (int start = 0; start <= CHAIN_TOP; start++) {
                int n = windows(c, count, k->body, k->least, length, above, start, ends);
                for (int j = 0; j < n; j++)
                    if (body(&x, k->kind, k->body, start, ends[j], k) < 0) return -1;
            }
        } else {
            for (int r = low; r <= TWO; r++)
                if (body(&x, k->kind, k->body, r, r, k) < 0) return -1;
        }
    }
    return 0;
}
