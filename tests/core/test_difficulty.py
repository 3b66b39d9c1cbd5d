"""The encounter's threat as the GM builds it (RULES §10 "Encounter difficulty"): PF2 XP and
its bands, Daggerheart Battle Points, d20 Encounter Level against the party's level.

Every expected number is worked from RULES §10's arithmetic in the test itself.
"""

from __future__ import annotations

import math

import pytest
from core_support import Stats

from core import Encounter, get_system
from core.creature.model import Creature

# RULES §10: creature XP by its level minus the party level, -4 … +4
XP_BY_STEP = {-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}
# RULES §10: the budget per PC of each band (4 PCs: 40/60/80/120/160)
PER_PC = {"trivial": 10, "low": 15, "moderate": 20, "severe": 30, "extreme": 40}


def party(system: str, count: int, level: int | None = 1, name: str = "PC") -> Encounter:
    enc = Encounter(system, "Test")
    rules = get_system(system)
    for n in range(count):
        numbers = {} if level is None else {"level": level}
        hp: Stats = {"hp": 6} if system == "daggerheart" else {"hp": 20}
        enc.add(rules.new_creature(f"{name} {n + 1}", pc=True, numbers=numbers, **hp))
    return enc


def monster(system: str, name: str, level: int | None, **more: object) -> Creature:
    numbers = {} if level is None else {"level": level}
    return get_system(system).new_creature(name, numbers=numbers, hp=6, **more)  # type: ignore[arg-type]


# ------------------------------------------------------------------ PF2 family

def test_four_goblin_warriors_for_four_level_one_pcs_are_a_moderate_80_of_80():
    enc = party("pf2e", 4, level=1)
    for n in range(4):
        enc.add(monster("pf2e", f"Goblin Warrior {n + 1}", -1))
    d = enc.difficulty()
    per_goblin = XP_BY_STEP[-1 - 1]                 # level -1 against party level 1: -2 → 20 XP
    assert d.spent == 4 * per_goblin == 80
    assert d.budget == 4 * PER_PC["moderate"] == 80
    assert d.label == "moderate"
    assert d.text() == "Moderate 80/80 XP"


@pytest.mark.parametrize("step", sorted(XP_BY_STEP))
def test_a_creature_costs_the_xp_of_its_level_against_the_party_level(step):
    enc = party("pf2e", 4, level=5)
    enc.add(monster("pf2e", "Foe", 5 + step))
    assert enc.difficulty().spent == XP_BY_STEP[step]


def test_a_creature_more_than_four_levels_below_the_party_costs_nothing():
    enc = party("pf2e", 4, level=6)
    enc.add(monster("pf2e", "Rat", 1))              # 6 - 5: below -4
    d = enc.difficulty()
    assert (d.spent, d.label) == (0, "trivial")


def test_a_creature_more_than_four_levels_above_the_party_is_said_to_be_beyond_the_table():
    enc = party("pf2e", 4, level=1)
    enc.add(monster("pf2e", "Dragon", 6))           # +5: beyond the table
    d = enc.difficulty()
    assert d.beyond == ("Dragon",)
    assert d.label == "extreme"
    assert "Dragon" in d.text() and "beyond" in d.text()


@pytest.mark.parametrize(("pcs", "spent", "label"), [
    # bands for n PCs are n × per PC; the threat is the highest band whose budget is reached
    (4, 20, "trivial"), (4, 40, "trivial"), (4, 60, "low"), (4, 80, "moderate"),
    (4, 120, "severe"), (4, 160, "extreme"), (4, 240, "extreme"),
    (5, 80, "low"),        # 5 PCs: low 75, moderate 100
    (5, 100, "moderate"),
    (3, 60, "moderate"),   # 3 PCs: moderate 60, severe 90
    (6, 120, "moderate"),  # 6 PCs: moderate 120, severe 180
])
def test_the_band_follows_the_party_size(pcs, spent, label):
    enc = party("pf2e", pcs, level=3)
    # creatures of the party's level are 40 XP, two levels below 20: make up `spent`
    forty, rest = divmod(spent, XP_BY_STEP[0])
    for n in range(forty):
        enc.add(monster("pf2e", f"Foe {n}", 3))
    for n in range(rest // XP_BY_STEP[-2]):
        enc.add(monster("pf2e", f"Small {n}", 1))
    d = enc.difficulty()
    assert d.spent == spent
    assert d.label == label
    assert d.budget == pcs * PER_PC[label]


@pytest.mark.parametrize("system", ["sf2e", "vitality-wounds"])
def test_starfinder_and_vitality_wounds_count_pf2_xp(system):
    enc = party(system, 4, level=2) if system != "vitality-wounds" else Encounter(system, "T")
    if system == "vitality-wounds":
        rules = get_system(system)
        for n in range(4):
            enc.add(rules.new_creature(f"PC {n}", pc=True, numbers={"level": 2}, vitality=20, wounds=10))
    enc.add(monster(system, "Foe", 4))               # +2: 80 XP
    d = enc.difficulty()
    assert (d.spent, d.budget, d.label) == (XP_BY_STEP[2], 4 * PER_PC["moderate"], "moderate")


def test_the_party_level_is_the_pcs_average_level_rounded():
    enc = Encounter("pf2e", "T")
    rules = get_system("pf2e")
    for n, level in enumerate((3, 4, 4, 4)):         # 15/4 = 3.75 → 4
        enc.add(rules.new_creature(f"PC {n}", pc=True, numbers={"level": level}, hp=20))
    enc.add(monster("pf2e", "Foe", 4))               # level of the party: 40 XP
    d = enc.difficulty()
    assert (d.level, d.spent) == (4, XP_BY_STEP[0])


def test_without_pc_levels_the_gm_sets_the_party_level_and_it_is_saved_and_undone():
    enc = party("pf2e", 4, level=None)
    enc.add(monster("pf2e", "Goblin", -1))
    d = enc.difficulty()
    assert d.label == "" and "party level" in d.problem
    enc.set_party_level(1)
    assert enc.difficulty().spent == XP_BY_STEP[-2]
    back = Encounter.from_data(enc.to_data())
    assert back.party_level == 1 and back.difficulty().spent == XP_BY_STEP[-2]
    enc.undo()
    assert enc.party_level == 0
    enc.redo()
    assert enc.party_level == 1


def test_the_pcs_own_level_counts_before_the_gms_setting():
    enc = party("pf2e", 4, level=3)
    enc.set_party_level(1)
    enc.add(monster("pf2e", "Foe", 3))
    assert enc.difficulty().spent == XP_BY_STEP[0]


def test_a_party_level_out_of_bounds_is_refused_with_what_to_type():
    enc = party("pf2e", 4)
    with pytest.raises(ValueError, match="1"):
        enc.set_party_level(-3)
    with pytest.raises(ValueError):
        enc.set_party_level("5")  # type: ignore[arg-type]


def test_without_pcs_the_budget_is_the_rules_party_of_four():
    enc = Encounter("pf2e", "T")
    enc.set_party_level(1)
    enc.add(monster("pf2e", "Goblin", -1))
    d = enc.difficulty()
    assert (d.party, d.assumed, d.budget, d.label) == (4, True, 4 * PER_PC["trivial"], "trivial")


def test_defeated_creatures_still_count_but_what_is_still_standing_is_said():
    enc = party("pf2e", 4, level=1)
    ids = [enc.add(monster("pf2e", f"Goblin {n}", -1)) for n in range(4)]
    enc.add_condition(ids[0], "dead")
    d = enc.difficulty()
    assert (d.spent, d.label) == (80, "moderate")
    assert d.standing == 3 * XP_BY_STEP[-2]
    assert d.text() == "Moderate 80/80 XP · 60 standing"


def test_a_creature_without_a_level_is_named_not_guessed():
    enc = party("pf2e", 4, level=1)
    enc.add(monster("pf2e", "Mystery", None))
    d = enc.difficulty()
    assert d.uncounted == ("Mystery",)
    assert d.spent == 0


# ------------------------------------------------------------------ Daggerheart

# RULES §10: the cost of each adversary type
COSTS = {"minion": 1, "social": 1, "support": 1, "horde": 2, "ranged": 2, "skulk": 2,
         "standard": 2, "leader": 3, "bruiser": 4, "solo": 5}


@pytest.mark.parametrize("pcs", [3, 4, 5])
def test_battle_points_are_three_per_pc_and_two(pcs):
    enc = party("daggerheart", pcs, level=None)
    d = enc.difficulty()
    assert (d.label, d.budget, d.spent) == ("battle points", 3 * pcs + 2, 0)


@pytest.mark.parametrize(("role", "cost"), sorted(COSTS.items()))
def test_each_adversary_type_costs_its_battle_points(role, cost):
    enc = party("daggerheart", 4, level=None)
    rules = get_system("daggerheart")
    creature = rules.new_creature("Foe", hp=5, major=5, severe=10)
    creature.role = role
    enc.add(creature)
    assert enc.difficulty().spent == cost


@pytest.mark.parametrize(("minions", "groups"), [(1, 1), (4, 1), (5, 2), (8, 2), (9, 3)])
def test_minions_cost_one_point_a_group_the_size_of_the_party(minions, groups):
    enc = party("daggerheart", 4, level=None)
    rules = get_system("daggerheart")
    for n in range(minions):
        c = rules.new_creature(f"Minion {n}", hp=1, major=5, severe=10)
        c.role = "minion"
        enc.add(c)
    assert enc.difficulty().spent == groups * COSTS["minion"]


def test_the_srd_block_gives_the_adversary_type_and_it_is_saved():
    block = ("JAGGED KNIFE BANDIT\nTier 1 Standard\n"
             "Difficulty: 12 | Thresholds: 8/14 | HP: 5 | Stress: 3\n"
             "ATK: +1 | Daggers: Melee | 1d8+1 phy\n")
    c = get_system("daggerheart").from_statblock(block)
    assert c.role == "standard"
    enc = party("daggerheart", 4, level=None)
    enc.add(c)
    back = Encounter.from_data(enc.to_data())
    assert [x.role for x in back.creatures.values() if not x.pc] == ["standard"]
    assert back.difficulty().spent == COSTS["standard"]
    assert back.difficulty().text() == f"Battle Points {COSTS['standard']}/{3 * 4 + 2}"


def test_an_adversary_without_a_type_is_named():
    enc = party("daggerheart", 4, level=None)
    enc.add(get_system("daggerheart").new_creature("Odd", hp=5, major=5, severe=10))
    d = enc.difficulty()
    assert d.uncounted == ("Odd",) and d.spent == 0


def test_an_unknown_adversary_type_is_refused_naming_the_known_ones():
    creature = get_system("daggerheart").new_creature("Odd", hp=5, major=5, severe=10)
    creature.role = "boss"
    with pytest.raises(ValueError, match="solo"):
        get_system("daggerheart").check_creature(creature)


# ------------------------------------------------------------------ d20 3e

def el_of(crs: list[float]) -> int:
    """RULES §10: EL = round(2 × log2(Σ 2^(CR/2))), a half rounded up."""
    return math.floor(2 * math.log2(sum(2 ** (cr / 2) for cr in crs)) + 0.5)


def d20_party(levels: list[int]) -> Encounter:
    enc = Encounter("d20-3e", "T")
    rules = get_system("d20-3e")
    for n, level in enumerate(levels):
        enc.add(rules.new_creature(f"PC {n}", pc=True, numbers={"level": level}, hp=20))
    return enc


def d20_monster(name: str, cr: str) -> Creature:
    c = get_system("d20-3e").new_creature(name, hp=10)
    c.cr = cr
    return c


@pytest.mark.parametrize(("crs", "values"), [
    (["3"], [3]), (["3", "3"], [3, 3]), (["1/2"] * 4, [0.5] * 4), (["5", "1", "1"], [5, 1, 1]),
    (["1/3", "2"], [1 / 3, 2]),
])
def test_the_encounter_level_of_the_creatures_crs(crs, values):
    enc = d20_party([4, 4, 4, 4])
    for n, cr in enumerate(crs):
        enc.add(d20_monster(f"M{n}", cr))
    d = enc.difficulty()
    assert d.spent == el_of(values)
    assert d.label == f"EL {el_of(values)}"
    assert d.budget == 4


def test_two_of_one_cr_are_that_cr_plus_two():
    enc = d20_party([5])
    enc.add(d20_monster("Ogre 1", "3"))
    enc.add(d20_monster("Ogre 2", "3"))
    assert enc.difficulty().spent == 3 + 2


def test_the_party_level_is_the_average_pc_level():
    enc = d20_party([3, 4, 4, 5, 6])                # 22/5 = 4.4 → 4
    enc.add(d20_monster("Ogre", "3"))
    d = enc.difficulty()
    assert d.budget == 4 and d.text() == "EL 3 vs party level 4"


def test_the_srd_block_gives_the_challenge_rating_and_it_is_saved():
    block = ("Ogre\nLarge Giant\nHit Dice: 4d8+8 (26 hp)\nInitiative: -1\n"
             "Armor Class: 16 (-1 size, -1 Dex, +5 natural, +3 hide), touch 8, flat-footed 16\n"
             "Saves: Fort +6, Ref +0, Will +1\nChallenge Rating: 3\n")
    c = get_system("d20-3e").from_statblock(block)
    assert c.cr == "3"
    enc = d20_party([3])
    enc.add(c)
    back = Encounter.from_data(enc.to_data())
    assert back.difficulty().spent == 3


def test_a_fractional_challenge_rating_is_read_as_printed():
    block = ("Kobold\nSmall Humanoid\nHit Dice: 1d8 (4 hp)\nInitiative: +1\n"
             "Armor Class: 15 (+1 size, +1 Dex, +1 natural, +2 leather), touch 12, flat-footed 14\n"
             "Saves: Fort +2, Ref +1, Will -1\nChallenge Rating: 1/4\n")
    assert get_system("d20-3e").from_statblock(block).cr == "1/4"


@pytest.mark.parametrize("bad", ["x", "0", "1/0", "-1", "1/2/3"])
def test_a_bad_challenge_rating_is_refused(bad):
    c = d20_monster("M", "1")
    c.cr = bad
    with pytest.raises(ValueError, match="CR"):
        get_system("d20-3e").check_creature(c)


def test_the_new_fields_round_trip_through_save_and_load():
    c = d20_monster("Kobold", "1/2")
    assert Creature.from_state(c.to_state()).cr == "1/2"
    d = get_system("daggerheart").new_creature("Bandit", hp=5, major=5, severe=10)
    d.role = "skulk"
    assert Creature.from_state(d.to_state()).role == "skulk"
    assert "role" not in Creature("X").to_state() and "cr" not in Creature("X").to_state()


def test_the_gm_edits_the_type_and_the_cr():
    enc = party("daggerheart", 4, level=None)
    cid = enc.add(get_system("daggerheart").new_creature("Odd", hp=5, major=5, severe=10))
    enc.update(cid, role="Bruiser")
    assert enc.creature(cid).role == "bruiser" and enc.difficulty().spent == COSTS["bruiser"]
    with pytest.raises(ValueError):
        enc.update(cid, role="boss")


@pytest.mark.parametrize(("system", "typed", "rest", "rank"), [
    ("daggerheart", "Standard Tier 1 Difficulty 12", " Tier 1 Difficulty 12", {"role": "standard"}),
    ("daggerheart", "Tier 1 Minion 3", "Tier 1 Minion 3", {}),           # Minion (X), the number
    ("daggerheart", "Minion Tier 1 Minion 3", " Tier 1 Minion 3", {"role": "minion"}),
    ("d20-3e", "CR 1/2 AC 15", " AC 15", {"cr": "1/2"}),
    ("d20-3e", "AC 15 cr 3", "AC 15 ", {"cr": "3"}),
    ("pf2e", "Level 3 AC 18", "Level 3 AC 18", {}),
])
def test_the_type_and_cr_are_read_from_the_typed_numbers(system, typed, rest, rank):
    from core.table.difficulty import rank_text, split_rank

    assert split_rank(system, typed) == (rest, rank)
    creature = Creature("X")
    for key, value in rank.items():
        setattr(creature, key, value)
    assert split_rank(system, rank_text(system, creature))[1] == rank


def test_a_cr_typed_wrong_says_what_to_type():
    from core.table.difficulty import split_rank

    with pytest.raises(ValueError, match="1/2"):
        split_rank("d20-3e", "CR half AC 15")



def test_the_next_encounter_keeps_the_gms_party_level():
    enc = party("pf2e", 4, level=None)
    enc.set_party_level(3)
    assert enc.next_encounter("Next").party_level == 3
