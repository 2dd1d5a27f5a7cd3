/* The learning environment's per-step array writes, compiled: an observation vector's counts and scalars, and an
 * action mask's legal ids, written straight into the arrays from Python lists of ints (NumPy's fancy indexing first
 * converts each list to an index array, most of the cost of a step's tensor). paiju.env.tensor holds the same
 * functions in NumPy, used where this is not built. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The writable, contiguous buffer of ``obj`` whose items are ``size`` bytes in ``format``; 0, or -1 with the error
 * set. */
static int writable(PyObject *obj, Py_buffer *view, const char *format, Py_ssize_t size) {
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->itemsize != size || view->format == NULL || strcmp(view->format, format) != 0) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_TypeError, "expected a contiguous array of format '%s'", format);
        return -1;
    }
    return 0;
}

/* Index ``item`` (a Python int) into an array of ``n`` items; -1 with IndexError set where it falls outside. */
static Py_ssize_t index_of(PyObject *item, Py_ssize_t n) {
    Py_ssize_t i = PyLong_AsSsize_t(item);
    if (i == -1 && PyErr_Occurred()) return -1;
    if (i < 0 || i >= n) {
        PyErr_Format(PyExc_IndexError, "index %zd is outside an array of %zd entries", i, n);
        return -1;
    }
    return i;
}

/* fill(out, hits, at, values) -> None: add 1 to the float32 ``out`` at each index of ``hits`` (an index hit twice
 * counts 2), then set ``out[at[i]] = values[i]``, in order. ``hits``, ``at``: lists of ints; ``values``: a list of
 * numbers as long as ``at``. */
static PyObject *fill(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_Check(args[1]) || !PyList_Check(args[2]) || !PyList_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "fill takes a float32 array and three lists");
        return NULL;
    }
    PyObject *hits = args[1], *at = args[2], *values = args[3];
    if (PyList_GET_SIZE(at) != PyList_GET_SIZE(values)) {
        PyErr_SetString(PyExc_ValueError, "fill: at and values differ in length");
        return NULL;
    }
    Py_buffer view;
    if (writable(args[0], &view, "f", sizeof(float)) < 0) return NULL;
    float *out = view.buf;
    Py_ssize_t n = view.len / (Py_ssize_t)sizeof(float);
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(hits); k++) {
        Py_ssize_t i = index_of(PyList_GET_ITEM(hits, k), n);
        if (i < 0) goto fail;
        out[i] += 1.0f;
    }
    /* both lengths read at each turn: a value's __float__ may run Python code that changes the lists */
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(at) && k < PyList_GET_SIZE(values); k++) {
        Py_ssize_t i = index_of(PyList_GET_ITEM(at, k), n);
        if (i < 0) goto fail;
        double value = PyFloat_AsDouble(PyList_GET_ITEM(values, k));
        if (value == -1.0 && PyErr_Occurred()) goto fail;
        out[i] = (float)value;
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&view);
    return NULL;
}

/* mark(mask, clear, set) -> None: the int8 ``mask`` with 0 at each index of the list ``clear``, then 1 at each of the
 * list ``set``. */
static PyObject *mark(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyList_Check(args[1]) || !PyList_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "mark takes an int8 array and two lists");
        return NULL;
    }
    Py_buffer view;
    if (writable(args[0], &view, "b", 1) < 0) return NULL;
    signed char *mask = view.buf;
    for (int pass = 0; pass < 2; pass++) {
        PyObject *ids = args[1 + pass];
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(ids); k++) {
            Py_ssize_t i = index_of(PyList_GET_ITEM(ids, k), view.len);
            if (i < 0) {
                PyBuffer_Release(&view);
                return NULL;
            }
            mask[i] = (signed char)pass;
        }
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL, "Counts and scalars into a float32 vector."},
    {"mark", (PyCFunction)(void (*)(void))mark, METH_FASTCALL, "Legal ids into an int8 mask."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_tensor", .m_doc = "paiju.env's compiled array writes.", .m_size = -1,
    .m_methods = methods};

PyMODINIT_FUNC PyInit__tensor(void) { return PyModule_Create(&module); }
