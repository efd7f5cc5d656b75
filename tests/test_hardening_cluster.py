"""Issue 57, item 2: `--scheduler` pointed at something that is not a Dask scheduler (a port
that accepts and says nothing, a web server such as the dashboard, a worker) is one line
within seconds, and Ctrl-C while connecting prints no traceback."""
from __future__ import annotations

import contextlib
import http.server
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("distributed")

from conftest import run_cli  # noqa: E402
from patience_core.stats.cluster import CONNECT_TIMEOUT  # noqa: E402

PATIENCE = [sys.executable, "-m", "patience_core"]


@contextlib.contextmanager
def silent_server():
    """A listening socket on loopback that accepts connections (the system does, from its
    backlog) and never says a word."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(16)
        yield server


@contextlib.contextmanager
def silent_port():
    with silent_server() as server:
        yield server.getsockname()[1]


@contextlib.contextmanager
def web_server():
    """A web server on loopback, as a Dask dashboard is: it answers Dask's messages with HTTP."""
    class Refuse(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def refused_in_one_line(port: int, tmp_path) -> str:
    began = time.monotonic()
    results = tmp_path / "results.jsonl"
    code, out, err = run_cli("stats", "gavotte", "--deals", "4", "--scheduler", f"tcp://127.0.0.1:{port}",
                             "--out", str(results))
    assert time.monotonic() - began < CONNECT_TIMEOUT + 10
    assert code == 1 and out == "" and err.count("\n") == 1
    assert not results.exists()
    return err


def test_a_port_that_says_nothing_is_one_line_within_seconds(tmp_path):
    with silent_port() as port:
        err = refused_in_one_line(port, tmp_path)
    assert err == (f"error: --scheduler tcp://127.0.0.1:{port}: no Dask scheduler answers there within "
                   f"{CONNECT_TIMEOUT} s; is `dask scheduler` running there (and is this its port, not the "
                   f"dashboard's)?\n")


def test_a_web_server_such_as_the_dashboard_is_one_line(tmp_path):
    with web_server() as port:
        err = refused_in_one_line(port, tmp_path)
    assert err.startswith(f"error: --scheduler tcp://127.0.0.1:{port}: no Dask scheduler answers there")


def test_a_worker_is_not_taken_for_a_scheduler(tmp_path):
    from distributed import LocalCluster
    with LocalCluster(n_workers=1, processes=False, protocol="tcp://", host="127.0.0.1",
                      dashboard_address=None) as cluster:
        worker = next(iter(cluster.scheduler_info["workers"]))
        code, out, err = run_cli("stats", "gavotte", "--deals", "4", "--scheduler", worker)
        assert code == 1
        assert err == (f"error: --scheduler {worker}: a Dask worker answers there, not a scheduler; give the "
                       f"address `dask scheduler` prints (tcp://HOST:8786 by default)\n")
        # ... and its scheduler is
        code, out, err = run_cli("stats", "gavotte", "--deals", "4", "--scheduler", cluster.scheduler_address,
                                 "--json")
        assert code == 0, err


def test_ctrl_c_while_connecting_prints_no_traceback():
    with silent_server() as server:
        port = server.getsockname()[1]
        child = subprocess.Popen(PATIENCE + ["stats", "gavotte", "--deals", "4", "--scheduler",
                                             f"tcp://127.0.0.1:{port}"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        server.settimeout(60)
        connections = [server.accept()[0] for _ in range(2)]  # the reachability check, then Dask's
        child.send_signal(signal.SIGINT)  # while it waits for an answer
        out, err = child.communicate(timeout=60)
        for connection in connections:
            connection.close()
    assert child.returncode == 130
    assert "Traceback" not in err and "Exception ignored" not in err
    assert err.endswith("interrupted: the figures cover the 0 of 4 deals finished\n")
