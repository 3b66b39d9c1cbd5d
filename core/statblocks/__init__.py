"""Stat blocks as printed (RULES §8): the one front that picks a system's reader for a pasted block.

One reader per layout — the PF2 family (``core.statblocks.pf2``: pf2e, sf2e, vitality-wounds,
and the Japanese wiki's layout through ``core.statblocks.japanese``), Daggerheart's adversary blocks
(``core.statblocks.daggerheart``), the d20 3.0 SRD (``core.statblocks.d20``) — each returning a
:class:`StatBlock` that ``RuleSystem.from_statblock`` turns into a creature. Lines a reader
does not know are ignored (the whole text is kept on the creature); a line it knows but cannot
read is a ``ParseError`` whose position is in the pasted text. Defense wording the notation
parser does not take as printed (``all damage``, ``(except force, or positive; double
resistance vs. non-magical)``, ``fire resistance 10``, ``15/+1``) is rewritten into the
notation it takes; the stat block itself is kept unchanged. Imported only when a block is
pasted or a library read (start-up does without it).
"""

from __future__ import annotations

from collections.abc import Callable

from core.creature.schema import MAX_STATBLOCK
from core.statblocks.d20 import read_d20
from core.statblocks.daggerheart import read_daggerheart
from core.statblocks.fields import KINDS, kinds_in
from core.statblocks.pf2 import read_pf2
from core.statblocks.text import (
    Block,
    Line,
    NotRead,
    StatBlock,
    split_outside,
    title_case,
    unread_lines,
)

READERS: dict[str, Callable[[Block, str], StatBlock]] = {
    "pf2e": read_pf2, "sf2e": read_pf2, "vitality-wounds": read_pf2,
    "daggerheart": read_daggerheart, "d20-3e": read_d20,
}


def read_statblock(text: str, system: str) -> StatBlock:
    """Read a stat block printed for ``system``; ParseError with a position in ``text``."""
    reader = READERS.get(system)
    if reader is None:
        raise ValueError(f"no stat-block layout for {system!r}; known: {', '.join(READERS)}")
    if system in ("pf2e", "sf2e", "vitality-wounds") and isinstance(text, str):
        from core.statblocks.japanese import is_japanese_layout, read_japanese

        if is_japanese_layout(text):
            return read_japanese(text, lambda t: reader(Block(t), system))
    return reader(Block(text), system)


def read_attacks(values: list[object] | tuple[object, ...], system: str) -> list[object]:
    """``new_creature(attacks=…)``: each printed attack line (a string) read as the system's
    stat block reads it (RULES §10); other items are kept. ParseError prefixed with
    ``attacks[i]:`` for a line it cannot read."""
    from core.statblocks.attack import read_attack_line
    from core.text.errors import ParseError

    out: list[object] = []
    for index, value in enumerate(values):
        if not isinstance(value, str):
            out.append(value)
            continue
        try:
            out.extend(read_attack_line(value, system))
        except ParseError as error:
            detail = getattr(error, "detail", error.message)
            raise ParseError(f"attacks[{index}]: {detail}", error.position, value) from None
    return out


__all__ = ["StatBlock", "NotRead", "read_statblock", "read_attacks", "split_outside", "kinds_in", "READERS", "MAX_STATBLOCK", "KINDS",
           "Line", "title_case", "unread_lines", "read_pf2", "read_daggerheart", "read_d20"]
