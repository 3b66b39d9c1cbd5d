"""saves/errors.py at its edges, from a mutmut sample of the module: what a
refused write tells the GM to do, and how a SaveError spells its file, place and hint."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from saves.errors import SaveError, write_hint


@pytest.mark.parametrize(("code", "hint"), [
    (errno.ENOSPC, "the disk is full: free some space"),
    (errno.EDQUOT, "the disk quota is used up: free some space"),
    (errno.EROFS, "the data folder is on a read-only file system"),
    (errno.EACCES, "check the data folder's permissions"),
    (errno.EPERM, "check the data folder's permissions"),
    (errno.ENOENT, "the data folder was deleted or moved"),
    (errno.EIO, "check the disk"),
    (None, "check the disk"),
])
def test_a_refused_write_says_what_to_do_from_why(code, hint):
    assert write_hint(OSError(code, "refused") if code is not None else OSError("refused")) == hint


def test_an_error_without_a_file_is_said_of_the_save():
    error = SaveError(None, "not saved: hp must be a whole number", field="creatures[0].hp")
    assert error.path is None
    assert str(error) == "save: field creatures[0].hp: not saved: hp must be a whole number"


def test_an_error_names_its_file_as_a_path_and_keeps_every_part():
    error = SaveError("data/ambush.toml", "bad value", line=3, hint="fix it")
    assert error.path == Path("data/ambush.toml")
    assert (error.problem, error.line, error.field, error.hint) == ("bad value", 3, None, "fix it")
    assert str(error) == "data/ambush.toml: line 3: bad value — fix it"
    assert error.args == ("data/ambush.toml: line 3: bad value — fix it",)


def test_an_error_without_a_hint_or_words_of_its_own_says_only_what_and_where():
    error = SaveError(Path("a.toml"), "bad value", field="encounter.round")
    assert error.hint == ""
    assert str(error) == "a.toml: field encounter.round: bad value"
    assert error.reason == "field encounter.round: bad value"
    assert error.gist == "field encounter.round: bad value"
