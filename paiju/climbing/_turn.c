/* The climbing play turn, compiled: the seat to act's legal list and an everyday play or pass taken on the hand's own
 * Python objects (turn_play.c), Hand.legal_actions and Hand.apply with that fast path and the play's turns of bots
 * that read only their legal list (turn_hand.c), the copies a seat plays for a move (turn_pick.c) and a seat's cards
 * split by colour (turn_colour.c).  Moves come from the pattern extension, through its C API. */
#include "turn.h"

static PyMethodDef METHODS[] = {
    {"pick", (PyCFunction)(void (*)(void))pick_cards, METH_FASTCALL, "The lowest copies in a hand that make some ranks."},
    {"colours", (PyCFunction)(void (*)(void))colour_split, METH_FASTCALL, "A hand's cards and rank counts by colour."},
    {"turns", (PyCFunction)(void (*)(void))make_turns, METH_FASTCALL, "A table's compiled play turn."},
    {"hand_method", (PyCFunction)(void (*)(void))hand_method, METH_FASTCALL, "A Hand method's compiled fast path."},
    {"play_picks", (PyCFunction)(void (*)(void))play_picks, METH_FASTCALL, "The play's turns of bots that pick from the legal list."},
    {"turn_apply", (PyCFunction)(void (*)(void))turn_apply, METH_FASTCALL, "An everyday play or pass, taken."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_turn",
    .m_doc = "The climbing play turn, compiled.",
    .m_size = -1,
    .m_methods = METHODS,
};

PyMODINIT_FUNC PyInit__turn(void) {
    if (patterns_ready() < 0 || turn_ready() < 0 || PyType_Ready(&HandMethodType) < 0) return NULL;
    return PyModule_Create(&MODULE);
}
