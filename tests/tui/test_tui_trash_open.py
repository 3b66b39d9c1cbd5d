"""Issue 17, item 1: an evening set aside in trash/ (an old Minion autosave) opens from the saves screen."""

from __future__ import annotations

from pathlib import Path

from tui_support import goblins, settle

from tui.screens.saves_browser import SavesScreen

SIZE = (80, 24)
#: What hitledger wrote for a Daggerheart Minion before issue 17, and then refused to read.
OLD_MINION = (Path(__file__).resolve().parents[1] / "saves" / "files" / "old-daggerheart-minion.toml"
              ).read_text("utf-8")


def rows(screen: SavesScreen) -> list[list[str]]:
    table = screen.query_one("#saves")
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
        screen.query_one("#saves").move_cursor(row=[r[0] for r in listed].index("Alley"))
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
