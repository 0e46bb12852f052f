"""Festive Slots from a checkout: ``python main.py [flags]`` (the same as ``festive-slots`` once
installed, or ``python -m game``). The entry point itself is ``game/__main__.py``; ``--help``
lists the flags.
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
