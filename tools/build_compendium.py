"""Build the compendium's data files from open-licensed sources checked out on this machine.

Usage (each source is a folder holding a checkout of the public repository named)::

    python tools/build_compendium.py daggerheart SRC   # seansbox/daggerheart-srd (SRD 1.0, DPCGL)
    python tools/build_compendium.py d20-3e SRC [--cross FVTT]
                                                       # RedEyed-Archive/srd35-md (OGL 1.0a);
                                                       # FVTT: landryan/FVTT_D35E_Community_SRD
    python tools/build_compendium.py pf2e SRC          # Obsidian-TTRPG-Community/Pathfinder-2E-
                                                       # SRD-Markdown: the Bestiary (OGL 1.0a)

(Monster Core, ORC, lives in foundryvtt/pf2e, whose repository is too large to copy here.)

Each run writes ``core/data/compendium/<system>.json``: per creature its name, level (as
printed), HP, AC, source, a stat block generated in the system's printed layout (RULES §8:
numbers and names only, no prose) and ``expect`` — the numbers taken from the source data
itself, not through the app's reader, so that tests/core/test_compendium_data.py can check
that every block the app reads gives the source's numbers. Each block is read once here with
the app's own reader: a block it refuses stops the build with the creature's name.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "core" / "data" / "compendium"
sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------------------------- Daggerheart
_DH_TYPE = {"phy": "physical", "mag": "magic"}
_DH_SAYS = re.compile(r"^(?:the\s+)?[\w' ]*?\b(?:is|has)\s+(resistant|resistance|immune)\s+to\s+"
                      r"(physical|magic)\s+damage\.?$", re.IGNORECASE)


def _dh_defenses(feats: list[dict[str, str]]) -> list[tuple[str, str]]:
    """(feature name, defense) for each passive feature whose sentence gives a defense."""
    out = []
    for feat in feats:
        if not feat["name"].lower().endswith("passive"):
            continue
        for sentence in re.split(r"(?<=\.)\s+", feat["text"]):
            said = _DH_SAYS.match(sentence.strip())
            if said:
                kind = "immunities" if said.group(1).lower() == "immune" else "resistances"
                out.append((feat["name"], f"{kind} {said.group(2).lower()}"))
    return out


def _dh_entry(adv: dict[str, Any]) -> dict[str, Any]:
    """One adversary: its block in the SRD's layout and the numbers the source gives."""
    name, tier, role = adv["name"], int(adv["tier"]), adv["type"]
    amount, kind = adv["damage"].rsplit(" ", 1)
    lines = [name, f"Tier {tier} {role}",
             f"Difficulty: {adv['difficulty']} | Thresholds: {adv['thresholds']} | HP: {adv['hp']}"
             f" | Stress: {adv['stress']}",
             f"ATK: {adv['atk']} | {adv['attack']}: {adv['range']} | {adv['damage']}"]
    if adv.get("experience"):
        lines.append(f"Experience: {adv['experience']}")
    defenses = _dh_defenses(adv.get("feats", []))
    said = dict(defenses)
    lines.append("FEATURES")
    expect_numbers: dict[str, int] = {"tier": tier, "difficulty": int(adv["difficulty"])}
    horde = ""
    for feat in adv.get("feats", []):
        feature = feat["name"]
        minion = re.match(r"minion \((\d+)\)", feature, re.IGNORECASE)
        horde_dice = re.match(r"horde \(([^)]+)\)", feature, re.IGNORECASE)
        if minion:
            expect_numbers["minion"] = int(minion.group(1))
            lines.append(f"{feature}: defeated by any damage; one more Minion for every "
                         f"{minion.group(1)} damage.")
        elif horde_dice:
            horde = f"{horde_dice.group(1)} {_DH_TYPE.get(kind, 'physical')}"
            lines.append(f"{feature}: at half HP or more marked, the attack deals {horde_dice.group(1)}.")
        elif feature in said:
            word = said[feature].split()
            lines.append(f"{feature}: {'immune' if word[0] == 'immunities' else 'resistant'} to "
                         f"{word[1]} damage.")
        else:
            lines.append(feature)
    atk = adv["atk"].strip()
    if re.fullmatch(r"[+-]?\d+", atk):
        expect_numbers["attack"] = int(atk)
    major, _, severe = adv["thresholds"].partition("/")
    kinds = [_DH_TYPE[k] for k in kind.split("/")]
    attacks = [[adv["attack"] if len(kinds) == 1 else f"{adv['attack']} ({k})", f"{amount} {k}"]
               for k in kinds]
    expect = {"hp": int(adv["hp"]), "stress": int(adv["stress"]),
              "major": None if major == "None" else int(major),
              "severe": None if (severe or "None") == "None" else int(severe),
              "numbers": expect_numbers, "attacks": attacks, "horde": horde,
              "defenses": "; ".join(d for _, d in defenses)}
    return {"name": name, "level": tier, "role": role, "hp": int(adv["hp"]),
            "ac": int(adv["difficulty"]), "source": "Daggerheart SRD 1.0",
            "block": "\n".join(lines), "expect": expect}


def build_daggerheart(source: Path) -> dict[str, Any]:
    """The SRD's 129 adversaries from ``.build/json/adversaries.json`` (UTF-8 with a BOM)."""
    data = json.loads((source / ".build" / "json" / "adversaries.json").read_text("utf-8-sig"))
    return {"system": "daggerheart", "source": "Daggerheart SRD 1.0 (Darrington Press)",
            "licence": "Darrington Press Community Gaming License (DPCGL)",
            "entries": [_dh_entry(adv) for adv in data]}


# ---------------------------------------------------------------------------------- d20 3.5
# The SRD's Product Identity (its Legal Information page): never shipped
D20_RESERVED = ("beholder", "gauth", "carrion crawler", "tanar'ri", "baatezu", "displacer beast",
                "githyanki", "githzerai", "mind flayer", "illithid", "umber hulk", "yuan-ti")
# The fields of the SRD's block the app shows or reads, in the order printed (no prose)
D20_FIELDS = ("Hit Dice", "Initiative", "Speed", "Armor Class", "Base Attack/Grapple", "Attack",
              "Full Attack", "Space/Reach", "Special Attacks", "Special Qualities", "Saves",
              "Abilities", "Challenge Rating")
_D20_FILES = ("Monsters*.md", "EpicMonsters*.md", "PsionicMonsters.md")


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _d20_tables(text: str) -> list[tuple[str, list[list[str]]]]:
    """Each Markdown table with the heading line above it: (heading, rows of cells)."""
    out: list[tuple[str, list[list[str]]]] = []
    heading, rows = "", []
    joined: list[str] = []
    for line in text.splitlines():   # a cell the conversion broke over lines is one row
        if joined and joined[-1].lstrip().startswith("|") and not joined[-1].rstrip().endswith("|"):
            joined[-1] = f"{joined[-1].rstrip()} {line.strip()}".rstrip()
        else:
            joined.append(line)
    for line in joined + [""]:
        if line.lstrip().startswith("|"):
            rows.append(_cells(line))
            continue
        if rows:
            out.append((heading, rows))
            rows = []
        if line.strip():
            heading = line.strip()
    return out


def _d20_name(printed: str) -> str:
    """``BEAR, BROWN`` → ``Bear, Brown``; ``Ogre, 4th-Level Barbarian`` kept."""
    name = " ".join(printed.replace("*", "").split())
    if name.isupper():
        name = re.sub(r"[A-Za-z]+('[a-z]+)?", lambda m: m.group().capitalize(), name.lower())
    return name


def _d20_columns(heading: str, rows: list[list[str]]) -> list[dict[str, str]]:
    """The creatures of one SRD table: its field values column by column."""
    fields: dict[str, list[str]] = {}
    loose: list[list[str]] = []
    for row in rows:
        key = next((c for c in row if c), "")
        if key.endswith(":") and key[:-1].strip() in D20_FIELDS + ("Special Qualitiy",):
            name = key[:-1].strip().replace("Qualitiy", "Qualities")
            fields[name] = [c for c in row[row.index(key) + 1:] if c]
        elif not fields and any(row):
            loose.append([c for c in row if c])
    hit_dice = fields.get("Hit Dice", [])
    count = len(hit_dice)
    if not count or not loose:
        return []
    types = loose[-1]
    names = loose[0] if len(loose) >= 2 else [_d20_name(heading)]
    if len(names) != count or len(types) != count:
        return []
    columns = []
    for index in range(count):
        column = {"name": _d20_name(names[index]), "type": types[index]}
        for field, values in fields.items():
            if len(values) == count:
                column[field] = values[index]
        columns.append(column)
    return columns


def _d20_level(cr: str) -> int | str | None:
    """The printed CR (``5``, ``1/2``); of ``5 (noble 8)`` the creature's own, the first."""
    found = re.match(r"\s*(\d+|1/\d+)(?![\d/])", cr)
    if not found:
        return None
    return found.group(1) if "/" in found.group(1) else int(found.group(1))


def _fvtt_index(folder: Path | None) -> dict[str, dict[str, Any]]:
    """The FVTT D35E SRD's bestiary by folded name: HP, AC, touch, flat-footed, saves, CR."""
    index: dict[str, dict[str, Any]] = {}
    if folder is None:
        return index
    for path in sorted((folder / "SRD" / "bestiary").glob("*.json")):
        actor = json.loads(path.read_text("utf-8"))
        if actor.get("type") != "npc":
            continue
        system = actor.get("system") or actor.get("data") or {}
        attributes = system.get("attributes", {})
        try:
            saves = attributes["savingThrows"]
            index[actor["name"].casefold()] = {
                "hp": attributes["hp"]["max"], "ac": attributes["ac"]["normal"]["total"],
                "touch": attributes["ac"]["touch"]["total"],
                "flat_footed": attributes["ac"]["flatFooted"]["total"],
                "fort": saves["fort"]["total"], "ref": saves["ref"]["total"],
                "will": saves["will"]["total"], "cr": system["details"]["cr"]}
        except (KeyError, TypeError):
            continue
    return index


def _d20_entry(column: dict[str, str]) -> dict[str, Any] | None:
    """One creature's block in the SRD's layout and the numbers its fields print."""
    name = column["name"]
    hp = re.search(r"\((\d+)\s*(?:hp)?\)", column.get("Hit Dice", ""))
    ac = re.match(r"\s*(\d+)", column.get("Armor Class", ""))
    level = _d20_level(column.get("Challenge Rating", ""))
    if not hp or not ac or level is None:
        return None
    numbers: dict[str, int] = {"ac": int(ac.group(1))}
    for word, key in (("touch", "touch"), ("flat-footed", "flat_footed")):
        found = re.search(rf"\b{word}\s+(\d+)", column["Armor Class"], re.IGNORECASE)
        if found:
            numbers[key] = int(found.group(1))
    for save in re.finditer(r"\b(Fort|Ref|Will)\s+([+-]?\d+)", column.get("Saves", "")):
        numbers[save.group(1).lower()] = int(save.group(2))
    if any(v.count("(") != v.count(")") for v in column.values()):
        return None    # a cell the Markdown conversion cut at a "|": not the printed block
    for field, value in column.items():   # the conversion's "?" for the multiplication sign
        column[field] = re.sub(r"/\?(\d)", r"/x\1", value)
    kind = column["type"]
    for word in D20_RESERVED:
        kind = re.sub(rf",?\s*\b{re.escape(word)}\b", "", kind, flags=re.IGNORECASE)
    lines = [name, kind.replace("( ", "(").replace("(, ", "(")]
    lines += [f"{field}: {column[field]}" for field in D20_FIELDS if column.get(field)]
    attack = re.search(r"([+-]\d+)(?:/[+-]\d+)*\s+(?:melee|ranged)(?:\s+touch)?\s*\((\d*d\d+(?:[+-]\d+)?)(?=(?-i:\s+[a-z]+)?(?:[)/,]|\s+(?:plus|and)\b))",
                       column.get("Full Attack") or column.get("Attack", ""), re.IGNORECASE)
    expect = {"hp": int(hp.group(1)), "numbers": numbers, "cr": level,
              "first_attack": [int(attack.group(1)), attack.group(2)] if attack else None}
    return {"name": name, "level": level, "role": kind, "hp": int(hp.group(1)),
            "ac": numbers["ac"], "source": "SRD 3.5", "block": "\n".join(lines), "expect": expect}


def build_d20(source: Path, cross: Path | None = None) -> dict[str, Any]:
    """The SRD 3.5's monster tables (book_src/unsorted/Monsters*.md, epic and psionic monsters),
    each column a creature; the FVTT D35E SRD's actors cross-check HP, AC, saves and CR."""
    folder = source / "book_src" / "unsorted"
    fvtt = _fvtt_index(cross)
    entries: dict[str, dict[str, Any]] = {}
    skipped: list[str] = []
    for pattern in _D20_FILES:
        for path in sorted(folder.glob(pattern)):
            for heading, rows in _d20_tables(path.read_text("utf-8")):
                for column in _d20_columns(heading, rows):
                    reserved = any(w in column["name"].lower() for w in D20_RESERVED)
                    entry = None if reserved else _d20_entry(column)
                    if entry is None:
                        skipped.append(column["name"])
                    elif entry["name"].casefold() not in entries:
                        entries[entry["name"].casefold()] = entry
    checked, differ = 0, []
    for key, entry in entries.items():
        other = fvtt.get(key)
        if other is None:
            continue
        checked += 1
        mine = {"hp": entry["hp"], **entry["expect"]["numbers"]}
        wrong = {k: (mine.get(k), v) for k, v in other.items() if k in mine and mine[k] != v}
        if abs(float(Fraction(str(entry["level"]))) - float(other["cr"] or 0)) > 0.01:
            wrong["cr"] = (entry["level"], other["cr"])
        if wrong:
            differ.append(f"{entry['name']}: {wrong}")
    print(f"d20-3e: {len(entries)} creatures, {len(skipped)} left out (reserved or unreadable); "
          f"{checked} found in the FVTT SRD, {len(differ)} differ", file=sys.stderr)
    for line in differ:
        print(f"  differs: {line}", file=sys.stderr)
    return {"system": "d20-3e", "source": "System Reference Document 3.5 (Wizards of the Coast)",
            "licence": "Open Game License 1.0a", "entries": list(entries.values())}


# ---------------------------------------------------------------------------------- PF2e
_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
_ROLL = re.compile(r"(\d*d\d+(?:[+-]\d+)?)\s*\(\1\)")


def _plain(text: str) -> str:
    """A desc of the Markdown export as printed: links, emphasis and repeated rolls out."""
    text = _LINK.sub(r"\1", text).replace("__", "")
    text = _ROLL.sub(r"\1", text)
    text = re.sub(r"\s*\(1d20[+-]\d+\)", "", text)
    return " ".join(text.split()).strip(" ;")


def _pf2_fields(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The statblock's top-level ``key: value`` lines and its ``- name: / desc:`` pairs."""
    body = text.split("```statblock", 1)[1].split("```", 1)[0]
    top = {m.group(1): m.group(2).strip().strip('"')
           for m in re.finditer(r"^([a-z_0-9]+):[ \t]*(.*)$", body, re.MULTILINE)}
    pairs = [(m.group(1).strip('"'), json.loads(m.group(2)))
             for m in re.finditer(r'^  - name: (.*)\n    desc: ("(?:[^"\\]|\\.)*")', body, re.MULTILINE)]
    return top, pairs


def _pf2_entry(text: str) -> dict[str, Any] | None:
    """One creature of the Bestiary: its block in the printed layout, the numbers of its fields."""
    top, pairs = _pf2_fields(text)
    traits = [_plain(v) for k, v in sorted(top.items()) if k.startswith("trait_")]
    rarity = [_plain(v) for k, v in top.items() if k.startswith("rare_")]
    if "unique" in (r.lower() for r in rarity) or "hp" not in top or not top["hp"].isdigit():
        return None     # a named creature is Product Identity; a block without HP is no creature
    name, level = top["name"], int(top["level"].split()[-1])
    descs = dict(pairs)
    saves = {k.lower(): int(v) for k, v in re.findall(r"(Fort|Ref|Will)__: ([+-]\d+)", descs["AC"])}
    lines = [f"{name}    Creature {level}",
             " ".join(w for w in [top.get("alignment", ""), top.get("size", ""), *traits] if w),
             _plain(descs["Perception"]).replace("Perception ", "Perception ", 1),
             f"AC {top['ac']}; Fort {saves['fort']:+d}, Ref {saves['ref']:+d}, Will {saves['will']:+d}"]
    health = _plain(descs["HP"])
    number, _, rest = health.partition(";")
    lines.append(f"HP {number.strip()}" + (f"; {rest.strip()}" if rest.strip() else ""))
    strikes = []
    for kind, desc in pairs:
        if kind not in ("Melee", "Ranged"):
            continue
        plain = _plain(desc.lstrip("⬻⬺⬽⬲ "))
        strike = re.match(r"(.+?) ([+-]\d+)(?: \(([^()]*(?:\([^()]*\)[^()]*)*)\))?;? Damage (.+)$", plain)
        if not strike:
            continue
        traits_text = f" ({strike.group(3)})" if strike.group(3) else ""
        lines.append(f"{kind} ◆ {strike.group(1)} {strike.group(2)}{traits_text}, Damage {strike.group(4)}")
        strikes.append([strike.group(1), int(strike.group(2))])
    expect = {"hp": int(top["hp"]),
              "numbers": {"level": level, "ac": int(top["ac"]), **saves,
                          "perception": int(top["modifier"])},
              "strikes": strikes}
    return {"name": name, "level": level, "role": " ".join(traits), "hp": int(top["hp"]),
            "ac": int(top["ac"]), "source": "Pathfinder Bestiary", "block": "\n".join(lines),
            "expect": expect}


def build_pf2e(source: Path) -> dict[str, Any]:
    """The Pathfinder Bestiary's creatures (OGL 1.0a) from the Markdown export's
    ``fantasy-bestiary/bestiary-1/*.md`` statblocks."""
    entries, left_out = [], []
    for path in sorted((source / "fantasy-bestiary" / "bestiary-1").glob("*.md")):
        entry = _pf2_entry(path.read_text("utf-8"))
        if entry is None:
            left_out.append(path.stem)
        else:
            entries.append(entry)
    print(f"pf2e: {len(entries)} creatures, left out: {', '.join(left_out)}", file=sys.stderr)
    return {"system": "pf2e", "source": "Pathfinder Bestiary (Second Edition), Paizo Inc.",
            "licence": "Open Game License 1.0a", "entries": entries}


# ---------------------------------------------------------------------------------- writing
def _check(system: str, data: dict[str, Any]) -> None:
    """Read every block with the app's reader; leave out (and name) those it refuses."""
    from core import get_system

    rules = get_system(system)
    kept = []
    for entry in data["entries"]:
        try:
            rules.from_statblock(entry["block"])
        except ValueError as error:
            print(f"  refused by the reader, left out: {entry['name']}: {error}", file=sys.stderr)
            continue
        kept.append(entry)
    data["entries"] = kept


def write(system: str, data: dict[str, Any]) -> Path:
    """One entry a line, keys in a fixed order: a rebuild's diff shows what changed."""
    _check(system, data)
    names = [e["name"].casefold() for e in data["entries"]]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise SystemExit(f"{system}: names twice: {', '.join(duplicates)}")
    data["entries"].sort(key=lambda e: e["name"].casefold())
    head = {k: v for k, v in data.items() if k != "entries"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "entries": [']
    lines += [json.dumps(e, ensure_ascii=False, separators=(",", ":")) + ","
              for e in data["entries"]]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("]}")
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{system}.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


BUILDERS = {"daggerheart": build_daggerheart, "d20-3e": build_d20, "pf2e": build_pf2e}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("system", choices=sorted(BUILDERS))
    parser.add_argument("source", type=Path, help="a checkout of the source repository")
    parser.add_argument("--cross", type=Path, help="d20-3e: a checkout of the FVTT D35E SRD")
    args = parser.parse_args(argv)
    builder = BUILDERS[args.system]
    data = builder(args.source, args.cross) if args.cross else builder(args.source)
    path = write(args.system, data)
    print(f"{path.relative_to(ROOT)}: {len(data['entries'])} creatures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
