"""A dropped SSH link (SIGHUP, SIGTERM, the terminal closing) writes the
pending autosave before the app exits. Up to 3 changes were lost per drop (4 of 60 runs).

The real ``hitledger`` runs in a pseudo-terminal; the test presses a key, sees the screen
answer, then drops the link before the autosave's 0.3 s delay is up.
"""

from __future__ import annotations

import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import saves

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                                reason="needs a Linux pseudo-terminal")
ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """``hitledger --demo pf2e`` in a pseudo-terminal of 80x24."""

    def __init__(self, data: Path, args: tuple[str, ...] = ("--demo", "pf2e")) -> None:
        import fcntl
        import pty
        import termios

        env = {**os.environ, "HITLEDGER_DATA_DIR": str(data), "TERM": "xterm-256color",
               "PYTHONPATH": str(ROOT)}
        env.pop("TEXTUAL", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app, with the pty as its controlling terminal
            os.execve(sys.executable, [sys.executable, "-m", "tui.cli", *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.pid, self.fd = pid, fd
        self.status: int | None = None

    def read(self, seconds: float) -> bytes:
        """What the app wrote within ``seconds`` (stops early after a quiet 0.05 s once
        something came)."""
        out = b""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05 if out else end - time.monotonic())
            if not ready:
                if out:
                    break
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        return out

    def wait(self, seconds: float = 20) -> int:
        """Wait for the app to end, reading what it writes meanwhile: its exit status."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
                return status
            if self.fd >= 0:
                self.read(0.05)
            else:
                time.sleep(0.05)
        raise AssertionError("the app did not end")

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def kill(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        self.close()


def _drop(how: str) -> Callable[[Terminal], None]:
    if how == "pty closes":
        return Terminal.close
    number = getattr(signal, how)
    return lambda term: os.kill(term.pid, number)


@pytest.mark.parametrize("how", ["SIGHUP", "SIGTERM", "pty closes"])
def test_a_dropped_link_writes_the_pending_autosave(data_dir: Path, how: str) -> None:
    term = Terminal(data_dir)
    try:
        autosave = data_dir / "autosave.toml"
        end = time.monotonic() + 30
        while not autosave.exists() and time.monotonic() < end:
            term.read(0.2)  # the first frame, then the claim writes the autosave
        assert autosave.exists(), "the app did not start"
        term.read(0.5)
        before = saves.load(autosave)
        os.write(term.fd, b"n")
        assert term.read(5), "the screen did not answer the key"
        _drop(how)(term)  # within the autosave's delay
        term.wait()
        after = saves.load(autosave)
        assert (after.round, after.turn) != (before.round, before.turn)
        assert len(after.log) == len(before.log) + 1
    finally:
        term.kill()


def _play(data: Path, args: tuple[str, ...], keys: bytes) -> None:
    """Start ``hitledger args``, wait for its autosave slot, press ``keys``, then ``q``."""
    term = Terminal(data, args)
    try:
        lock = data / ".autosave.toml.lock"
        end = time.monotonic() + 30
        while not lock.exists() and time.monotonic() < end:
            term.read(0.2)  # the first frame, then the claim
        term.read(0.5)
        os.write(term.fd, keys + b"q")
        term.wait()
    finally:
        term.kill()


@pytest.mark.slow
def test_quitting_and_starting_again_twice_keeps_the_fight(data_dir: Path) -> None:
    """The slot a window resumed from is its own: the claim after the first frame moved the
    autosave just resumed to trash/, and quitting with no change wrote nothing back, so the
    third start opened the demo (found playing the Daggerheart minion in tmux)."""
    _play(data_dir, ("--demo", "daggerheart"), b"n")
    first = saves.load(data_dir / "autosave.toml")
    _play(data_dir, (), b"")
    assert (data_dir / "autosave.toml").exists(), "the resumed autosave went to trash/"
    assert not list((data_dir / "trash").glob("*")) if (data_dir / "trash").exists() else True
    again = saves.load(data_dir / "autosave.toml")
    assert len(again.log) == len(first.log) and again.name == first.name
