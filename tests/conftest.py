"""Suite-wide: every save the suite writes is checked as a load checks it."""

from __future__ import annotations

import gc
import os
import re
import time
from collections.abc import Iterator

import pytest
from hypothesis import settings

from saves.codec import CHECK_WRITES

# Hypothesis's 200 ms deadline is a timing check, not a rule: on a shared 2-core machine it failed
# property tests whose every example was right (test_undo_restores_everything). The examples and
# their checks are unchanged; a test that means to bound time says so itself.
settings.register_profile("hitledger", deadline=None)
settings.load_profile("hitledger")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Outside the benchmarks (which time a save as the GM gets it), ``save`` checks the
    whole document it is about to write, ledger included, and raises SaveError rather than
    write what ``load`` would refuse; subprocesses (the app started for real) inherit it.

    The tests marked ``slow`` (real processes, terminals, a browser: seconds each, mostly
    waiting) go first: pytest-xdist hands tests out in this order, so no worker starts one at the
    end while the others stand idle (a two-minute ``make test``). The sort is stable."""
    if not any("bench" in item.path.parts for item in items):
        os.environ[CHECK_WRITES] = "all"
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A parameter's text in a test's id, with what is not printable ASCII as ``_`` (Japanese,
    a newline): pytest writes such characters as escapes (``\\u30c0``, ``\\n``), and a test
    named by such an id on a command line is not found (mutmut names each test it runs: one
    such id stopped ``make mutate``). Plain ASCII keeps pytest's own id."""
    if not isinstance(val, str) or (val.isascii() and val.isprintable()):
        return None
    return re.sub(r"[^ -~]", "_", val)[:24]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Fewer, cheaper garbage collections (a two-minute ``make test``).

    What the collection imported and built lives as long as the worker, yet each full collection
    walked it again: 13% of a Pilot test's CPU went to the collector. Frozen, it is never walked;
    and the young generation is collected after 10,000 new objects, not 700 (a Pilot test makes
    tens of thousands). Tests that count what is alive call ``gc.collect()`` themselves."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """What the session leaves alive is collected and frozen before the worker reports it has
    finished: a passing run printed tracebacks ending in KeyboardInterrupt.

    After that report pytest's own clean-up runs five full collections (to catch the last
    unraisable exceptions), each walking every object the tests left, 1 to 3 s apiece on a
    busy machine; pytest-xdist's execnet gives a worker 5 s to end once told to, then sends
    it SIGINT, which landed in hypothesis's gc callback and printed its traceback. Collected
    here, while the worker still counts as working, and frozen, those five only walk what is
    new: the worker ends within its 5 s."""
    gc.collect()
    gc.freeze()


CPU_REPORT = "HITLEDGER_CPU_REPORT"
"""A file to which each test's CPU seconds in its worker (set-up, call and tear-down; not its
subprocesses') are appended, one ``seconds node-id`` line a test: where ``make test``'s CPU
goes, which wall-clock ``--durations`` on a busy machine does not say."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """With ``HITLEDGER_CPU_REPORT=FILE``: the test's CPU seconds, appended to FILE."""
    report = os.environ.get(CPU_REPORT)
    started = time.process_time()
    yield
    if report:
        with open(report, "a", encoding="utf-8") as out:
            out.write(f"{time.process_time() - started:.3f} {item.nodeid}\n")


@pytest.fixture
def japanese() -> Iterator[None]:
    """The app speaks Japanese for one test, as after ``--lang ja``; English again afterwards."""
    from core.text import i18n

    i18n.set_language("ja")
    try:
        yield
    finally:
        i18n.set_language(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def english_to_start_with() -> None:
    """Each test starts in English: a test that ran ``--lang ja`` or set the
    language leaves no Japanese screen to the next test of the same worker."""
    from core.text import i18n

    i18n.set_language(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch,
                        tmp_path_factory: pytest.TempPathFactory) -> None:
    """The suite's subprocesses and ``main()`` speak English under a Japanese desktop:
    ``LC_ALL`` / ``LANG`` are C, and a data dir of the test's own holds no saved ``--lang``."""
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("LANG", "C.UTF-8")
    if not os.environ.get("HITLEDGER_DATA_DIR"):
        monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    if not os.environ.get("HITLEDGER_CONFIG_DIR"):  # the GM's language choice: never the user's
        monkeypatch.setenv("HITLEDGER_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
