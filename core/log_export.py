"""An encounter's log as Markdown, round by round — for a GM's campaign notes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.encounter import Encounter, Event

TARGETED = frozenset({"damage", "heal", "persistent", "tick", "flat-check", "condition",
                      "dying-check", "stress", "immunity", "adjust"})
_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|"})


def escape(text: str) -> str:
    """Text with Markdown's special characters escaped (names are the GM's own words)."""
    return text.translate(_SPECIAL)


def log_markdown(enc: Encounter) -> str:
    """The log as Markdown: a heading per round, each step with its actor, targets and breakdown.

    The breakdown lines hold the rolls, saves and results; steps older than the save file
    keeps details for (the latest 200) show their summary line only.
    """
    counts_rounds = enc.rules.counts_rounds
    lines = [f"# {escape(enc.name)}", "", f"{enc.rules.name} — the log, oldest first."]
    names = _names(enc)
    current = None
    for event in enc.log:
        heading = f"Round {event.round}" if counts_rounds else "The scene"
        if heading != current:
            lines += ["", f"## {heading}", ""]
            current = heading
        lines.extend(_event_lines(event, names))
    if current is None:
        lines += ["", "Nothing has happened yet."]
    return "\n".join(lines) + "\n"


def _event_lines(event: Event, names: dict[str, str]) -> list[str]:
    targeted = event.kind in TARGETED
    actor = f"**{escape(event.actor)}** · " if event.actor and targeted else ""
    text = f"**{escape(event.text)}**" if event.kind == "turn" else escape(event.text)
    out = [f"- {actor}{text}"]
    if targeted and event.changes:
        out.append("  - targets: " + ", ".join(escape(names.get(c.id, c.id)) for c in event.changes))
    out.extend(f"  - {escape(line)}" for line in event.details)
    return out


def _names(enc: Encounter) -> dict[str, str]:
    """Every creature's name by id, those removed since included (from the ledger)."""
    names: dict[str, str] = {}
    for event in enc.log:
        for change in event.changes:
            for side in (change.before, change.after):
                if side and isinstance(side.get("name"), str):
                    names[change.id] = side["name"]
    names.update((cid, c.name) for cid, c in enc.creatures.items())
    return names
