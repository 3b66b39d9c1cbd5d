"""The damage form's preview in words: the options line, the roll line's parts and the
highlighted target's steps, from the core's DamageDraft and DamagePreview."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from core.text.i18n import game_term, listing, ntr, tr
from tui.widgets.numbers_line import numbers_summary

if TYPE_CHECKING:
    from core import Encounter
    from core.encounter.damage import DamagePreview
    from core.encounter.draft import DamageDraft
    from core.table.rolls import AttackResult


def box(on: bool) -> str:
    """A checkbox in words: ``[x]`` or ``[ ]``."""
    return "[x]" if on else "[ ]"


def actor_text(encounter: Encounter, draft: DamageDraft) -> Content:
    """Who deals the damage, for the box's bottom border (plain text: a name is no markup)."""
    actor = draft.actor
    name = encounter.creature(actor).name if actor else tr("nobody")
    return Content(tr("by {name} (f2)", name=name))


def options_line(encounter: Encounter, draft: DamageDraft) -> str:
    """The options line: critical, nonlethal, multiplier, direct, the hits kept."""
    rules = encounter.rules
    # alt+letter works from the field and the targets alike; the letter on the targets
    # damage typed as nonlethal (``1d3+1 subdual``) checks the box too: what is echoed
    # and what is shown agree
    parts = [tr("{box} critical (alt+c)", box=box(draft.critical))]
    if rules.has_nonlethal:
        nonlethal = draft.nonlethal or draft.typed_nonlethal
        parts.append(f"{box(nonlethal)} {game_term(rules.nonlethal_word)} (alt+n)")
    if rules.attack_helper:
        parts.append(tr("×{multiplier} on a crit (alt+m)", multiplier=draft.multiplier))
    if rules.has_armor_slots:
        parts.append(tr("{box} direct (alt+i)", box=box(draft.direct)))
    if draft.hits:
        # short: with Daggerheart's three options "2 earlier hits" was cut at 80 columns
        parts.append(ntr("{count} hit kept", "{count} hits kept", len(draft.hits)))
    return "  ".join(parts)


def not_dealt_said(encounter: Encounter, draft: DamageDraft, rolled: AttackResult | None) -> str:
    """RULES §10: the words of the actor's attack that the damage in the field does not deal
    (``plus Grab``, its note), for the roll line; "" when the field is no attack's damage.
    ``rolled``: the attack the helper rolled last."""
    actor = draft.actor
    if not actor:
        return ""
    text = draft.text.strip()
    notes = [a.note for a in encounter.creature(actor).attacks
             if a.note and (a.damage == text or (rolled is not None and rolled.attack == a
                                                 and rolled.damage == text))]
    return tr("  ·  not read: {words}", words=listing(dict.fromkeys(notes))) if notes else ""


def minions_said(preview: DamagePreview | None) -> str:
    """Daggerheart Minion (X): how many more Minions the hit defeats, for the roll line
    (enter asks which)."""
    more = sum(o.minions for o in preview.outcomes.values()) if preview else 0
    return ntr("  ·  defeats {count} more Minion", "  ·  defeats {count} more Minions", more) if more else ""


def target_head(encounter: Encounter, draft: DamageDraft, creature_id: str) -> str:
    """The target as the steps line names it: its rolled save, or its numbers after
    conditions (``Goblin Pyro (AC 15 (17, frightened 2) · Ref +6 …)``)."""
    rolled = draft.rolled_save(creature_id)
    if rolled is not None:
        return rolled.text
    name = encounter.creature(creature_id).name
    numbers = numbers_summary(encounter, creature_id)
    return tr("{name} ({numbers})", name=name, numbers=numbers) if numbers else name


def steps_text(encounter: Encounter, draft: DamageDraft, preview: DamagePreview | None,
               creature_id: str | None) -> str:
    """The highlighted target's numbers, or its breakdown once something is rolled; "" with
    no target highlighted."""
    if creature_id is None:
        return ""
    outcome = preview.outcomes.get(creature_id) if preview is not None else None
    text = target_head(encounter, draft, creature_id)
    if outcome is not None:
        # with what acts on no damage (RULES §10); a full-width ：in a Japanese line
        text = tr("{target}: {steps}", target=text, steps=" → ".join(outcome.steps))
    return text


__all__ = ["actor_text", "box", "minions_said", "not_dealt_said", "options_line", "steps_text",
           "target_head"]
