"""The log export writes only plain files, in folders that are there and
writable, and says the whole path it wrote (as root, `M` to /dev/full made /dev/full-2,
and ~nobody/x.md made /nonexistent/)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from tui_support import goblins

from tui.screens.markdown_log import export_log, write_log


def test_a_device_or_fifo_is_never_written_beside(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    device = tmp_path / "full.md"
    device.symlink_to("/dev/full")
    for path in (fifo, device):
        with pytest.raises(OSError, match="not a plain file"):
            write_log(goblins(), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full.md", "pipe.md"]


def test_no_folder_is_made_for_a_log(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="no such folder"):
        write_log(goblins(), tmp_path / "nonexistent" / "x.md")
    assert not (tmp_path / "nonexistent").exists()


class Told:
    """A stand-in app for the export's worker: ``call_later`` runs at once."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def call_later(self, callback: Any, *args: Any, **kwargs: Any) -> None:
        callback(*args, **kwargs)

    def tell(self, message: str, **_options: Any) -> None:
        self.said.append(message)


def test_a_relative_path_is_written_and_told_in_full(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = Told()
    export_log(app, app.tell, goblins(), Path("notes.md"), "# log\n")  # type: ignore[arg-type]
    assert app.said == [f"Log written to {tmp_path / 'notes.md'}."]
    assert (tmp_path / "notes.md").read_text() == "# log\n"
    export_log(app, app.tell, goblins(), Path("gone/notes.md"), "# log\n")  # type: ignore[arg-type]
    assert app.said[-1] == f"Log not written: no such folder (a log goes into one that is there): {tmp_path / 'gone'}"
