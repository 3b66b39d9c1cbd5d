"""saves/codec.py at its edges: what mutation testing found unchecked —
the line of a file cut short, a list's head read from its first bytes, the factory's errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import SaveError, codec

HEAD = b'format = 1\nsaved_by = "hitledger"\n\n[encounter]\nname = "Ambush"\nround = 2\n'
REST = b'\n[[creatures]]\nname = "Goblin"\nhp = 5\n'
WHOLE = {"format": 1, "saved_by": "hitledger", "encounter": {"name": "Ambush", "round": 2}}


def never() -> bytes:
    raise AssertionError("the head alone was enough: the whole file is not read")


@pytest.mark.parametrize(("text", "line", "problem"), [
    (b"a = 1\nb = ", 2, "Invalid value at the end of the file"),
    (b'a = 1\n\nb = "x', 3, "Unterminated string at the end of the file"),
])
def test_a_file_cut_short_names_its_last_line(text, line, problem):
    with pytest.raises(SaveError) as caught:
        codec.parse(text, Path("cut.toml"))
    assert (caught.value.line, caught.value.problem) == (line, problem)


def test_bad_toml_names_the_line_and_column_free_problem():
    with pytest.raises(SaveError) as caught:
        codec.parse(b"a = 1\nb = = 2\n", None)
    assert caught.value.line == 2
    assert "(at line" not in caught.value.problem


def test_the_head_is_cut_before_the_table_after_the_summary():
    assert codec.read_head(HEAD + REST, never, None) == WHOLE


def test_a_comment_after_the_summary_header_is_still_the_summary():
    head = HEAD.replace(b"[encounter]", b"[encounter]# what the list shows")
    assert codec.read_head(head + REST, never, None) == WHOLE


def test_a_head_cut_inside_a_character_is_still_read():
    """HEAD_BYTES may end inside a multi-byte character: it is replaced, never an error."""
    head = HEAD.replace(b'"Ambush"', '"Ambush é"'.encode()) + REST + "é".encode()[:1]
    assert codec.read_head(head, never, None)["encounter"]["name"] == "Ambush é"


def test_a_head_without_the_summary_reads_the_whole_file_naming_it():
    with pytest.raises(SaveError) as caught:
        codec.read_head(b"format = 1\n", lambda: b"format = = 1", Path("odd.toml"))
    assert caught.value.path == Path("odd.toml")


def test_build_uses_the_factory_the_file_layer_sets(monkeypatch):
    monkeypatch.setattr(codec, "encounter_factory", lambda data: ("built", data))
    built: object = codec.build({"x": 1}, None)   # the factory's result, whatever it is
    assert built == ("built", {"x": 1})


def test_a_refused_field_says_how_to_fix_it(monkeypatch):
    def refuse(data):
        error = ValueError("round must be 1 or more")
        error.field = "file.encounter.round"  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(codec, "encounter_factory", refuse)
    with pytest.raises(SaveError) as caught:
        codec.build({}, Path("a.toml"))
    error = caught.value
    assert (error.field, error.problem) == ("encounter.round", "round must be 1 or more")
    assert error.hint == ("fix that field by hand (see saves/FORMAT.md) or restore the .bak copy"
                          " — the file was left as it was")
