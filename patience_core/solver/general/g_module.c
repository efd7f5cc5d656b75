/* The Python glue of the general search: buffers in (fields.py's tables), tuples out. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include "g_search.h"
#include "g_position_fields.h"

typedef struct {
    Py_buffer rules_view, pos_view;
    g_rules_t R;
    GState s;
} Loaded;

static void release(Loaded *L) {
    if (L->rules_view.obj) PyBuffer_Release(&L->rules_view);
    if (L->pos_view.obj) PyBuffer_Release(&L->pos_view);
}

/* Bind the rules and load the position; on failure a ValueError is set. */
static int load(Loaded *L, PyObject *rules, PyObject *position) {
    memset(&L->rules_view, 0, sizeof L->rules_view);
    memset(&L->pos_view, 0, sizeof L->pos_view);
    if (PyObject_GetBuffer(rules, &L->rules_view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (PyObject_GetBuffer(position, &L->pos_view, PyBUF_C_CONTIGUOUS) < 0) { release(L); return -1; }
    if (L->rules_view.len % 4 || L->pos_view.len % 4) {
        PyErr_SetString(PyExc_ValueError, "buffers must hold 32-bit integers");
        release(L);
        return -1;
    }
    const char *why = g_rules_bind((const int32_t *)L->rules_view.buf, (size_t)L->rules_view.len / 4, &L->R);
    if (!why) why = g_load(&L->s, &L->R, (const int32_t *)L->pos_view.buf, (size_t)L->pos_view.len / 4);
    if (why) {
        PyErr_SetString(PyExc_ValueError, why);
        release(L);
        return -1;
    }
    return 0;
}

static PyObject *move_tuple(GMove m) {
    return Py_BuildValue("(iiiii)", m.kind, m.src, m.dst, m.card, m.count);
}

static PyObject *state_tuple(const GState *s) {
    PyObject *lengths = PyTuple_New(s->n), *down = PyTuple_New(s->n), *cards = PyList_New(0);
    if (!lengths || !down || !cards) { Py_XDECREF(lengths); Py_XDECREF(down); Py_XDECREF(cards); return NULL; }
    for (int p = 0; p < s->n; p++) {
        PyTuple_SET_ITEM(lengths, p, PyLong_FromLong(s->len[p]));
        PyTuple_SET_ITEM(down, p, PyLong_FromLong(s->down[p]));
        for (int i = 0; i < s->len[p]; i++) {
            PyObject *c = PyLong_FromLong(s->cards[p][i]);
            PyList_Append(cards, c);
            Py_DECREF(c);
        }
    }
    return Py_BuildValue("(NNNi)", lengths, down, cards, s->redeals_left);
}

static int parse_move(PyObject *t, GMove *m) {
    int kind, src, dst, card, count;
    if (!PyArg_ParseTuple(t, "iiiii", &kind, &src, &dst, &card, &count)) return -1;
    m->kind = (int8_t)kind; m->src = (int8_t)src; m->dst = (int8_t)dst; m->card = (int8_t)card; m->count = (uint8_t)count;
    return 0;
}

static PyObject *py_legal_moves(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position;
    Loaded L;
    if (!PyArg_ParseTuple(args, "OO", &rules, &position) || load(&L, rules, position) < 0) return NULL;
    GMove moves[GMAXMOVES];
    int n = g_legal(&L.s, moves, GMAXMOVES);
    release(&L);
    if (n > GMAXMOVES) { PyErr_SetString(PyExc_ValueError, "more legal moves than the search holds"); return NULL; }
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, move_tuple(moves[i]));
    return out;
}

/* The loaded position's children into v (GChild items), as the search makes them: how many, -1
 * where the legal moves overflow. Their cards back are in L->s.backs (the caller frees it). */
static int children_of(Loaded *L, int prune, GVec *v) {
    int8_t takers[52][GMAXF];
    int ntak[52];
    g_takers(&L->s, takers, ntak);
    *v = (GVec){0, 0, 0, sizeof(GChild)};
    return g_children_into(&L->s, takers, ntak, v, prune, NULL);
}

static PyObject *py_children(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position;
    int prune, steps_cap = 0;
    Loaded L;
    if (!PyArg_ParseTuple(args, "OOp|i", &rules, &position, &prune, &steps_cap) || load(&L, rules, position) < 0)
        return NULL;
    L.s.steps_cap = steps_cap > 0 ? steps_cap : 0;
    GVec v;
    int n = children_of(&L, prune, &v);
    const GChild *kids = v.data;
    release(&L);
    if (n < 0) {
        free(L.s.backs);
        free(v.data);
        PyErr_SetString(PyExc_ValueError, "more legal moves than the search holds");
        return NULL;
    }
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *back = PyList_New(kids[i].nback);
        for (int j = 0; back && j < kids[i].nback; j++)
            PyList_SET_ITEM(back, j, move_tuple(L.s.backs[kids[i].back_at + (uint32_t)j]));
        PyList_SET_ITEM(out, i, Py_BuildValue("(iNNiN)", kids[i].pre, back,
                                              kids[i].lead.kind == G_NO_LEAD ? (Py_INCREF(Py_None), Py_None) : move_tuple(kids[i].lead),
                                              kids[i].mid, move_tuple(kids[i].play)));
    }
    free(L.s.backs);   /* the children's cards back (G8) */
    free(v.data);
    return out;
}

/* Each child's score as the search finds it and as evaluating the position it leads to gives
 * (children with cards back or talon steps after a lead are left out: scored where found). */
static PyObject *py_child_values(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position;
    Loaded L;
    if (!PyArg_ParseTuple(args, "OO", &rules, &position) || load(&L, rules, position) < 0) return NULL;
    GVec v;
    int n = children_of(&L, 1, &v);
    const GChild *kids = v.data;
    PyObject *out = n < 0 ? NULL : PyList_New(0);
    for (int i = 0; out && i < n; i++) {
        if (kids[i].nback || kids[i].mid) continue;
        GUndo u[GMAXC];
        GMove step;
        int steps = 0;
        while (steps < kids[i].pre && steps < GMAXC && g_talon_step(&L.s, &step)) g_apply(&L.s, step, &u[steps++]);
        int shares, made;
        g_child_values(&L.s, kids[i].lead, kids[i].play, kids[i].pre, &shares, &made);
        while (steps) g_undo(&L.s, &u[--steps]);
        PyObject *pair = Py_BuildValue("(ii)", shares, made);
        if (!pair || PyList_Append(out, pair) < 0) Py_CLEAR(out);
        Py_XDECREF(pair);
    }
    release(&L);
    free(L.s.backs);
    free(v.data);
    if (n < 0) PyErr_SetString(PyExc_ValueError, "more legal moves than the search holds");
    return out;
}

static PyObject *py_apply_undo(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position, *move;
    Loaded L;
    GMove m;
    GUndo u;
    if (!PyArg_ParseTuple(args, "OOO", &rules, &position, &move) || parse_move(move, &m) < 0) return NULL;
    if (load(&L, rules, position) < 0) return NULL;
    g_apply(&L.s, m, &u);
    PyObject *after = state_tuple(&L.s);
    g_undo(&L.s, &u);
    PyObject *back = state_tuple(&L.s);
    release(&L);
    return Py_BuildValue("(NN)", after, back);
}

static PyObject *py_safe_move(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position;
    Loaded L;
    if (!PyArg_ParseTuple(args, "OO", &rules, &position) || load(&L, rules, position) < 0) return NULL;
    GMove m;
    int found = g_find_safe(&L.s, &m);
    release(&L);
    if (!found) Py_RETURN_NONE;
    return move_tuple(m);
}

static PyObject *py_key(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position;
    Loaded L;
    if (!PyArg_ParseTuple(args, "OO", &rules, &position) || load(&L, rules, position) < 0) return NULL;
    uint8_t key[GKEYMAX];
    size_t n = g_key(&L.s, key, NULL);
    release(&L);
    return PyBytes_FromStringAndSize((const char *)key, (Py_ssize_t)n);
}

/* A relaxation's answer on the position: lost by it or not (a bool), or a count. */
static PyObject *relaxed(PyObject *args, int (*test)(const GState *), int count) {
    PyObject *rules, *position;
    Loaded L;
    if (!PyArg_ParseTuple(args, "OO", &rules, &position) || load(&L, rules, position) < 0) return NULL;
    int answer = test(&L.s);
    release(&L);
    return count ? PyLong_FromLong(answer) : PyBool_FromLong(answer);
}

static int dead_end_thorough(const GState *s) { return g_dead_end(s, G6_GATES_THOROUGH) != 0; }

static PyObject *py_dead_end(PyObject *Py_UNUSED(self), PyObject *args) { return relaxed(args, dead_end_thorough, 0); }

static PyObject *py_dead_end_gates(PyObject *Py_UNUSED(self), PyObject *args) { return relaxed(args, g_dead_end_gates, 1); }

static PyObject *py_waste_order_dead(PyObject *Py_UNUSED(self), PyObject *args) { return relaxed(args, g_waste_order_dead, 0); }

static int interrupted(void) { return PyErr_CheckSignals() < 0; }

static PyObject *py_search(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *rules, *position;
    GSearchArgs a = {0};
    Loaded L;
    a.nudge = -1;
    a.proof_rules = 1;
    a.solo = -1;
    int threads = 1;
    if (!PyArg_ParseTuple(args, "OOLdLp|iipiL", &rules, &position, &a.max_positions, &a.seconds, &a.table_limit, &a.prune,
                          &a.nudge, &a.beam_share, &a.proof_rules, &threads, &a.solo))
        return NULL;
    if (a.solo < -1) {
        PyErr_SetString(PyExc_ValueError, "solo: expected -1 (the search's own) or 0 positions or more");
        return NULL;
    }
    if (threads < 1 || threads > G_MAX_WORKERS) {
        PyErr_Format(PyExc_ValueError, "threads: expected 1 to %d", G_MAX_WORKERS);
        return NULL;
    }
    if (a.beam_share < 0 || a.beam_share > 100) {
        PyErr_SetString(PyExc_ValueError, "beam_share: expected 0 (no beam) to 100");
        return NULL;
    }
    if (!a.prune) a.beam_share = 0;   /* the plain search is the oracle's: no beam */
    if (a.nudge < -1 || a.nudge > 10000) {   /* scores are int16: a wider nudge would be noise alone */
        PyErr_SetString(PyExc_ValueError, "nudge: expected -1 (the search's own) or 0 to 10000");
        return NULL;
    }
    if (load(&L, rules, position) < 0) return NULL;
    a.interrupted = interrupted;
    a.rebuild_full_table = a.max_positions >= 0 || a.seconds >= 0;   /* the search ends anyway */
    GSearchOut o;
    g_search_workers(&L.s, (const int32_t *)L.pos_view.buf, (size_t)L.pos_view.len / 4, &a, threads, &o);
    release(&L);
    if (o.verdict == G_INTERRUPTED && !PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) {
        free(o.line);   /* a signal handler raised something else: let it through */
        return NULL;
    }
    /* Ctrl-C: the counts go back with the verdict, and search.py raises SearchInterrupted. */
    if (o.verdict == G_INTERRUPTED) PyErr_Clear();
    if (o.verdict == G_NOMEM) { free(o.line); return PyErr_NoMemory(); }
    PyObject *line = PyList_New((Py_ssize_t)o.line_len);
    for (size_t i = 0; line && i < o.line_len; i++) PyList_SET_ITEM(line, (Py_ssize_t)i, move_tuple(o.line[i]));
    free(o.line);
    return Py_BuildValue("(iLiLLLLLNL)", o.verdict, o.positions, o.most, o.table, o.compactions, o.dominated,
                         o.dead_ends, o.beam_positions, line, o.imported);
}

static PyMethodDef methods[] = {
    {"legal_moves", py_legal_moves, METH_VARARGS, "legal_moves(rules, position) -> [(kind, src, dst, card, count)]"},
    {"children", py_children, METH_VARARGS, "children(rules, position, prune[, steps_cap]) -> [(pre, cards back, lead or None, mid, play)]; "
     "steps_cap > 0: only the children making fewer talon steps before their play (G9b)"},
    {"child_values", py_child_values, METH_VARARGS,
     "child_values(rules, position) -> [(score as the search finds it, score of the position made)] per child"},
    {"apply_undo", py_apply_undo, METH_VARARGS, "apply_undo(rules, position, move) -> (after, after undo)"},
    {"safe_move", py_safe_move, METH_VARARGS, "safe_move(rules, position) -> the first safe play or None"},
    {"key", py_key, METH_VARARGS, "key(rules, position) -> the search's key of the position (bytes)"},
    {"dead_end", py_dead_end, METH_VARARGS, "dead_end(rules, position) -> lost by the relaxation in which nothing stays covered"},
    {"dead_end_gates", py_dead_end_gates, METH_VARARGS,
     "dead_end_gates(rules, position) -> how many cards the dead-end test gates (G6b)"},
    {"waste_order_dead", py_waste_order_dead, METH_VARARGS,
     "waste_order_dead(rules, position) -> lost by the relaxation in which the waste piles keep their order"},
    {"search", py_search, METH_VARARGS,
     "search(rules, position, max_positions, seconds, table_limit, prune[, nudge[, beam_share[, proof_rules[, threads[, solo]]]]]) -> "
     "(verdict, positions, most, "
     "table, compactions, dominated, dead_ends, beam_positions, line, imported)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, .m_name = "_general",
                                    .m_doc = "The compiled search over any variant's rules (patience_core/solver/general).",
                                    .m_size = -1, .m_methods = methods};

PyMODINIT_FUNC PyInit__general(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyModule_AddIntConstant(m, "RULES_VERSION", G_RULES_VERSION);
    PyModule_AddIntConstant(m, "POSITION_VERSION", G_POSITION_VERSION);
    return m;
}
