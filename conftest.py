"""For every test run (unit, doctest, notebooks with nbval, browser): learners' progress goes
to a new temporary folder, never to the real user's data folder. Notebook kernels and the
JupyterLab of the browser tests inherit the variable."""

from __future__ import annotations

import os
import tempfile

os.environ["MANGALA_EDU_PROGRESS"] = tempfile.mkdtemp(prefix="mangala-progress-")
