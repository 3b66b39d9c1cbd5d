"""The questions a save or a load asks the GM: a name, what to do about a conflict, whether to load."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.text.i18n import N_, tr
from core.text.plain_text import refuse_controls


def check_name(text: str) -> str | None:
    """A save name must say something and be a name, not a path.

    The saves layer would make ``../../etc`` a safe ``etc.toml`` anyway; saying no here
    tells the GM why, instead of listing an encounter called ``../../etc``.
    """
    name = text.strip()
    if not name:
        return tr("Type a name.")
    if "/" in name or "\\" in name or name.startswith("."):
        return tr("A name, not a path: no / or \\, and not starting with a dot.")
    try:  # the encounter takes the save's name, and the core refuses these in a name
        refuse_controls(name, tr("the name"))
    except ValueError as error:
        return f"{str(error)[:1].upper()}{str(error)[1:]}."
    return None


def ask_save_name(app: Any, prompt: str, value: str, then: Callable[[str], None]) -> None:
    """Ask for a save's name (offering ``value``); ``then(name)`` once one is given."""
    from tui.screens.dialogs import PromptModal

    app.push_screen(PromptModal(prompt, value=value, check=check_name),
                    lambda name: then(name) if name else None)


def ask_about_conflict(app: Any, error: Exception, encounter_name: str,
                       overwrite: Callable[[], None], save_as: Callable[[str], None]) -> None:
    """A save met a file changed on disk, or another's: overwrite it, save as a new save
    (its name asked), or not save (said)."""
    from tui.screens.dialogs import ChoiceModal

    problem = getattr(error, "short", str(error))
    path = getattr(error, "path", None)
    label = path.name if isinstance(path, Path) else tr("the save")

    def chosen(choice: str | None) -> None:
        if choice == "overwrite":
            overwrite()
        elif choice == "new":
            ask_save_name(app, tr("Save as a new save called:"), f"{encounter_name} 2", save_as)
        else:
            app.notify(tr("Not saved."), severity="warning")

    app.push_screen(
        ChoiceModal(tr("{save}: {problem}.", save=label, problem=problem),
                    [("overwrite", N_("Overwrite it")), ("new", N_("Save as a new save")),
                     ("cancel", N_("Cancel"))]),
        chosen,
    )


def confirm_quick_load(app: Any, path: Path, then: Callable[[], None]) -> None:
    """Ask before a quick load throws away the changes since the save; ``then()`` if yes."""
    from tui.screens.dialogs import ConfirmModal

    app.push_screen(ConfirmModal(
        tr("Load {file}? Changes since it was saved are lost.", file=path.name)),
                    lambda answer: then() if answer else None)
