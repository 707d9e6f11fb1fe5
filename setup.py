"""Build of the C core of the double-dummy solver (``whist.solver._core``).

Everything else about the package is in pyproject.toml; this file only declares the extension
(``_core.c`` and the parts it includes, ``core_*.h``), compiled as C11 with optimisation by the
compiler setuptools finds.
"""

import sys
from pathlib import Path

from setuptools import Extension, setup

_FLAGS = [] if sys.platform == "win32" else ["-std=c11", "-O3", "-Wall", "-Wextra"]

setup(
    ext_modules=[
        Extension(
            "whist.solver._core",
            sources=["src/whist/solver/_core.c"],
            depends=sorted(str(p) for p in Path("src/whist/solver").glob("core_*.h")),
            extra_compile_args=_FLAGS,
        )
    ]
)
