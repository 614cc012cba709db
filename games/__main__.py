"""``python -m games``: see :mod:`games.cli`."""

import os
import sys

from games.cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader went away (e.g. piped into `head`): stop quietly, as the Python docs advise.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 1
sys.exit(code)
