"""The ``whist`` command's entry point, also ``python -m whist``. The command itself is
:mod:`whist.cli`; it is imported here, so that Ctrl-C pressed while Python is still loading it (a
moment on a slow machine) stops the command as Ctrl-C does later, with exit status 130 and
without a traceback through the modules being imported."""

from __future__ import annotations

import sys


def main() -> None:
    """Run the ``whist`` command."""
    try:
        from whist.cli import main as run
        from whist.cli_usage import guarded_output
    except KeyboardInterrupt:
        sys.exit(130)
    guarded_output(run)


if __name__ == "__main__":
    main()
