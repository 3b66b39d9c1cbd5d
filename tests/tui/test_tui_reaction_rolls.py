"""Daggerheart's rolled saves in the damage form are reaction rolls: the dialog asks a trait
and the Difficulty (agility 14), not a PF2 save, and a PC adds its trait to the Duality Dice."""

from __future__ import annotations

from tui_support import open_damage, running, set_damage, type_text

from core import Encounter, get_system
from tui.screens.dialogs import PromptModal


class Dice:
    """Every die shows its value from the queue."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        return self.values.pop(0)


def scene() -> Encounter:
    rules = get_system("daggerheart")
    encounter = Encounter(system="daggerheart", name="Bridge")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, numbers={"agility": 2}))
    encounter.add(rules.new_creature("Bandit", hp=4))
    return encounter


async def test_the_reaction_roll_dialog_asks_a_trait_and_rolls_the_duality_dice(app_factory):
    async with running(app_factory, scene(), system="daggerheart") as (pilot, app, encounter, ids):
        screen = await open_damage(pilot, keys=("space", "space"))
        await set_damage(pilot, screen, "10 magic")
        screen.rng = Dice(5, 7, 12)   # Marlowe 5 + 7 + agility 2 = 14; the Bandit 12 + 2 = 14
        await pilot.press("alt+v")
        prompt = app.screen
        assert isinstance(prompt, PromptModal)
        assert "agility" in prompt.question and "fort" not in prompt.question
        await pilot.press(*["backspace"] * 12)
        await type_text(pilot, "agility 14 +2")
        await pilot.press("enter")
        await pilot.pause()
        rolled = screen.draft.rolled_save(ids["Marlowe"])
        assert rolled is not None and (rolled.total, rolled.degree) == (14, "success")
        foe = screen.draft.rolled_save(ids["Bandit"])
        assert foe is not None and (foe.total, foe.degree) == (14, "success")
