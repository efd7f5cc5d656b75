"""What a `patience` command costs before it does its work: CPU time of the whole child process.

    python bench/startup_bench.py               # 7 runs of each command, the median
    python bench/startup_bench.py --runs 15
    python bench/startup_bench.py --module      # `python -m patience_core` from this directory

Each command runs as a child process; its CPU time (user + system, from the operating system's
accounting of the finished child) is the measure, not the wall clock, so a busy machine
changes the figures less. `python -c pass` runs in the same table: the interpreter's own start,
the floor any command pays. The line game is fed `quit` then `y` from a pipe, so its run is
the start up to the first prompt plus the quit. Targets from issue 56 ("A quick start").
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys

# (label, argv after the interpreter or `patience`, stdin, target CPU seconds or None)
COMMANDS = [
    ("python -c pass", [sys.executable, "-c", "pass"], None, None),
    ("patience --help", ["--help"], None, 0.12),
    ("patience list", ["list"], None, 0.12),
    ("patience solve freecell --deal ms:1 --json", ["solve", "freecell", "--deal", "ms:1", "--json"], None, 0.2),
    ("patience play klondike --line (quit)", ["play", "klondike", "--line"], b"quit\ny\n", 0.3),
]


def patience_command() -> list[str]:
    """The installed `patience` script beside this interpreter, else `python -m patience_core`."""
    script = shutil.which("patience", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "patience_core"]


def child_cpu_seconds(argv: list[str], stdin: bytes | None) -> float:
    """User + system CPU time of one run of ``argv`` (and of any children it waited for)."""
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "100"})
    if stdin is not None:
        process.stdin.write(stdin)
    process.stdin.close()
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exited with {process.returncode}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (the median is shown)")
    parser.add_argument("--module", action="store_true",
                        help="run `python -m patience_core` (the package as found from the current "
                             "directory) instead of the installed `patience` script")
    args = parser.parse_args()
    patience = [sys.executable, "-m", "patience_core"] if args.module else patience_command()
    print(f"{'command':<46} {'median':>8} {'min':>8} {'target':>8}")
    for label, argv, stdin, target in COMMANDS:
        full = argv if target is None else patience + argv
        child_cpu_seconds(full, stdin)  # warm the file cache and the bytecode cache
        times = [child_cpu_seconds(full, stdin) for _ in range(args.runs)]
        median = statistics.median(times)
        verdict = "" if target is None else f"< {target:.2f}" + ("  ok" if median < target else "  OVER")
        print(f"{label:<46} {median:8.3f} {min(times):8.3f} {verdict:>8}")


if __name__ == "__main__":
    main()
