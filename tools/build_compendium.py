"""Build the compendium's data files from open-licensed sources checked out on this machine.

Usage (each source is a folder holding a checkout of the public repository named)::

    python tools/build_compendium.py daggerheart SRC   # seansbox/daggerheart-srd (SRD 1.0, DPCGL)
    python tools/build_compendium.py d20-3e SRC [--cross FVTT]
                                                       # RedEyed-Archive/srd35-md (OGL 1.0a);
                                                       # FVTT: landryan/FVTT_D35E_Community_SRD
    python tools/build_compendium.py pf2e SRC          # foundryvtt/pf2e packs (ORC)

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


# ---------------------------------------------------------------------------------- writing
def _check(system: str, data: dict[str, Any]) -> None:
    """Read every block with the app's reader; stop naming the first it refuses."""
    from core import get_system

    rules = get_system(system)
    for entry in data["entries"]:
        try:
            rules.from_statblock(entry["block"])
        except ValueError as error:
            raise SystemExit(f"{system}: {entry['name']}: {error}\n{entry['block']}") from None


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


BUILDERS = {"daggerheart": build_daggerheart}


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
