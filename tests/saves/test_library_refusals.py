"""saves/library.py at its edges, from a mutmut sample of the module: what a
refused library file or template says, word for word, and where a second removal goes."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

import saves
from core import get_system
from saves import library

PF2E = get_system("pf2e")


def _library_file(text: str) -> Path:
    path = library.path_of("pf2e")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


def test_a_file_of_another_system_says_which(tmp_path: Path):
    path = _library_file('format = 1\n[library]\nsystem = "d20-3e"\n')
    with pytest.raises(saves.SaveError) as caught:
        library.names("pf2e")
    assert (caught.value.path, caught.value.problem) == (path, "holds d20-3e creatures, not pf2e")


def test_a_file_without_its_system_says_what_a_library_file_starts_with(tmp_path: Path):
    path = tmp_path / "bestiary.toml"
    path.write_text("format = 1\n", "utf-8")
    with pytest.raises(saves.SaveError) as caught:
        library.import_file(path)
    error = caught.value
    assert (error.path, error.problem, error.field) == (path, "not a library file (no [library] system)",
                                                        "library.system")
    assert error.gist == "field library.system: not a library file (no [library] system)"
    assert error.hint.startswith("nothing was imported; fix the file (or that template) and import it again")


def test_the_bestiary_file_without_its_system_says_how_one_starts():
    path = _library_file("format = 1\n")
    with pytest.raises(saves.SaveError) as caught:
        library.names("pf2e")
    error = caught.value
    assert (error.path, error.problem, error.hint) == (
        path, "not a library file (no [library] system)",
        'a library file starts with format = 1 and [library] system = "pf2e"')


def test_creatures_that_are_no_list_are_refused_naming_the_field():
    path = _library_file('format = 1\ncreatures = 3\n[library]\nsystem = "pf2e"\n')
    with pytest.raises(saves.SaveError) as caught:
        library.names("pf2e")
    assert (caught.value.path, caught.value.problem, caught.value.field) == (
        path, "expected a list of [[creatures]]", "creatures")


def test_a_file_without_creatures_is_an_empty_library():
    _library_file('format = 1\n[library]\nsystem = "pf2e"\n')
    assert library.names("pf2e") == []


def test_a_template_that_is_no_table_is_named_by_its_place(tmp_path: Path):
    path = tmp_path / "bestiary.toml"
    path.write_text('format = 1\ncreatures = ["Goblin"]\n[library]\nsystem = "pf2e"\n', "utf-8")
    with pytest.raises(saves.SaveError) as caught:
        library.import_file(path)
    error = caught.value
    assert (error.problem, error.field) == ("expected a table of a creature's fields", "creatures[0]")
    assert error.gist == "template expected a table of a creature's fields"


def test_a_changed_file_says_so_and_to_try_again(monkeypatch):
    library.add("pf2e", PF2E.new_creature("Goblin", hp=6))
    path = library.path_of("pf2e")
    fresh = library.fresh

    def edited_meanwhile(creature):
        path.write_text(path.read_text("utf-8") + "\n# edited\n", "utf-8")
        return fresh(creature)

    with monkeypatch.context() as patch:
        patch.setattr(library, "fresh", edited_meanwhile)
        with pytest.raises(saves.SaveConflict) as caught:
            library.add("pf2e", PF2E.new_creature("Wight", hp=50))
    assert (caught.value.problem, caught.value.hint) == (
        "changed on disk since it was read (another window?)", "try again: the library is read afresh")


def test_a_clash_on_import_says_how_to_resolve_it(tmp_path: Path):
    library.add("pf2e", PF2E.new_creature("Goblin", hp=6))
    shared = library.export_file("pf2e", tmp_path / "mine.toml")
    library.add("pf2e", PF2E.new_creature("Goblin", hp=9), force=True)
    with pytest.raises(saves.SaveConflict) as caught:
        library.import_file(shared)
    assert (caught.value.problem, caught.value.hint) == (
        "the library already has Goblin", "rename them first, or replace them on purpose")


class _Clock(datetime):
    """library.datetime stopped at one second: two removals land on one stamp."""

    @classmethod
    def now(cls, tz=None):  # noqa: ARG003 - the signature of datetime.now
        return cls(2026, 1, 2, 3, 4, 5)


def test_a_second_removal_in_the_same_second_takes_the_next_number(monkeypatch, data: Path):
    monkeypatch.setattr(library, "datetime", _Clock)
    trashed = []
    for _ in range(2):
        library.add("pf2e", PF2E.new_creature("Goblin Boss", hp=6))
        trashed.append(library.remove("pf2e", "Goblin Boss").name)
    assert trashed == ["library-pf2e-goblin-boss 20260102-030405.toml",
                       "library-pf2e-goblin-boss 20260102-030405-2.toml"]
