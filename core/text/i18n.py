"""The language the app speaks: gettext catalogues, English ids.

Messages are English with named placeholders (``tr("{name}'s turn", name=...)``) so that a
translation can put the words in its own order; ``ntr`` picks a plural form. Catalogues are
``core/locale/<lang>/LC_MESSAGES/hitledger.po``, compiled to ``.mo`` beside them (shipped in the
package; ``make locale`` extracts and compiles them again with Babel). Game terms come from the
glossary (``core/data/glossary_ja.toml``) through :func:`game_term`, not from the catalogue.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from core.text.phrase import (
    CONTEXT,
    ITEMS,
    JOINED,
    MESSAGE,
    PLURAL,
    RENDERED,
    TERM,
    Phrase,
    Said,
    message,
    phrase_of,
    placeholders,
)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark only"
    """Mark ``message`` for the catalogue where it is defined; :func:`tr` translates it later."""
    return message


DOMAIN = "hitledger"
ENGLISH = "en"
LANGUAGES = (ENGLISH, "ja")
_CURRENT = {"language": ENGLISH}
#: What went wrong with a catalogue, in words, until :func:`problems` hands it on.
_PROBLEMS: list[str] = []
BROKEN_CATALOGUE = N_("The {language} catalogue ({file}) is broken ({why}): speaking English. "
                      "Reinstall hitledger, or start with --lang en.")


def locale_dir() -> Path:
    """The folder holding the catalogues."""
    return Path(__file__).resolve().parents[1] / "locale"


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language``; English (the ids themselves) when there is none,
    or when it is broken (cut short, or a translation whose placeholders are not its
    message's): then :func:`problems` says so, naming ``--lang en``."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    try:
        found = gettext.translation(DOMAIN, locale_dir(), languages=[language], fallback=True)
        why = _broken_entry(found)
    except Exception as exc:  # noqa: BLE001 - a damaged .mo fails in many ways; all mean English
        why = f"{type(exc).__name__}: {exc}"[:120]
    if why:
        # English on purpose: the catalogue that would translate this is the broken one
        _PROBLEMS.append(BROKEN_CATALOGUE.format(
            language=language, file=locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo",
            why=why))
        return gettext.NullTranslations()
    return found


def _broken_entry(found: gettext.NullTranslations) -> str:
    """What is wrong with the first translation whose placeholders its message lacks ('' for none)."""
    entries: dict[object, str] = getattr(found, "_catalog", {})
    for key, text in entries.items():
        message = key[0] if isinstance(key, tuple) else key
        if not isinstance(message, str) or not message:
            continue
        message = message.rpartition("\x04")[2]  # pgettext: context EOT message
        allowed = _fields(message)
        if allowed is None:
            continue  # the message is no format string: neither is its translation
        if isinstance(key, tuple):
            allowed = allowed | {"count"}  # ntr fills {count} in every form
        fields = _fields(text)
        if fields is None or not fields <= allowed:
            return f"{message!r} → {text!r}"[:120]
    return ""


def _fields(text: str) -> set[str] | None:
    """The placeholder names in ``text`` (``{a.b}``, ``{a[0]}`` name ``a``); None if malformed."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def problems() -> list[str]:
    """What went wrong with a catalogue since last asked (each said once), in English."""
    said = list(_PROBLEMS)
    _PROBLEMS.clear()
    return said


def check_language(language: str) -> str:
    """``language`` as a code the app speaks (``ja_JP.UTF-8`` → ``ja``); ValueError otherwise."""
    code = language.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    return code


def set_language(language: str) -> str:
    """Speak ``language`` from now on; returns its code. ValueError for an unknown one.
    English (returned as such) when its catalogue is broken: :func:`problems` says why."""
    code = check_language(language)
    if code != ENGLISH and not isinstance(catalogue(code), gettext.GNUTranslations) \
            and _shipped(code):
        code = ENGLISH
    _CURRENT["language"] = code
    return code


def _shipped(language: str) -> bool:
    """Whether a compiled catalogue of ``language`` is there (then a NullTranslations means broken)."""
    return (locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo").exists()


def language() -> str:
    """The code of the language spoken now."""
    return _CURRENT["language"]


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language POSIX says (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            try:
                return check_language(value)
            except ValueError:
                return ENGLISH   # the first one set decides, as in POSIX
    return ENGLISH


def tr(message_id: str, /, **values: object) -> str:
    """``message_id`` in the current language, its ``{placeholders}`` filled from ``values``;
    the words remember their phrase (:class:`Said`), to be said again in another language."""
    if not message_id:     # gettext's "" is the catalogue's header, never a message
        return message_id
    text = catalogue(_CURRENT["language"]).gettext(message_id)   # English: the id itself
    return Said(_filled(text, message_id, values) if values else text, message(message_id, values))


def ptr(context: str, message_id: str, /, **values: object) -> str:
    """``message_id`` in the sense ``context`` names, for a word English uses twice (Save: a file, a roll)."""
    text = catalogue(language()).pgettext(context, message_id)
    return Said(_filled(text, message_id, values) if values else text, message(message_id, values, context))


def ntr(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The plural form for ``count`` in the current language; ``{count}`` is filled too."""
    text = catalogue(_CURRENT["language"]).ngettext(singular, plural, count)
    values = {"count": count, **values}
    return Said(_filled(text, singular if count == 1 else plural, values),
                message(singular, values, plural=plural))


def _filled(text: str, message: str, values: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled; a translation that cannot be (a typo the
    catalogue check let by, a format the value does not take) gives the English message."""
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        if text == message:
            raise   # the code's own message: a bug to see in the tests, not a translation's
        return message.format(**values)


def game_term(english: str) -> str:
    """A game term as the current language writes it: ``fire`` → ``［火炎］`` in Japanese."""
    return Said(_term(english, language()), {TERM: english})


def _term(english: str, code: str) -> str:
    if code != "ja":
        return english
    from core.text.japanese import term

    return term(english)


def listing(items: Iterable[str]) -> str:
    """Items as the language lists them in a sentence: ``now dying, now unconscious`` (``、``)."""
    return _joined(N_(", "), items)


def clauses(items: Iterable[str]) -> str:
    """Clauses of one line as the language separates them: ``a; b`` (``a；b``)."""
    return _joined(N_("; "), items)


def _joined(separator: str, items: Iterable[str]) -> str:
    said = list(items)
    return Said(tr(separator).join(said), {JOINED: separator, ITEMS: [phrase_of(item) for item in said]})


def joined(separator: str, items: Iterable[str]) -> str:
    """Items joined by ``separator`` as it is (`` · ``, no word to translate), each item
    remembering its phrase: said again in another language, every item is (one item: itself)."""
    said = list(items)
    if len(said) == 1:
        return said[0]
    return Said(separator.join(said), {JOINED: separator, ITEMS: [phrase_of(item) for item in said]})


Renderer = Callable[[list[Any], str], str]
#: How words made from data, not from a message, are said in a language (a damage label, a
#: defense as the wiki writes it): by name, each registered where its data is defined.
_RENDERERS: dict[str, Renderer] = {}


def renders(name: str) -> Callable[[Renderer], Renderer]:
    """Register the function that says the words ``said_as(name, ...)`` stand for."""
    def register(func: Renderer) -> Renderer:
        _RENDERERS[name] = func
        return func
    return register


def said_as(name: str, *args: Any) -> str:
    """Words the renderer ``name`` makes of ``args`` (TOML-ready data), said in the current
    language and remembering how to say them in another: the core never asks which is on."""
    phrase: Phrase = {RENDERED: [name, *args]}
    return Said(render(phrase, None), phrase)


def term_in(english: str, code: str) -> str:
    """A game term as the language ``code`` writes it."""
    return _term(english, code)


def render(phrase: Phrase, code: str | None) -> str:
    """``phrase`` said in the language ``code`` (None: the current one); words that cannot be
    said so come out in English, a hand-edited phrase that is no phrase as its data reads:
    never an error."""
    if code is None:
        code = language()
    if isinstance(phrase, Said):
        phrase = phrase.phrase
    if isinstance(phrase, str):
        return phrase
    if not isinstance(phrase, (list, dict)):
        return str(phrase)
    if isinstance(phrase, dict) and RENDERED in phrase:
        return _rendered(phrase[RENDERED], code)
    if isinstance(phrase, dict) and TERM in phrase:
        return _term(str(phrase[TERM]), code)
    if isinstance(phrase, dict) and JOINED in phrase:
        items = phrase.get(ITEMS)
        separator = str(phrase[JOINED])
        return (catalogue(code).gettext(separator) if separator else "").join(
            render(item, code) for item in (items if isinstance(items, list) else ()))
    plural = context = None
    core: Any = phrase
    if not isinstance(phrase, list):
        core, plural, context = phrase.get(MESSAGE), phrase.get(PLURAL), phrase.get(CONTEXT)
    if not isinstance(core, list) or not core or not isinstance(core[0], str) or not core[0]:
        return ""
    message_id = core[0]
    names = placeholders(message_id, plural if isinstance(plural, str) else "")
    values = {name: render(value, code) if isinstance(value, (str, list, dict)) else value
              for name, value in zip(names, core[1:], strict=False)}
    found = catalogue(code)
    if isinstance(plural, str):
        count = values.get("count", 1)
        count = count if isinstance(count, int) else 1
        text, english = found.ngettext(message_id, plural, count), message_id if count == 1 else plural
    elif isinstance(context, str):
        text, english = found.pgettext(context, message_id), message_id
    else:
        text, english = found.gettext(message_id), message_id
    if len(core) == 1:
        return text
    try:
        return _filled(text, english, values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return english   # a hand-edited phrase whose arguments its message does not take


def _rendered(call: Any, code: str) -> str:
    """What a registered renderer says of its data; the first text of the data where none can."""
    if not isinstance(call, list) or not call:
        return ""
    func = _RENDERERS.get(str(call[0]))
    try:
        if func is not None:
            return func(call[1:], code)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        pass   # data a renderer cannot read (a hand-edited save): its words as they are
    return next((item for item in call[1:] if isinstance(item, str)), "")


@renders("damage-label")
def _damage_label(args: list[Any], code: str) -> str:
    """``[english, amount, persistent, type, words, suffix]``: ``2d6 fire``, ``2d6［火炎］``."""
    english, amount, persistent, damage_type, words, suffix = args
    if code != "ja":
        return str(english)
    from core.text.japanese import damage_label

    return damage_label(amount or None, bool(persistent), damage_type or None, list(words)) + str(suffix)


def now_kept(phrases: tuple[Phrase, ...], kept: tuple[str, tuple[str, ...]] | None
             ) -> tuple[str, tuple[str, ...]]:
    """``phrases`` said in the current language, as ``kept`` holds them when they were said
    in it last (a log of thousands of lines is read again at each draw): (language, words)."""
    code = _CURRENT["language"]
    if kept is not None and kept[0] == code:
        return kept
    return code, tuple(render(phrase, code) for phrase in phrases)


def kept_said(text: str, phrase: Phrase) -> str:
    """Words kept as plain text, remembering their phrase again (words built from them keep it)."""
    return text if isinstance(phrase, str) else Said(text, phrase)


def said_now(words: tuple[object, ...]) -> tuple[str, tuple[str, ...]] | None:
    """What :func:`now_kept` keeps for words just said in the current language (each a
    :class:`Said` or literal text); None when one of them is a phrase not yet said."""
    if all(isinstance(word, str) for word in words):
        return _CURRENT["language"], tuple(str.__str__(word) for word in words)  # plain: small
    return None


def now(phrase: Phrase) -> str:
    """``phrase`` said in the current language, remembering the phrase (:class:`Said`)."""
    if isinstance(phrase, str):
        return phrase
    return Said(render(phrase, language()), phrase)


