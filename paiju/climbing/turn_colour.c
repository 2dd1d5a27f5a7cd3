/* A seat's cards split by colour (speculator.md §14), what a two-colour seat's Holding asks once per hand it holds:
 * patterns/colour.py's split_by_colour in one pass, its oracle. */
#include "turn.h"

#define CARDS_PER_DECK 54
#define BLACK_JOKER 13

/* A card's rank and colour (cards.py's FACE_RANK and FACE_COLOUR): ♠ ♣ and the black joker black (0), ♥ ♦ and the
 * red joker red (1). */
static int face_rank_of(long face) { return face < 52 ? (int)(face >> 2) : (int)(face - 52 + BLACK_JOKER); }
static int face_colour_of(long face) { return face < 52 ? (face & 3) == 1 || (face & 3) == 2 : face == 53; }

/* A new list of ``n`` ints from ``values``; NULL with the error set. */
static PyObject *int_list(const int *values, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list != NULL && i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* colours(cards, wild_rank) -> ((black counts, red counts), (black wild faces, red wild faces), (black cards, red
 * cards)): split_by_colour's counts of the natural cards and faces of the cards of ``wild_rank`` (-1: none), and the
 * cards of each colour in hand order. */
PyObject *colour_split(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "colours takes 2 arguments, not %zd", nargs);
        return NULL;
    }
    long wild_rank = PyLong_AsLong(args[1]);
    if (wild_rank == -1 && PyErr_Occurred()) return NULL;
    PyObject *hand = PySequence_Fast(args[0], "the cards must be a sequence");
    if (hand == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(hand);
    int counts[2][NUM_RANKS] = {{0}}, wild[2] = {0, 0};
    PyObject *split[2] = {NULL, NULL}, *out = NULL;
    Py_ssize_t size[2] = {0, 0};
    char colour[MAX_HAND];
    if (n > MAX_HAND) {
        PyErr_SetString(PyExc_ValueError, "more cards than a hand holds");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(hand, i));
        if (card < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a card is a non-negative id");
            goto done;
        }
        long face = card % CARDS_PER_DECK;
        int c = face_colour_of(face), r = face_rank_of(face);
        colour[i] = (char)c;
        size[c]++;
        if (r == wild_rank)
            wild[c]++;
        else
            counts[c][r]++;
    }
    for (int c = 0; c < 2; c++)
        if ((split[c] = PyTuple_New(size[c])) == NULL) goto done;
    Py_ssize_t at[2] = {0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = PySequence_Fast_GET_ITEM(hand, i);
        PyTuple_SET_ITEM(split[(int)colour[i]], at[(int)colour[i]]++, Py_NewRef(card));
    }
    int faces[2][MAX_HAND];
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < wild[c]; i++) faces[c][i] = (int)wild_rank;
    out = Py_BuildValue("((NN)(NN)(OO))", int_list(counts[0], NUM_RANKS), int_list(counts[1], NUM_RANKS),
                        int_list(faces[0], wild[0]), int_list(faces[1], wild[1]), split[0], split[1]);
done:
    Py_XDECREF(split[0]);
    Py_XDECREF(split[1]);
    Py_DECREF(hand);
    return out;
}
