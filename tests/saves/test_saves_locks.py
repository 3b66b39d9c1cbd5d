"""An autosave slot's lock is held with the kernel, never guessed.

A lock is ``flock`` on ``.autosave….toml.lock``: it ends with its process however that
ends, two claims at one instant never both win, and a lock file that is not a plain file
(a FIFO, a link to a device, a folder) or holds nonsense never hangs, never floods memory
and never stops the app: that slot is skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import saves
from saves import slots

ROOT = Path(saves.__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX locks, FIFOs and links")

# Holds a slot as another window would, until its stdin closes: prints the slot's name.
HOLD = ("import sys; from saves import slots\n"
        "slot, _kept = slots.claim_slot(); print(slot.name, flush=True); sys.stdin.read()")
# For each line "GO N" it forks N windows that wait for the file GO, then claim at once
# (windows starting together), print the slot and hold it; it says "ready" once they wait,
# and on the next line kills them and says "gone". Reading a file is made slow, as on a
# loaded machine: a claim that checks a stale lock, then clears it, lets another window clear
# the lock just made in between. The windows are forked from one process that imported
# `saves` once (nine interpreters spent ~3 s of CPU importing it).
RACES = r"""
import os, pathlib, signal, sys, time
from saves import slots
read = pathlib.Path.read_text
pathlib.Path.read_text = lambda *a, **k: (read(*a, **k), time.sleep(0.2))[0]

def window(go):
    try:
        while not os.path.exists(go):
            time.sleep(0.0005)
        slot, _kept = slots.claim_slot()
        os.write(1, f"{slot.name}\n".encode())  # one write: the three share the pipe
        signal.pause()
    finally:
        os._exit(1)

for line in sys.stdin:
    go, count = line.split()
    windows = []
    for _ in range(int(count)):
        pid = os.fork()
        if pid == 0:
            window(go)
        windows.append(pid)
    print("ready", flush=True)
    sys.stdin.readline()
    for pid in windows:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    print("gone", flush=True)
"""


def child(script: str, *args: str) -> subprocess.Popen[str]:
    """A Python child on this checkout and this test's data dir."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", script, *args], env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def done(process: subprocess.Popen[str]) -> None:
    """Let a child go (its stdin closes) and wait for it."""
    if process.stdin:
        process.stdin.close()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture
def window() -> Iterator[subprocess.Popen[str]]:
    """Another window holding a slot: its process (stdout's first line named the slot)."""
    process = child(HOLD)
    yield process
    done(process)


def lock_of(slot: Path) -> Path:
    return slot.with_name(f".{slot.name}.lock")


@pytest.fixture
def sleeper() -> Iterator[int]:
    """A live process that holds no lock: a pid a stale lock file may name after a reboot."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield process.pid
    process.kill()
    process.wait()


def test_a_stale_lock_naming_a_live_stranger_does_not_hide_the_autosave(make_enc, data: Path,
                                                                         sleeper: int) -> None:
    """Item 4: after a reboot the pid in a lock file is someone else's: the slot is free."""
    saves.autosave(make_enc(name="Last night"), path=data / "autosave.toml")
    lock_of(data / "autosave.toml").write_text(f"pid {sleeper}\n")
    assert slots.holder(data / "autosave.toml") is None
    assert slots.resume_candidate() == (data / "autosave.toml", None)
    slot, _kept = slots.claim_slot(prefer=data / "autosave.toml")
    assert slot == data / "autosave.toml"
    slots.release(slot)


def test_a_window_holds_its_slot_until_its_process_ends(make_enc, data: Path,
                                                        window: subprocess.Popen[str]) -> None:
    assert window.stdout is not None
    assert window.stdout.readline().strip() == "autosave.toml"
    slot = data / "autosave.toml"
    assert slots.holder(slot) == window.pid
    saves.autosave(make_enc(), path=slot)
    assert slots.resume_candidate() == (None, window.pid)
    assert slots.claim_slot()[0] == data / "autosave-2.toml"
    slots.release(data / "autosave-2.toml")
    window.kill()  # no clean-up of its own: the kernel lets go of the lock
    window.wait()
    assert slots.holder(slot) is None
    assert slots.claim_slot()[0] == slot
    slots.release(slot)


def test_a_held_lock_with_nonsense_in_it_is_still_held(data: Path,
                                                       window: subprocess.Popen[str]) -> None:
    """The pid in the file is for the notice only: what it says decides nothing."""
    assert window.stdout is not None and window.stdout.readline()
    lock = lock_of(data / "autosave.toml")
    with open(lock, "r+") as handle:  # the same file, another description: the lock stays
        handle.write("99999999999999999999999 garbage")
    assert slots.holder(data / "autosave.toml") == 0  # held; by whom, it cannot say
    assert slots.claim_slot()[0] == data / "autosave-2.toml"
    slots.release(data / "autosave-2.toml")


def test_windows_claiming_at_the_same_instant_never_share_a_slot(data: Path, sleeper: int) -> None:
    """Item 5: the claim is atomic (before: 10 of 40 trials gave two windows autosave.toml).

    A stale lock left by a dead window is the case the old claim raced on: both removed it.
    """
    races = child(RACES)
    assert races.stdin is not None and races.stdout is not None
    try:
        for trial in range(3):
            go = data / f"go-{trial}"
            lock_of(data / "autosave.toml").write_text(f"pid {sleeper}\n")
            lock_of(data / "autosave.toml").chmod(0o644)
            races.stdin.write(f"{go} 3\n")
            races.stdin.flush()
            assert races.stdout.readline() == "ready\n"
            go.touch()
            names = [races.stdout.readline().strip() for _ in range(3)]
            races.stdin.write("done\n")
            races.stdin.flush()
            assert races.stdout.readline() == "gone\n"
            assert len(set(names)) == 3, (trial, names)
    finally:
        races.kill()
        races.wait()


def test_a_fifo_lock_neither_hangs_start_up_nor_takes_the_slot(make_enc, data: Path) -> None:
    """Item 6, in a real start-up (the old lock reader waited forever for a writer)."""
    saves.autosave(make_enc(name="Kept"), path=data / "autosave.toml")
    os.mkfifo(lock_of(data / "autosave.toml"))
    notice, slot = start_up()
    assert notice == "Resumed from the autosave." and slot == "autosave-2.toml"


def test_a_lock_linked_to_dev_zero_is_never_read(make_enc, data: Path) -> None:
    """Item 6: read until memory ran out; the child's memory is capped so a failure is quick."""
    saves.autosave(make_enc(name="Kept"), path=data / "autosave.toml")
    lock_of(data / "autosave.toml").symlink_to("/dev/zero")
    notice, slot = start_up(memory=1 << 30)
    assert notice == "Resumed from the autosave." and slot == "autosave-2.toml"


def test_a_huge_pid_in_a_lock_never_stops_the_app(make_enc, data: Path) -> None:
    """Item 6: `hitledger` exited 2 on ``99999999999999999999999`` until the file was deleted."""
    saves.autosave(make_enc(name="Kept"), path=data / "autosave.toml")
    lock_of(data / "autosave.toml").write_text("pid 99999999999999999999999\n")
    notice, slot = start_up()
    assert notice == "Resumed from the autosave." and slot == "autosave.toml"


def test_a_folder_in_place_of_a_lock_skips_only_that_slot(data: Path) -> None:
    """Item 6: autosave was turned off though 63 slots were free."""
    lock_of(data / "autosave.toml").mkdir()
    slot, kept = slots.claim_slot()
    assert slot == data / "autosave-2.toml" and kept is None
    slots.release(slot)
    assert slots.holder(data / "autosave.toml") is None
    assert lock_of(data / "autosave.toml").is_dir()  # left as it was


def test_a_lock_file_is_never_read_past_its_first_bytes(data: Path,
                                                        window: subprocess.Popen[str]) -> None:
    assert window.stdout is not None and window.stdout.readline()
    lock = lock_of(data / "autosave.toml")
    with open(lock, "r+") as handle:
        handle.write("pid 12 " + "9" * 10_000_000)
    assert slots.holder(data / "autosave.toml") == 0


# The start-up a `hitledger` with no argument runs, then the claim its first frame makes.
START = ("from tui.cli import prepare_tui; from saves import slots\n"
         "_enc, notice, _seed = prepare_tui([])\n"
         "slot, _kept = slots.claim_slot()\n"
         "print(notice); print(slot.name)")


def start_up(memory: int | None = None) -> tuple[str, str]:
    """Run the real start-up in a child: its notice and the slot it claimed."""
    def cap() -> None:
        if memory is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", START], env=env, capture_output=True,
                            text=True, timeout=30, preexec_fn=cap)
    assert result.returncode == 0, result.stderr[-2000:]
    notice, slot = result.stdout.strip().splitlines()[-2:]
    return notice, slot


def test_the_slot_resumed_from_is_held_as_it_is(data: Path) -> None:
    """The encounter on screen came from ``prefer``: its work is not set aside (it would be
    in trash/ while the window, unchanged, writes nothing back)."""
    from core import Encounter, get_system

    encounter = Encounter(system="pf2e", name="Unsaved")
    encounter.add(get_system("pf2e").new_creature("Goblin", hp=6), initiative=3)
    path = saves.autosave(encounter)
    slot, kept = slots.claim_slot(path)
    try:
        assert (slot, kept) == (path, None)
        assert saves.load(path).name == "Unsaved"
    finally:
        slots.release(slot)
