"""README.md's key tables are the screens' bindings, as help names and describes them.

tools/readme_keys.py writes them (``make readme-keys``); a binding added, removed or reworded
without running it leaves the README stale, and this fails.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from textual.app import App
from textual.binding import Binding
from tui_support import running

from tui.app import make_app
from tui.key_words import WIDGET_WORDS, binding_words, key_display, key_lines
from tui.screens.help import screen_keys
from tui.screens.roster import RosterScreen

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("readme_keys", ROOT / "tools" / "readme_keys.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def test_the_readme_key_tables_are_not_stale():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert TOOL.updated(readme) == readme, "README.md's key tables are stale: run `make readme-keys`"


def test_a_reworded_binding_makes_the_readme_stale(monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    roster = list(RosterScreen.BINDINGS)
    first = roster[0]
    assert isinstance(first, Binding)
    reworded = Binding(first.key, first.action, "Add a monster", id=first.id)
    screens = [(heading, [reworded, *roster[1:]] if heading == "Roster" else bindings)
               for heading, bindings in TOOL.SCREENS]
    monkeypatch.setattr(TOOL, "SCREENS", screens)
    assert "| `a` | Add a monster |" in TOOL.updated(readme)
    assert TOOL.updated(readme) != readme


def test_every_binding_of_the_roster_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for binding in RosterScreen.BINDINGS:
        assert isinstance(binding, Binding)
        assert f"| {binding_words(binding)} |" in readme


def test_key_lines_group_an_action_and_leave_out_keys_no_terminal_sends():
    bindings = [Binding("asterisk,ctrl+a", "mark_all", "Mark all", id="x.mark_all"),
                Binding("f3,ctrl+enter", "add_hit", "Add hit", id="x.add_hit"),
                Binding("z", "nothing", "", id="x.nothing")]
    assert key_lines(bindings, App[None]().get_key_display) == [
        (["*", "^a"], "Mark all"), (["f3"], "Add hit")]


def test_help_and_the_readme_name_a_key_alike():
    textual = App[None]().get_key_display
    assert key_display(Binding("f1", "help", "Help", key_display="?"), textual) == "f1"
    assert key_display(Binding("slash", "find", "Find", key_display="/"), textual) == "/"
    assert key_display(Binding("ctrl+s", "save", "Save"), textual) == "^s"


async def test_help_on_the_roster_says_what_the_readme_says():
    """Each line of help on the roster (the app's keys and the roster's own) is a row of the
    README's tables: the same keys, the same words."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {line for line in readme.splitlines() if line.startswith("| `")}
    async with running(make_app, autosave=False) as (_pilot, app, _encounter, _ids):
        shown = [item for item in screen_keys(app, app.screen) if item.description not in WIDGET_WORDS.values()]
    assert len(shown) > 20
    for item in shown:
        keys = " / ".join(f"`{key}`" for key in item.key.split(" / "))
        assert f"| {keys} | {item.description} |" in rows, item
