"""Run the command line: ``python -m pymaze``."""

import sys

from .cli import main

sys.exit(main())
