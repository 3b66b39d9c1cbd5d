"""saves/codec.py at its edges, from a whole mutmut run of the module: each
refusal's exact words and hint (the file is named, and the GM is told it was left as it was),
the migrations run in order up to the current format, and what a save checks of itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import SaveError, codec

HERE = Path("a.toml")
LEFT = "the file was left as it was"
DAMAGED = f"the file is damaged or not a save; restore the .bak copy — {LEFT}"
START = f"a save starts with `format = 1`; {LEFT}"


def _refusal(call) -> SaveError:
    with pytest.raises(SaveError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize(("doc", "problem", "hint"), [
    ({}, "no format version (not a hitledger save?)", START),
    ({"format": True}, "format version must be a whole number, not True", START),
    ({"format": "1"}, "format version must be a whole number, not '1'", START),
    ({"format": 4}, "written by a newer hitledger (format 4; this one reads up to 3)",
     f"upgrade hitledger to open it; {LEFT}"),
])
def test_a_format_version_refused_says_why_and_what_to_do(doc, problem, hint):
    error = _refusal(lambda: codec.check_version(doc, HERE))
    assert (error.path, error.field, error.problem, error.hint) == (HERE, "format", problem, hint)


def test_the_current_format_version_is_read():
    assert codec.check_version({"format": 1}, HERE) == 1
    assert codec.check_version({"format": 2}, HERE) == 2
    assert codec.check_version({"format": 3}, HERE) == 3


def test_a_version_without_a_migration_is_refused_naming_the_versions_read():
    error = _refusal(lambda: codec.upgrade({"format": 0}, 0, HERE))
    assert (error.path, error.field, error.problem, error.hint) == (
        HERE, "format", "unknown format version 0", f"this hitledger reads format 1 to 3; {LEFT}")


def test_migrations_run_in_order_and_the_document_carries_each_version(monkeypatch):
    seen: list[tuple[str, object]] = []

    def step(name: str):
        def run(doc):
            seen.append((name, doc.get("format")))
            return {**doc, name: True}
        return run

    monkeypatch.setattr(codec, "MIGRATIONS", {1: step("one"), 2: step("two"), 3: step("three")})
    monkeypatch.setattr(codec, "FORMAT_VERSION", 3)
    doc = codec.upgrade({"format": 1}, 1, HERE)
    assert seen == [("one", 1), ("two", 2), ("three", 3)]
    assert doc == {"format": 3, "one": True, "two": True, "three": True}


def test_a_migration_registers_under_the_version_it_upgrades_from(monkeypatch):
    monkeypatch.setattr(codec, "MIGRATIONS", {})

    def upgrade(doc):
        return doc

    assert codec.migration(4)(upgrade) is upgrade
    assert codec.MIGRATIONS == {4: upgrade}


@pytest.mark.parametrize(("raw", "problem", "line"), [
    (b"a = 1\nb = 2\n\xff", "not UTF-8 text", 3),
    (b"a = " + b"[" * 5000, "nested too deeply", None),
])
def test_a_file_that_is_no_toml_is_damaged(raw, problem, line):
    error = _refusal(lambda: codec.parse(raw, HERE))
    assert (error.path, error.problem, error.line, error.hint) == (HERE, problem, line, DAMAGED)


def test_a_number_of_thousands_of_digits_is_unreadable():
    error = _refusal(lambda: codec.parse(b"a = " + b"1" * 5000, HERE))
    assert error.problem == "a number of thousands of digits"  # Python's own words never reach the GM
    assert (error.path, error.hint) == (HERE, DAMAGED)


def test_an_unreadable_file_is_said_in_200_characters(monkeypatch):
    def refuse(text):
        raise ValueError("x" * 300)

    monkeypatch.setattr("saves.codec.tomllib.loads", refuse)
    assert _refusal(lambda: codec.parse(b"a = 1", HERE)).problem == "unreadable (" + "x" * 188


def test_bad_toml_says_to_fix_that_line():
    error = _refusal(lambda: codec.parse(b"a = 1\nb = = 2\n", HERE))
    assert (error.path, error.line) == (HERE, 2)
    assert error.hint == f"fix the TOML at that line by hand, or restore the .bak copy — {LEFT}"


def test_encounter_data_may_not_take_a_header_key():
    with pytest.raises(ValueError, match=r"reserved for the file header: \['format', 'saved_by'\]"):
        codec.encode({"format": 1, "saved_by": "me"})


def test_what_load_would_refuse_is_not_saved_naming_the_field(make_enc):
    data = make_enc().to_data()
    data["creatures"][0]["hp"] = "lots"
    error = _refusal(lambda: codec.encode(data))
    assert (error.path, error.field) == (None, "creatures[0].hp")
    assert error.problem == "not saved: must be a whole number, not 'lots'"
    assert error.gist == "creature 1 (Goblin 3) hp must be a whole number"
    assert error.hint == "the file on disk was left as it was; undo the last change and save again"


def test_a_save_checks_its_own_steps_only_when_asked(make_enc, monkeypatch):
    data = make_enc().to_data()
    data["ledger"][-1]["round"] = -1
    monkeypatch.setenv(codec.CHECK_WRITES, "all")
    assert _refusal(lambda: codec.encode(data)).field == "ledger[3].round"
    monkeypatch.delenv(codec.CHECK_WRITES)
    assert "round = -1" in codec.encode(data)


def test_a_save_starts_with_its_format_then_the_extra_header(make_enc):
    text = codec.encode(make_enc().to_data(), {"autosave_of": "ambush.toml"})
    lines = text.splitlines()
    assert lines[0] == "format = 3"
    assert lines[1] == f'saved_by = "{codec.saved_by()}"'
    assert lines[2] == 'autosave_of = "ambush.toml"'


@pytest.mark.parametrize(("error", "field", "problem"), [
    (KeyError("hp"), None, "malformed encounter data (KeyError: 'hp')"),
    (TypeError("no"), None, "malformed encounter data (TypeError: no)"),
])
def test_an_encounter_that_cannot_be_built_is_malformed(monkeypatch, error, field, problem):
    def refuse(data):
        raise error

    monkeypatch.setattr(codec, "encounter_factory", refuse)
    refused = _refusal(lambda: codec.build({}, HERE))
    assert (refused.path, refused.field, refused.problem) == (HERE, field, problem)
    assert refused.hint == f"fix that field by hand (see saves/FORMAT.md) or restore the .bak copy — {LEFT}"


@pytest.mark.parametrize(("field", "message", "named", "problem"), [
    ("", None, None, "round must be 1 or more"),
    ("creatures[0].hp", "hp too big", "creatures[0].hp", "hp too big"),
])
def test_a_refused_field_is_named_as_the_file_spells_it(monkeypatch, field, message, named, problem):
    def refuse(data):
        error = ValueError("round must be 1 or more")
        error.field = field  # type: ignore[attr-defined]
        error.message = message  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(codec, "encounter_factory", refuse)
    refused = _refusal(lambda: codec.build({}, HERE))
    assert (refused.field, refused.problem) == (named, problem)


def test_a_file_decoded_gives_the_encounter_and_its_header(make_enc):
    text = codec.encode(make_enc().to_data(), {"autosave_of": "ambush.toml"})
    enc, header = codec.decode(text.encode(), HERE)
    assert header == {"format": 3, "saved_by": codec.saved_by(), "autosave_of": "ambush.toml"}
    assert (enc.name, len(enc.creatures)) == ("Ambush", 3)


def test_a_sub_table_of_the_summary_before_it_is_not_the_summary():
    """A hand-edited file may put [encounter.notes] first: the head is cut only after [encounter]."""
    text = (b'format = 1\n\n[encounter.notes]\ntext = "x"\n\n[[creatures]]\nname = "Goblin"\n\n'
            b'[encounter]\nname = "Ambush"\n')
    assert codec.read_head(text, lambda: text, HERE)["encounter"]["name"] == "Ambush"
