"""`python -m evals.llm_local`: see evals/llm_local/run.py."""

import sys

from evals.llm_local.run import main

sys.exit(main())
