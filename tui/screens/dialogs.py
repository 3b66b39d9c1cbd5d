"""Small modal dialogs: confirm, choose one of a few, ask for a line of text; a number field."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.text.i18n import N_, tr


class NumberInput(Input):
    """A field for a whole number that keeps every character typed.

    An Input of Textual's integer type drops what is not a digit, so ``2d8+5`` became ``285``
   . This field keeps the text as typed; :meth:`problem` says in words
    what is wrong with it, for the form's error line, and :meth:`number` reads it.
    """

    def __init__(self, value: str = "", *, label: str, default: int | None = None,
                 minimum: int | None = None, **kwargs: Any) -> None:
        """``label`` names the field in messages; empty text reads as ``default``."""
        super().__init__(value, compact=True, **kwargs)
        self.label = label
        self.default = default
        self.minimum = minimum

    def number(self) -> int:
        """The whole number typed; ValueError with a GM's message when it is not one."""
        return read_number(self.value, self.label, default=self.default, minimum=self.minimum)

    def problem(self) -> str:
        """What is wrong with the text, or ``""``."""
        try:
            self.number()
        except ValueError as error:
            return str(error)
        return ""


def read_number(text: str, label: str, *, default: int | None = None,
                minimum: int | None = None) -> int:
    """``text`` as a whole number, or ValueError naming ``label`` and what was typed."""
    text = text.strip()
    if not text:
        if default is None:
            raise ValueError(tr("{label}: type a whole number.", label=label))
        return default
    try:
        value = int(text)
    except ValueError:
        raise ValueError(tr("{label} must be a whole number, not {text}.", label=label,
                            text=repr(text))) from None
    if minimum is not None and value < minimum:
        raise ValueError(tr("{label} must be {minimum} or more.", label=label, minimum=minimum))
    return value


class ConfirmModal(ModalScreen[bool | None]):
    """Ask a yes/no question; ``y`` is yes, ``n``/``escape`` is no, ``enter`` the default (no).

    In damage entry ``enter`` asks whether to apply a miss, and a second
    ``enter`` (a GM who pressed it twice) said yes. Every question here is about something
    that cannot be taken back lightly (damage after a miss, removal, loading over changes,
    the trash), so ``enter`` answers no unless the caller makes yes the default.

    A question whose no does something (a miss: log it) may name its answers and offer
    ``back``: then ``escape`` answers None, "neither, back to where I was".
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n", "answer(False)", N_("No"), id="confirm.no"),
        Binding("escape", "escape", N_("No"), show=False, id="confirm.escape"),
        Binding("enter", "default", N_("Default"), show=False, id="confirm.default"),
    ]

    def __init__(self, question: str, *, default: bool = False, yes: str = N_("yes"),
                 no: str = N_("no"), back: str = "") -> None:
        """Ask ``question``; ``enter`` answers ``default``; ``yes`` and ``no`` say what each
        answer does; with ``back``, what escape does instead of no (it answers None)."""
        super().__init__(classes="dialog")
        self.question = question
        self.default = default
        self.answers = (yes, no, back)

    def compose(self) -> ComposeResult:
        """The question and the keys."""
        yes, no, back = (tr(answer) if answer else "" for answer in self.answers)
        escape = "" if back else " / escape"
        yes_keys, no_keys = ("y / enter", "n") if self.default else ("y", "n / enter")
        hint = f"{yes_keys}: {yes}    {no_keys}{escape}: {no}"
        if back:
            hint += f"    escape: {back}"
        with Vertical(classes="dialog-box"):
            yield Static(self.question, markup=False)
            yield Label(hint, classes="dialog-hint")

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)

    def action_escape(self) -> None:
        """``escape``: back (None) where the question offers it, else no."""
        self.dismiss(None if self.answers[2] else False)

    def action_default(self) -> None:
        """``enter``: the default answer."""
        self.dismiss(self.default)


class ChoiceModal(ModalScreen[str | None]):
    """Pick one of a few named choices; ``escape`` picks none."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="choice.cancel")]

    def __init__(self, question: str, choices: Sequence[tuple[str, str]]) -> None:
        """``choices`` are (value, label) pairs, in the order shown."""
        super().__init__(classes="dialog")
        self.question = question
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        """The question and the choices."""
        with Vertical(classes="dialog-box"):
            yield Static(self.question, markup=False)
            yield OptionList(*(Option(tr(label), id=value) for value, label in self.choices))
            yield Label(tr("enter: choose    escape: cancel"), classes="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Close with the chosen value."""
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Close without a choice."""
        self.dismiss(None)


class PromptModal(ModalScreen[str | None]):
    """Ask for one line of text; ``check`` may reject it with a message shown inline."""

    # F1: a modal screen does not see the app's keys, and ? is typed into its field
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="prompt.cancel")]

    def __init__(
        self,
        question: str,
        *,
        value: str = "",
        placeholder: str = "",
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        """``check`` returns an error message, or None when the text is fine."""
        super().__init__(classes="dialog")
        self.question = question
        self.value = value
        self.placeholder = placeholder
        self.check = check

    def compose(self) -> ComposeResult:
        """The question, the field and an error line."""
        with Vertical(classes="dialog-box"):
            yield Static(self.question, markup=False)
            yield Input(value=self.value, placeholder=self.placeholder, compact=True)
            yield Static("", classes="dialog-error", markup=False)
            yield Label(tr("enter: ok    escape: cancel"), classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Close with the text, unless ``check`` objects."""
        event.stop()
        text = event.value.strip()
        problem = self.check(text) if self.check else (None if text else tr("Type something first."))
        if problem:
            self.query_one(".dialog-error", Static).update(problem)
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        """Close without text."""
        self.dismiss(None)
