/* The play phase's turn, compiled, for hands where every seat is plain (phases/play.py's compiled_turns): the actions
 * the seat to act may take (Playing.legal), and the everyday plays and passes with their bookkeeping (Playing.apply),
 * done on the hand's own Python objects.  A play this path does not take (a bomb, named cards, a seat's last cards)
 * is left to the Python code, which does the whole turn; the tests play every table both ways. */
#include "turn.h"

struct Turns {
    PyObject *spec;              /* the table's spec capsule (make_spec) */
    PyTypeObject *play, *record; /* the Play action and the PlayRecord turn, both named tuples */
    PyObject *pass;              /* the Pass action */
};

static PyObject *NO_CARDS;    /* the empty set of wild cards a plain seat holds */
static PyObject *EMPTY_TUPLE; /* the cards of a pass */

int turn_ready(void) {
    NO_CARDS = PyFrozenSet_New(NULL);
    EMPTY_TUPLE = PyTuple_New(0);
    return NO_CARDS == NULL || EMPTY_TUPLE == NULL ? -1 : 0;
}

static void drop(Turns *t) {
    Py_XDECREF(t->spec);
    Py_XDECREF(t->play);
    Py_XDECREF(t->record);
    Py_XDECREF(t->pass);
    PyMem_Free(t);
}

static void turns_free(PyObject *capsule) {
    Turns *t = (Turns *)PyCapsule_GetPointer(capsule, "paiju.climbing.turns");
    if (t != NULL) drop(t);
}

static int is_tuple_type(PyObject *type) {
    return PyType_Check(type) && PyType_IsSubtype((PyTypeObject *)type, &PyTuple_Type);
}

/* turns(spec, play_type, record_type, pass_action) -> capsule */
PyObject *make_turns(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || PATTERNS->spec_of(args[0]) == NULL || !is_tuple_type(args[1]) || !is_tuple_type(args[2])) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "turns takes a spec, two named tuple types and an action");
        return NULL;
    }
    Turns *t = PyMem_Calloc(1, sizeof(Turns));
    if (t == NULL) return PyErr_NoMemory();
    t->spec = Py_NewRef(args[0]);
    t->play = (PyTypeObject *)Py_NewRef(args[1]);
    t->record = (PyTypeObject *)Py_NewRef(args[2]);
    t->pass = Py_NewRef(args[3]);
    PyObject *capsule = PyCapsule_New(t, "paiju.climbing.turns", turns_free);
    if (capsule == NULL) drop(t);
    return capsule;
}

/* The turns, the state and the seat every entry point starts with; NULL with the error set when they do not read. */
static const Turns *begin(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name, long *seat) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments, not %zd", name, want, nargs);
        return NULL;
    }
    const Turns *t = turns_of(args[0]);
    if (t == NULL) return NULL;
    *seat = PyLong_AsLong(args[2]);
    return *seat == -1 && PyErr_Occurred() ? NULL : t;
}

/* The item ``seat`` of the list ``name`` of ``obj`` (borrowed), NULL with the error set when there is none. */
static PyObject *seat_item(PyObject *obj, Field *name, long seat, PyObject **list) {
    *list = get_field(name, obj);
    if (*list == NULL) return NULL;
    if (!PyList_Check(*list) || seat < 0 || seat >= PyList_GET_SIZE(*list)) {
        PyErr_Format(PyExc_ValueError, "no seat %ld in %s", seat, name->text);
        return NULL;
    }
    return PyList_GET_ITEM(*list, seat);
}

/* A record of the turn: record_type((seat, move, cards)). */
static PyObject *new_record(const Turns *t, long seat, PyObject *move, PyObject *cards) {
    PyObject *rec = t->record->tp_alloc(t->record, 3);
    if (rec == NULL) return NULL;
    PyTuple_SET_ITEM(rec, 0, PyLong_FromLong(seat));
    PyTuple_SET_ITEM(rec, 1, Py_NewRef(move));
    PyTuple_SET_ITEM(rec, 2, Py_NewRef(cards));
    PyObject_GC_UnTrack(rec); /* a seat, a move and cards: no cycle */
    return rec;
}

const Turns *turns_of(PyObject *capsule) {
    return (const Turns *)PyCapsule_GetPointer(capsule, "paiju.climbing.turns");
}

/* The actions of ``seat``, the seat to act: a pass where it answers, then a Play of every move that leads or beats the
 * trick (the state's to_act decides whether it leads, as HandState.to_beat does); NULL with the error set. */
PyObject *turn_list(const Turns *t, PyObject *state, long seat) {
    const Spec *s = PATTERNS->spec_of(t->spec);
    PyObject *play = NULL, *trick = NULL, *all = NULL, *to_act = NULL, *out = NULL;
    int c[NUM_RANKS];
    PyObject *counts = seat_item(state, &F_COUNTS, seat, &all);
    if (counts == NULL || PATTERNS->read_counts(counts, c) < 0) goto done;
    if ((play = get_field(&F_PLAY, state)) == NULL || (trick = get_field(&F_TRICK, play)) == NULL ||
        (to_act = get_field(&F_TO_ACT, state)) == NULL)
        goto done;
    if (trick != Py_None && !(PyTuple_Check(trick) && PyTuple_GET_SIZE(trick) == 3 &&
                              PyTuple_Check(PyTuple_GET_ITEM(trick, 1)) && PyTuple_GET_SIZE(PyTuple_GET_ITEM(trick, 1)) >= 5)) {
        PyErr_SetString(PyExc_TypeError, "the trick must be a PlayRecord of a Move, or None");
        goto done;
    }
    int leading = trick == Py_None || PyObject_RichCompareBool(PyTuple_GET_ITEM(trick, 0), to_act, Py_EQ) == 1;
    if ((out = PyList_New(0)) == NULL) goto done;
    Out o = {out, t->play};
    int rc;
    if (leading) {
        rc = PATTERNS->lead_into(&o, s, c);
    } else {
        PyObject *move = PyTuple_GET_ITEM(trick, 1);
        rc = PyList_Append(out, t->pass);
        if (rc == 0)
            rc = PATTERNS->beating_into(&o, s, c, PyTuple_GET_ITEM(move, 0), PyTuple_GET_ITEM(move, 1),
                              PyTuple_GET_ITEM(move, 2), PyTuple_GET_ITEM(move, 4));
    }
    if (rc < 0) Py_CLEAR(out);
done:
    Py_XDECREF(play);
    Py_XDECREF(trick);
    Py_XDECREF(all);
    Py_XDECREF(to_act);
    return out;
}

/* Take the ``k`` ``picked`` cards out of the list ``hand``, whose ``n`` card ids are ``cards``, keeping the order of
 * the rest. */
static int take_out(PyObject *hand, const int *cards, Py_ssize_t n, const int *picked, Py_ssize_t k) {
    char gone[MAX_HAND] = {0};
    for (Py_ssize_t j = 0; j < k; j++) {
        Py_ssize_t i = 0;
        while (i < n && (gone[i] || cards[i] != picked[j])) i++;
        if (i == n) {
            PyErr_SetString(PyExc_ValueError, "a picked card left the hand");
            return -1;
        }
        gone[i] = 1;
    }
    PyObject *rest = PyList_New(n - k);
    if (rest == NULL) return -1;
    for (Py_ssize_t i = 0, m = 0; i < n; i++)
        if (!gone[i]) PyList_SET_ITEM(rest, m++, Py_NewRef(PyList_GET_ITEM(hand, i)));
    int rc = PyList_SetSlice(hand, 0, n, rest);
    Py_DECREF(rest);
    return rc;
}

/* Add ``by`` to item ``i`` of the list of ints ``list``. */
static int bump(PyObject *list, Py_ssize_t i, long by) {
    long v = PyLong_AsLong(PyList_GET_ITEM(list, i));
    if (v == -1 && PyErr_Occurred()) return -1;
    return PyList_SetItem(list, i, PyLong_FromLong(v + by));
}

/* The play and the pass; 1 when taken, 0 when left to the Python code (nothing changed), -1 with the error set. */
static int pass_turn(const Turns *t, PyObject *state, PyObject *play, long seat, Py_ssize_t n) {
    PyObject *trick = get_field(&F_TRICK, play), *plays = get_field(&F_PLAYS, play);
    PyObject *passes_obj = get_field(&F_PASSES, play), *rec = NULL;
    int rc = -1;
    if (trick == NULL || plays == NULL || passes_obj == NULL) goto done;
    if (trick == Py_None || !PyTuple_Check(trick) || PyTuple_GET_SIZE(trick) != 3 || !PyList_Check(plays)) {
        rc = 0;
        goto done;
    }
    long passes = PyLong_AsLong(passes_obj) + 1;
    if ((rec = new_record(t, seat, Py_None, EMPTY_TUPLE)) == NULL || PyList_Append(plays, rec) < 0) goto done;
    if (passes == n - 1) { /* every other seat passed: the trick's holder leads */
        PyObject *zero = PyLong_FromLong(0);
        rc = set_field(&F_TO_ACT, state, PyTuple_GET_ITEM(trick, 0)) < 0 ||
                     set_field(&F_TRICK, play, Py_None) < 0 || set_field(&F_PASSES, play, zero) < 0
                 ? -1
                 : 1;
        Py_DECREF(zero);
    } else {
        PyObject *count = PyLong_FromLong(passes), *next = PyLong_FromLong((seat + 1) % n);
        rc = set_field(&F_PASSES, play, count) < 0 || set_field(&F_TO_ACT, state, next) < 0 ? -1 : 1;
        Py_DECREF(count);
        Py_DECREF(next);
    }
done:
    Py_XDECREF(trick);
    Py_XDECREF(plays);
    Py_XDECREF(passes_obj);
    Py_XDECREF(rec);
    return rc;
}

static int play_turn(const Turns *t, PyObject *state, PyObject *play, long seat, Py_ssize_t n, PyObject *action) {
    PyObject *move = PyTuple_GET_ITEM(action, 0), *hands = NULL, *all = NULL, *plays = NULL, *by = NULL;
    PyObject *cards = NULL, *rec = NULL;
    int need[NUM_RANKS], ids[MAX_HAND], picked[MAX_HAND], rc = -1;
    char is_wild[MAX_HAND];
    if (PyTuple_GET_ITEM(action, 1) != Py_None || !PyTuple_Check(move) || PyTuple_GET_SIZE(move) < 6) return 0;
    PyObject *ranks = PyTuple_GET_ITEM(move, 3), *bomb = PyTuple_GET_ITEM(move, 5);
    if (!PyTuple_Check(ranks) || !PyUnicode_Check(bomb) || PyUnicode_GET_LENGTH(bomb)) return 0; /* a bomb: Python */
    PyObject *hand = seat_item(state, &F_HANDS, seat, &hands), *counts = NULL;
    if (hand == NULL || (counts = seat_item(state, &F_COUNTS, seat, &all)) == NULL) goto done;
    Py_ssize_t want = PyTuple_GET_SIZE(ranks), n_held = PyList_Check(hand) ? PyList_GET_SIZE(hand) : 0;
    if (!PyList_Check(counts) || n_held <= want || n_held > MAX_HAND) { /* the last cards: Python */
        rc = 0;
        goto done;
    }
    if (need_of(ranks, need) < 0 || read_hand(hand, NO_CARDS, ids, is_wild) < 0) goto done;
    Py_ssize_t got = pick_into(ids, is_wild, n_held, need, picked);
    if (got == -2) {
        rc = 0;
        goto done;
    }
    if ((plays = get_field(&F_PLAYS, play)) == NULL || (by = get_field(&F_PLAYED_BY, play)) == NULL)
        goto done;
    if (!PyList_Check(plays) || !PyList_Check(by) || PyList_GET_SIZE(by) <= seat) {
        rc = 0;
        goto done;
    }
    if ((cards = PATTERNS->int_tuple(picked, (int)got)) == NULL || (rec = new_record(t, seat, move, cards)) == NULL) goto done;
    if (take_out(hand, ids, n_held, picked, got) < 0) goto done;
    for (int r = 0; r < NUM_RANKS; r++)
        if (need[r] && bump(counts, r, -need[r]) < 0) goto done;
    if (PyList_Append(plays, rec) < 0 || bump(by, seat, 1) < 0) goto done;
    PyObject *zero = PyLong_FromLong(0), *next = PyLong_FromLong((seat + 1) % n);
    rc = set_field(&F_TRICK, play, rec) < 0 || set_field(&F_PASSES, play, zero) < 0 ||
                 set_field(&F_TO_ACT, state, next) < 0
             ? -1
             : 1;
    Py_DECREF(zero);
    Py_DECREF(next);
done:
    Py_XDECREF(hands);
    Py_XDECREF(all);
    Py_XDECREF(plays);
    Py_XDECREF(by);
    Py_XDECREF(cards);
    Py_XDECREF(rec);
    return rc;
}

/* Whether ``action`` is one of the objects in the list ``legal`` itself (a bot or a player picking from the list). */
static int listed(PyObject *legal, PyObject *action) {
    if (!PyList_Check(legal)) return 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(legal); i++)
        if (PyList_GET_ITEM(legal, i) == action) return 1;
    return 0;
}

/* Take ``action`` for ``seat`` where it is one of the objects in the seat's ``legal`` list itself: a pass, or a play
 * of engine-picked cards that is no bomb and leaves the seat cards. 1 when taken; 0, with nothing changed, for the
 * Python code (which also refuses what is not legal); -1 with the error set. */
int turn_take(const Turns *t, PyObject *state, long seat, PyObject *action, PyObject *legal) {
    PyObject *hands = NULL, *out = NULL;
    if (!listed(legal, action)) return 0;
    PyObject *play = get_field(&F_PLAY, state);
    int rc = -1;
    if (play == NULL || (hands = get_field(&F_HANDS, state)) == NULL || (out = get_field(&F_OUT, play)) == NULL)
        goto done;
    if (!PyList_Check(hands) || !PyAnySet_Check(out) || PySet_GET_SIZE(out)) { /* a seat went out: Python */
        rc = 0;
        goto done;
    }
    Py_ssize_t n = PyList_GET_SIZE(hands);
    if (action == t->pass)
        rc = pass_turn(t, state, play, seat, n);
    else
        rc = Py_TYPE(action) == t->play ? play_turn(t, state, play, seat, n, action) : 0;
done:
    Py_XDECREF(play);
    Py_XDECREF(hands);
    Py_XDECREF(out);
    return rc;
}

/* turn_apply(turns, state, seat, action, legal) -> True when turn_take took ``action``; False, with nothing changed,
 * when it is left to the Python code */
PyObject *turn_apply(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    long seat;
    const Turns *t = begin(args, nargs, 5, "turn_apply", &seat);
    if (t == NULL) return NULL;
    int rc = turn_take(t, args[1], seat, args[3], args[4]);
    return rc < 0 ? NULL : PyBool_FromLong(rc);
}
