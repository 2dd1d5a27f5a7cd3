/* The fields the compiled turn reads and writes on the hand's Python objects (HandState, PlayPart: dataclasses with
 * slots), read straight from their slots: a slot's place is looked up once per type, and again whenever the type
 * changes; an object without that slot (a class with a __dict__) is read and written as attributes. */
#include "turn.h"
#include <structmember.h>

#define FIELD(text) {text, NULL, NULL, 0, -1}

Field F_STATE = FIELD("state"), F_LEGAL = FIELD("_legal"), F_PLAY = FIELD("play"), F_TURNS = FIELD("turns"),
      F_PHASE = FIELD("phase"), F_TO_ACT = FIELD("to_act"), F_TRICK = FIELD("trick"), F_PASSES = FIELD("passes"),
      F_PLAYS = FIELD("plays"), F_PLAYED_BY = FIELD("played_by"), F_OUT = FIELD("out"), F_HANDS = FIELD("hands"),
      F_COUNTS = FIELD("counts");

/* The member descriptor ``name`` of ``type``, as attribute lookup finds it along the type's MRO (borrowed), or NULL:
 * public API only (each class's own __dict__, in MRO order). */
static PyObject *member_of(PyTypeObject *type, PyObject *name) {
    PyObject *mro = type->tp_mro;
    if (mro == NULL || !PyTuple_Check(mro)) return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(mro); i++) {
        PyObject *dict = ((PyTypeObject *)PyTuple_GET_ITEM(mro, i))->tp_dict;
        PyObject *found = dict != NULL && PyDict_Check(dict) ? PyDict_GetItemWithError(dict, name) : NULL;
        if (found != NULL || PyErr_Occurred()) return found;
    }
    return NULL;
}

/* Where ``obj`` keeps field ``f`` as a slot (a byte offset into the object), or -1: looked up when ``obj``'s type (or
 * its version, which changes when the class does) is not the one last seen; -2 with the error set. */
static Py_ssize_t slot_of(Field *f, PyObject *obj) {
    PyTypeObject *type = Py_TYPE(obj);
    if (type == f->type && type->tp_version_tag == f->version && PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG))
        return f->offset;
    if (f->name == NULL && (f->name = PyUnicode_InternFromString(f->text)) == NULL) return -2;
    PyObject *descr = member_of(type, f->name);
    if (descr == NULL && PyErr_Occurred()) return -2;
    f->offset = -1;
    if (descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type) && type->tp_setattro == PyObject_GenericSetAttr) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == T_OBJECT_EX && !(member->flags & READONLY)) f->offset = member->offset;
    }
    /* a type without a valid version is looked up again at every read */
    f->type = PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG) ? type : NULL;
    f->version = type->tp_version_tag;
    return f->offset;
}

PyObject *get_field(Field *f, PyObject *obj) {
    Py_ssize_t at = slot_of(f, obj);
    if (at == -2) return NULL;
    PyObject *value = at >= 0 ? *(PyObject **)((char *)obj + at) : NULL;
    return value != NULL ? Py_NewRef(value) : PyObject_GetAttr(obj, f->name); /* unset: the attribute's error */
}

int set_field(Field *f, PyObject *obj, PyObject *value) {
    Py_ssize_t at = slot_of(f, obj);
    if (at == -2) return -1;
    if (at < 0) return PyObject_SetAttr(obj, f->name, value);
    Py_XSETREF(*(PyObject **)((char *)obj + at), Py_NewRef(value));
    return 0;
}
