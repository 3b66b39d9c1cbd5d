"""An encounter's log as Markdown, round by round — for a GM's campaign notes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.text.i18n import listing, render, tr
from core.text.plain_text import terminal_safe

if TYPE_CHECKING:
    from core.encounter import Encounter, Event

TARGETED = frozenset({"damage", "heal", "persistent", "tick", "flat-check", "condition",
                      "dying-check", "stress", "immunity", "adjust"})
ACTED = frozenset({"damage", "heal"})
"""Steps that can name who acted; a condition, an initiative or a turn is the GM's own."""
_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|"})


def escape(text: str) -> str:
    """Text with Markdown's special characters escaped (names are the GM's own words)."""
    return text.translate(_SPECIAL)


def log_markdown(enc: Encounter, language: str | None = None) -> str:
    """The log as Markdown: a heading per round, each step with its actor, targets and breakdown,
    in the reader's ``language`` (a language code; None: the app's), whatever language the
    fight was logged in.

    The breakdown lines hold the rolls, saves and results; steps older than the save file
    keeps details for (the latest 200) show their summary line only.
    """
    lang = language
    counts_rounds = enc.rules.counts_rounds
    lines = [f"# {escape(enc.name)}", "", render(tr("{system} — the log, oldest first.",
                                                     system=enc.rules.name), lang)]
    names = _names(enc)
    current = None
    for event in enc.log:
        for round_number, part in _parts(event, names, lang):
            heading = render(tr("Round {round}", round=round_number) if counts_rounds
                             else tr("The scene"), lang)
            if heading != current:
                lines += ["", f"## {heading}", ""]
                current = heading
            lines.extend(part)
    if current is None:
        lines += ["", render(tr("Nothing has happened yet."), lang)]
    # a control character left in a text (an old file, a name from elsewhere) is written out,
    # so that `cat` of the export shows it instead of obeying it
    return terminal_safe("\n".join(lines)) + "\n"


def _parts(event: Event, names: dict[str, str], lang: str | None) -> list[tuple[int, list[str]]]:
    """An event's lines by the round they belong to: a turn step's first lines close the
    turn that ended, in that turn's round (play report 2), the rest open the new turn."""
    details = event.details_in(lang)
    closing = details[:event.closing]
    parts = []
    if closing:
        ended = event.meta_before.get("round", event.round)
        parts.append((ended, ["- " + render(tr("end of {name}'s turn", name=escape(event.ended)), lang),
                              *(f"  - {escape(line)}" for line in closing)]))
    parts.append((event.round, _event_lines(event, names, details[event.closing:], lang)))
    return parts


def _event_lines(event: Event, names: dict[str, str], details: tuple[str, ...], lang: str | None) -> list[str]:
    targeted = event.kind in TARGETED
    text = event.text_in(lang)
    # who acted, named once: ``**Kyra** · 2d6 fire``, not ``**Kyra** · Kyra: …``;
    # a save from before only who acted was recorded names whose turn it was: not shown
    acted = render(tr("{name}: {step}", name=event.actor, step=""), lang)
    actor = ""
    if event.actor and event.kind in ACTED and text.startswith(acted):
        actor, text = f"**{escape(event.actor)}** · ", text.removeprefix(acted)
    text = f"**{escape(text)}**" if event.kind == "turn" else escape(text)
    out = [f"- {actor}{text}"]
    targets = event.targets_in(lang)
    if targeted and (targets or event.changes):
        targets = targets or tuple(names.get(c.id, c.id) for c in event.changes)
        out.append("  - " + render(tr("targets: {targets}", targets=listing(escape(t) for t in targets)), lang))
    out.extend(f"  - {escape(line)}" for line in details)
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
