"""The field-table boundary between Python and C (patience_core/solver/boundary.py)."""
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from patience_core.solver.boundary import Boundary, BoundaryError, Field, generated

DEMO = Boundary("demo", 0x5A5A, (
    Field("n", 1, "how many items"),
    Field("k", 1, "items per row"),
    Field("grid", "n*k", "a flat n x k grid"),
    Field("pair", 2, "two numbers"),
))


def test_pack_lays_out_header_offsets_and_data():
    buf = DEMO.pack(n=2, k=3, grid=range(6), pair=[-1, 7])
    assert list(buf[:3]) == [0x5A5A, DEMO.version, 4]
    offsets = [(buf[3 + 2 * i], buf[4 + 2 * i]) for i in range(4)]
    assert [length for _, length in offsets] == [1, 1, 6, 2]
    off, length = offsets[2]
    assert list(buf[off:off + length]) == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("values, words", [
    (dict(n=2, k=3, grid=range(5), pair=[1, 2]), "demo.grid: 5 values, expected 6 (n*k)"),
    (dict(n=2, k=3, grid=range(6)), "missing fields ['pair']"),
    (dict(n=1, k=1, grid=[2 ** 31], pair=[1, 2]), "demo.grid: 2147483648 does not fit in 32 bits"),
    (dict(n="2", k=1, grid=[1, 2], pair=[1, 2]), "demo.n: expected an int"),
])
def test_pack_names_the_field_that_is_wrong(values, words):
    with pytest.raises(BoundaryError) as caught:
        DEMO.pack(**values)
    assert words in str(caught.value)


def test_a_length_must_name_an_earlier_scalar():
    with pytest.raises(BoundaryError, match="not a scalar field before it"):
        Boundary("bad", 1, (Field("grid", "n", "x"), Field("n", 1, "y")))


def test_version_changes_with_the_table():
    other = Boundary("demo", 0x5A5A, DEMO.fields + (Field("extra", 1, "one more"),))
    assert other.version != DEMO.version


def test_committed_headers_are_not_stale():
    for path, text in generated().items():
        assert path.read_text() == text, f"{path} is stale: run python -m patience_core.solver.boundary"


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
def test_the_generated_c_binds_what_python_packed(tmp_path: Path):
    (tmp_path / "demo_fields.h").write_text(DEMO.c_header())
    (tmp_path / "main.c").write_text(r'''
#include <stdio.h>
#include <stdlib.h>
#include "demo_fields.h"
int main(int argc, char **argv) {
    int32_t buf[64]; size_t n = 0;
    while (n < 64 && scanf("%d", &buf[n]) == 1) n++;
    demo_t d; const char *why = demo_bind(buf, n, &d);
    if (why) { printf("refused: %s\n", why); return 0; }
    printf("%d %d", d.n, d.k);
    for (int i = 0; i < d.n * d.k; i++) printf(" %d", d.grid[i]);
    printf(" | %d %d\n", d.pair[0], d.pair[1]);
    return 0;
}''')
    include = sysconfig.get_paths()["include"]
    subprocess.run(["cc", "-I", include, "-o", str(tmp_path / "demo"), str(tmp_path / "main.c")], check=True)

    def run(words) -> str:
        return subprocess.run([str(tmp_path / "demo")], input=" ".join(map(str, words)), capture_output=True,
                              text=True, check=True).stdout.strip()

    buf = list(DEMO.pack(n=2, k=2, grid=[5, 6, 7, 8], pair=[-1, 9]))
    assert run(buf) == "2 2 5 6 7 8 | -1 9"
    stale = list(buf)
    stale[1] ^= 1
    assert run(stale) == "refused: demo: packed by another version of the field table"
    short = list(buf)
    short[4 + 2 * 2] = 3   # grid's length no longer n*k
    assert run(short) == "refused: demo.grid: wrong length or offset"
