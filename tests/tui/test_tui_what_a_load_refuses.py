"""An evening set aside in trash/ (an old Minion autosave) opens from the saves screen
, the add form says what a load would refuse while it is still open, and
``hitledger library import`` refuses a bad template naming it."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import goblins, settle, static_text, submit_add_form

from core import Encounter
from saves import library
from tui.cli import main
from tui.screens.library import LibraryScreen
from tui.screens.saves_browser import SavesScreen, SavesTable

SIZE = (80, 24)
#: What hitledger wrote for a Daggerheart Minion before one schema served both ways, and then refused to read.
OLD_MINION = (Path(__file__).resolve().parents[1] / "saves" / "files" / "old-daggerheart-minion.toml"
              ).read_text("utf-8")


def rows(screen: SavesScreen) -> list[list[str]]:
    table = screen.query_one("#saves", SavesTable)
    return [[cell.plain for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_t_lists_the_trash_and_enter_opens_a_copy_back_among_the_saves(app_factory,
                                                                              data_dir: Path):
    trash = data_dir / "trash"
    trash.mkdir(parents=True)
    copy = trash / "autosave 20260101-200000.toml"
    copy.write_text(OLD_MINION, "utf-8")          # what the old code wrote, and then refused
    (trash / "broken 20260101-200500.toml").write_text("format = 1\n[encounter\n", "utf-8")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        assert all("Alley" not in row[0] for row in rows(screen))   # the saves: not the trash
        await pilot.press("t")
        await settle(pilot)
        assert screen.in_trash
        assert str(screen.query_one("#saves-title").render()).startswith("Trash · ")
        listed = rows(screen)
        assert ["Alley", "Daggerheart", "—", "1"] == listed[[r[0] for r in listed].index("Alley")][:4]
        assert any(row[0] == "! broken 20260101-200500.toml" for row in listed)
        assert screen.check_action("rename", ()) is None and screen.check_action("trash", ()) is None
        screen.query_one("#saves", SavesTable).move_cursor(row=[r[0] for r in listed].index("Alley"))
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is app.roster
        encounter = app.session.encounter
        assert encounter.name == "Alley" and encounter.system == "daggerheart"
        assert encounter.creature("c1").major is None
        assert (data_dir / "alley.toml").is_file() and not copy.exists()
        assert any("Loaded Alley" in note for note in app.notes.messages)


async def test_t_again_lists_the_saves_and_an_empty_trash_says_so(app_factory, data_dir: Path):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        await pilot.press("t")
        await settle(pilot)
        assert rows(screen)[0][:2] == ["the trash is empty", "t lists the saves"]
        await pilot.press("enter")                     # nothing to open: nothing happens
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("t")
        await settle(pilot)
        assert not screen.in_trash
        assert str(screen.query_one("#saves-title").render()).startswith("Saves · ")


@pytest.mark.parametrize(("field", "typed", "words"), [
    ("init-mod", "99999999999999999999", "Init_mod (the initiative modifier) must be at most 999"),
    ("initiative", "-99999999", "Initiative must be -1000000 or more"),
    ("stat-hp", "10000000", "HP must be at most 1,000,000"),
])
async def test_the_add_form_refuses_what_a_load_would_refuse_and_stays_open(app_factory, field,
                                                                           typed, words):
    app = app_factory(Encounter("pf2e", "Fight"))
    async with app.run_test(size=SIZE) as pilot:
        form = await submit_add_form(pilot, "Goblin", {field: typed})
        assert app.screen is form                         # everything typed is still there
        assert static_text(form, "#form-error").startswith(words)
        assert not app.session.encounter.order


def test_library_import_refuses_a_template_with_a_typo_naming_it(tmp_path: Path, data_dir: Path,
                                                                  capsys):
    shared = tmp_path / "shared.toml"
    shared.write_text('format = 1\n[library]\nsystem = "pf2e"\n[[creatures]]\nname = "Wight"\n'
                      'hp = 50\nmax_hp = 50\n[[creatures]]\nname = "Fire Goblin"\nhp = 6\n'
                      'max_hp = 6\ndefenses = "weaknesses fyre 5"\n', "utf-8")
    assert main(["library", "import", str(shared)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("hitledger: ") and said.count("\n") == 1
    assert "creatures[1].defenses" in said and "Fire Goblin" in said and "did you mean 'fire'" in said
    assert "nothing was imported" in said
    assert library.names("pf2e") == []


async def test_b_opens_an_old_library_file_without_its_bad_template_and_says_why(app_factory):
    path = library.path_of("pf2e")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('format = 1\n[library]\nsystem = "pf2e"\n[[creatures]]\nname = "Fire Goblin"\n'
                    'hp = 6\nmax_hp = 6\ndefenses = "weaknesses fyre 5"\n[[creatures]]\n'
                    'name = "Wight"\nhp = 50\nmax_hp = 50\n', "utf-8")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("B")                         # crashed on every press once
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen) and app.screen.names == ["Wight"]
        said = static_text(app.screen, ".dialog-error")
        assert said.startswith("Left out, fix in pf2e.toml by hand: ") and "Fire Goblin" in said
        await pilot.press("enter")                     # the good one still comes in
        await settle(pilot)
        assert "Wight" in [app.session.encounter.creature(c).name for c in app.session.encounter.order]
