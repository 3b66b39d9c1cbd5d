"""The language the app speaks (issue 21, items 5 and 7): gettext catalogues, English ids.

Messages are English with named placeholders (``tr("{name}'s turn", name=...)``) so that a
translation can put the words in its own order; ``ntr`` picks a plural form. Catalogues are
``core/locale/<lang>/LC_MESSAGES/hitledger.po``, compiled to ``.mo`` beside them (shipped in the
package; ``make locale`` extracts and compiles them again with Babel). Game terms come from the
glossary (``core/data/glossary_ja.toml``) through :func:`game_term`, not from the catalogue.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path

DOMAIN = "hitledger"
ENGLISH = "en"
LANGUAGES = (ENGLISH, "ja")
_CURRENT = {"language": ENGLISH}


def locale_dir() -> Path:
    """The folder holding the catalogues."""
    return Path(str(resources.files("core").joinpath("locale")))


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language``; English (the ids themselves) when there is none."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, locale_dir(), languages=[language], fallback=True)


def check_language(language: str) -> str:
    """``language`` as a code the app speaks (``ja_JP.UTF-8`` → ``ja``); ValueError otherwise."""
    code = language.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    return code


def set_language(language: str) -> str:
    """Speak ``language`` from now on; returns its code. ValueError for an unknown one."""
    code = check_language(language)
    _CURRENT["language"] = code
    return code


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


def tr(message: str, /, **values: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``values``."""
    if not message:     # gettext's "" is the catalogue's header, never a message
        return message
    text = catalogue(_CURRENT["language"]).gettext(message)   # English: the id itself
    return text.format(**values) if values else text


def ptr(context: str, message: str, /, **values: object) -> str:
    """``message`` in the sense ``context`` names, for a word English uses twice (Save: a file, a roll)."""
    text = catalogue(language()).pgettext(context, message)
    return text.format(**values) if values else text


def ntr(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The plural form for ``count`` in the current language; ``{count}`` is filled too."""
    text = catalogue(_CURRENT["language"]).ngettext(singular, plural, count)
    return text.format(count=count, **values)


def game_term(english: str) -> str:
    """A game term as the current language writes it: ``fire`` → ``［火炎］`` in Japanese."""
    if language() != "ja":
        return english
    from core.notation_ja import term

    return term(english)


def listing(items: Iterable[str]) -> str:
    """Items as the language lists them in a sentence: ``now dying, now unconscious`` (``、``)."""
    return tr(", ").join(items)


def clauses(items: Iterable[str]) -> str:
    """Clauses of one line as the language separates them: ``a; b`` (``a；b``)."""
    return tr("; ").join(items)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark only"
    """Mark ``message`` for the catalogue where it is defined; :func:`tr` translates it later."""
    return message
