"""Help: every key of the screen it was opened from, generated from that screen's bindings."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from core.text.i18n import N_, tr
from tui.key_words import PALETTE, WIDGET_WORDS, binding_words, key_display, terminal_sends
from tui.widgets.log_panel import cells, fit_lines

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen


@dataclass(frozen=True)
class KeyHelp:
    """One key and what it does; ``enabled`` False when it does not apply right now."""

    key: str
    description: str
    enabled: bool = True


TEXT_FIELD_SCROLLING = frozenset({"scroll_up", "scroll_down", "page_up", "page_down",
                                  "page_left", "page_right"})
"""A one-line text field's ↑/↓ and page keys never scroll it: the screen's own keys there are
the ones used."""


def _shown_bindings(app: App[Any], screen: Screen[Any]) -> list[ActiveBinding]:
    """The active bindings, with a text field's ↑/↓ scrolling replaced by the screen's own
    binding for that key, which is what the key does there (damage entry: earlier damage);
    and the app's priority keys (F1, ctrl+l), which work over dialogs too, where Textual
    leaves the app's bindings out of a screen's active ones."""
    own: dict[str, Binding] = {}
    for binding in type(screen).BINDINGS:
        if isinstance(binding, Binding):
            for key in binding.key.split(","):
                own[key.strip()] = binding
    shown = []
    for key, active in screen.active_bindings.items():
        if not terminal_sends(key):
            continue
        if active.binding.id is None and own.get(key) is not None and own[key].id:
            # a field's enter submits the form: what that does is the screen's own word
            active = ActiveBinding(screen, own[key], active.enabled, active.tooltip)
        elif isinstance(active.node, Input) and active.binding.action in TEXT_FIELD_SCROLLING:
            continue
        elif active.binding.id is None and active.binding.action not in WIDGET_WORDS:
            continue
        shown.append(active)
    for binding in app.BINDINGS:
        if isinstance(binding, Binding) and binding.priority \
                and binding.key not in screen.active_bindings:
            shown.append(ActiveBinding(app, binding, True))
    return shown


def screen_keys(app: App[Any], screen: Screen[Any]) -> list[KeyHelp]:
    """Every described key active on ``screen``: its own first, then the app's, then widgets'."""
    grouped: dict[tuple[int, str], tuple[int, list[str], str, bool]] = {}
    for active in _shown_bindings(app, screen):
        binding = active.binding
        if not binding.description:
            continue
        rank = 0 if active.node is screen else (1 if active.node is app else 2)
        if binding.id is None:
            rank += 3
        display = key_display(binding, app.get_key_display)
        # "u" and "ctrl+z" are one binding: one line, both keys (each named once)
        slot = (id(active.node), binding.action)
        if slot in grouped:
            if display not in grouped[slot][1]:
                grouped[slot][1].append(display)
        else:
            grouped[slot] = (rank, [display], binding_words(binding), active.enabled)
    if app.COMMAND_PALETTE_BINDING not in screen.active_bindings:
        grouped[(0, "command_palette")] = (1, ["^p"], PALETTE, True)
    ranked = sorted(grouped.values(), key=lambda item: item[0])
    return [KeyHelp(" / ".join(displays), tr(description), enabled)
            for _, displays, description, enabled in ranked]


SCREEN_WORDS = re.compile(r"(?<=[a-z])(?=[A-Z])")
"""Where a class name's words meet (``StatblockPaste``)."""


def screen_title(screen: Screen[Any]) -> str:
    """What help calls ``screen``, in the GM's words: a dialog by the
    title on its box (``add creature``, ``condition``, ``damage``), a whole screen by its
    name (``roster``, ``tracker``) — never ``conditionmodal`` or ``creatureform``."""
    for child in screen.children if isinstance(screen, ModalScreen) else ():
        title = child.border_title
        if title:
            words = str(getattr(title, "plain", title)).split(" · ")[0]
            return words[:1].lower() + words[1:]
    name = type(screen).__name__.removesuffix("Screen").removesuffix("Modal") or "Roster"
    words = " ".join(SCREEN_WORDS.split(name)).lower()
    return tr(words)


SCREEN_NAMES = (N_("roster"), N_("tracker"), N_("saves"), N_("log"), N_("library"))
"""The whole screens' names as :func:`screen_title` makes them, for the catalogue."""


def help_text(keys: Iterable[KeyHelp], width: int | None = None) -> Text:
    """A two-column key table; keys that do not apply now say so in words.

    Within ``width`` cells a long description wraps under itself, never under the keys.
    """
    rows = list(keys)
    keys_width = max((cell_len(k.key) for k in rows), default=4)  # cells: "␣" or a wide key
    indent = " " * (keys_width + 2)
    lines = []
    for item in rows:
        note = "" if item.enabled else "  " + tr("(not now)")
        text = item.description + note
        if width is not None:
            text = fit_lines(text, max(width - len(indent), 12), lines=len(text))
        pad = " " * (keys_width - cell_len(item.key))
        lines.append(f"{item.key}{pad}  " + text.replace("\n", "\n" + indent))
    return Text("\n".join(lines))


class HelpScreen(ModalScreen[None]):
    """The keys of the screen below, one per line.

    | Key | Action |
    | :- | :- |
    | escape / ? / q | Close |
    """

    BINDINGS = [Binding("escape,question_mark,q", "close", N_("Close"), id="help.close")]  # F1: the app's
    AUTO_FOCUS = "#help-scroll"  # arrows scroll a long list
    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background; }
    HelpScreen #help-box {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    HelpScreen #help-scroll { height: 18; scrollbar-gutter: stable; }
    HelpScreen .dialog-hint { color: $text-muted; }
    """

    def __init__(self, screen_name: str, keys: list[KeyHelp]) -> None:
        """Show ``keys`` of the screen called ``screen_name``."""
        super().__init__()
        self.screen_name = screen_name
        self.keys = keys

    def compose(self) -> ComposeResult:
        """The key table and how to close."""
        with Vertical(id="help-box") as box:
            box.border_title = tr("Keys · {screen}", screen=self.screen_name)
            with VerticalScroll(id="help-scroll"):
                yield Static("", id="help-keys", markup=False)
            yield Static(tr("escape closes · ↑/↓ scroll"), classes="dialog-hint", markup=False)

    def on_mount(self) -> None:
        """The key table, wrapped to the box's width (DEFAULT_CSS) less its border, its
        padding and the scrollbar's gutter."""
        box = self.query_one("#help-box")
        width = min(cells(box.styles.width) or self.app.size.width, self.app.size.width)
        width -= box.styles.gutter.width
        scrollbar = self.query_one("#help-scroll").styles.scrollbar_size_vertical
        self.query_one("#help-keys", Static).update(help_text(self.keys, width - scrollbar))

    def action_close(self) -> None:
        """Close help."""
        self.dismiss(None)
