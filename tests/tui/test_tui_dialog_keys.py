"""A dialog's own keys: its footer shows them (never the keys of the screen under it), help
lists them in the app's words and language, and only keys a terminal sends; the add form
makes a PC in a few keys (Pilot, 80×24, English and Japanese)."""

from __future__ import annotations

import pytest
from tui_support import running, screen_lines, settle, type_text

from tui.screens.creature_form import CreatureForm
from tui.screens.dialogs import PromptModal
from tui.screens.help import HelpScreen, screen_keys

#: Keys a terminal over SSH does not send as themselves (xterm, tmux, PuTTY): they never
#: reach the app as named, so help must not offer them.
UNSENT = ("ctrl+enter", "^⏎", "super+", "ctrl+shift+", "shift+^", "^⌫", "shift+⏎")


def _footer(app) -> str:
    """The bottom line of the terminal."""
    return screen_lines(app)[-1]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_add_form_s_footer_shows_its_own_keys(app_factory, lang, request):
    if lang == "ja":
        request.getfixturevalue("japanese")
    async with running(app_factory) as (pilot, app, _encounter, _ids):
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, CreatureForm)
        footer = _footer(app)
        cancel, paste, damage, heal = (("Cancel", "Paste stat block", "Damage", "Heal") if lang == "en"
                                       else ("取消", "データ貼付", "ダメージ", "回復"))
        assert cancel in footer and paste in footer and "PC" in footer, footer
        assert damage not in footer and heal not in footer, footer


async def test_the_export_dialog_s_footer_shows_its_own_keys(app_factory):
    async with running(app_factory) as (pilot, app, _encounter, _ids):
        await pilot.press("l")
        await settle(pilot)
        log_footer = _footer(app)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, PromptModal)
        footer = _footer(app)
        assert "Cancel" in footer and footer != log_footer
        assert "Export" not in footer, footer


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_help_in_the_add_form_lists_the_app_s_keys_in_its_words(app_factory, lang, request):
    if lang == "ja":
        request.getfixturevalue("japanese")
    async with running(app_factory) as (pilot, app, _encounter, _ids):
        await pilot.press("a")
        await settle(pilot)
        keys = screen_keys(app, app.screen)
        for item in keys:
            assert not any(unsent in item.key for unsent in UNSENT), item
            words = item.description.split()
            # Textual's own words are Title Case ("Focus Next", "Page Up"): ours never are
            assert not (len(words) > 1 and all(w[:1].isupper() for w in words)), item
            if lang == "ja":
                assert not item.description.isascii(), item
        listed = {item.key for item in keys}
        assert {"esc", "⏎", "tab", "^u", "^g"} <= listed, listed
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help-keys").render())
        assert "Focus Next" not in shown and "^⏎" not in shown


async def test_a_pc_is_added_in_a_few_keys(app_factory):
    """a, the name, ctrl+g (PC), tab tab to HP, the HP, enter: five keys besides the typing
    (13 before: five tabs to the numbers, then tab tab space for the PC box)."""
    async with running(app_factory) as (pilot, app, encounter, _ids):
        pressed = ["a"]
        await pilot.press("a")
        await type_text(pilot, "Kyra")
        for key in ("ctrl+g", "tab", "tab"):
            pressed.append(key)
            await pilot.press(key)
        await pilot.press("ctrl+u")                     # the HP field's default, cleared whole
        pressed.append("ctrl+u")
        await type_text(pilot, "38")
        pressed.append("enter")
        await pilot.press("enter")
        await settle(pilot)
        kyra = next(encounter.creature(cid) for cid in encounter.order
                    if encounter.creature(cid).name == "Kyra")
        assert kyra.pc and kyra.hp == 38
        assert len(pressed) <= 6, pressed
