"""Text a terminal only shows: control characters found, refused, removed or written out.

A terminal obeys some characters instead of showing them: ESC starts sequences that retitle
a window or clear the screen, BEL rings, C1 codes (U+0080–U+009F) do what ESC does, and the
bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows
them. A name or a note holds none of these: what a person types is refused with the first one
named, what arrives in bulk (a paste, a file) has them removed, and what leaves for a terminal
or a file has any left written out as ``\\x1b``. Tab and newline are text in a stat block or a
log (and a CRLF file's carriage returns), so only the one-line forms refuse them. Every other character (Japanese, combining marks,
emoji joiners) is kept as it is.
"""

from __future__ import annotations

import re

from core.text.i18n import ntr, tr

_CODES = [*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_ANY = re.compile("[" + "".join(re.escape(chr(c)) for c in _CODES) + "]")
_NOT_LINES = re.compile("[" + "".join(re.escape(chr(c)) for c in _CODES if chr(c) not in "\t\n\r")
                        + "]")
_WRITTEN = {c: f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" for c in _CODES if chr(c) not in "\t\n"}


def shown(char: str) -> str:
    """A control character as a person can read it: ``\\x1b``, ``\\u202e``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def first_control(text: str, lines: bool = False) -> tuple[int, str] | None:
    """Where the first control character of ``text`` is (from 1) and which, as :func:`shown`;
    None when there is none. With ``lines``, tab and line ends (a CRLF file's) are text."""
    found = (_NOT_LINES if lines else _ANY).search(text)
    return None if found is None else (found.start() + 1, shown(found.group()))


def without_controls(text: str, lines: bool = False) -> str:
    """``text`` with its control characters removed (with ``lines``, tab and line ends kept)."""
    return (_NOT_LINES if lines else _ANY).sub("", text)


def terminal_safe(text: str) -> str:
    """``text`` with every control character but tab and newline written out (``\\x1b``),
    so that printing it shows them instead of obeying them."""
    return text.translate(_WRITTEN)


def refuse_controls(text: str, what: str, lines: bool = False) -> None:
    """ValueError naming the first control character of ``text`` (``what`` is the field, in
    the GM's words) and what to do instead; nothing when there is none."""
    found = first_control(text, lines)
    if found is not None:
        place, char = found
        raise ValueError(tr("{what} holds a control character ({char}, character {place}), which "
                            "a terminal would obey instead of showing: type it without it",
                            what=what, char=char, place=place))


def removed_note(count: int) -> str:
    """What a load says when texts of the file held control characters (empty when none)."""
    if not count:
        return ""
    return " " + ntr("A text of the file held control characters, which a terminal would obey: "
                     "they were removed.",
                     "{count} texts of the file held control characters, which a terminal would "
                     "obey: they were removed.", count)
