"""A one-line input for notation, checked as typed, with the error and a caret under it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.widgets import Input, Static
from textual.widgets.input import Selection

from core.text.cells import cut_cells
from tui.widgets.log_panel import show_text

Checker = Callable[[str], str]
"""Takes the text, returns how it was understood, raises an error with ``position`` if bad."""


def caret_text(text: str, message: str, position: int, width: int = 74) -> Text:
    """The offending text, a caret under the position, and the message — readable without colour.

    Positions are characters, the screen is cells: a full-width ``［火炎］`` is 8 cells, so the
    caret is placed by cell width. The caret line never wraps: when the
    message does not fit after the caret it goes before it, or on a line of its own (so
    a 600-character text must still show the message, not a lone caret).
    """
    width = max(width, 12)
    position = max(0, min(position, len(text)))
    start = position
    lead = width - 10  # cells kept left of the caret, so it stays on screen for long text
    while start > 0 and cell_len(text[start - 1 : position]) <= lead:
        start -= 1
    shown = cut_cells(text[start:], width)  # a cut ends with …
    column = cell_len(text[start:position])
    out = Text(shown + "\n")
    if column + 2 + cell_len(message) <= width:
        out.append(" " * column + "^ " + message, style="bold")
    elif cell_len(message) + 1 <= column:
        out.append(" " * (column - cell_len(message) - 1) + message + " ^", style="bold")
    else:
        out.append(" " * column + "^\n", style="bold")
        out.append(cut_cells(message, width), style="bold")
    return out


class OneLineInput(Input):
    """An Input that scrolls its text without laying the screen out again.

    Textual's Input widens its scrollable width as the text grows, and that width is a
    layout property: every key that changed the text's length laid out the whole screen
    (on damage entry with 40 targets, half of a keystroke's cost). One line of
    fixed height scrolls within itself, so its width only needs a repaint.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=True)

    _placed: Selection | None = None
    """Where a fill made while the GM's own edit was under way put the cursor (see ``place``)."""

    def place(self, selection: Selection) -> None:
        """Put the cursor (or a selection) where a fill wants it, and keep it there when the fill
        happened inside an edit of the GM's: Textual moves the cursor after its edit's change,
        which would leave it one character in (``ctrl+u`` then removed only that character)."""
        self.selection = selection
        self._placed = selection

    def replace(self, text: str, start: int, end: int) -> None:
        """Textual's edit, then the cursor a fill made during it asked for."""
        self._placed = None
        super().replace(text, start, end)
        placed, self._placed = self._placed, None
        if placed is not None:
            self.selection = placed

    async def _on_key(self, event: events.Key) -> None:
        """Keep the IME's full-width space, which Textual drops."""
        if not keep_ideographic_space(self, event):
            await super()._on_key(event)


def filled_selection(before: str, after: str) -> Selection:
    """The whole of a filled text selected; the cursor where a character was when ``after`` is
    ``before`` less that one character (the GM's own text, a stray key taken back out)."""
    if len(before) == len(after) + 1:
        for index in range(len(before)):
            if before[:index] + before[index + 1:] == after:
                return Selection.cursor(index)
    return Selection(0, len(after))


IDEOGRAPHIC_SPACE = "\u3000"


def keep_ideographic_space(field: Input, event: events.Key) -> bool:
    """Type U+3000 into ``field``; True when ``event`` was it.

    Textual's Input inserts a key's character only when ``str.isprintable()`` says so, and
    Python calls no space but ASCII's printable: a Japanese IME's space was silently lost
    (``2d6+3　slashing`` became ``2d6+3slashing``). The core's notation layer reads it as a space.
    """
    if event.character != IDEOGRAPHIC_SPACE and event.key != "ideographic_space":
        return False
    event.stop()
    event.prevent_default()
    if field.selection.is_empty:
        field.insert_text_at_cursor(IDEOGRAPHIC_SPACE)
    else:
        field.replace(IDEOGRAPHIC_SPACE, *field.selection)
    return True


class NotationField(Vertical):
    """An Input plus a feedback line: what was understood, or the error with a caret.

    The rules are handed down as ``check``; the field only shows what it says. Each change
    is checked at once, as the key changes the text, and told to ``on_change`` if one was
    given (else posted as ``Changed``): what the screen shows for the new text is then painted
    with the key itself, not in a second paint after a message (40 targets).
    """

    DEFAULT_CSS = """
    NotationField {
        height: auto;
    }
    NotationField > .feedback {
        height: auto;
        max-height: 3;
        color: $text-muted;
        padding: 0 1;
    }
    NotationField.-invalid > .feedback {
        color: $text-error;
    }
    """

    valid: reactive[bool] = reactive(True)
    """Whether the current text was accepted by ``check`` (an empty text counts as valid)."""

    @dataclass
    class Changed(Message):
        """The text changed; ``valid`` says whether ``check`` accepted it."""

        field: NotationField
        value: str
        valid: bool

        @property
        def control(self) -> NotationField:
            """The field that changed."""
            return self.field

    @dataclass
    class Submitted(Message):
        """Enter was pressed in the field."""

        field: NotationField
        value: str
        valid: bool

        @property
        def control(self) -> NotationField:
            """The field that was submitted."""
            return self.field

    def __init__(
        self,
        check: Checker,
        *,
        value: str = "",
        placeholder: str = "",
        empty_hint: str = "",
        steady: bool = False,
        on_change: Callable[[str, bool], None] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """Create the field; ``check`` is called on every change, then ``on_change`` with the
        text and whether it is valid."""
        super().__init__(id=id, classes=classes)
        self._check = check
        self._on_change = on_change
        self._value = value
        self._placeholder = placeholder
        self._empty_hint = empty_hint
        self._steady = steady
        self.error: str | None = None
        self.understood: str = ""

    def compose(self) -> ComposeResult:
        """An Input and the feedback line."""
        yield OneLineInput(value=self._value, placeholder=self._placeholder, compact=True)
        yield Static(self._empty_hint, classes="feedback", markup=False)

    def on_mount(self) -> None:
        """Check the starting value, then every change as it is made."""
        self._run_check(self._value, post=False)
        self.watch(self.query_one(Input), "value", self._text_changed, init=False)

    def _text_changed(self, text: str) -> None:
        self._run_check(text)

    @property
    def value(self) -> str:
        """The current text."""
        return self.query_one(Input).value

    @value.setter
    def value(self, text: str) -> None:
        """Fill the field (a key's fill, as alt+1 puts an attack's damage): the text comes
        selected, so typing replaces it and ``ctrl+u`` clears it whole, as a shell's recalled
        line; ``end`` keeps it to add to. A stray character taken back out leaves the cursor
        where that character was."""
        field = self.query_one(OneLineInput)
        before = field.value
        field.value = text
        field.place(filled_selection(before, text))

    def focus_input(self) -> None:
        """Put the cursor in the field."""
        self.query_one(Input).focus()

    def _run_check(self, text: str, *, post: bool = True) -> None:
        feedback = self.query_one(".feedback", Static)
        self.error = None
        if not text.strip():
            self.understood = ""
            self.valid = True
            show_text(feedback, self._empty_hint, steady=self._steady)
        else:
            try:
                self.understood = self._check(text)
            except ValueError as error:
                message = getattr(error, "message", None) or str(error)
                position = int(getattr(error, "position", len(text)) or 0)
                self.error = message
                self.valid = False
                # the feedback's own width: the caret line must never wrap
                width = feedback.content_region.width or 74
                show_text(feedback, caret_text(text, message, position, width),
                          steady=self._steady)
            else:
                self.valid = True
                show_text(feedback, Text(self.understood), steady=self._steady)
        self.set_class(not self.valid, "-invalid")
        if post and self._on_change is not None:
            self._on_change(text, self.valid)
        elif post:
            self.post_message(self.Changed(self, text, self.valid))

    def on_input_changed(self, event: Input.Changed) -> None:
        """The Input's own message: the change was checked already, as it was made."""
        event.stop()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Pass enter up as this field's own message."""
        event.stop()
        self.post_message(self.Submitted(self, event.value, self.valid))
