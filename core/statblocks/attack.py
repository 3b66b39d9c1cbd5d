"""One printed attack line read exactly as the system's stat block reads it (RULES §10): ``new_creature(attacks=[…])``."""

from __future__ import annotations

import re

from core.creature.model import Attack
from core.statblocks.d20 import read_d20_attacks
from core.statblocks.daggerheart import read_dh_attack
from core.statblocks.pf2 import read_strike
from core.statblocks.text import Block, Line
from core.text.i18n import tr

_D20_FIELD = re.compile(r"^\s*(?:full\s+attack|attacks?)\s*:\s*", re.IGNORECASE)


def read_attack_line(text: str, system: str) -> list[Attack]:
    """The attacks one printed line gives (Daggerheart's ``phy/mag``: two); ParseError (a
    BlockError) at the word it cannot read."""
    block = Block(text)
    line = Line(block.clean.replace("\n", " "), 0)
    if not line.text.strip():
        raise block.error(tr("an attack line is empty: type it as the stat block prints it"), 0)
    if system == "daggerheart":
        return read_dh_attack(line, block)
    if system == "d20-3e":
        lead = _D20_FIELD.match(line.text)
        at = lead.end() if lead else 0
        found = read_d20_attacks(line.text[at:], at, block, system)
        if not found:
            raise block.error(tr("an attack reads Greatclub +8 melee (2d8+7/19-20/×3)"), at)
        return found
    attack = read_strike(line, block, system)
    if attack is None:
        raise block.error(tr("a Strike reads Melee dogslicer +7 (agile, finesse), Damage 1d6 slashing"), 0)
    return [attack]


__all__ = ["read_attack_line"]
