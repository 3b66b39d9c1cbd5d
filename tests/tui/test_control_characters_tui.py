"""Control characters at the app's edges: the add form refuses them, a paste and a loaded
save lose them with a notice, in English and in Japanese (Pilot tests at 80×24)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from tui_support import goblins, open_add_form, settle, static_text, submit_form

from core.text.i18n import set_language
from saves import codec
from saves.store import atomic_write
from tui.screens.creature_form import CreatureForm
from tui.screens.statblock_paste import StatblockPasteScreen

SIZE = (80, 24)
TITLE = "\x1b]0;pwned\x07"


def obeyed(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey (tab and newline are text)."""
    return [c for c in text if (ord(c) < 0x20 and c not in "\t\n") or 0x7F <= ord(c) < 0xA0]


async def test_the_add_form_refuses_a_name_with_a_control_character(app_factory) -> None:
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        form = await open_add_form(pilot)
        await submit_form(pilot, form, {"name": f"Skulker{TITLE}", "stat-hp": "10"})
        assert isinstance(app.screen, CreatureForm)
        said = static_text(form, "#form-error")
        assert "control character (\\x1b, character 8)" in said and "type it without it" in said
        assert not obeyed(said)
        assert all("Skulker" not in c.name for c in app.session.encounter.creatures.values())


async def test_the_add_form_refuses_it_in_japanese_too(app_factory) -> None:
    set_language("ja")
    try:
        app = app_factory(goblins())
        async with app.run_test(size=SIZE) as pilot:
            form = await open_add_form(pilot)
            await submit_form(pilot, form, {"name": f"スカルカー{TITLE}", "stat-hp": "10"})
            said = static_text(form, "#form-error")
            assert "制御文字" in said and "\\x1b" in said
    finally:
        set_language("en")


async def test_a_paste_loses_its_control_characters_and_says_so(app_factory) -> None:
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        assert isinstance(app.screen, StatblockPasteScreen)
        app.post_message(events.Paste(f"Skulker{TITLE}\nAC 16\nHP 10"))
        await pilot.pause()
        await pilot.pause()
        shown = static_text(app.screen, "#paste-preview")
        assert shown.startswith("Control characters removed")
        assert "Skulker]0;pwned" in shown and not obeyed(shown)
        await pilot.press("enter")
        await settle(pilot)
        names = [c.name for c in app.session.encounter.creatures.values()]
        assert any(name.startswith("Skulker]0;pwned") for name in names)
        assert not any(obeyed(name) for name in names)


async def test_a_loaded_save_loses_them_and_the_notice_says_so(app_factory, data_dir: Path):
    data = goblins().to_data()
    data["creatures"][0]["name"] = f"Skulker{TITLE}"
    data_dir.mkdir(parents=True, exist_ok=True)
    atomic_write(data_dir / "hostile.toml", codec.encode(data).encode("utf-8"), backup=False)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        app.persistence.load_file(data_dir / "hostile.toml")
        await settle(pilot)
        names = [c.name for c in app.session.encounter.creatures.values()]
        assert "Skulker]0;pwned" in names
        assert "control characters" in app.notes.last and "removed" in app.notes.last


def test_a_save_or_new_encounter_name_with_a_control_character_is_refused_in_its_dialog() -> None:
    from tui.screens.save_dialogs import check_name

    said = check_name(f"Night{TITLE}")
    assert said is not None and "control character (\\x1b, character 6)" in said
    assert not obeyed(said)
    assert check_name("夜の襲撃") is None
