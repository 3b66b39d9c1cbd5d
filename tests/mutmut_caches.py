"""Under mutmut only: each test starts with the caches of core/ and saves/ empty.

mutmut imports the tests once (its fork server collects them) and forks a child per mutant. A
``functools.cache``/``lru_cache`` filled while the original code ran (at import, or by an earlier
test) then answers for the mutant, whose code never runs: a false survivor, and a test the stats
run never sees reaching the function. pyproject's [tool.mutmut] loads this plugin
(``-p tests.mutmut_caches``); outside mutmut (no ``MUTANT_UNDER_TEST``) it does nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

PACKAGES = ("core", "saves")


def cached_functions() -> Iterator[Any]:
    """Every function of a loaded core/ or saves/ module that keeps a cache."""
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] in PACKAGES:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    yield value


@pytest.fixture(autouse=True)
def _caches_emptied_under_mutmut() -> None:
    """Empty the caches before each test while mutmut runs a mutant (or its stats)."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        for function in cached_functions():
            function.cache_clear()
