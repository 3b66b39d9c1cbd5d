"""One path for a change: a screen shows a change through its subscription
to the session, once; the session alone keeps its saved state."""

from __future__ import annotations

from test_tui_tracker import bleeding_rogue
from tui_support import SIZE

from core.encounter.ledger import Event
from tui.screens.tracker import TrackerScreen


async def test_the_tracker_shows_its_own_change_once_with_its_event(app_factory, monkeypatch):
    shown: list[object] = []
    show = TrackerScreen.show_conditions

    def counted(self: TrackerScreen, event: Event | None = None) -> None:
        shown.append(event)
        show(self, event)

    monkeypatch.setattr(TrackerScreen, "show_conditions", counted)
    encounter = bleeding_rogue()
    app = app_factory(encounter, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, TrackerScreen)
        for key, kind in (("t", "tick"), ("x", "persistent")):
            shown.clear()
            await pilot.press(key)
            await pilot.pause()
            assert encounter.log[-1].kind == kind
            assert shown == [encounter.log[-1]], key  # refilled once, its event in the last line
            assert encounter.log[-1].text in str(app.screen.query_one("#last-event").render())
        tick = encounter.log[-2]
        shown.clear()
        await pilot.press("u")  # an undo refills, and leaves the last line as it was
        await pilot.pause()
        assert shown == [None]
        assert encounter.log[-1] is tick


def test_the_next_encounter_of_the_party_is_the_gms_work_to_the_session() -> None:
    """carry_party set the session's pristine revision from a screen module; the session
    decides it, as it does for a load or a new encounter."""
    from textual.app import App

    from core import Encounter
    from tui.session import EncounterSession

    session = EncounterSession(App(), bleeding_rogue())
    assert not session.unsaved_work  # a new encounter nobody changed: nothing to keep
    session.replace(session.encounter.next_encounter("The next fight"), party=True)
    assert session.unsaved_work  # the party as it is now: kept if replaced in turn
    session.replace(Encounter(system="pf2e", name="Empty"))
    assert not session.unsaved_work
