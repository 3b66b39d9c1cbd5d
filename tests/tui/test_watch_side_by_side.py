"""The GM's app and ``hitledger watch`` side by side, each in its own terminal.

Both run as real processes in pseudo-terminals of 80×24 on one data dir of the test's own;
what the viewer drew is read back from its terminal, escape sequences left out.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
START = 30.0
"""Seconds a process may take to draw its first screen on a loaded machine."""
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                     rb"|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


class Terminal:
    """A program in an 80×24 pseudo-terminal: keys in, the text it drew out."""

    def __init__(self, *args: str) -> None:
        master, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("TEXTUAL") and k not in ("COLUMNS", "LINES")}
        env["TERM"] = "xterm-256color"
        self.process = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], cwd=ROOT,
                                        stdin=child, stdout=child, stderr=child, env=env,
                                        start_new_session=True)
        os.close(child)
        self.master = master
        self.output = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data

    def text(self, since: int = 0) -> str:
        """What the program drew from byte ``since`` on, without escape sequences."""
        return ESCAPES.sub(b"", bytes(self.output[since:])).decode("utf-8", "replace")

    def wait_for(self, words: str, timeout: float, since: int = 0) -> float:
        """When ``words`` showed (time.monotonic()); fails the test after ``timeout``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if words in self.text(since):
                return time.monotonic()
            time.sleep(0.01)
        raise AssertionError(f"{words!r} not shown in {timeout} s; last drawn: "
                             f"{self.text(max(0, len(self.output) - 2000))!r}")

    def press(self, keys: bytes) -> None:
        """Type ``keys`` into the program."""
        os.write(self.master, keys)

    def close(self) -> None:
        """End the program (its whole process group) and the terminal."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)
        self.process.wait(10)
        os.close(self.master)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    """The terminals a test opened, closed whatever happens."""
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        terminal.close()


def changed(path: Path, since: int, timeout: float) -> float:
    """When ``path``'s mtime passed ``since`` (time.monotonic())."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if path.stat().st_mtime_ns != since:
                return time.monotonic()
        except OSError:
            pass
        time.sleep(0.005)
    raise AssertionError(f"{path.name} was not written in {timeout} s")


def test_a_change_the_gm_makes_shows_in_the_players_view_within_a_second(
        tmp_path: Path, terminals: list[Terminal]) -> None:
    data = str(tmp_path / "data")
    autosave = tmp_path / "data" / "autosave.toml"
    terminals.append(gm := Terminal("--demo", "pf2e", "--data-dir", data, "--seed", "7"))
    changed(autosave, 0, START)  # claimed and written: the GM's window is open
    terminals.append(watch := Terminal("watch", "--data-dir", data))
    watch.wait_for("Valeros's turn", START)
    time.sleep(0.5)  # both at rest
    since, written_before = len(watch.output), autosave.stat().st_mtime_ns
    pressed = time.monotonic()
    gm.press(b"n")
    written = changed(autosave, written_before, 10)
    seen = watch.wait_for("Goblin Warrior 1's turn", 10, since)
    print(f"key → autosave {written - pressed:.3f} s, autosave → players' view "
          f"{seen - written:.3f} s, key → players' view {seen - pressed:.3f} s")
    assert seen - written < 1.0
    gm.press(b"q")
    watch.wait_for("the GM's window is closed", 10, since)
    assert "Goblin Warrior 1's turn" in watch.text(since)  # the last state stays
