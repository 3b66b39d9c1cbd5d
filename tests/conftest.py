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


@pytest.fixture(autouse=True)
def english_to_start_with() -> None:
    """Each test starts in English (issue 21): a test that ran ``--lang ja`` or set the
    language leaves no Japanese screen to the next test of the same worker."""
    from core import i18n

    i18n.set_language(i18n.ENGLISH)
