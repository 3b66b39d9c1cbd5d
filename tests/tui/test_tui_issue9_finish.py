"""Issue 9, finishing: enter on a checkbox submits its form, a miss previews no damage,
the Status column is readable at 80 columns."""

from __future__ import annotations

from textual.widgets import Static
from tui_support import goblins, ids_by_name, type_text

from core import Encounter, get_system
from tui.screens.creature_form import CreatureForm
from tui.screens.tracker import AddConditionModal
from tui.widgets.word_checkbox import WordCheckbox

SIZE = (80, 24)


# -- enter on a checkbox submits the form; space toggles it ---------------------------------

async def test_enter_on_the_pc_checkbox_adds_the_creature(app_factory):
    encounter = Encounter(system="pf2e", name="Crypt")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        form = app.screen
        assert isinstance(form, CreatureForm)
        await type_text(pilot, "Kyra")
        await pilot.press("tab", "tab")  # name → count → PC
        assert form.focused is form.query_one("#pc", WordCheckbox)
        await pilot.press("space")  # space toggles
        assert form.query_one("#pc", WordCheckbox).value is True
        await pilot.press("enter")  # enter adds, like on any field
        await pilot.pause()
        assert app.screen is app.roster
        (kyra,) = [encounter.creature(cid) for cid in encounter.order]
        assert kyra.name == "Kyra" and kyra.pc


async def test_enter_on_the_pc_checkbox_saves_an_edit(app_factory):
    encounter = goblins()
    valeros = ids_by_name(encounter)["Valeros"]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, CreatureForm)
        await pilot.press("tab")  # name → PC (no count when editing)
        assert form.focused is form.query_one("#pc", WordCheckbox)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        assert encounter.creature(valeros).pc  # unchanged: enter did not toggle it


async def test_enter_on_the_critical_checkbox_adds_the_persistent_damage(app_factory):
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Bleed")
    rogue = encounter.add(rules.new_creature("Rogue", pc=True, hp=30), initiative=10)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        modal = app.screen
        assert isinstance(modal, AddConditionModal)
        modal.query_one("#text").focus()
        await type_text(pilot, "1d6 bleed")
        await pilot.press("tab")
        assert modal.focused is modal.query_one("#critical", WordCheckbox)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not modal
        (bleed,) = encounter.creature(rogue).persistent
        assert bleed.formula == "1d6 bleed"
        assert bleed.factor == 1.0  # enter did not tick "critical"


def static_text(screen, selector: str) -> str:
    """The plain text of a Static."""
    return str(screen.query_one(selector, Static).render())
