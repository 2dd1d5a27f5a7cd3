/* Mixed plays (natural and wild cards together): the speculator's 3s, the 癞子 wild rank, 5p1d's flipped-suit cards
 * (wild cards of several faces), stored as readings that fastgen_lazy.c makes into the same Move values, in the same
 * order, as paiju/patterns/mixed.py's WildPlays._mixed and Supply.moves (the oracle this is tested against). */
#include "fastgen.h"

#define PART_CARDS 64 /* the most cards of a body or of a kicker set */

/* Everything a hand's wild cards need to know while one call lists its mixed plays: how many of each face
 * (``stock``) and how many in all; their one face when they share it (else -1) is the store's ``face``. */
typedef struct {
    const Spec *s;
    const int *c;
    const int *stock;
    int count;
    Store *st; /* where the readings go */
} Ctx;

/* mixed.py's _spread from slot ``i`` on: every way to fill slots (rank sr[i], sn[i] cards) from natural cards and
 * up to ``budget`` wild cards (standing for 3…2 only), slot 0's choice most significant, fewer wild cards first. */
static int spread(const int *c, const int *sr, const int *sn, int i, int slots, int budget, Part *cur, Parts *out) {
    if (i == slots) return push_part(out, cur);
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

/* Store the reading of ``ranks`` (cards per rank; parts ``body`` and ``kick``) whose wild cards' pairs are
 * ``pairs[face][stands]`` (both ascending, as Supply.moves sorts them). */
static int add_move(const Ctx *x, int kind, int end, int n, unsigned body, unsigned kick, const int *ranks,
                    int pairs[][NUM_RANKS]) {
    unsigned char flat[2 * MAX_HAND]; /* past MAX_HAND cards store_reading refuses the play */
    int wild = 0, total = 0;
    for (int f = 0; f < NUM_RANKS; f++) {
        total += ranks[f];
        for (int t = 0; t < NUM_RANKS; t++)
            for (int k = 0; k < pairs[f][t] && wild < MAX_HAND; k++) {
                flat[2 * wild] = (unsigned char)f;
                flat[2 * wild++ + 1] = (unsigned char)t;
            }
    }
    return store_reading(x->st, kind, end, n, body, kick, flat, wild, total);
}

/* Supply.moves' walk over the faces: for each rank stood for (ascending, from ``from``), every multiset of the
 * faces still spare (combinations_with_replacement order), then the Move. */
static int faces_for(const Ctx *x, int kind, int end, int n, unsigned body, unsigned kick, int *ranks,
                     int pairs[][NUM_RANKS], const int *stands, int *spare, int from) {
    int s = from;
    while (s < NUM_RANKS && !stands[s]) s++;
    if (s == NUM_RANKS) return add_move(x, kind, end, n, body, kick, ranks, pairs);
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
        int rc = faces_for(x, kind, end, n, body, kick, ranks, pairs, stands, spare, s + 1);
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

/* Store the plays of part ``bi`` plus part ``ki`` (NO_PART: none) of the store: one reading when every wild card
 * has the same face (its pairs read from the parts when it is made), else one per choice of faces for the ranks its
 * wild cards stand for (Supply.moves). */
static int emit(const Ctx *x, int kind, int end, int n, unsigned bi, unsigned ki) {
    const Part *body = &x->st->parts.items[bi], *kick = ki == NO_PART ? NULL : &x->st->parts.items[ki];
    int wild = body->n_st + (kick != NULL ? kick->n_st + kick->n_fx : 0);
    if (x->st->face >= 0)
        return store_reading(x->st, kind, end, n, bi, ki, NULL, 0, body->n_nat + (kick ? kick->n_nat : 0) + wild);
    int ranks[NUM_RANKS], stands[NUM_RANKS], spare[NUM_RANKS], pairs[NUM_RANKS][NUM_RANKS] = {{0}};
    for (int r = 0; r < NUM_RANKS; r++) {
        int fixed = kick != NULL ? kick->fx[r] : 0;
        ranks[r] = body->nat[r] + (kick != NULL ? kick->nat[r] : 0) + fixed;
        stands[r] = body->st[r] + (kick != NULL ? kick->st[r] : 0);
        pairs[r][r] = fixed;
        spare[r] = x->stock[r] - fixed;
    }
    return faces_for(x, kind, end, n, bi, ki, ranks, pairs, stands, spare, 0);
}

/* Q1.17 (ii): kicker groups need no group of wild cards only (more wild than natural cards of a rank), but one of
 * the wild cards' face rank (mixed.py's _pairs_read). */
static int pairs_read(const Ctx *x, const Part *p) {
    if (!x->s->all_wild_group_face_rank) return 1;
    for (int r = 0; r < NUM_RANKS; r++)
        if (p->st[r] > p->nat[r] && r != x->st->face) return 0;
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
            Part cur = {.n_nat = 0, .n_st = 0, .n_fx = 0};
            Py_ssize_t from = out->n, kept = out->n;
            if (spread(c, sr, sn, 0, slots, left, &cur, out) < 0) return -1;
            for (Py_ssize_t i = from; i < out->n; i++) /* the fills the rules read, kept in place */
                if (pairs_read(x, &out->items[i])) out->items[kept++] = out->items[i];
            out->n = kept;
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
        if (push_part(out, &p) < 0) return -1;
    }
    return 0;
}

/* mixed.py's _wild_body: every mixed play whose body is ``width`` cards of each rank start…end (``k``: with its
 * kicker sets). */
static int body(const Ctx *x, PyObject *kind_obj, int width, int start, int end, const Kicker *k) {
    int n = end - start + 1, sr[NUM_RANKS], sn[NUM_RANKS], kind = store_kind(x->st, kind_obj);
    if (kind < 0) return -1;
    for (int i = 0; i < n; i++) {
        sr[i] = start + i;
        sn[i] = width;
    }
    /* The store keeps every part a reading joins: the kicker sets for each count of wild cards left (first part
     * and how many, -1 before they are listed), and each body with a reading. */
    Parts fills = {NULL, 0, 0}, *parts = &x->st->parts;
    Py_ssize_t first[PART_CARDS + 1], many[PART_CARDS + 1];
    for (int i = 0; i <= PART_CARDS; i++) many[i] = -1;
    Part cur = {.n_nat = 0, .n_st = 0, .n_fx = 0};
    int rc = spread(x->c, sr, sn, 0, n, x->count, &cur, &fills);
    /* W3: a chain's wild cards sit as high as the natural cards allow; Q1.17 (ii): a group of wild cards only
     * keeps their face rank. */
    int placed = start < end && x->s->chain_wilds_placed && end < CHAIN_TOP;
    int face_only = start == end && x->s->all_wild_group_face_rank && start != x->st->face;
    for (int i = 0; rc == 0 && i < fills.n; i++) {
        const Part *f = &fills.items[i];
        unsigned bi = NO_PART;
        if ((placed && (f->n_nat == 0 || !f->nat[start])) || (face_only && f->n_nat == 0)) continue;
        if (k == NULL) {
            if (f->n_nat && f->n_st && (rc = push_part(parts, f)) == 0)
                rc = emit(x, kind, end, n, (unsigned)parts->n - 1, NO_PART);
            continue;
        }
        int left = x->count - f->n_st;
        if (many[left] < 0) {
            first[left] = parts->n;
            if ((rc = kickers(x, k, start, end, left, parts)) < 0) break;
            many[left] = parts->n - first[left];
        }
        for (Py_ssize_t j = first[left]; rc == 0 && j < first[left] + many[left]; j++) {
            const Part *q = &parts->items[j];
            if (!((f->n_nat || q->n_nat) && (f->n_st || q->n_st || q->n_fx))) continue;
            if (bi == NO_PART) {
                bi = (unsigned)parts->n;
                if ((rc = push_part(parts, f)) < 0) break;
            }
            rc = emit(x, kind, end, n, bi, (unsigned)j);
        }
    }
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

/* Store every play of at least one natural and one wild card (those beating a play of ``kind``, ``above`` and
 * ``length`` links; ``kind`` NULL: every lead) in ``st`` (mixed.py's _mixed). */
int mixed(Store *st, const Spec *s, const int *c, const int *stock, PyObject *kind, double above, int length) {
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
    Ctx x = {s, c, stock, count, st};
    st->face = faces == 1 ? face : -1;
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
