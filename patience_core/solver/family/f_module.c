/* The Python module patience_core.solver._engine: run(spec, ...) loads the buffer packed by
 * engine.py (f_load.c), runs the search without the GIL (f_search.c) and returns (verdict,
 * positions, checked positions, the most cards on the foundations at a node, line,
 * generator state, counters). SPEC_VERSION is the field table's version (f_spec.h). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "f_engine.h"

/* Ctrl-C must stop a search that has no limit: take the GIL back for a moment and let
 * Python run its signal handlers (the exception they raise stays set). */
int check_signals(E *e) {
    PyEval_RestoreThread(e->thread);
    int raised = PyErr_CheckSignals();
    e->thread = PyEval_SaveThread();
    return raised;
}

/* Tuples of ints for the check's arguments (a new reference, NULL on failure). */
static PyObject *int_tuple(const int *values, int n) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

int split_lost(E *e) {
    PyEval_RestoreThread(e->thread);
    int waste[MAXT], stock[MAXT], cards[MAXPC], r = R_SIGNAL;
    for (int i = 0; i < e->nwaste; i++) waste[i] = e->talon[e->waste[i]];
    for (int i = 0; i < e->nstock; i++) stock[i] = e->talon[e->stock[i]];
    PyObject *w = int_tuple(waste, e->nwaste), *s = int_tuple(stock, e->nstock);
    PyObject *h = int_tuple(e->h, e->n_piles), *fsuit = int_tuple(e->fsuit, e->n_piles);
    PyObject *piles = PyTuple_New(e->n_piles);
    for (int p = 0; piles && p < e->n_piles; p++) {
        for (int i = 0; i < e->plen[p]; i++) cards[i] = e->pile[p][i];
        PyObject *pile = int_tuple(cards, e->plen[p]);
        if (!pile) {
            Py_CLEAR(piles);
            break;
        }
        PyTuple_SET_ITEM(piles, p, pile);
    }
    if (w && s && h && fsuit && piles) {
        PyObject *res = PyObject_CallFunction((PyObject *)e->split, "OOOOOi", w, s, piles, h, fsuit, e->redeals);
        if (res) {
            long v = PyLong_AsLong(res);
            r = v == 2 ? R_LIMIT : v == 1 ? 1 : v == 0 ? 0 : R_SIGNAL;
            if (r == R_SIGNAL && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "patience engine: R2's check gave %ld", v);
            Py_DECREF(res);
        }
    }
    Py_XDECREF(w);
    Py_XDECREF(s);
    Py_XDECREF(h);
    Py_XDECREF(fsuit);
    Py_XDECREF(piles);
    e->thread = PyEval_SaveThread();
    return r;
}

static PyObject *engine_run(PyObject *self, PyObject *args) {
    Py_buffer buf;
    long long max_positions, table_limit = -1;
    double deadline;
    PyObject *split = Py_None;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*Ld|LO", &buf, &max_positions, &deadline, &table_limit, &split)) return NULL;
    if (split != Py_None && !PyCallable_Check(split)) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_TypeError, "patience engine: split must be callable or None");
        return NULL;
    }
    E *e = calloc(1, sizeof(E));
    if (!e) {
        PyBuffer_Release(&buf);
        return PyErr_NoMemory();
    }
    const char *bad = load_spec(e, (const int32_t *)buf.buf, (size_t)buf.len / sizeof(int32_t));
    PyBuffer_Release(&buf);
    if (bad) {
        free(e->blocks);
        free(e);
        PyErr_Format(PyExc_ValueError, "patience engine: %s", bad);
        return NULL;
    }
    e->max_positions = max_positions;
    e->table_limit = table_limit;
    e->split = split == Py_None ? NULL : split;   /* borrowed: the caller holds it for the call */
    e->deadline = deadline;
    e->restart_at = -1;
    e->cap = 512;
    e->line = malloc((size_t)e->cap * 3 * sizeof(int));
    e->trail = malloc((size_t)e->cap * sizeof(Trail));
    e->kcap = 4096;
    e->kids = malloc(e->kcap * sizeof(Child));
    int ok = e->line && e->trail && e->kids && !set_init(&e->lost, 1 << 16) &&
             !set_init(&e->sf_not_lost, 1 << 10) && !set_init(&e->sf_lost_states, 1 << 12);
    int verdict = R_NOMEM;
    if (ok) {
        e->thread = PyEval_SaveThread();
        verdict = run_search(e);
        PyEval_RestoreThread(e->thread);
    }
    PyObject *result = NULL;
    /* Ctrl-C: the counts go back with the verdict, and engine.py raises SearchInterrupted;
     * anything else a signal handler raised goes through as it is. */
    if (verdict == R_SIGNAL && PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) PyErr_Clear();
    if (verdict == R_NOMEM) {
        PyErr_NoMemory();
    } else if (verdict != R_SIGNAL || !PyErr_Occurred()) {
        PyObject *line = PyList_New(3 * (Py_ssize_t)e->depth);
        PyObject *state = Py_None;
        Py_INCREF(Py_None);
        if (line) {
            for (int i = 0; i < 3 * e->depth; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(e->line[i]));
            if (e->has_rng) {
                Py_DECREF(state);
                state = PyTuple_New(625);
                if (state) {
                    for (int i = 0; i < 624; i++) PyTuple_SET_ITEM(state, i, PyLong_FromUnsignedLong(e->rng.mt[i]));
                    PyTuple_SET_ITEM(state, 624, PyLong_FromLong(e->rng.index));
                }
            }
            PyObject *stats = Py_BuildValue(
                "{sLsLsLsLsLsLsLsLsL}", "checks_lost", e->n_check[0], "checks_not_lost", e->n_check[1],
                "checks_over_budget", e->n_check[2], "check_positions_lost", e->check_pos[0],
                "check_positions_not_lost", e->check_pos[1], "check_positions_over_budget", e->check_pos[2],
                "ahead_calls", e->n_ahead_calls, "ahead_cuts", e->n_ahead_cuts, "dead_ends", e->n_dead_ends);
            if (state && stats)
                result = Py_BuildValue("iLLiNNN", verdict == R_WON ? 1 : verdict == R_LOST ? 0 : verdict == R_SIGNAL ? -3
                                                   : e->table_full ? -2 : -1,
                                       e->positions, e->sf_positions, e->most_found, line, state, stats);
            else {
                Py_XDECREF(stats);
                Py_XDECREF(state);
                Py_DECREF(line);
            }
        } else {
            Py_DECREF(state);
        }
    }
    free(e->line);
    free(e->trail);
    free(e->kids);
    free(e->blocks);
    set_free(&e->lost);
    set_free(&e->sf_not_lost);
    set_free(&e->sf_lost_states);
    free(e);
    return result;
}

static PyMethodDef methods[] = {
    {"run", engine_run, METH_VARARGS,
     "run(spec, max_positions, deadline[, table_limit[, split]]) -> (verdict, positions, checked, most_on_foundations,\n"
     "line, rng_state, stats)\n\n"
     "Run the search packed by patience_core.solver.engine.pack (its field table SPEC). verdict: 1 won, 0 lost, -1 the position\n"
     "budget or the deadline was reached, -2 the table of lost positions reached table_limit entries, -3 Ctrl-C;\n"
     "max_positions, deadline and table_limit < 0 mean none. split: rule R2 at the nodes, "
     "split(waste, stock, piles, heights, suits, redeals) -> 1 lost, 0 not, 2 past the deadline; None: off."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_engine",
                                    "The solver's search, compiled (see patience_core/solver/engine.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__engine(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "SPEC_VERSION", spec_version())) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
