"""2 and 4 in the saves layer: one autosave per window, nothing overwritten."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from saves import slots

# Holds the slot argv[1] as another window would, until its stdin closes.
HOLD = ("import sys; from pathlib import Path; from saves import slots\n"
        "print(slots.claim(Path(sys.argv[1])), flush=True); sys.stdin.read()")


@pytest.fixture
def hold():
    """hold(slot): another live process holds the slot's lock (with the kernel);
    its pid."""
    children: list[subprocess.Popen[str]] = []

    def holding(slot: Path) -> int:
        env = {**os.environ, "PYTHONPATH": str(Path(saves.__file__).parent.parent)}
        child = subprocess.Popen([sys.executable, "-c", HOLD, str(slot)], env=env, text=True,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        children.append(child)
        assert child.stdout is not None and child.stdout.readline().strip() == "True"
        return child.pid

    yield holding
    for child in children:
        child.kill()
        child.wait()


def _lock(slot: Path, pid: int) -> None:
    slot.with_name(f".{slot.name}.lock").write_text(f"pid {pid}\n")


def test_a_slot_is_held_by_one_window_and_free_again_after_it(data: Path) -> None:
    first, kept = slots.claim_slot()
    assert first == data / "autosave.toml" and kept is None
    second, _ = slots.claim_slot()
    assert second == data / "autosave-2.toml"  # the first is held: never shared
    assert slots.holder(first) == os.getpid()
    slots.release(first)
    slots.release(second)
    assert slots.holder(first) is None
    assert slots.claim_slot()[0] == first


def test_a_lock_left_by_a_dead_window_is_stale(data: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    _lock(data / "autosave.toml", int(dead.stdout))
    assert slots.holder(data / "autosave.toml") is None
    slot, _ = slots.claim_slot()
    assert slot == data / "autosave.toml"
    slots.release(slot)


def test_resume_skips_an_autosave_another_window_holds(make_enc, mutate, data: Path, hold) -> None:
    older = make_enc(name="Older")
    saves.autosave(older, path=data / "autosave-2.toml")
    newer = make_enc(name="Newer")
    saves.autosave(newer, path=data / "autosave.toml")
    os.utime(data / "autosave-2.toml", (1, 1))
    sleeper = hold(data / "autosave.toml")
    path, busy = slots.resume_candidate()
    assert path == data / "autosave-2.toml" and busy == sleeper
    loaded = saves.load_autosave(path)
    assert loaded is not None
    assert loaded.name == "Older" and saves.autosave_slot_of(loaded) == path


def test_another_window_holding_a_save_is_found(make_enc, data: Path, hold) -> None:
    enc = make_enc()
    named = saves.save(enc)
    saves.autosave(enc, path=data / "autosave.toml")
    assert slots.held_elsewhere(named) is None  # nobody holds that autosave
    sleeper = hold(data / "autosave.toml")
    assert slots.held_elsewhere(named) == sleeper


def test_a_free_slot_with_work_found_nowhere_else_is_kept_in_the_trash(make_enc, mutate,
                                                                      data: Path) -> None:
    unnamed = make_enc(name="Never saved")
    saves.autosave(unnamed)
    raw = (data / "autosave.toml").read_bytes()
    slot, kept = slots.claim_slot()
    assert slot == data / "autosave.toml" and kept is not None
    assert kept.parent == data / "trash" and kept.read_bytes() == raw
    assert saves.load(kept).name == "Never saved"
    slots.release(slot)


def test_a_free_slot_identical_to_its_save_is_reused_without_a_copy(make_enc, mutate,
                                                                   data: Path) -> None:
    enc = make_enc()
    saves.save(enc)
    saves.autosave(enc)
    slot, kept = slots.claim_slot()
    assert slot == data / "autosave.toml" and kept is None
    slots.release(slot)
    mutate(enc)  # changed since its save: that autosave is the only copy of the change
    saves.autosave(enc)
    slot, kept = slots.claim_slot()
    assert kept is not None and len(saves.load(kept).creatures) == len(enc.creatures)
    slots.release(slot)


def test_keep_in_trash_writes_a_loadable_copy(make_enc, data: Path) -> None:
    enc = make_enc(name="Bridge")
    path = saves.keep_in_trash(enc)
    assert path.parent == data / "trash" and saves.load(path).name == "Bridge"
    assert saves.save_path(enc) is None  # a copy: the encounter belongs to no file yet


def test_keep_in_trash_writes_its_copy_again_when_given_it(make_enc, data: Path) -> None:
    enc = make_enc(name="Bridge")
    first = saves.keep_in_trash(enc)
    enc.rename("Bridge 2")
    assert saves.keep_in_trash(enc, target=first) == first
    assert list((data / "trash").iterdir()) == [first]
    assert saves.load(first).name == "Bridge 2"


def test_a_save_name_never_takes_an_autosave_slot_name() -> None:
    assert saves.slugify("Autosave 2") == "encounter-autosave-2"
    assert saves.slugify("Autosave two") == "autosave-two"
