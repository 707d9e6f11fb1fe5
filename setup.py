"""Build of the C core of the double-dummy solver (``whist.solver._core``).

Everything else about the package is in pyproject.toml; this file only declares the extension,
compiled as C11 with optimisation by the compiler setuptools finds.
"""

import sys

from setuptools import Extension, setup

_FLAGS = [] if sys.platform == "win32" else ["-std=c11", "-O3", "-Wall", "-Wextra"]

setup(
    ext_modules=[
        Extension(
            "whist.solver._core",
            sources=["src/whist/solver/_core.c"],
            extra_compile_args=_FLAGS,
        )
    ]
)
