/* A legal list whose mixed plays are made when asked (``Lazy``): fastgen_wild.c stores each reading of wild cards as
 * a small record (the parts it joins, its kind, its wild cards' pairs) and a reading becomes a Move, or a Play, the
 * first time it is read; the same object every time after.  A list of thousands of readings (four wild 3s in a
 * 30-card hand) costs a record each until a seat reads them all. */
#include "fastgen.h"

typedef struct {
    PyObject_HEAD
    PyObject *head;     /* list: the items before the rest, made already */
    PyObject *spec;     /* with a store: the capsule whose Move type and kinds the readings use */
    Store *store;       /* the readings, one item each (or NULL) */
    PyObject *base;     /* without a store: the Lazy whose every item this one pairs with None as ``wrap`` */
    PyTypeObject *wrap;
    Py_ssize_t n, made; /* items after the head; how many of them are made */
    PyObject **items;   /* each made item, or NULL */
} Lazy;

static void lazy_dealloc(Lazy *self) {
    Py_XDECREF(self->head);
    Py_XDECREF(self->spec);
    Py_XDECREF(self->base);
    Py_XDECREF(self->wrap);
    store_free(self->store);
    for (Py_ssize_t i = 0; self->items != NULL && i < self->n; i++) Py_XDECREF(self->items[i]);
    PyMem_Free(self->items);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t lazy_len(Lazy *self) {
    return PyList_GET_SIZE(self->head) + self->n;
}

/* Item ``i`` (0 ≤ i < len), made on its first reading; a borrowed reference, NULL with the error set. */
static PyObject *item_at(Lazy *self, Py_ssize_t i) {
    Py_ssize_t lead = PyList_GET_SIZE(self->head);
    if (i < lead) return PyList_GET_ITEM(self->head, i);
    PyObject **slot = &self->items[i - lead], *made;
    if (*slot != NULL) return *slot;
    if (self->store != NULL) {
        made = make_reading(spec_of(self->spec), self->store, &self->store->reads[i - lead]);
    } else {
        PyObject *inner = item_at((Lazy *)self->base, i - lead);
        made = inner == NULL ? NULL : paired(self->wrap, inner);
    }
    if (made == NULL) return NULL;
    if (*slot == NULL) { /* else another thread made it while this one allocated (a collection can switch threads) */
        *slot = made;
        self->made++;
    } else {
        Py_DECREF(made);
    }
    return *slot;
}

static PyObject *lazy_item(Lazy *self, Py_ssize_t i) {
    if (i < 0 || i >= lazy_len(self)) {
        PyErr_SetString(PyExc_IndexError, "legal list index out of range");
        return NULL;
    }
    return Py_XNewRef(item_at(self, i));
}

/* Items ``start``, ``start + step``, … (``n`` of them), made now where not yet, as a new list. */
static PyObject *items_list(Lazy *self, Py_ssize_t start, Py_ssize_t step, Py_ssize_t n) {
    PyObject *out = PyList_New(n);
    for (Py_ssize_t k = 0, i = start; out != NULL && k < n; k++, i += step) {
        PyObject *item = item_at(self, i);
        if (item == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, k, Py_NewRef(item));
    }
    return out;
}

/* Every item, made now where not yet, as a new list. */
static PyObject *lazy_list(Lazy *self, PyObject *unused) {
    return items_list(self, 0, 1, lazy_len(self));
}

static PyObject *lazy_subscript(Lazy *self, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred()) return NULL;
        return lazy_item(self, i < 0 ? i + lazy_len(self) : i);
    }
    if (!PySlice_Check(key)) {
        PyErr_Format(PyExc_TypeError, "legal list indices must be integers or slices, not %.100s",
                     Py_TYPE(key)->tp_name);
        return NULL;
    }
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(key, &start, &stop, &step) < 0) return NULL;
    Py_ssize_t n = PySlice_AdjustIndices(lazy_len(self), &start, &stop, step);
    return items_list(self, start, step, n);
}

/* ``x in legal``: an item already made is found by identity (a seat playing what it read from the list); anything
 * else by equality, in the head alone unless it is a tuple (the items made when read are Moves or Plays, both named
 * tuples: a pass or a bid is never among them), else over every item. */
static int lazy_contains(Lazy *self, PyObject *x) {
    Py_ssize_t lead = PyList_GET_SIZE(self->head);
    for (Py_ssize_t i = 0; i < lead; i++)
        if (PyList_GET_ITEM(self->head, i) == x) return 1;
    for (Py_ssize_t i = 0; i < self->n; i++)
        if (self->items[i] == x) return 1;
    if (!PyTuple_Check(x)) return PySequence_Contains(self->head, x);
    PyObject *all = lazy_list(self, NULL);
    if (all == NULL) return -1;
    int rc = PySequence_Contains(all, x);
    Py_DECREF(all);
    return rc;
}

/* An iterator over a Lazy list that makes each item as it reaches it: a search that stops at the first match (the
 * action a frame names) makes only the items before it. */
typedef struct {
    PyObject_HEAD
    Lazy *seq; /* NULL once exhausted */
    Py_ssize_t at;
} LazyIter;

static PyTypeObject LazyIterType;

static PyObject *lazy_iter(Lazy *self) {
    LazyIter *it = PyObject_New(LazyIter, &LazyIterType);
    if (it == NULL) return NULL;
    it->seq = (Lazy *)Py_NewRef(self);
    it->at = 0;
    return (PyObject *)it;
}

static PyObject *iter_next(LazyIter *it) {
    if (it->seq == NULL) return NULL;
    if (it->at < lazy_len(it->seq)) return Py_XNewRef(item_at(it->seq, it->at++));
    Py_CLEAR(it->seq);
    return NULL;
}

static PyObject *iter_length_hint(LazyIter *it, PyObject *unused) {
    return PyLong_FromSsize_t(it->seq == NULL ? 0 : lazy_len(it->seq) - it->at);
}

static void iter_dealloc(LazyIter *it) {
    Py_XDECREF(it->seq);
    PyObject_Free(it);
}

static PyMethodDef ITER_METHODS[] = {
    {"__length_hint__", (PyCFunction)iter_length_hint, METH_NOARGS, "How many items are left."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LazyIterType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "paiju.patterns._fastgen.LazyIterator",
    .tp_basicsize = sizeof(LazyIter),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An iterator over a Lazy list, making each item as it reaches it.",
    .tp_dealloc = (destructor)iter_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)iter_next,
    .tp_methods = ITER_METHODS,
};

/* Equal to a list, a tuple (an observation's legal list where nothing is lazy) or another Lazy with equal items in
 * the same order. */
static PyObject *lazy_compare(Lazy *self, PyObject *other, int op) {
    if ((op != Py_EQ && op != Py_NE) ||
        !(PyList_Check(other) || PyTuple_Check(other) || PyObject_TypeCheck(other, &LazyType)))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *mine = lazy_list(self, NULL), *theirs = mine == NULL ? NULL : PySequence_List(other);
    PyObject *result = theirs == NULL ? NULL : PyObject_RichCompare(mine, theirs, op);
    Py_XDECREF(mine);
    Py_XDECREF(theirs);
    return result;
}

/* ``a + b`` with a list or another Lazy on either side: a new list, as two lists would give. */
static PyObject *lazy_add(PyObject *a, PyObject *b) {
    if (!(PyList_Check(a) || PyObject_TypeCheck(a, &LazyType)) || !(PyList_Check(b) || PyObject_TypeCheck(b, &LazyType)))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *left = PySequence_List(a), *right = left == NULL ? NULL : PySequence_List(b);
    PyObject *out = right == NULL ? NULL : PySequence_Concat(left, right);
    Py_XDECREF(left);
    Py_XDECREF(right);
    return out;
}

static PyObject *lazy_repr(Lazy *self) {
    PyObject *all = lazy_list(self, NULL);
    PyObject *text = all == NULL ? NULL : PyUnicode_FromFormat("Lazy(%R)", all);
    Py_XDECREF(all);
    return text;
}

/* A new Lazy of ``head`` (copied into a list) then ``n`` items to make (``items`` zeroed). */
static Lazy *lazy_new(PyObject *head, Py_ssize_t n) {
    Lazy *self = PyObject_New(Lazy, &LazyType);
    if (self == NULL) return NULL;
    self->head = PySequence_List(head);
    self->spec = self->base = NULL;
    self->wrap = NULL;
    self->store = NULL;
    self->n = n;
    self->made = 0;
    self->items = PyMem_Calloc(n ? (size_t)n : 1, sizeof(PyObject *));
    if (self->head == NULL || self->items == NULL) {
        if (self->items == NULL) PyErr_NoMemory();
        Py_DECREF(self);
        return NULL;
    }
    return self;
}

PyObject *lazy_readings(PyObject *spec, PyObject *head, Store *st) {
    Lazy *self = lazy_new(head, st->n);
    if (self == NULL) {
        store_free(st);
        return NULL;
    }
    self->spec = Py_NewRef(spec);
    self->store = st;
    return (PyObject *)self;
}

/* plays(pair_type, head) -> head, then each item of this list paired with None as ``pair_type`` (Play), made when
 * read. */
static PyObject *lazy_plays(Lazy *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyType_Check(args[0]) || !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "plays takes a tuple type and the items before them");
        return NULL;
    }
    Lazy *view = lazy_new(args[1], lazy_len(self));
    if (view == NULL) return NULL;
    view->base = Py_NewRef(self);
    view->wrap = (PyTypeObject *)Py_NewRef(args[0]);
    return (PyObject *)view;
}

static PyObject *lazy_made(Lazy *self, void *unused) {
    return PyLong_FromSsize_t(PyList_GET_SIZE(self->head) + self->made);
}

/* index(x) and count(x), as a list answers them. */
static PyObject *lazy_index(Lazy *self, PyObject *x) {
    PyObject *all = lazy_list(self, NULL);
    Py_ssize_t i = all == NULL ? -1 : PySequence_Index(all, x);
    Py_XDECREF(all);
    return i < 0 ? NULL : PyLong_FromSsize_t(i);
}

static PyObject *lazy_count(Lazy *self, PyObject *x) {
    PyObject *all = lazy_list(self, NULL);
    Py_ssize_t n = all == NULL ? -1 : PySequence_Count(all, x);
    Py_XDECREF(all);
    return n < 0 ? NULL : PyLong_FromSsize_t(n);
}

static PyObject *lazy_reduce(Lazy *self, PyObject *unused) {
    PyObject *all = lazy_list(self, NULL);
    PyObject *out = all == NULL ? NULL : Py_BuildValue("(O(O))", (PyObject *)&PyList_Type, all);
    Py_XDECREF(all);
    return out;
}

static PyNumberMethods LAZY_NUMBER = {
    .nb_add = lazy_add,
};

static PySequenceMethods LAZY_SEQUENCE = {
    .sq_length = (lenfunc)lazy_len,
    .sq_item = (ssizeargfunc)lazy_item,
    .sq_contains = (objobjproc)lazy_contains,
};

static PyMappingMethods LAZY_MAPPING = {
    .mp_length = (lenfunc)lazy_len,
    .mp_subscript = (binaryfunc)lazy_subscript,
};

static PyMethodDef LAZY_METHODS[] = {
    {"plays", (PyCFunction)(void (*)(void))lazy_plays, METH_FASTCALL, "Each item as a Play, after a head, when read."},
    {"list", (PyCFunction)lazy_list, METH_NOARGS, "Every item, made now where not yet, as a list."},
    {"index", (PyCFunction)lazy_index, METH_O, "The first position of an item equal to x (ValueError if none)."},
    {"count", (PyCFunction)lazy_count, METH_O, "How many items equal x."},
    {"__reduce__", (PyCFunction)lazy_reduce, METH_NOARGS, "A copy or a pickle is the list of every item."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef LAZY_GETSET[] = {
    {"made", (getter)lazy_made, NULL, "How many items exist as objects so far (the head's and those read).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject LazyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "paiju.patterns._fastgen.Lazy",
    .tp_basicsize = sizeof(Lazy),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_SEQUENCE,
    .tp_doc = "A legal list whose plays of wild cards are made when read (an immutable sequence).",
    .tp_dealloc = (destructor)lazy_dealloc,
    .tp_repr = (reprfunc)lazy_repr,
    .tp_as_number = &LAZY_NUMBER,
    .tp_as_sequence = &LAZY_SEQUENCE,
    .tp_as_mapping = &LAZY_MAPPING,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_richcompare = (richcmpfunc)lazy_compare,
    .tp_iter = (getiterfunc)lazy_iter,
    .tp_methods = LAZY_METHODS,
    .tp_getset = LAZY_GETSET,
};

int lazy_ready(void) {
    return PyType_Ready(&LazyType) < 0 || PyType_Ready(&LazyIterType) < 0 ? -1 : 0;
}
