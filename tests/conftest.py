"""Suite-wide: every save the suite writes is checked as a load checks it (issue 17)."""

from __future__ import annotations

import os

import pytest

from saves.codec import CHECK_WRITES


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Outside the benchmarks (which time a save as the GM gets it), ``save`` checks the
    whole document it is about to write, ledger included, and raises SaveError rather than
    write what ``load`` would refuse; subprocesses (the app started for real) inherit it."""
    if not any("bench" in item.path.parts for item in items):
        os.environ[CHECK_WRITES] = "all"
