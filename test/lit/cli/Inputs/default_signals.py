"""Runs a command with SIGINT and SIGQUIT at their default actions.

usage: default_signals.py COMMAND [ARGS...]

lit's worker processes ignore SIGINT, and a program inherits an ignored signal, so a
test of what Ctrl-C does must first put it back to the default a terminal gives.
"""

import os
import signal
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.signal(signal.SIGQUIT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
