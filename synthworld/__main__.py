"""`python -m synthworld` runs the command line."""

import sys

from synthworld.serve.cli import main

sys.exit(main())
