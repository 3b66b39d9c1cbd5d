"""d20-3e printed attacks (RULES §10): the threat range and multiplier a line prints act in
enc.attack, and a weapon's +N and alignment in its name are carried into its damage."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from saves import load, save


class Script:
    """The d20s in order, then every damage die at its highest face."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0) if self.values else b


def duel(line, defenses="", ac=10):
    enc = Encounter("d20-3e", "t")
    rs = get_system("d20-3e")
    ogre = enc.add(rs.new_creature("Ogre", hp=29, attacks=[line]))
    target = enc.add(rs.new_creature("Fighter", hp=200, numbers={"ac": ac}, defenses=defenses))
    return enc, ogre, target


def test_a_natural_roll_in_the_printed_threat_range_threatens():
    enc, ogre, target = duel("Falchion +4 melee (2d4+4/18-20)")
    a = enc.attack(ogre, target, rng=Script(18, 10))     # 22 hits, confirm 14 ≥ 10
    assert a.critical and a.confirm == 10 and a.multiplier == 2
    plain = enc.attack(ogre, target, rng=Script(17))
    assert plain.hit and not plain.critical and plain.confirm is None


def test_a_confirmed_threat_gives_the_printed_multiplier_and_deals_it():
    enc, ogre, target = duel("Greatclub +8 melee (2d8+7/19-20/x3)")
    a = enc.attack(ogre, target, rng=Script(19, 5))
    assert a.critical and a.multiplier == 3 and a.damage == "2d8+7"
    out = enc.apply_damage([target], a.damage, critical=a.multiplier if a.critical else False,
                           rng=Script())
    assert out[target].total == 3 * (16 + 7)      # the first part rolled three times, each at most


@pytest.mark.parametrize(("line", "threat", "multiplier"), [
    ("Longbow +3 ranged (1d8/×3)", None, 3),
    ("Heavy pick +3 melee (1d6 x4)", None, 4),
    ("Longsword +5 melee (1d8+2/19-20/×2)", 19, 2),
    ("Claw +6 melee (1d4+2)", None, None),
])
def test_each_printed_form_is_read(line, threat, multiplier):
    c = get_system("d20-3e").new_creature("Foe", hp=5, attacks=[line])
    assert (c.attacks[0].threat, c.attacks[0].multiplier) == (threat, multiplier)


def test_a_block_keeps_the_threat_range_of_its_attacks(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    block = ("Bugbear\nHit Dice: 3d8+3 (16 hp)\nArmor Class: 17\n"
             "Attack: Morningstar +5 melee (1d8+2/×3) or javelin +3 ranged (1d6+2)\n")
    c = get_system("d20-3e").from_statblock(block)
    assert [(a.label, a.multiplier) for a in c.attacks] == [("Morningstar", 3), ("javelin", None)]
    enc = Encounter("d20-3e", "t")
    cid = enc.add(c)
    assert load(save(enc)).creature(cid).attacks == c.attacks


def test_an_old_save_without_the_new_fields_still_loads():
    from core.creature.model import Attack
    assert Attack.from_state({"label": "claw", "damage": "1d4"}, "a") == Attack("claw", "1d4")


def test_the_35_holy_longbow_is_read_and_its_magic_and_alignment_carried():
    line = "+1 holy composite longbow (+4 Str bonus) +11 ranged (1d8+5/×3)"
    enc, archer, target = duel(line, defenses="damage reduction 5/magic")
    bow = enc.creature(archer).attacks[0]
    assert (bow.label, bow.bonus, bow.multiplier, bow.ranged) == \
        ("+1 holy composite longbow (+4 Str bonus)", 11, 3, True)
    a = enc.attack(archer, target, rng=Script(12))
    assert set(a.damage.split()) >= {"1d8+5", "magical", "holy"}   # holy: the good alignment
    assert enc.apply_damage([target], a.damage, rng=Script())[target].total == 13   # DR /magic bypassed
    rules = get_system("d20-3e")
    for dr, dealt in (("DR 10/good", 9), ("DR 10/evil", 0)):
        out = rules.apply_damage(rules.new_creature("T", hp=50, defenses=dr),
                                 a.damage.replace("1d8+5", "1d8+5=9"))
        assert out.total == dealt, (dr, out.steps)


def test_a_die_in_an_attacks_label_is_not_taken_for_its_damage():
    """The SRD's ``Slam+2 melee, (1d6+1) or club +2 melee (1d6+1)`` (a missing space): the
    club's damage is the one in its own parenthesis, never an empty damage."""
    rules = get_system("d20-3e")
    c = rules.new_creature("Zombie", hp=16, attacks=["Slam+2 melee, (1d6+1) or club +2 melee (1d6+1)"])
    assert [(a.bonus, a.damage) for a in c.attacks] == [(2, "1d6+1")]
