/* The compiled move generator's shared types: a table's compiled shapes (the "spec") and the move builders. */
#ifndef PAIJU_FASTGEN_H
#define PAIJU_FASTGEN_H
#include "fastgen_api.h"

#define CHAIN_TOP 11 /* A */
#define TWO 12
#define BLACK_JOKER 13
#define RED_JOKER 14
#define MAX_KINDS 16
#define MAX_BOMBS 16
#define SMALL_INTS 32 /* ints made once: ranks, keys and chain lengths are all below this */
#define MAX_BOMB_CARDS 16 /* the most cards of one bomb (3 decks: 12 of a rank, 6 jokers) */

typedef struct {
    PyObject *kind;
    int width, top;
} Group;

typedef struct {
    PyObject *kind;
    int width, least;
} Chain;

typedef struct {
    PyObject *kind;
    int body, width, kick, chain, least, distinct;
} Kicker;

typedef struct {
    int size, tier;
    PyObject *name; /* "bombN" */
} RankBomb;

typedef struct {
    PyObject *name;
    int tier, blacks, reds, key;
} JokerBomb;

/* A move made once, on its first listing, and the Play that plays it: the moves every list repeats (groups, chains,
 * a body with one kicker, bombs) are the same objects each time, not made and freed again per list. */
typedef struct {
    PyObject *move, *play;
} Made;

struct Spec {
    PyTypeObject *move;
    PyObject *bomb_kind, *joker_bomb_kind;
    Group groups[MAX_KINDS];
    int n_groups;
    Chain chains[MAX_KINDS];
    int n_chains;
    Kicker kickers[MAX_KINDS];
    int n_kickers;
    RankBomb rank_bombs[MAX_BOMBS];
    int n_rank_bombs;
    JokerBomb joker_bombs[MAX_BOMBS];
    int n_joker_bombs;
    int attach_top[4];
    int rocket_kickers;
    int chain_wilds_placed;       /* W3: a wild chain's lowest link holds a natural card (below A) */
    int all_wild_group_face_rank; /* Q1.17 (ii): wild cards alone keep their face rank in a group */
    /* The moves made once (one block, owned by the spec): group i of rank r; chain i from start to end; kicker kind
     * i of body rank b with the one group of rank r; rank bomb i of rank r; joker bomb i. */
    Made *made, *group_made, *chain_made, *kick_made, *bomb_made, *joker_made;
};

/* Shared constants, made when the module loads. */
extern PyObject *EMPTY_STR, *EMPTY_TUPLE, *NO_TIER_OBJ, *NO_COLOUR_OBJ;

/* SMALL[v]: the ints below SMALL_INTS, made once. */
extern PyObject *SMALL[SMALL_INTS];
/* WILD_PAIRS[face][stands]: the (face, stands) pair of a Move's ``wilds``, made once. */
extern PyObject *WILD_PAIRS[NUM_RANKS][NUM_RANKS];

int make_shared(void);
int add_group(const Out *o, const Spec *s, int i, int r);
int add_run(const Out *o, const Spec *s, int i, int start, int end);
int made_block(Spec *s);
void free_made(Spec *s);
int chain_ranks(int *buf, int width, int start, int end);
int add_plain(const Out *o, const Spec *s, PyObject *kind, long key, long length, const int *ranks, int n);
PyObject *wild_move(const Spec *s, PyObject *kind, long key, long length, PyObject *ranks, PyObject *wilds);
PyObject *int_tuple(const int *values, int n);
int next_set(int *idx, int need, int na, const int *most, int first);
int attached(const Out *o, const Spec *s, const Kicker *k, const int *c, int start, int end);
int bombs(const Out *o, const Spec *s, const int *c, int min_tier, double min_key);
const Spec *spec_of(PyObject *capsule);
int read_counts(PyObject *seq, int *c);
int lead_into(const Out *o, const Spec *s, const int *c);
int beating_into(const Out *o, const Spec *s, const int *c, PyObject *kind, PyObject *key, PyObject *length,
                 PyObject *tier);
PyObject *paired(PyTypeObject *type, PyObject *item);
PyObject *pairs(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
/* Part of a mixed play, per rank: its natural cards, the wild cards standing for the rank, and the wild single
 * kickers of that face standing for themselves; and how many of each in all (fastgen_wild.c). */
typedef struct {
    unsigned char nat[NUM_RANKS], st[NUM_RANKS], fx[NUM_RANKS];
    unsigned char n_nat, n_st, n_fx;
} Part;

typedef struct {
    Part *items;
    Py_ssize_t n, cap;
} Parts;

#define NO_PART 0xFFFFFFFFu  /* a reading without kickers */
#define NO_PAIRS 0xFFFFFFFFu /* a reading whose wild cards share one face: its pairs are read from its parts */
#define STORE_KINDS (3 * MAX_KINDS)

/* A mixed play not made yet: its body and kicker parts (indices into the store's parts), its kind (an index into the
 * store's kinds), its chain end (the key) and links, and its wild cards' (face, stands) pairs: ``wild`` of them at
 * byte ``pairs`` of the store, or NO_PAIRS. */
typedef struct {
    unsigned int body, kick, pairs;
    unsigned char kind, end, n, wild;
} Reading;

/* The mixed plays of one list, as readings (fastgen_lazy.c makes each one a Move when it is read). */
typedef struct {
    Parts parts;
    Reading *reads;
    Py_ssize_t n, cap;
    unsigned char *pairs;
    Py_ssize_t n_pairs, cap_pairs;
    PyObject *kinds[STORE_KINDS]; /* borrowed: the spec holds them */
    int n_kinds, face;            /* face: the wild cards' one face rank, or -1 */
} Store;

int room(void **items, Py_ssize_t *cap, Py_ssize_t n, Py_ssize_t more, size_t size);
int store_kind(Store *st, PyObject *kind);
int store_pairs(Store *st, const unsigned char *pairs, int wild);

/* Append a copy of ``p`` (inline: a list of readings pushes thousands of parts). */
static inline int push_part(Parts *ps, const Part *p) {
    if (ps->n == ps->cap && room((void **)&ps->items, &ps->cap, ps->n, 1, sizeof(Part)) < 0) return -1;
    ps->items[ps->n++] = *p;
    return 0;
}

/* Store a reading of ``total`` cards (refused past MAX_HAND) of parts ``body`` and ``kick``: its ``wild`` pairs
 * copied from ``pairs``, or NULL when its wild cards share one face. */
static inline int store_reading(Store *st, int kind, int end, int n, unsigned body, unsigned kick,
                                const unsigned char *pairs, int wild, int total) {
    if (total > MAX_HAND) {
        PyErr_SetString(PyExc_ValueError, "a play of more cards than a hand holds");
        return -1;
    }
    int at = pairs == NULL ? 0 : store_pairs(st, pairs, wild);
    if (at < 0 || (st->n == st->cap && room((void **)&st->reads, &st->cap, st->n, 1, sizeof(Reading)) < 0)) return -1;
    st->reads[st->n++] = (Reading){body, kick, pairs == NULL ? NO_PAIRS : (unsigned)at, (unsigned char)kind,
                                   (unsigned char)end, (unsigned char)n, (unsigned char)wild};
    return 0;
}

void store_free(Store *st);
int mixed(Store *st, const Spec *s, const int *c, const int *stock, PyObject *kind, double above, int length);
/* The Lazy sequence of ``head`` then the readings of ``st`` (stolen, freed on failure) of the spec ``spec``. */
extern PyTypeObject LazyType;
PyObject *lazy_readings(PyObject *spec, PyObject *head, Store *st);
int lazy_ready(void); /* the Lazy types made ready, when the module loads */
/* The Move of reading ``rd`` of ``st`` (a new reference; NULL with the error set). */
PyObject *make_reading(const Spec *s, const Store *st, const Reading *rd);

/* The two-colour tables (fastgen_colour.c): a hand's natural cards per colour (black, red), the kinds whose kicker
 * pairs may be the other colour (a tuple, borrowed), whether the hand holds both colours, and whether red beats
 * black at any rank (else at an equal or higher one). */
typedef struct {
    int counts[2][NUM_RANKS];
    PyObject *pair_kinds;
    int bound, red_any;
} Colours;

/* The rest of ``cs`` from the arguments of _fastgen.c's ``coloured`` (which reads the counts): 0, or -1 with the
 * error set. */
int colour_args(Colours *cs, PyObject *pair_kinds, PyObject *to_beat, PyObject *red_any, PyObject *listed);
/* Append every move of the sequence ``moves`` to ``out`` as colour ``colour``: 0, or -1 with the error set. */
int colour_all(PyObject *out, PyObject *moves, int colour);
/* Append, for a colour-bound hand leading or answering a play with kicker pairs, the plays whose kicker pairs are of
 * the other colour: natural ones listed here, wild ones from ``listed`` (None, or coloured's five lists): 0, or -1
 * with the error set. */
int colour_pairs(PyObject *out, const Spec *s, const Colours *cs, PyObject *to_beat, PyObject *listed);
/* The moves of ``out`` that beat ``to_beat`` by colour (all of them when it is None), sorted as Python sorts Move
 * tuples, each once: a new list, or NULL with the error set. */
PyObject *colour_finish(PyObject *out, PyObject *to_beat, const Colours *cs);

#endif
