"""`python -m evals`: every evaluation in order (see evals/run_all.py)."""

import sys

from evals.run_all import main

sys.exit(main())
