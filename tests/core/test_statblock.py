"""Stat blocks as printed (RULES §8): real blocks of each layout, the nasty lines, garbage.

The fixtures in tests/core/statblocks/ were typed for these tests from the numbers of
published SRD creatures (numbers are facts; the wording is ours).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import Creature, ParseError, get_system
from core.statblocks import kinds_in, split_outside

BLOCKS = Path(__file__).parent / "statblocks"


def read(name: str) -> str:
    """A fixture exactly as stored: Windows line endings and odd spaces kept."""
    with open(BLOCKS / name, encoding="utf-8", newline="") as handle:
        return handle.read()


# name, system, file, expected fields
CASES = [
    ("pf2e", "pf2e-goblin-warrior.txt", dict(
        name="Goblin Warrior", max_hp=6, hp=6, kind="living", init_mod=2, defenses="",
        attacks=[("dogslicer", "1d6 slashing"), ("shortbow", "1d6 piercing")])),
    ("pf2e", "pf2e-ghost-commoner.txt", dict(
        name="Ghost Commoner", max_hp=30, kind="undead", init_mod=10,
        defenses="immunities death effects, disease, paralyzed, poison, precision, unconscious; "
                 "resistances all 5 (except force, ghost touch, positive); "
                 "double resistance vs. non-magical",
        attacks=[("ghostly hand", "2d6 negative")])),
    ("pf2e", "pf2e-zombie-shambler.txt", dict(
        name="Zombie Shambler", max_hp=20, kind="undead", init_mod=0,
        defenses="immunities death effects, disease, mental, paralyzed, poison, unconscious; "
                 "weaknesses positive 5, slashing 5",
        attacks=[("fist", "1d6+2 bludgeoning")])),
    ("pf2e", "pf2e-animated-armor-crlf.txt", dict(
        name="Animated Armor", max_hp=20, kind="construct", init_mod=6,
        attacks=[("glaive", "1d8+4 slashing"), ("gauntlet", "1d6+4 bludgeoning")])),
    ("daggerheart", "daggerheart-acid-burrower.md", dict(
        name="Acid Burrower", max_hp=8, major=8, severe=15, stress=3, armor=0, init_mod=0,
        attacks=[("Claws", "1d12+2 physical")])),
    ("daggerheart", "daggerheart-minion.txt", dict(
        name="Jagged Knife Lackey", max_hp=1, major=None, severe=None, stress=1,
        attacks=[("Daggers", "2 physical")])),
    ("d20-3e", "d20-ghoul.txt", dict(
        name="Ghoul", max_hp=13, hp=13, kind="undead", init_mod=2, defenses="",
        attacks=[("Bite", "1d6+1"), ("claw", "1d3")])),
    ("d20-3e", "d20-vampire-spawn.txt", dict(
        name="Vampire Spawn", max_hp=26, kind="undead", init_mod=6,
        defenses="damage reduction 10/magical; resistances cold 10; resistances electricity 10",
        attacks=[("Slam", "1d6+4")])),
    ("d20-3e", "d20-gargoyle.txt", dict(
        name="Gargoyle", max_hp=34, kind="living", init_mod=2, defenses="damage reduction 15/magical",
        attacks=[("Claw", "1d4"), ("bite", "1d6"), ("gore", "1d6")])),
    ("d20-3e", "d20-imp.md", dict(
        name="Imp", max_hp=13, kind="living", init_mod=3,
        defenses="damage reduction 5/silver; resistances fire 20; immunities poison",
        attacks=[("Sting", "1d4")])),
]


def pairs(c):
    """A creature's attacks as (label, damage): what these blocks print of them."""
    return [(a.label, a.damage) for a in c.attacks]


@pytest.mark.parametrize(("system", "fixture", "expected"), CASES, ids=[c[1] for c in CASES])
def test_a_published_block_reads_field_by_field(system, fixture, expected):
    text = read(fixture)
    c = get_system(system).from_statblock(text)
    for name, value in expected.items():
        got = getattr(c, name)
        if name == "attacks":   # (label, damage) as listed; bonus and traits where printed
            got = [(a.label, a.damage) for a in got]
        assert got == value, name
    assert c.statblock == text          # the whole block is kept, line endings and all
    assert not c.conditions and c.hp_marked == 0 and c.temp_hp == 0   # full health


def test_animated_armor_keeps_hardness_and_reads_past_crlf_and_nbsp():
    text = read("pf2e-animated-armor-crlf.txt")
    assert "\r\n" in text and "\u00a0" in text
    rs = get_system("pf2e")
    c = rs.from_statblock(text)
    described = rs.parse_defenses(c.defenses).describe()
    assert "hardness 9 (not automated)" in described
    assert "immunity nonlethal attacks" in described
    assert rs.from_statblock(text.replace("\r\n", "\n").replace("\u00a0", " ")).defenses == c.defenses


def test_lines_wrapped_by_a_pdf_are_read_whole():
    flat = read("pf2e-ghost-commoner.txt")
    wrapped = flat.replace("death effects, ", "death effects,\n").replace("all damage 5", "all\ndamage 5") \
        .replace("resistance vs. ", "resistance vs.\n").replace("Damage 2d6", "Damage\n2d6")
    assert wrapped.count("\n") == flat.count("\n") + 4
    rs = get_system("pf2e")
    assert rs.from_statblock(wrapped).defenses == rs.from_statblock(flat).defenses
    assert pairs(rs.from_statblock(wrapped)) == [("ghostly hand", "2d6 negative")]
    spawn = read("d20-vampire-spawn.txt").replace("cold and ", "cold and\n")
    assert "resistances electricity 10" in get_system("d20-3e").from_statblock(spawn).defenses
    melee = "Ogre\nHP 50\nMelee ◆ club +12, Damage 1d10+7 bludgeoning plus\nKnockdown\n"
    assert pairs(rs.from_statblock(melee)) == [("club", "1d10+7 bludgeoning")]


def test_a_blank_line_ends_a_wrapped_line():
    c = get_system("pf2e").from_statblock("Imp\nHP 10; Weaknesses good 5,\n\nfire 5 is a lie\n")
    assert c.defenses == "weaknesses good 5"


# -- hitting what was pasted, without typing a number -----------------------------------------


def test_ghost_commoner_resists_all_but_force_ghost_touch_and_positive():
    rs = get_system("pf2e")
    ghost = rs.from_statblock(read("pf2e-ghost-commoner.txt"))
    assert rs.apply_damage(ghost.clone(), "7 slashing").total == 2
    assert rs.apply_damage(ghost.clone(), "7 slashing ghost-touch").total == 7
    assert rs.apply_damage(ghost.clone(), "7 force").total == 7
    assert rs.apply_damage(ghost.clone(), "7 positive").total == 7      # harms the undead, unresisted
    assert "double resistance vs. non-magical (not automated)" in rs.parse_defenses(ghost.defenses).describe()


def test_zombie_weakness_and_its_own_fist(R):
    rs = get_system("pf2e")
    zombie = rs.from_statblock(read("pf2e-zombie-shambler.txt"))
    assert rs.apply_damage(zombie.clone(), "4 slashing").total == 9
    label, damage = zombie.attacks[0][:2]
    assert rs.apply_damage(zombie, damage, rng=R(3)).total == 5
    assert zombie.hp == 15


def test_acid_burrower_claws_hit_by_thresholds(R):
    rs = get_system("daggerheart")
    burrower = rs.from_statblock(read("daggerheart-acid-burrower.md"))
    out = rs.apply_damage(burrower, burrower.attacks[0][1], rng=R(7))   # 7 + 2 = 9 ≥ Major 8
    assert (out.total, out.hp_marked) == (9, 2)


def test_thresholds_none_marks_one_hp_for_any_damage():
    rs = get_system("daggerheart")
    lackey = rs.from_statblock(read("daggerheart-minion.txt"))
    out = rs.apply_damage(lackey, "40 physical")
    assert out.hp_marked == 1 and "defeated" in lackey.conditions


def test_thresholds_major_only_never_reach_severe():
    rs = get_system("daggerheart")
    c = rs.from_statblock("Sentry\nDifficulty: 11 | Thresholds: 4/None | HP: 5 | Stress: 2\n")
    assert (c.major, c.severe) == (4, None)
    assert rs.apply_damage(c.clone(), "3 physical").hp_marked == 1
    assert rs.apply_damage(c.clone(), "90 physical").hp_marked == 2


def test_daggerheart_phy_mag_attack_is_offered_as_two_attacks():
    # RULES §8 Decision: a phy/mag attack is offered as two attacks, one of each type
    c = get_system("daggerheart").from_statblock(
        "SPELLBLADE\nTier 1 Leader\nDifficulty: 14 | Thresholds: 8/14 | HP: 6 | Stress: 3\n"
        "ATK: +3 | Empowered Longsword: Melee | d8+4 phy/mag\n")
    assert c.name == "Spellblade"
    assert pairs(c) == [("Empowered Longsword (physical)", "1d8+4 physical"),
                        ("Empowered Longsword (magic)", "1d8+4 magic")]
    assert [a.bonus for a in c.attacks] == [3, 3]
    assert c.numbers == {"tier": 1, "difficulty": 14, "attack": 3}


def test_d20_damage_reduction_plus_one_is_bypassed_by_magic():
    rs = get_system("d20-3e")
    lich = rs.from_statblock("Lich\nMedium-Size Undead\nHit Dice: 11d12 (71 hp)\nInitiative: +3 (Dex)\n"
                             "Special Qualities: Undead, damage reduction 15/+1, turn resistance +4\n")
    assert lich.kind == "undead" and lich.defenses == "damage reduction 15/magical"
    assert rs.apply_damage(lich.clone(), "12").total == 0
    assert rs.apply_damage(lich.clone(), "20 magical").total == 20


def test_gargoyle_damage_reduction_is_lost_once_by_a_mundane_critical_and_ignored_by_magic(R):
    rs = get_system("d20-3e")            # SCENARIOS 10
    gargoyle = rs.from_statblock(read("d20-gargoyle.txt"))
    out = rs.apply_damage(gargoyle.clone(), "1d8+3 slashing", critical=2, rng=R(8, 6))   # 11 + 9 = 20
    assert out.total == 5
    assert rs.apply_damage(gargoyle.clone(), "1d8+3 slashing magical", rng=R(5)).total == 8


def test_vampire_spawn_energy_resistance_from_special_qualities():
    rs = get_system("d20-3e")
    spawn = rs.from_statblock(read("d20-vampire-spawn.txt"))
    # magical, so that damage reduction 10/+1 stays out of it
    assert rs.apply_damage(spawn.clone(), "14 cold magical").total == 4
    assert rs.apply_damage(spawn.clone(), "14 electricity magical").total == 4
    assert rs.apply_damage(spawn.clone(), "14 fire magical").total == 14


@pytest.mark.parametrize(("quality", "defenses"), [
    ("fire resistance 10", "resistances fire 10"),
    ("resistance to fire 10", "resistances fire 10"),
    ("acid, cold, and electricity resistance 20",
     "resistances acid 20; resistances cold 20; resistances electricity 20"),
    ("fire immunity", "immunities fire"),
    ("immune to cold", "immunities cold"),
    ("damage reduction 10/silver", "damage reduction 10/silver"),
    ("Damage reduction 5/cold iron", "damage reduction 5/cold-iron"),
    ("damage reduction 20/-", "damage reduction 20/-"),
    ("darkvision 60 ft., SR 15, +2 turn resistance", ""),
])
def test_d20_special_qualities(quality, defenses):
    c = get_system("d20-3e").from_statblock(f"Thing\nHit Dice: 1d8 (4 hp)\nSpecial Qualities: {quality}\n")
    assert c.defenses == defenses


@pytest.mark.parametrize(("damage", "attacks"), [
    ("Huge greatclub 2d6+7 (or 2d8+10); or longspear 2d6+7/x3",
     [("Huge greatclub", "2d6+7"), ("longspear", "2d6+7")]),
    ("Longsword 1d8+1/19-20, bite 1d4 plus 1d6 fire", [("Longsword", "1d8+1"), ("bite", "1d4, 1d6 fire")]),
    ("Incorporeal touch 1d6 temporary Strength", []),     # ability damage is not an attack on HP
    ("-", []),
])
def test_d20_damage_lines(damage, attacks):
    c = get_system("d20-3e").from_statblock(f"Thing\nHit Dice: 4d8+8 (26 hp)\nDamage: {damage}\n")
    assert pairs(c) == attacks


def test_pf2_strikes_with_map_brackets_and_persistent_damage():
    c = get_system("pf2e").from_statblock(
        "Bandit\nHP 20\nMelee ◆ shortsword +9 [+5/+1] (agile, finesse), Damage 1d6+3 piercing plus "
        "1d6 persistent bleed and Grab\nRanged crossbow +8 (range 120 feet), Effect pinned\n")
    assert pairs(c) == [("shortsword", "1d6+3 piercing, 1d6 persistent bleed")]


def test_vitality_wounds_tracks_and_vulnerabilities(R):
    rs = get_system("vitality-wounds")
    horror = rs.from_statblock("Grave Horror\nUndead\nPerception +5\nVitality 20, Wounds 12\n"
                               "Vulnerable orichalcum\n")
    assert (horror.max_vitality, horror.max_wounds, horror.kind, horror.init_mod) == (20, 12, "undead", 5)
    out = rs.apply_damage(horror, "2d4 piercing orichalcum", rng=R(2, 3))
    assert (out.total, out.wounds) == (5, 2)
    wolf = rs.from_statblock("Werewolf\nHP 40\nVulnerabilities silver, fire\n")
    assert (wolf.max_hp, wolf.vitality) == (40, None)
    assert rs.apply_damage(wolf, "2d4 piercing silver", rng=R(2, 3)).total == 15


@pytest.mark.parametrize(("line", "kinds"), [
    ("CE Medium Undead Wight", ["undead"]),
    ("UNIQUE N LARGE CONSTRUCT MINDLESS", ["construct"]),
    ("Medium-Size Undead", ["undead"]),
    ("Tiny Outsider (Evil, Lawful)", []),
    ("This armor was made to hunt the undead.", []),
])
def test_only_a_line_of_traits_sets_the_kind(line, kinds):
    assert kinds_in(line) == kinds


def test_a_description_that_mentions_the_undead_is_not_a_trait():
    c = get_system("pf2e").from_statblock("Animated Armor\nThis armor hunts the undead.\nN Medium Construct\nHP 20\n")
    assert c.kind == "construct" and c.traits == frozenset({"construct"})


def test_sf2e_uses_its_own_type_words():
    rs = get_system("sf2e")
    c = rs.from_statblock("Void Zombie Creature 2\nUndead\nPerception +6\nHP 30, void healing; "
                          "Weaknesses vitality 5\nMelee fist +9, Damage 1d8+4 bludgeoning\n")
    assert (c.name, c.max_hp, c.init_mod, c.defenses) == ("Void Zombie", 30, 6, "weaknesses vitality 5")


# -- splitting, and what cannot be read ------------------------------------------------------


def test_lists_split_outside_parentheses_only():
    text = "all damage 5 (except force, ghost touch, or positive; double resistance vs. non-magical), fire 3"
    assert [p.strip() for p, _ in split_outside(text, ",;")] == [text.rsplit(",", 1)[0], "fire 3"]


@pytest.mark.parametrize(("system", "text", "at"), [
    ("pf2e", "Wight Creature 3\r\nPerception +10\r\nHP 50; Weaknesses fyre 5\r\n", "fyre"),
    ("pf2e", "Wight\nHP fifty\n", "fifty"),
    ("pf2e", "Wight\nPerception keen\nHP 5\n", "keen"),
    ("pf2e", "Wight\nHP 5\nMelee claw +5, Damage 1d6+3 slashy\n", "slashy"),
    ("pf2e", "Wight\nHP 5; Weaknesses ; Resistances fire 5\n", " ; Resistances"),
    ("d20-3e", "Orc\nHit Dice: 1d8 (4 hp)\nDamage: Axe 0d6\n", "0d6"),
    ("daggerheart", "Imp\nThresholds: 8/15 | HP: lots\n", "lots"),
    ("daggerheart", "Imp\nThresholds: eight | HP: 3\n", "eight"),
    ("daggerheart", "Imp\nThresholds: 8/15 | HP: 3\nATK: +1 | Bite: Melee | 1d6 fire\n", "1d6 fire"),
    ("d20-3e", "Orc\nHit Dice: 1d8\nInitiative: +0\n", "1d8"),
    ("d20-3e", "Orc\nHit Dice: 1d8 (4 hp)\nInitiative: quick\n", "quick"),
    ("d20-3e", "Orc\nHit Dice: 1d8 (4 hp)\nSpecial Qualities: damage reduction 5/wood-ish\n", "wood-ish"),
])
def test_a_line_it_knows_but_cannot_read_is_a_parse_error_at_that_place(system, text, at):
    with pytest.raises(ParseError) as info:
        get_system(system).from_statblock(text)
    assert text[info.value.position:].startswith(at), (info.value, text[info.value.position:])
    assert info.value.message.startswith(f"line {text.count(chr(10), 0, info.value.position) + 1}: ")
    assert info.value.text == text


@pytest.mark.parametrize("system", ["pf2e", "daggerheart", "d20-3e"])
@pytest.mark.parametrize("garbage", ["", "   \n\n", "lorem ipsum dolor", "\x00\x01((( ]]] ;;;", "ÿ" * 30000])
def test_garbage_is_a_parse_error_with_a_position(system, garbage):
    with pytest.raises(ParseError) as info:
        get_system(system).from_statblock(garbage)
    assert info.value.position >= 0


# Pieces of every layout, shuffled into blocks that are almost right.
PIECES = ["HP ", "HP: ", "Thresholds: ", "None", "/", "4", "15", "0", "|", "ATK: +3", " | Claws: Melee | ",
          "1d12+2 phy", "phy/mag", "\n", "\r\n", "Hit Dice: ", "(13 hp)", "Initiative: ", "+4", "Damage: ",
          "bite 1d6+1", " and ", " plus ", "Special Qualities: ", "damage reduction 15/+1",
          "fire resistance 10", ", ", "; ", "(", ")", "Immunities ", "Weaknesses ", "Resistances ",
          "all damage 5", "(except force, ghost touch, or positive; double resistance vs. non-magical)",
          "Melee ◆ claw +5, Damage ", "Perception +", "Vitality 20, Wounds 12", "Vulnerable silver",
          "Hardness 5", "Undead", "Creature 3", "-", "99999999999999999999", "1000d1000", "d", "x",
          "\u00a0", "*", "#", ">", "—", "cold iron", "or ", "except", "Wounds 0", "HP 0"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(["pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"]),
       text=st.one_of(st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
                      st.text(max_size=200)))
def test_any_text_gives_a_creature_or_a_parse_error_never_a_traceback(system, text):
    rs = get_system(system)
    try:
        c = rs.from_statblock("Thing\n" + text)
    except ParseError as exc:
        assert 0 <= exc.position <= len(text) + 6
    else:
        assert isinstance(c, Creature) and c.statblock == "Thing\n" + text
        rs.parse_defenses(c.defenses)     # what it built, the notation parser takes


def test_severe_below_major_is_a_parse_error_not_a_value_error():
    text = "Imp\nThresholds: 15/8 | HP: 3\n"
    with pytest.raises(ParseError) as info:
        get_system("daggerheart").from_statblock(text)
    assert text[info.value.position:].startswith("15/8")


# -- the creature keeps what it read ---------------------------------------------------------


def test_statblock_attacks_and_init_mod_survive_to_state():
    c = get_system("daggerheart").from_statblock(read("daggerheart-acid-burrower.md"))
    back = Creature.from_state(c.to_state())
    assert (back.statblock, back.attacks, back.init_mod) == (c.statblock, c.attacks, c.init_mod)
    assert (back.major, back.severe) == (8, 15)
    old = Creature.from_state({"name": "Old", "hp": 5, "max_hp": 5})     # a save from before
    assert (old.statblock, old.attacks, old.init_mod) == ("", [], 0)
    copy = c.clone()
    assert copy.attacks == c.attacks and copy.attacks is not c.attacks and copy.statblock == c.statblock


def threshold_steps(outcome):
    return [step.text for step in outcome.records if step.kind == "threshold"]


def test_thresholds_none_breakdown_says_no_thresholds():
    # RULES §8 Decision: no thresholds, any damage of 1 or more marks 1 HP; no "Major 0"
    rs = get_system("daggerheart")
    lackey = rs.from_statblock(read("daggerheart-minion.txt"))
    out = rs.apply_damage(lackey, "3 physical")
    assert threshold_steps(out) == ["3, no thresholds: any damage marks 1 HP"]
    assert not any("Major" in s or "Severe" in s for s in out.steps), out.steps


def test_thresholds_major_only_breakdown_never_names_a_severe_of_0():
    rs = get_system("daggerheart")
    c = rs.from_statblock("Sentry\nDifficulty: 11 | Thresholds: 4/None | HP: 5 | Stress: 2\n")
    assert threshold_steps(rs.apply_damage(c.clone(), "3 physical")) == ["3 below Major 4: Minor, 1 HP"]
    big = rs.apply_damage(c.clone(), "90 physical", settings={"massive_damage": True})
    assert threshold_steps(big) == ["90 ≥ Major 4: 2 HP (no Severe threshold)"]
    assert not any("Severe 0" in s or "Severe None" in s for s in big.steps), big.steps
