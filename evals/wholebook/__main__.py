"""`python -m evals.wholebook` (see evals/wholebook/run.py)."""

import sys

from evals.wholebook.run import main

sys.exit(main())
