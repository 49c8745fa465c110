"""``python -m mangala_edu.classroom``: see :mod:`mangala_edu.classroom.cli`."""

from .cli import main

raise SystemExit(main())
