"""Phrases: what was said as data (a message id and its arguments), to be said in any language.

A phrase is plain TOML-ready data, so a ledger entry keeps it as it is and a save writes it
as it is (:func:`core.text.i18n.render` says it in a language):

- a string: literal words (a name, an old save's text, notation as typed);
- ``[message id, argument, ...]``: a catalogue message and its arguments, in the order its
  placeholders first appear in the id (short to save: a ledger holds thousands);
- ``{"_": [message id, argument, ...], "_c": context}``: a message in a sense (``ptr``);
- ``{"_": [singular id, argument, ...], "_p": plural id}``: a plural (``ntr``), the
  arguments those of both ids, then the count;
- ``{"_g": english}``: a game term (``fire`` → ``［火炎］`` in Japanese);
- ``{"_j": separator id, "_i": [phrase, ...]}``: items joined as the language joins them;
- ``{"_r": [renderer, data, ...]}``: words a registered renderer makes of plain data, where
  a language writes them its own way (``2d6 fire`` is ``2d6［火炎］``; ``i18n.said_as``).

An argument is a whole number, a number, true/false, or a phrase. :class:`Said` is text in
the language of the moment that remembers the phrase it was said from, so words built from
words (``"{name}: {step}"`` with a step the rules said) keep every part as data.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from string import Formatter
from typing import Any, TypeAlias

Phrase: TypeAlias = str | list[Any] | dict[str, Any]
"""Literal words, or a message / term / joined list as described above."""

MESSAGE, CONTEXT, PLURAL, TERM, JOINED, ITEMS = "_", "_c", "_p", "_g", "_j", "_i"
RENDERED = "_r"
_SCALARS = (int, float, bool)


class Said(str):
    """Words in the language they were said in, and the phrase to say them again in another."""

    phrase: Phrase

    def __new__(cls, text: str, phrase: Phrase) -> Said:
        said = super().__new__(cls, text)
        said.phrase = phrase
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return (Said, (str(self), self.phrase))


def phrase_of(value: object) -> Phrase:
    """``value`` as a phrase: a :class:`Said` gives its own, other text is literal, any other
    value (a number as a message argument aside) its words."""
    if isinstance(value, Said):
        return value.phrase
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (list, dict)):
        return value
    return str(value)


def argument(value: object) -> Any:
    """A message argument as data: numbers stay numbers (a format may need them), the rest a phrase."""
    if isinstance(value, _SCALARS):
        return value
    return phrase_of(value)


@cache
def placeholders(message_id: str, plural: str = "") -> tuple[str, ...]:
    """The names a message's arguments stand for, in order: its placeholders as they first
    appear (``{a.b}``, ``{a[0]}`` name ``a``), the plural's after them, then ``count`` for a plural."""
    names: dict[str, None] = {}
    for text in (message_id, plural) if plural else (message_id,):
        try:
            parsed = list(Formatter().parse(text))
        except ValueError:
            continue   # not a format string: no arguments
        names.update((name.split(".")[0].split("[")[0], None) for _, name, _, _ in parsed if name)
    if plural:
        names.pop("count", None)
        names["count"] = None
    return tuple(names)


def message(message_id: str, values: Mapping[str, object], context: str = "",
            plural: str = "") -> Phrase:
    """The phrase of a catalogue message with its arguments."""
    core: list[Any] = [message_id]
    if values:
        core.extend(argument(values.get(name, "")) for name in placeholders(message_id, plural))
    if context:
        return {MESSAGE: core, CONTEXT: context}
    if plural:
        return {MESSAGE: core, PLURAL: plural}
    return core


def problem(value: Any, depth: int = 0) -> str:
    """What is wrong with ``value`` as a phrase (a hand-edited save), '' when nothing is."""
    if type(value) is str:
        return ""
    if depth > 32:
        return "a phrase nested more than 32 deep"
    if type(value) is list:
        return _message_problem(value, "", depth)
    if type(value) is not dict:
        return f"expected text or a phrase, found {type(value).__name__}"
    if JOINED in value:
        items = value.get(ITEMS)
        if type(value[JOINED]) is not str or type(items) is not list:
            return f"a joined phrase needs text `{JOINED}` and a list `{ITEMS}`"
        return next((p for p in (problem(item, depth + 1) for item in items) if p), "")
    if TERM in value:
        return "" if type(value[TERM]) is str else f"`{TERM}` (a game term) must be text"
    if RENDERED in value:
        call = value[RENDERED]
        return "" if type(call) is list and call and type(call[0]) is str else \
            f"`{RENDERED}` must be a list starting with a renderer's name"
    for key in (CONTEXT, PLURAL):
        if key in value and type(value[key]) is not str:
            return f"`{key}` must be text"
    core = value.get(MESSAGE)
    if type(core) is not list:
        return f"a phrase table needs its message as a list in `{MESSAGE}`"
    return _message_problem(core, value.get(PLURAL, ""), depth)


def _message_problem(core: list[Any], plural: str, depth: int) -> str:
    if not core or type(core[0]) is not str:
        return "a message phrase starts with its message id (text)"
    wanted = len(placeholders(core[0], plural)) if len(core) > 1 else 0
    if len(core) - 1 != wanted:
        return f"{core[0]!r} takes {wanted} argument(s), found {len(core) - 1}"
    for item in core[1:]:
        if not isinstance(item, _SCALARS):
            found = problem(item, depth + 1)
            if found:
                return found
    return ""
