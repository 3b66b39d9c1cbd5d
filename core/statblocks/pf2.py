"""The PF2 family's stat block (pf2e, sf2e, vitality-wounds): name and level, Perception, AC and saves, HP, defenses, Strikes."""

from __future__ import annotations

import re

from core.creature.model import Attack
from core.creature.schema import MAX_MODIFIER, MAX_TRACK
from core.statblocks.fields import (
    DefenseSections,
    Reading,
    bounded,
    damage_parts,
    is_traits_line,
    kinds_in,
    modifier,
)
from core.statblocks.text import (
    SECTION,
    TRACK,
    Block,
    Line,
    Spans,
    StatBlock,
    split_outside,
    strip_at,
    unread_lines,
)
from core.text.i18n import tr

_LEVEL = re.compile(r"\s*\b(?:creature|npc|hazard)\s*([+-]?\d+)\s*$", re.IGNORECASE)
_LEVEL_LINE = re.compile(r"^\s*creature\s*([+-]?\d+)\s*$", re.IGNORECASE)
_VW_SECTION = re.compile(r"^(immunities|immunity|immune|weaknesses|weakness|resistances|resistance|"
                         r"vulnerabilities|vulnerable|vulnerability)\b\s*", re.IGNORECASE)
_STRIKE = re.compile(r"^(melee|ranged)\b", re.IGNORECASE)
_ACTIONS = re.compile(r"\[[^\]]*\]|[◆◇⬻⬺⬽↺⟳]|\b(?:single|two|three|free)[ -]actions?\b|\breaction\b",
                      re.IGNORECASE)
_PRINTED_MAP = re.compile(r"\[[+-]\d+/[+-]\d+\]")     # Strike +14 [+9/+4]: not read
_PLUS = re.compile(r"\s+plus\s+|\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_PF2_NUMBER = re.compile(r"(?:^|[;,]\s*)(AC|Fort|Ref|Will)\s+([+-]?\d+)", re.IGNORECASE)
# An ability named like a defense heading (``Immunity to Magic A clay golem is immune to …``):
# a capitalised name after ``to``, then its text. Not a defense line (RULES §8).
_ABILITY = re.compile(r"^(?i:immunity|immunities|resistance|resistances|weakness|weaknesses|"
                      r"vulnerable|vulnerability)\s+(?i:to)\s+[A-Z][\w-]*(?:\s+\S+){3}")
_PERCEPTION = re.compile(r"^(?:senses\s+)?perception\s+", re.IGNORECASE)

def read_pf2(block: Block, system: str) -> StatBlock:
    """pf2e / sf2e / vitality-wounds: name and level, traits, Perception, AC and saves, HP line,
    defenses, Strikes."""
    name = block.name(_LEVEL)
    got = Reading()
    level = block.level(_LEVEL)
    if level is None and len(block.lines) > 1 and (alone := _LEVEL_LINE.match(block.lines[1].text)):
        level = int(alone.group(1))   # "LICH" then "CREATURE 12" on a line of its own
    if level is not None:
        got.numbers["level"] = bounded(str(level), block.lines[0].start, block, tr("level"), -1, MAX_MODIFIER)
    defenses = DefenseSections(block, system, got.spans)
    sections = _VW_SECTION if system == "vitality-wounds" else SECTION
    seen_stat = False
    for line in block.lines[1:]:
        if not _pf2_line(line, block, system, got, defenses, sections):
            if not seen_stat:  # the traits line(s) come before the statistics
                _traits_line(line, got)
            continue
        got.read.add(line.start)
        got.spans.line(line)
        seen_stat = True
    if not got.stats:
        raise block.missing(tr("no HP line (HP 30, or Vitality 20, Wounds 12)"))
    return StatBlock(name, got.stats, defenses.line, tuple(got.traits) or ("living",), got.init_mod,
                     tuple(got.attacks), numbers=got.numbers, unread=unread_lines(block, got.read),
                     not_read=got.spans.not_read(block), lines_read=got.spans.starts())


_KIND_WORD = re.compile(r"\b(?:undead|construct)\b", re.IGNORECASE)


def _traits_line(line: Line, got: Reading) -> None:
    """A traits line (``NE Medium Mindless Undead Zombie``): its kinds act, its other traits are
    not read (RULES §10)."""
    if not is_traits_line(line.text):
        return
    kinds = kinds_in(line.text)
    got.traits += [k for k in kinds if k not in got.traits]
    got.spans.line(line)
    for word in _KIND_WORD.finditer(line.text):
        got.spans.use(line.start + word.start(), line.start + word.end())


def _pf2_line(line: Line, block: Block, system: str, got: Reading, defenses: DefenseSections,
              sections: re.Pattern[str]) -> bool:
    """Read one line of a PF2-family block into ``got``; False if it is not a statistic."""
    perception = _PERCEPTION.match(line.text)
    if perception and (re.match(r"[+-]?\d", line.text[perception.end():]) or
                       not line.text.lower().startswith("senses")):
        got.init_mod = modifier(line.text[perception.end():], line.start + perception.end(), block, "Perception")
        got.numbers["perception"] = got.init_mod
        number = re.match(r"\s*[+-]?\d+", line.text[perception.end():])
        got.spans.use(line.start, line.start + perception.end() + (number.end() if number else 0))
    elif re.match(r"^senses\b", line.text, re.IGNORECASE) and (p := re.search(
            r"\bperception\s+([+-]\d+)", line.text, re.IGNORECASE)):
        got.init_mod = got.numbers["perception"] = modifier(p.group(1), line.start + p.start(1), block, "Perception")
        got.spans.use(line.start, line.start + len("senses"))
        got.spans.use(line.start + p.start(), line.start + p.end())
    elif re.match(r"^AC\s+\d", line.text):
        for match in _PF2_NUMBER.finditer(line.text):
            got.numbers[match.group(1).lower()] = modifier(match.group(2), line.start + match.start(2), block,
                                                       match.group(1))
            got.spans.use(line.start + match.start(1), line.start + match.end())
    elif TRACK.match(line.text) or (sections.match(line.text) and not _ABILITY.match(line.text)):
        _pf2_track_line(line, block, system, got, defenses, sections)
    elif strike := _STRIKE.match(line.text):
        attack = _pf2_strike(line, strike.end(), block, system, got.spans)
        if attack:
            got.attacks.append(attack)
            got.spans.use(line.start, line.start + len(line.text))
            for printed_map in _PRINTED_MAP.finditer(line.text):   # the app counts the MAP itself
                got.spans.leave(line.start + printed_map.start(), line.start + printed_map.end())
    else:
        return False
    return True


def _pf2_track_line(line: Line, block: Block, system: str, got: Reading,
                    defenses: DefenseSections, sections: re.Pattern[str]) -> None:
    """``HP 30, negative healing; Immunities …; Weaknesses …; Resistances …`` (or one section).
    A clause of the HP segment that is no number (``negative healing``) is not read."""
    stats = got.stats
    for segment, offset in split_outside(line.text, ";"):
        segment, at = strip_at(segment, line.start + offset)
        section = sections.match(segment)
        if section:
            got.spans.use(at, at + len(segment))
            keyword = section.group(1).lower()
            if keyword == "resistance" and segment.lower().startswith("resistance to critical"):
                defenses.add_entry(segment, at, True)
                continue
            items = [(t, at + section.end() + o) for t, o in split_outside(segment[section.end():], ",")]
            defenses.add(keyword, items)
            continue
        for clause, o in split_outside(segment, ","):
            clause, where = strip_at(clause, at + o)
            track = TRACK.match(clause)
            if not track or (track.group(1).lower() in ("vitality", "wounds") and system != "vitality-wounds"):
                continue  # negative healing, rejuvenation, regeneration …: not read
            key, value = track.group(1).lower(), track.group(2).rstrip(".,;")
            got.spans.use(where, where + track.end())
            if not value.isdigit():
                raise block.error(tr("{what} should be a whole number, not {value!r}", what=track.group(1), value=value),
                                  where + track.start(2))
            if key == "hardness":
                defenses.sections.append(f"hardness {value}")   # always accepted, not automated (RULES §8)
                continue
            number = bounded(value, where + track.start(2), block, track.group(1), 0, MAX_TRACK)
            if number or key != "hp" or system != "vitality-wounds":
                stats[key] = number


def _pf2_strike(line: Line, kind_end: int, block: Block, system: str,
                spans: Spans | None = None) -> Attack | None:
    """``Melee ◆ claw +12 (agile), Damage 1d6+6 slashing plus Grab`` → claw, +12, (agile),
    ``1d6+6 slashing``, note ``Grab``. ``kind_end``: where the line's ``Melee`` or ``Ranged`` ends."""
    text = _ACTIONS.sub(lambda m: " " * len(m.group()), line.text)
    damage = re.search(r"\bdamage\s+", text, re.IGNORECASE)
    if not damage:
        return None  # a Strike with an effect only
    bonus = re.search(r"\s([+-]\d+)", text)
    if bonus and bonus.start() > damage.start():
        bonus = None
    label_end = bonus.start() if bonus else damage.start()
    label = text[kind_end:label_end].strip(" ,") or "Strike"
    traits = _strike_traits(text[label_end:damage.start()])
    if line.text[:kind_end].lower() == "ranged" and "ranged" not in traits:
        traits = ("ranged", *traits)
    notation, note = damage_parts(text[damage.end():], line.start + damage.end(), system, block, _PLUS,
                                  spans)
    number = modifier(bonus.group(1), line.start + bonus.start(1), block, tr("attack bonus")) if bonus else None
    return Attack(label, notation, number, traits, note)


def read_strike(line: Line, block: Block, system: str) -> Attack | None:
    """One Strike line, with or without its ``Melee`` / ``Ranged`` (a melee Strike then)."""
    kind = _STRIKE.match(line.text)
    return _pf2_strike(line, kind.end() if kind else 0, block, system)


def _strike_traits(text: str) -> tuple[str, ...]:
    """The traits in a Strike's parentheses: ``+8 (agile, finesse),`` → (agile, finesse)."""
    inner = re.search(r"\(([^()]*)\)", text)
    if not inner:
        return ()
    return tuple(t.strip().lower() for t, _ in split_outside(inner.group(1), ",") if t.strip())

