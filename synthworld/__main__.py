"""`python -m synthworld` runs the command line."""

import sys

from synthworld.cli import main

sys.exit(main())
