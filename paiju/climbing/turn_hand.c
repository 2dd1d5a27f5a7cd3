/* The driver's two methods of every decision, compiled: Hand.legal_actions and Hand.apply (climbing/hand.py) where
 * the play has a compiled turn and the seat to act asks, and the loop of bots that read only their legal list through
 * those turns (play_picks, Hand.play_picks).  Each is a method descriptor that wraps the Python method
 * and calls it for everything else (another phase, another seat, keywords, a turn the compiled turn leaves), so the
 * Python method stays the whole behaviour and this only its fast path. */
#include "turn.h"
#include <structmember.h>

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *wrapped; /* the Python method */
    PyObject *play;    /* PhaseName.PLAY: the phase whose turns are compiled */
    int applies;       /* 0: legal_actions(seat=None); 1: apply(action, seat=None) */
} HandMethod;

/* The play's compiled turn of ``state`` (a new reference; None where it has none), NULL with the error set. */
static PyObject *turns_in(PyObject *state) {
    PyObject *play = get_field(&F_PLAY, state);
    if (play == NULL) return NULL;
    PyObject *turns = get_field(&F_TURNS, play);
    Py_DECREF(play);
    return turns;
}

/* The legal list of ``seat`` as Hand.legal_actions gives it, into ``*legal`` (a new reference): the hand's cached list
 * for that seat, or the compiled turn's when the hand is in ``play_phase``, the play has a compiled turn and ``seat``
 * is to act (then cached as the Python method caches it).  1 when found, 0 for the Python method, -1 with the error
 * set. */
static int compiled_legal(PyObject *play_phase, PyObject *hand, PyObject *state, PyObject *seat, PyObject **legal) {
    PyObject *cached = get_field(&F_LEGAL, hand), *turns = NULL, *phase = NULL, *to_act = NULL;
    if (cached == NULL) return -1;
    int rc = 0;
    if (PyTuple_Check(cached) && PyTuple_GET_SIZE(cached) == 2) {
        rc = PyObject_RichCompareBool(PyTuple_GET_ITEM(cached, 0), seat, Py_EQ);
        if (rc == 1) *legal = Py_NewRef(PyTuple_GET_ITEM(cached, 1));
        if (rc != 0) goto done;
    }
    if ((turns = turns_in(state)) == NULL || (phase = get_field(&F_PHASE, state)) == NULL ||
        (to_act = get_field(&F_TO_ACT, state)) == NULL) {
        rc = -1;
        goto done;
    }
    if (turns == Py_None || phase != play_phase || (rc = PyObject_RichCompareBool(seat, to_act, Py_EQ)) != 1) goto done;
    const Turns *t = turns_of(turns);
    long at = PyLong_AsLong(seat);
    PyObject *list = t == NULL || (at == -1 && PyErr_Occurred()) ? NULL : turn_list(t, state, at);
    PyObject *pair = list == NULL ? NULL : PyTuple_Pack(2, seat, list);
    if (pair == NULL || set_field(&F_LEGAL, hand, pair) < 0) {
        Py_XDECREF(list);
        rc = -1;
    } else {
        *legal = list;
    }
    Py_XDECREF(pair);
done:
    Py_DECREF(cached);
    Py_XDECREF(turns);
    Py_XDECREF(phase);
    Py_XDECREF(to_act);
    return rc;
}

/* legal_actions(hand, seat) or apply(hand, action, seat) on the compiled path: 1 with ``*result`` set, 0 for the
 * Python method, -1 with the error set. */
static int compiled_call(const HandMethod *m, PyObject *hand, PyObject *action, PyObject *seat, PyObject **result) {
    PyObject *state = get_field(&F_STATE, hand), *legal = NULL, *turns = NULL;
    if (state == NULL) return -1;
    seat = seat == Py_None ? get_field(&F_TO_ACT, state) : Py_NewRef(seat);
    int rc = seat == NULL ? -1 : compiled_legal(m->play, hand, state, seat, &legal);
    if (rc == 1 && !m->applies) {
        *result = Py_NewRef(legal);
    } else if (rc == 1) {
        long at = PyLong_AsLong(seat);
        const Turns *t = NULL;
        if ((turns = turns_in(state)) == NULL || (at == -1 && PyErr_Occurred()) ||
            (turns != Py_None && (t = turns_of(turns)) == NULL))
            rc = -1;
        else /* no compiled turn (a list the Python phase made): the Python method */
            rc = t == NULL ? 0 : turn_take(t, state, at, action, legal);
        if (rc == 1) /* taken: the cached list is spent */
            rc = set_field(&F_LEGAL, hand, Py_None) < 0 ? -1 : 1;
        if (rc == 1) *result = Py_NewRef(Py_None);
    }
    Py_DECREF(state);
    Py_XDECREF(seat);
    Py_XDECREF(legal);
    Py_XDECREF(turns);
    return rc;
}

static PyObject *hand_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    const HandMethod *m = (const HandMethod *)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf), want = 1 + m->applies; /* the hand, and the action to apply */
    if (kwnames == NULL && nargs >= want && nargs <= want + 1) {
        PyObject *result = NULL, *seat = nargs > want ? args[want] : Py_None;
        int rc = compiled_call(m, args[0], m->applies ? args[1] : NULL, seat, &result);
        if (rc != 0) return rc < 0 ? NULL : result;
    }
    return PyObject_Vectorcall(m->wrapped, args, nargsf, kwnames);
}

/* Bound to a hand as a Python method is; on the class, the descriptor itself. */
static PyObject *hand_get(PyObject *self, PyObject *obj, PyObject *type) {
    return obj == NULL || obj == Py_None ? Py_NewRef(self) : PyMethod_New(self, obj);
}

static int hand_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(((HandMethod *)self)->wrapped);
    Py_VISIT(((HandMethod *)self)->play);
    return 0;
}

static int hand_clear(PyObject *self) {
    Py_CLEAR(((HandMethod *)self)->wrapped);
    Py_CLEAR(((HandMethod *)self)->play);
    return 0;
}

static void hand_dealloc(PyObject *self) {
    PyObject_GC_UnTrack(self);
    hand_clear(self);
    Py_TYPE(self)->tp_free(self);
}

/* __doc__, __name__, __qualname__ and __module__: the Python method's. */
static PyObject *wrapped_attr(PyObject *self, void *name) {
    return PyObject_GetAttrString(((HandMethod *)self)->wrapped, (const char *)name);
}

static PyGetSetDef HAND_GETSET[] = {
    {"__doc__", wrapped_attr, NULL, NULL, "__doc__"},
    {"__name__", wrapped_attr, NULL, NULL, "__name__"},
    {"__qualname__", wrapped_attr, NULL, NULL, "__qualname__"},
    {"__module__", wrapped_attr, NULL, NULL, "__module__"},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef HAND_MEMBERS[] = {
    {"__wrapped__", T_OBJECT, offsetof(HandMethod, wrapped), READONLY, "The Python method."},
    {NULL, 0, 0, 0, NULL},
};

PyTypeObject HandMethodType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "paiju.climbing._turn.HandMethod",
    .tp_basicsize = sizeof(HandMethod),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_METHOD_DESCRIPTOR | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A Hand method with its compiled fast path (the Python method it wraps does the rest).",
    .tp_vectorcall_offset = offsetof(HandMethod, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_descr_get = hand_get,
    .tp_traverse = hand_traverse,
    .tp_clear = hand_clear,
    .tp_dealloc = hand_dealloc,
    .tp_getset = HAND_GETSET,
    .tp_members = HAND_MEMBERS,
};

/* hand_method(method, play_phase, applies) -> the method with its compiled fast path: Hand.apply where ``applies``,
 * else Hand.legal_actions */
PyObject *hand_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyCallable_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "hand_method takes the Python method, the play phase and whether it applies");
        return NULL;
    }
    int applies = PyObject_IsTrue(args[2]);
    if (applies < 0) return NULL;
    HandMethod *m = PyObject_GC_New(HandMethod, &HandMethodType);
    if (m == NULL) return NULL;
    m->vectorcall = hand_call;
    m->wrapped = Py_NewRef(args[0]);
    m->play = Py_NewRef(args[1]);
    m->applies = applies;
    PyObject_GC_Track(m);
    return (PyObject *)m;
}

/* One turn of play_picks: the seat to act's pick(legal) taken as Hand.apply takes it, where the hand is in
 * ``play_phase`` with a compiled turn and that seat has a pick.  1 when taken, 0 when the turn is left to the caller
 * (nothing changed), -1 with the error set. */
static int pick_turn(PyObject *hand, PyObject *picks, PyObject *play_phase, PyObject *apply) {
    PyObject *state = get_field(&F_STATE, hand), *seat = NULL, *phase = NULL, *turns = NULL, *legal = NULL;
    PyObject *action = NULL;
    int rc = -1;
    if (state == NULL || (seat = get_field(&F_TO_ACT, state)) == NULL || (phase = get_field(&F_PHASE, state)) == NULL ||
        (turns = turns_in(state)) == NULL)
        goto done;
    long at = PyLong_AsLong(seat);
    if (at == -1 && PyErr_Occurred()) goto done;
    PyObject *pick = at >= 0 && at < PyList_GET_SIZE(picks) ? PyList_GET_ITEM(picks, at) : Py_None;
    rc = 0;
    if (phase != play_phase || turns == Py_None || pick == Py_None) goto done;
    if ((rc = compiled_legal(play_phase, hand, state, seat, &legal)) != 1) goto done;
    const Turns *t = turns_of(turns);
    Py_INCREF(pick); /* the bot may change the list of picks */
    action = t == NULL ? NULL : PyObject_CallOneArg(pick, legal);
    Py_DECREF(pick);
    if (action == NULL) {
        rc = -1;
        goto done;
    }
    rc = turn_take(t, state, at, action, legal);
    if (rc == 1) { /* taken: the cached list is spent */
        rc = set_field(&F_LEGAL, hand, Py_None) < 0 ? -1 : 1;
    } else if (rc == 0) { /* a turn the compiled turn leaves (a bomb, the last cards): Hand.apply does it */
        PyObject *args[3] = {hand, action, seat};
        PyObject *taken = PyObject_Vectorcall(apply, args, 3, NULL);
        rc = taken == NULL ? -1 : 1;
        Py_XDECREF(taken);
    }
done:
    Py_XDECREF(state);
    Py_XDECREF(seat);
    Py_XDECREF(phase);
    Py_XDECREF(turns);
    Py_XDECREF(legal);
    Py_XDECREF(action);
    return rc;
}

/* play_picks(hand, picks, play_phase, apply) -> None: the play's turns, taken while the hand is in ``play_phase`` with a
 * compiled turn and the seat to act has a pick (``picks[seat]``: a bot that reads only its legal list, else None):
 * each is ``apply(hand, pick(legal), seat)`` on the list Hand.legal_actions gives, as bots.play_out's loop takes it,
 * without a Python call of the loop's per turn; it returns at the first turn it leaves to that loop. */
PyObject *play_picks(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_Check(args[1]) || !PyCallable_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "play_picks takes the hand, a list of picks, the play phase and Hand.apply");
        return NULL;
    }
    int rc;
    while ((rc = pick_turn(args[0], args[1], args[2], args[3])) == 1)
        ;
    return rc < 0 ? NULL : Py_NewRef(Py_None);
}
