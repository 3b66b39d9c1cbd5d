"""saves/FORMAT.md's table of a creature's fields is the field table's own, never a stale copy.

``make format-table`` writes it; this test refuses a FORMAT.md whose table differs.
"""

from __future__ import annotations

from pathlib import Path

from core.creature.fields import CREATURE_FIELDS, Field, markdown_table

FORMAT = Path(__file__).resolve().parents[2] / "saves" / "FORMAT.md"
START, END = "<!-- fields: generated from core/creature/fields.py -->\n", "<!-- end of fields -->"


def table_in(text: str) -> str:
    """The generated part of FORMAT.md."""
    return text.split(START, 1)[1].split(END, 1)[0]


def written(text: str) -> str:
    """FORMAT.md with the table made again from the field table."""
    head, rest = text.split(START, 1)
    return head + START + markdown_table() + END + rest.split(END, 1)[1]


def test_format_md_holds_the_field_table_as_generated() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    assert table_in(text) == markdown_table(), "run `make format-table`"


def test_each_field_of_the_table_has_its_row() -> None:
    rows = table_in(FORMAT.read_text(encoding="utf-8"))
    for f in CREATURE_FIELDS:
        assert f"| `{f.name}` |" in rows


def test_a_field_added_to_the_table_gets_a_row_with_no_other_edit() -> None:
    extra = Field("morale", int, 0, "a test-only field", (0, 9), systems=frozenset({"pf2e"}))
    table = markdown_table((*CREATURE_FIELDS, extra))
    assert "| `morale` | whole number | 0 to 9 | pf2e | a test-only field | 0 |" in table


if __name__ == "__main__":   # make format-table
    FORMAT.write_text(written(FORMAT.read_text(encoding="utf-8")), encoding="utf-8")
