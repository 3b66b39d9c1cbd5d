"""Damage to an encounter's creatures: previewed and committed, persistent damage and its flat checks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.creature.model import Outcome, Roll, TemporaryImmunity
from core.creature.schema import MAX_CONDITION
from core.dice.expression import RandomSource
from core.encounter.ledger import Event
from core.encounter.state import EncounterState
from core.notation.damage import damage_as_typed
from core.text.i18n import N_, clauses, game_term, joined, tr

SAVE_RESULTS = {"critical-success": N_("critical success"), "success": N_("success"),
                "failure": N_("failure"), "critical-failure": N_("critical failure")}
"""A save's result in the log's words (大成功 / 成功 / 失敗 / 大失敗 in Japanese)."""


@dataclass(frozen=True, slots=True)
class DamagePreview:
    """A damage roll resolved against each target, not yet applied."""

    damage: tuple[str, ...]
    roll: Roll
    outcomes: Mapping[str, Outcome]
    options: Mapping[str, Any]


class Damage:
    """Damage rolled once and resolved per target; persistent damage, flat checks, immunities."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    # ------------------------------------------------------------------ damage
    def preview_damage(self, ids: Iterable[str], damage: str | Sequence[str], saves: Mapping[str, str | None] | None = None,
                       critical: bool | int = False, nonlethal: bool = False,
                       armor_slots: Mapping[str, bool] | None = None, direct: bool = False,
                       rng: RandomSource | None = None, roll: Roll | None = None,
                       actor: str | None = None, attack: str = "") -> DamagePreview:
        """Roll once (or reuse ``roll``) and resolve against each target, touching nothing.

        ``actor`` (a creature id) and ``attack`` (the attack roll's text) only go in the log.
        """
        ids = list(dict.fromkeys(ids))
        roster, rules, settings = self.s.roster, self.s.rules, self.s.settings
        if actor is not None:
            roster.creature(actor)
        if not ids:
            raise ValueError(tr('no targets'))
        for cid in ids:
            roster.creature(cid)
        saves = dict(saves or {})
        armor_slots = dict(armor_slots or {})
        for save in saves.values():
            rules.check_save(save)
        texts = (damage,) if isinstance(damage, str) else tuple(damage)
        if roll is None:
            roll = rules.roll(list(texts), critical, rng, settings)
        outcomes = {
            cid: rules.resolve(roster.creatures[cid], roll, critical, saves.get(cid), nonlethal,
                               bool(armor_slots.get(cid)), direct, settings)
            for cid in ids
        }
        options = {"critical": critical, "nonlethal": nonlethal, "saves": saves, "direct": direct,
                   "armor_slots": armor_slots, "actor": actor, "attack": attack}
        return DamagePreview(texts, roll, outcomes, options)

    def commit_damage(self, preview: DamagePreview) -> dict[str, Outcome]:
        """Apply exactly the previewed outcomes, as one undo step."""
        creatures = self.s.roster.creatures
        targets = []
        details: list[str] = []
        saves = preview.options.get("saves") or {}
        for cid, outcome in preview.outcomes.items():
            # each target's save is named, so the log alone tells the fight
            name = creatures[cid].name
            said = tr(SAVE_RESULTS[saves[cid]]) if saves.get(cid) in SAVE_RESULTS else \
                (saves[cid].replace("-", " ") if saves.get(cid) else "")  # "critical failure"
            targets.append((tr("{name} ({save})", name=name, save=said) if said else name, outcome))
            rolled = (preview.options.get("save_rolls") or {}).get(cid)
            if said and rolled:  # for the log export; a save the app rolled with its die and total
                details.append(tr("{name}: save {save} ({roll})", name=name, save=said, roll=rolled))
            elif said:
                details.append(tr("{name}: save {save}", name=name, save=said))
            details.extend(tr("{name}: {step}", name=name, step=s) for s in outcome.steps)
        head = self._damage_head(preview)
        text = tr("{what} → {targets}", what=head, targets=clauses(
            tr("{name} {summary}", name=name, summary=outcome.summary) for name, outcome in targets))
        # a notice's few words: several targets counted, one named with the damage it took
        if len(targets) == 1:
            ((name, outcome),) = targets
            short = tr("{what} → {targets}", what=head, targets=tr(
                "{name} {summary}", name=name, summary=outcome.dealt or outcome.total))
        else:
            short = tr("{what} → {count} targets", what=head, count=len(targets))
        # who acted only when the form named someone, never whose turn it is
        actor = preview.options.get("actor")
        actor_name = creatures[actor].name if actor in creatures else ""
        with self.s.step("damage", text, tuple(details), short, actor_name) as step:
            if actor_name:
                step.names(str(actor))
            # every target, 0 included: the log export lists whom an area hit
            step.targets = tuple(tr("{name} {summary}", name=name, summary=outcome.dealt or outcome.total)
                                 for name, outcome in targets)
            for cid, outcome in preview.outcomes.items():
                step.touch(cid)
                self.s.rules.commit(creatures[cid], outcome)
        return dict(preview.outcomes)

    def _damage_as_said(self, damage: str) -> str:
        """The damage as typed, or in Japanese as the seed writes it (6d6［火炎］)."""
        return damage_as_typed(damage, self.s.system)

    def _damage_head(self, preview: DamagePreview) -> str:
        """A damage event's words before its targets: ``Kyra: attack …; 2d6 fire critical``."""
        crit = preview.options.get("critical")
        words = []
        if crit:
            words.append(tr("critical") if crit is True or crit == 2
                         else tr("critical ×{multiplier}", multiplier=crit))
        if preview.options.get("nonlethal"):
            words.append(game_term(self.s.rules.nonlethal_word))
        if preview.options.get("direct"):
            words.append(tr("direct"))
        head = joined(" ", [joined(" + ", (self._damage_as_said(d) for d in preview.damage)), *words])
        if preview.options.get("attack"):
            head = tr("{attack}; {damage}", attack=preview.options["attack"], damage=head)
        actor = preview.options.get("actor")
        creatures = self.s.roster.creatures
        if actor is not None and actor in creatures:
            head = tr("{name}: {step}", name=creatures[actor].name, step=head)
        return head

    def apply_damage(self, ids: Iterable[str], damage: str | Sequence[str],
                     saves: Mapping[str, str | None] | None = None, critical: bool | int = False,
                     nonlethal: bool = False, armor_slots: Mapping[str, bool] | None = None,
                     direct: bool = False, rng: RandomSource | None = None,
                     actor: str | None = None) -> dict[str, Outcome]:
        """Roll once for every target, resolve each, and commit as one undo step."""
        if isinstance(ids, str):
            ids = [ids]
        preview = self.preview_damage(ids, damage, saves, critical, nonlethal, armor_slots, direct, rng,
                                      actor=actor)
        return self.commit_damage(preview)

    # ------------------------------------------------------------------ persistent damage
    def add_persistent(self, cid: str, text: str, critical: bool = False,
                       save: str | None = None) -> Outcome:
        """Give a creature a persistent damage condition."""
        creature = self.s.roster.creature(cid)
        outcome = self.s.rules.resolve_persistent(creature, text, critical, save, self.s.settings)
        return self.s.commit(cid, outcome, "persistent", tr("{name}: {step}", name=creature.name, step=outcome.summary),
                             outcome.steps)

    def remove_persistent(self, cid: str, index: int) -> Event:
        """End one persistent condition by hand."""
        creature = self.s.roster.creature(cid)
        new = creature.clone()
        cond = new.persistent.pop(index)
        return self.s.replace(cid, "persistent", tr("{name}: persistent {condition} removed",
                                                   name=creature.name, condition=cond.label), new)

    def tick_persistent(self, cid: str, index: int, rng: RandomSource | None = None) -> Outcome:
        """Roll one persistent condition's damage now."""
        creature = self.s.roster.creature(cid)
        cond = creature.persistent[index]
        work = creature.clone()
        outcome = self.s.rules.tick(work, index, rng, self.s.settings)
        return self.s.commit(cid, outcome, "tick", tr("{name}: persistent {condition} deals {total}", name=creature.name,
                                                      condition=cond.label, total=outcome.total),
                             outcome.steps)

    def flat_check(self, cid: str, index: int, roll: int | None = None,
                   rng: RandomSource | None = None) -> Outcome:
        """Roll (or enter the GM's roll for) one condition's flat check."""
        creature = self.s.roster.creature(cid)
        work = creature.clone()
        outcome = self.s.rules.flat_check(work, index, roll, rng)
        return self.s.commit(cid, outcome, "flat-check", tr("{name}: {step}", name=creature.name, step=outcome.summary),
                             outcome.steps)

    def pending_checks(self) -> list[tuple[str, int]]:
        """(creature id, condition index) of every flat check waiting for a roll."""
        roster = self.s.roster
        return [(cid, i) for cid in roster.order
                for i, p in enumerate(roster.creatures[cid].persistent) if p.pending_check]

    def resolve_flat_checks(self, rng: RandomSource | None = None,
                            rolls: Mapping[tuple[str, int], int] | None = None) -> list[str]:
        """Roll every pending flat check at once (or take the GM's rolls), as one undo step."""
        pending = self.pending_checks()
        lines: list[str] = []
        with self.s.step("flat-check", tr("{count} flat check(s) resolved", count=len(pending))) as step:
            # last index first, so removing a condition does not shift the others
            for cid, index in sorted(pending, key=lambda p: (p[0], -p[1])):
                creature = self.s.roster.creatures[cid]
                step.touch(cid)
                work = creature.clone()
                given = (rolls or {}).get((cid, index))
                outcome = self.s.rules.flat_check(work, index, given, rng)
                self.s.rules.commit(creature, outcome)
                lines.extend(tr("{name}: {step}", name=creature.name, step=s) for s in outcome.steps)
            step.details = tuple(lines)
        return lines

    def add_temp_immunity(self, cid: str, effect: str, rounds: int) -> Event:
        """Immune to ``effect`` for ``rounds`` rounds (expires by itself)."""
        creature = self.s.roster.creature(cid)
        if not effect.strip() or isinstance(rounds, bool) or not isinstance(rounds, int) \
                or not 1 <= rounds <= MAX_CONDITION:
            raise ValueError(tr('a temporary immunity needs an effect and 1 to {most} rounds', most=MAX_CONDITION))
        new = creature.clone()
        new.temp_immunities.append(TemporaryImmunity(effect.strip(), self.s.round + rounds))
        return self.s.replace(cid, "immunity", tr("{name}: immune to {effect} for {rounds} round(s)",
                                                  name=creature.name, effect=game_term(effect.strip()),
                                                  rounds=rounds), new)

    def remove_temp_immunity(self, cid: str, index: int) -> Event:
        """End a temporary immunity early."""
        creature = self.s.roster.creature(cid)
        new = creature.clone()
        gone = new.temp_immunities.pop(index)
        return self.s.replace(cid, "immunity", tr("{name}: immunity to {effect} removed",
                                                 name=creature.name, effect=game_term(gone.effect)), new)
