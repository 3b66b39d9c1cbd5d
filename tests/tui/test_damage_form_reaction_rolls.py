"""Daggerheart's save line in the damage form: a reaction roll succeeds or fails (RULES §3), so
the form offers those two and nothing of the Pathfinder family's four degrees, in English and
in Japanese."""

from __future__ import annotations

import pytest
from tui_support import SIZE, Dice, marlowe, open_damage, static_text

from core.text.i18n import set_language, tr
from tui.widgets.target_table import TargetTable

REACTION_ROLL = {"en": "Reaction roll", "ja": "リアクション・ロール"}
SAID = {"en": ": ", "ja": "："}


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_save_line_offers_only_success_and_failure(app_factory, lang):
    set_language(lang)
    try:
        encounter, _pc = marlowe()
        app = app_factory(encounter)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_damage(pilot, keys=())
            hint = static_text(screen, "#save-hint")
            assert hint.startswith(REACTION_ROLL[lang] + SAID[lang]), hint
            assert f"2 {tr('success')} 3 {tr('failure')}" in hint
            for pf2_only in ("crit. success", "crit. fail"):
                assert tr(pf2_only) not in hint
            # the targets' keys: 1 and 4 choose nothing, right goes none → success → failure → none
            await pilot.press("tab", "1")
            assert screen.draft.saves[screen.highlighted_id] is None
            await pilot.press("4")
            assert screen.draft.saves[screen.highlighted_id] is None
            seen = []
            for _ in range(3):
                await pilot.press("right")
                seen.append(screen.draft.saves[screen.highlighted_id])
            assert seen == ["success", "failure", None]
    finally:
        set_language("en")


async def test_matching_duality_dice_still_show_as_rolled(app_factory):
    # RULES §10: a PC's matching Duality Dice are a critical success; the rolled degree is
    # shown as rolled even though the GM is offered success and failure only
    encounter, pc = marlowe()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot, keys=())
        screen.rng = Dice(4, 4)
        screen.roll_saves("agility", 14)
        await pilot.pause()
        assert screen.draft.saves[pc] == "critical-success"
        assert screen.query_one("#targets", TargetTable).get_cell(pc, "save").startswith("8 crit. succ")
        await pilot.press("tab", "right")           # from the rolled degree: the first offered
        assert screen.draft.saves[pc] == "success"
