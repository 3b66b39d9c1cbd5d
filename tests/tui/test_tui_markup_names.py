"""Names are text, never markup: a creature or encounter called ``Ogre [/]`` crashed the app
(review: Textual reads a plain string in a border title as markup)."""

from __future__ import annotations

from tui_support import SIZE, screen_text

from core import Encounter, get_system


def bracketed() -> Encounter:
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Ambush [/] [b]x")
    encounter.add(rules.new_creature("Ogre [/]", hp=30), initiative=20)
    encounter.add(rules.new_creature("Rat [bold]", hp=5), initiative=10)
    return encounter


async def test_names_with_brackets_show_as_typed_in_every_dialog(app_factory):
    app = app_factory(bracketed())
    async with app.run_test(size=SIZE) as pilot:
        assert "Ambush [/] [b]x" in screen_text(app).splitlines()[0]
        for keys in (["d"], ["escape", "h"], ["escape", "c"], ["escape", "e"], ["escape", "l"],
                     ["escape", "p"], ["escape"]):
            await pilot.press(*keys)
            await pilot.pause()
        await pilot.press("down", "d")  # on the rat: the ogre, whose turn it is, acts
        await pilot.pause()
        assert "by Ogre [/] (f2)" in screen_text(app)
        await pilot.press("escape", "up", "h")
        await pilot.pause()
        assert "Heal Ogre [/]" in screen_text(app)
