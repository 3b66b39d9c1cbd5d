"""Pilot tests of running a session: initiative, conditions, dying checks, Stress,
Fear, the party carried into the next encounter, and the log as Markdown."""

from __future__ import annotations

import random

from conftest import SIZE
from textual.widgets import Input
from tui_support import (
    goblins,
    ids_by_name,
    open_add_form,
    running,
    settle,
    submit_add_form,
    submit_form,
    type_text,
)

from core import Encounter, get_system
from tui.cli import main, prepare_tui
from tui.screens.conditions import ConditionModal, parse_duration
from tui.screens.help import screen_keys
from tui.screens.log_screen import LogLines
from tui.screens.saves_browser import SavesTable
from tui.widgets.encounter_header import EncounterHeader


def daggerheart() -> Encounter:
    """A PC and two adversaries in a Daggerheart scene."""
    rules = get_system("daggerheart")
    encounter = Encounter(system="daggerheart", name="Bridge")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, stress=2))
    for name in ("Bandit", "Archer"):
        encounter.add(rules.new_creature(name, hp=3, stress=1))
    return encounter


def fill(screen, values: dict[str, str]) -> None:
    """Set the fields of ``screen`` by selector, as typed (Input.Changed follows)."""
    for selector, value in values.items():
        screen.query_one(selector).value = value


def status_cell(app, creature_id: str) -> str:
    """The roster's Status cell of a creature, as shown."""
    return str(app.roster.table.get_cell(creature_id, "status"))


async def test_six_goblins_with_a_modifier_roll_their_initiatives_as_they_are_added(app_factory):
    """Adding and rolling is one undo step, so one ``u`` takes the whole batch
    back (that was its own Pilot test, adding three orcs with the same form)."""
    encounter = goblins()
    before = encounter.to_data()["creatures"]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_add_form(pilot)
        assert form.query_one("#initiative", Input).value == ""  # empty: rolled
        await submit_form(pilot, form, {"name": "Goblin", "count": "6", "init-mod": "2"})
        assert app.screen is app.roster
        assert len(encounter.order) == len(before) + 6
        dice = random.Random(1)
        expected = [dice.randint(1, 20) + 2 for _ in range(6)]
        added = [cid for cid in encounter.order if encounter.creature(cid).name not in
                 {creature["name"] for creature in before}]
        ids = sorted(added, key=lambda cid: int(cid[1:]))
        assert [encounter.initiative(cid) for cid in ids] == expected
        assert {encounter.creature(cid).init_mod for cid in ids} == {2}
        assert encounter.log[-1].kind == "initiative"
        assert encounter.log[-1].text.startswith(
            "Goblin 3, Goblin 4, Goblin 5, Goblin 6, Goblin 7, Goblin 8 join, initiative rolled: Goblin 3 ")
        await pilot.press("u")
        await pilot.pause()
        assert encounter.to_data()["creatures"] == before
        assert not encounter.log or encounter.log[-1].kind != "initiative"


# the edit form changes the initiative modifier: test_tui_input_fixes's
# test_the_edit_form_sets_current_hp_and_refuses_more_than_the_maximum, on its edit form


async def test_i_rolls_for_the_marked_else_for_those_not_placed(app_factory):
    rules = get_system("pf2e")
    encounter = goblins()
    late = encounter.add(rules.new_creature("Late Orc", hp=20, init_mod=4))
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")  # nothing marked: only the orc has no initiative yet
        assert encounter.initiative(late) == random.Random(1).randint(1, 20) + 4
        assert encounter.initiative(ids["Valeros"]) == 20
        app.roster.table.select_creature(ids["Goblin 2"])
        await pilot.press("space", "i")
        assert encounter.log[-1].text.startswith("initiative: Goblin 2 ")
        assert "Valeros" not in encounter.log[-1].text


async def test_a_new_value_and_moves_reorder_and_the_cursor_follows(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        app.roster.table.select_creature(ids["Valeros"])
        await pilot.press("I", "ctrl+a", "ctrl+k")
        await type_text(pilot, "12")
        await pilot.press("enter")
        assert encounter.initiative(ids["Valeros"]) == 12
        assert encounter.order[-1] == ids["Valeros"]  # delayed below the goblins
        await pilot.press("left_square_bracket")
        assert encounter.order.index(ids["Valeros"]) == 1
        assert app.roster.table.highlighted_id == ids["Valeros"]
        await pilot.press("right_square_bracket")
        assert encounter.order[-1] == ids["Valeros"]


async def test_the_condition_dialog_adds_changes_and_removes_with_the_catalogue(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        app.roster.table.select_creature(ids["Valeros"])
        await pilot.press("c")
        assert isinstance(app.screen, ConditionModal)
        await pilot.press("f1")  # help's title names the screen
        assert app.screen.query_one("#help-box").border_title == "Keys · condition"
        await pilot.press("escape")
        assert isinstance(app.screen, ConditionModal)
        await type_text(pilot, "fright")
        await pilot.press("right")  # takes the catalogue's suggestion
        assert app.screen.query_one("#condition-name", Input).value == "frightened"
        await pilot.press("tab")
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.conditions_of(ids["Valeros"]) == {"frightened": 2}
        assert status_cell(app, ids["Valeros"]) == "frightened 2"
        # a name typed freely, with a duration (the fields set: the typing is tested above)
        await pilot.press("c")
        fill(app.screen, {"#condition-name": "hexed", "#condition-duration": "3"})
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.creature(ids["Valeros"]).condition_durations["hexed"] == 3
        # value 0 removes
        await pilot.press("c")
        fill(app.screen, {"#condition-name": "frightened", "#condition-value": "0"})
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.conditions_of(ids["Valeros"]) == {"hexed": None}


async def test_dying_and_wounded_are_set_by_hand_and_shown_in_short(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    # at 80 columns Status keeps its 14 cells ("dying 1 · wou…"); from 96 it grows
    async with app.run_test(size=(104, 24)) as pilot:
        app.roster.table.select_creature(ids["Valeros"])
        for name, value in (("dying", "1"), ("wounded", "1")):
            await pilot.press("c")
            fill(app.screen, {"#condition-name": name, "#condition-value": value})
            await pilot.press("enter")
            await pilot.pause()
        assert status_cell(app, ids["Valeros"]) == "dying 1 · wounded 1"


def test_durations_read_as_the_gm_types_them():
    assert parse_duration("") is None
    assert parse_duration("until removed") is None
    assert parse_duration("3") == 3
    assert parse_duration("2 turns") == 2
    assert parse_duration("end of next turn") == "end-of-next-turn"
    assert parse_duration("start") == "start-of-next-turn"


async def test_the_tracker_shows_conditions_and_answers_a_dying_check(app_factory):
    encounter = goblins(flat_checks="ask")
    ids = ids_by_name(encounter)
    encounter.set_condition(ids["Valeros"], "dying", 1)
    encounter.add_condition(ids["Goblin 1"], "stunned", 1, 2)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        table = app.screen.query_one("#conditions")
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert ["Goblin 1", "stunned 1", "2 turns"] in rows
        assert ["Valeros", "dying 1", "until removed"] in rows
        # Valeros's turn comes round: the check waits for the GM's roll
        encounter.turn = 2
        await pilot.press("n")
        assert encounter.pending_dying_checks() == [ids["Valeros"]]
        table.focus()
        table.move_cursor(row=[str(r[0]) for r in rows].index("Valeros"))
        await pilot.pause()
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert ["Valeros", "dying 1", "check due"] in rows
        await pilot.press("f")
        await type_text(pilot, "20")
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.pending_dying_checks() == []
        assert encounter.log[-1].kind == "dying-check"


async def test_daggerheart_has_stress_and_fear_and_no_initiative(app_factory):
    async with running(app_factory, daggerheart()) as (pilot, app, encounter, ids):
        keys = {k.key for k in screen_keys(app, app.screen)}
        assert {"s", "S", "+", "-"} <= keys and "i" not in keys
        header = app.roster.query_one(EncounterHeader)
        await pilot.press("plus", "plus", "minus")
        assert encounter.fear == 1
        await pilot.pause()
        assert "Fear 1/12" in str(header.render()) and "Round" not in str(header.render())
        app.roster.table.select_creature(ids["Bandit"])
        await pilot.press("s")
        assert encounter.creature(ids["Bandit"]).stress_marked == 1
        await pilot.press("s")  # no slot left: 1 HP instead
        assert encounter.creature(ids["Bandit"]).hp_marked == 1
        await pilot.press("S")
        assert encounter.creature(ids["Bandit"]).stress_marked == 0
        events = len(encounter.log)
        await pilot.press("i")
        assert len(encounter.log) == events  # no initiative here


async def test_daggerheart_shows_no_rounds_and_no_initiative(app_factory):
    """RULES §7: no initiative and no rounds: the log, the roster and the tracker say neither."""
    from tui.screens.log_screen import LogScreen
    from tui.widgets.log_panel import LogPanel

    encounter = daggerheart()
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        await submit_add_form(pilot, "Rat")
        assert encounter.log[-1].text == "Rat joins"
        shown = str(app.roster.query_one(LogPanel).render()).splitlines()
        assert shown[-1] == "Rat joins", shown
        assert not any(line.startswith("R1") for line in shown), shown
        labels = [str(column.label).strip() for column in app.roster.table.columns.values()]
        assert "Init" not in labels and labels[1] == "Name", labels
        # the first column stays: it holds the spotlight ▶ and the target ✓
        assert next(iter(app.roster.table.columns)).value == "init"
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = "\n".join(app.screen.query_one("#log-scroll", LogLines).lines())
        assert "R1" not in text and "Rat joins" in text
        await pilot.press("escape", "p")
        await pilot.pause()
        title = str(app.screen.query_one("#tracker-title").render())
        assert "Round" not in title and "Bridge" in title, title


async def test_pf2e_keeps_its_rounds_and_init_column(app_factory):
    from tui.widgets.log_panel import LogPanel

    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = str(app.roster.query_one(LogPanel).render()).splitlines()
        assert shown[-1].startswith("R1 Goblin 2 joins (initiative 15)"), shown
        labels = [str(column.label).strip() for column in app.roster.table.columns.values()]
        assert labels[0] == "Init"
        await pilot.press("p")
        await pilot.pause()
        assert "Round 1" in str(app.screen.query_one("#tracker-title").render())


async def test_pf2e_offers_initiative_and_no_fear_keys(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE):
        keys = {k.key for k in screen_keys(app, app.screen)}
        assert {"i", "I", "c"} <= keys
        assert {"[", "]"} <= {k.split(" ")[0] for k in keys}
        assert not {"s", "S", "+", "-"} & keys


async def test_the_saves_screen_starts_the_next_encounter_keeping_the_party(app_factory,
                                                                            data_dir):
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Valeros"]], "12 slashing")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        # the GM's work in this window
        app.session.apply(lambda enc: enc.add_condition(ids["Valeros"], "frightened", 1))
        await pilot.press("ctrl+o")
        await settle(pilot)
        await pilot.press("k")
        app.screen.query_one(Input).value = "Second fight"  # the name, as typed
        await pilot.press("enter")
        await settle(pilot)
        new = app.session.encounter
        assert new.name == "Second fight"
        assert [new.creature(cid).name for cid in new.order] == ["Valeros"]
        valeros = new.creature(new.order[0])
        assert valeros.hp == 28 and new.conditions_of(new.order[0]) == {"frightened": 1}
        assert (data_dir / "test-fight.toml").is_file(), "the fight it came from is kept"


async def test_k_keeps_the_finished_fight_as_a_save_and_its_log_exports_from_the_saves_screen(
        app_factory, data_dir):
    # Scenario 8: after K the first fight is listed by ctrl+o, and m there exports its log.
    import saves

    other = Encounter(system="pf2e", name="Test Fight")  # another encounter has the name
    taken = saves.save(other)
    before = taken.read_bytes()
    encounter = goblins()
    encounter.apply_damage([ids_by_name(encounter)["Goblin 1"]], "6 fire")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.session.apply(lambda enc: enc.next_turn())  # the GM's work, never saved
        await pilot.press("K")
        app.screen.query_one(Input).value = "ambush"  # the name, as typed
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.encounter.name == "ambush"
        kept = data_dir / "test-fight-2.toml"
        assert saves.load(kept).name == "Test Fight" and taken.read_bytes() == before
        # one notice says it all, the file name last, within the 80-column notice line
        assert app.notes.last.endswith("test-fight-2.toml.") and len(app.notes.last) <= 70
        assert not list(data_dir.glob("trash/*.toml"))
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        assert str(kept) in screen.entries
        table = screen.query_one("#saves", SavesTable)
        table.move_cursor(row=table.get_row_index(str(kept)))
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        [written] = data_dir.glob("*-log.md")
        text = written.read_text()
        assert text.startswith("# Test Fight") and "Goblin 1" in text
        # said where on the saves screen's own line, whole (not a 36-cell toast)
        assert str(written) in str(screen.query_one("#saves-detail").render())


async def test_the_log_screen_exports_markdown(app_factory, data_dir):
    encounter = goblins()
    encounter.apply_damage([ids_by_name(encounter)["Goblin 1"]], "6 fire")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.press("f1")  # help's title names the screen
        assert app.screen.query_one("#help-box").border_title == "Keys · log"
        await pilot.press("escape")
        await pilot.press("m")
        await settle(pilot)  # the prompt offers a free name, looked for in a worker
        await pilot.press("enter")
        await settle(pilot)  # the log is written in a worker
        [written] = data_dir.glob("*-log.md")
        text = written.read_text()
        assert text.startswith("# Test Fight") and "## Round 1" in text


async def test_the_palette_offers_the_session_commands(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        app.screen.query_one(Input).value = "roll initiative"  # as typed, without 15 keys
        await pilot.pause()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")  # everyone has one: roll again for everyone
        assert app.session.encounter.log[-1].kind == "initiative"


def test_cli_log_prints_markdown(data_dir, capsys):
    import saves

    encounter = goblins()
    encounter.apply_damage([ids_by_name(encounter)["Goblin 1"]], "6 fire")
    saves.save(encounter)
    assert main(["log", "Test Fight"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Test Fight") and "Goblin 1" in out


def test_cli_new_keep_party_takes_the_pcs_of_a_save(data_dir):
    import saves

    encounter = goblins()
    encounter.apply_damage([ids_by_name(encounter)["Valeros"]], "5 slashing")
    path = saves.save(encounter)
    before = path.read_bytes()
    new, notice, _ = prepare_tui(["Test Fight", "--new", "pf2e", "--keep-party",
                                  "--name", "Round two"])
    assert new.name == "Round two" and "Valeros" in notice
    assert [new.creature(cid).hp for cid in new.order] == [35]
    assert path.read_bytes() == before  # the fight it came from is untouched
    assert main(["Test Fight", "--new", "daggerheart", "--keep-party"]) == 2


def test_the_detail_pane_of_a_daggerheart_creature_names_no_round_or_initiative():
    from tui.widgets.roster_table import detail_text

    encounter = daggerheart()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Bandit"]], "3 physical")
    text = detail_text(encounter, ids["Bandit"]).plain
    assert "initiative" not in text and "R1" not in text, text
    assert "place 2 on the list" in text and "\n3 physical → Bandit 3 Minor" in text, text
