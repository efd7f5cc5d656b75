"""Where this interpreter can build C extensions, the install built both compiled searches.

They are optional in pyproject.toml (without a compiler the package still installs and
solves through the Python oracle), so a C file that no longer compiles only makes pip
print a warning, and every test of the compiled search skips. This test turns that into a
failure wherever a compiler and Python's headers are present.
"""
import importlib
import os
import shutil
import sysconfig

import pytest

COMPILER = (sysconfig.get_config_var("CC") or "cc").split()[0]
HEADERS = os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))


@pytest.mark.skipif(not (shutil.which(COMPILER) and HEADERS), reason="no C compiler or Python headers here")
@pytest.mark.parametrize("module", ["patience_core.solver._engine", "patience_core.solver._general"])
def test_compiled_module_was_built(module):
    try:
        importlib.import_module(module)
    except ImportError as error:
        pytest.fail(f"{module} is not built although a compiler is present "
                    f"(see pip's 'building extension ... failed' warning): {error}")
