"""A save to a folder of the GM's choosing clears the temp files a killed write left there
(older than a minute), as a save in the data folder does in its own; a fresh one is left to
the writer that may still be at it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import saves


def test_a_save_elsewhere_clears_that_folders_stale_temp_files(make_enc, data: Path, tmp_path: Path):
    elsewhere = tmp_path / "campaign"
    elsewhere.mkdir()
    stale = elsewhere / ".bridge.toml.1234.tmp"
    stale.write_text("torn")
    long_ago = time.time() - 3600
    os.utime(stale, (long_ago, long_ago))
    fresh = elsewhere / ".keep.toml.99.tmp"
    fresh.write_text("being written")
    saves.save(make_enc(name="Bridge"), path=elsewhere / "bridge.toml")
    assert not stale.exists() and fresh.exists()
