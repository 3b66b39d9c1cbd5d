"""Textual's own key words, for the catalogue: the footer and help show a widget's
bindings (a text field's, a table's) through ``tr`` like ours, and ``N_`` lists them here so
Babel extracts them. Textual 8.2.8's words, as its widgets declare them."""

from __future__ import annotations

from core.text.i18n import N_

TEXTUAL_WORDS = (
    N_("palette"), N_("Quit"), N_("Focus Next"), N_("Focus Previous"), N_("Submit"),
    N_("Select"), N_("Show menu"), N_("Toggle"),
    # a text field's (Input)
    N_("Copy selected text"), N_("Cut selected text"), N_("Paste text from the clipboard"),
    N_("Delete all to the left"), N_("Delete all to the right"),
    N_("Delete character left"), N_("Delete character right"),
    N_("Delete left to start of word"), N_("Delete right to start of word"),
    N_("Go to end"), N_("Go to start"), N_("Move cursor left"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"), N_("Move cursor left and select"),
    N_("Move cursor right a word"), N_("Move cursor right a word and select"),
    N_("Move cursor right and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Select all"), N_("Select line end"), N_("Select line start"),
    # a table's, a list's and a scrolling box's
    N_("Top"), N_("Bottom"), N_("Home"), N_("End"), N_("Up"), N_("Down"), N_("First"),
    N_("Last"), N_("Cursor up"), N_("Cursor down"), N_("Cursor left"), N_("Cursor right"),
    N_("Page up"), N_("Page down"), N_("Page Up"), N_("Page Down"), N_("Page Left"),
    N_("Page Right"), N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"),
    N_("Scroll Right"), N_("Scroll Home"), N_("Scroll End"),
)
