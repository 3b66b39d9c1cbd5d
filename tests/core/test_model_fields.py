"""The creature's field lists are derived from the dataclass, or pinned against it."""

from __future__ import annotations

from dataclasses import fields

from core.creature.model import (
    CONTAINER_FIELDS,
    IDENTITY_FIELDS,
    INT_FIELDS,
    OPTIONAL_INT,
    TRACK_FIELDS,
    Attack,
    Creature,
    PersistentDamage,
    TemporaryImmunity,
)


def _full_creature() -> Creature:
    return Creature(name="Ogre", pc=True, traits=frozenset({"giant"}), defenses="resistances fire 5",
                    hp=30, max_hp=40, temp_hp=3, conditions={"prone"},
                    persistent=[PersistentDamage("1d6 fire", "fire")],
                    temp_immunities=[TemporaryImmunity("fear", 3)], init_mod=2,
                    condition_values={"frightened": 1}, condition_durations={"slowed": 2},
                    recovery_check="pending", statblock="Ogre ...", attacks=[Attack("club", "1d10+4 b", 6, ("agile",))], numbers={"ac": 17})


def test_clone_copies_every_field_and_shares_no_container() -> None:
    original = _full_creature()
    copy = original.clone()
    assert copy == original
    for f in fields(Creature):
        value = getattr(original, f.name)
        if isinstance(value, (set, list, dict)):
            assert getattr(copy, f.name) is not value, f.name
    copy.conditions.add("dead")
    copy.persistent.clear()
    copy.condition_values["frightened"] = 2
    assert original == _full_creature()


def test_field_lists_cover_the_dataclass() -> None:
    names = [f.name for f in fields(Creature)]
    assert set(TRACK_FIELDS) | set(IDENTITY_FIELDS) == set(names)
    assert not set(TRACK_FIELDS) & set(IDENTITY_FIELDS)
    assert set(CONTAINER_FIELDS) == {n for n in names if isinstance(getattr(Creature("x"), n),
                                                                    (set, list, dict))}
    ints = {f.name for f in fields(Creature) if f.type in ("int", "int | None")}
    assert set(INT_FIELDS) == ints - {"init_mod"}  # init_mod is saved with the RULES §7 fields
    assert OPTIONAL_INT == {f.name for f in fields(Creature) if f.type == "int | None"}
