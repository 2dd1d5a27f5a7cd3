/* The climbing play turn, compiled (the extension paiju.climbing._turn, built on the pattern extension's C API):
 * its types and, by name, every field of the hand's Python objects it reads or writes. */
#ifndef PAIJU_TURN_H
#define PAIJU_TURN_H
#include "fastgen_api.h"

/* The pattern extension's API (fastgen_api.h), imported when the module loads (turn_pick.c). */
extern const FastgenApi *PATTERNS;
int patterns_ready(void);

/* A field of the hand's Python objects, read from its slot where the object has one (turn_fields.c). */
typedef struct {
    const char *text;
    PyObject *name;
    PyTypeObject *type;
    unsigned int version;
    Py_ssize_t offset;
} Field;

/* Every Python field the compiled turn touches:
 *   Hand (climbing/hand.py):            state, _legal (the cached (seat, legal list))
 *   HandState (climbing/state.py):      play, phase, to_act, hands, counts
 *   PlayPart (climbing/state.py):       turns, trick, passes, plays, played_by, out */
extern Field F_STATE, F_LEGAL, F_PLAY, F_PHASE, F_TO_ACT, F_HANDS, F_COUNTS, F_TURNS, F_TRICK, F_PASSES, F_PLAYS,
    F_PLAYED_BY, F_OUT;
PyObject *get_field(Field *f, PyObject *obj);
int set_field(Field *f, PyObject *obj, PyObject *value);

/* Which copies of its cards a seat plays for a move (climbing/holding.py's Holding._pick; turn_pick.c). */
int read_hand(PyObject *hand, PyObject *wild, int *cards, char *is_wild);
Py_ssize_t pick_into(const int *cards, const char *is_wild, Py_ssize_t n, const int *need, int *picked);
int need_of(PyObject *ranks, int *need);
PyObject *pick_cards(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* A seat's cards and rank counts by colour (patterns/colour.py's split_by_colour; turn_colour.c). */
PyObject *colour_split(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* A table's compiled play turn (turn_play.c). */
typedef struct Turns Turns;
int turn_ready(void);
PyObject *make_turns(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
const Turns *turns_of(PyObject *capsule);
PyObject *turn_list(const Turns *t, PyObject *state, long seat);
int turn_take(const Turns *t, PyObject *state, long seat, PyObject *action, PyObject *legal);
PyObject *turn_apply(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* Hand.legal_actions and Hand.apply, compiled, and the play's turns of bots that read only their legal list
 * (turn_hand.c). */
extern PyTypeObject HandMethodType;
PyObject *hand_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *play_picks(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

#endif
