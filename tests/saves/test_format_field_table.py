"""saves/FORMAT.md's tables of a creature's and of the encounter's fields are the field tables'
own, never a stale copy.

``make format-table`` writes them; this test refuses a FORMAT.md whose tables differ.
"""

from __future__ import annotations

from pathlib import Path

from core.creature.fields import CREATURE_FIELDS, Field, markdown_table
from core.encounter import fields as encounter_fields
from core.encounter.fields import ENCOUNTER_FIELDS, HeadField

FORMAT = Path(__file__).resolve().parents[2] / "saves" / "FORMAT.md"
START, END = "<!-- fields: generated from core/creature/fields.py -->\n", "<!-- end of fields -->"
HEAD_START = "<!-- encounter fields: generated from core/encounter/fields.py -->\n"
HEAD_END = "<!-- end of encounter fields -->"


def table_in(text: str, start: str = START, end: str = END) -> str:
    """A generated part of FORMAT.md (the creature's table by default)."""
    return text.split(start, 1)[1].split(end, 1)[0]


def written(text: str) -> str:
    """FORMAT.md with both tables made again from the field tables."""
    for start, end, table in ((START, END, markdown_table()),
                              (HEAD_START, HEAD_END, encounter_fields.markdown_table())):
        head, rest = text.split(start, 1)
        text = head + start + table + end + rest.split(end, 1)[1]
    return text


def test_format_md_holds_the_field_table_as_generated() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    assert table_in(text) == markdown_table(), "run `make format-table`"


def test_format_md_holds_the_encounter_field_table_as_generated() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    assert table_in(text, HEAD_START, HEAD_END) == encounter_fields.markdown_table(), \
        "run `make format-table`"


def test_each_encounter_field_has_its_row_and_a_new_one_gets_its_own() -> None:
    rows = table_in(FORMAT.read_text(encoding="utf-8"), HEAD_START, HEAD_END)
    for f in ENCOUNTER_FIELDS:
        assert f"| `{f.name}` |" in rows
    extra = HeadField("hope_pool", int, 0, "a test-only field", (0, 6), "empty", step=True)
    table = encounter_fields.markdown_table((*ENCOUNTER_FIELDS, extra))
    assert "| `hope_pool` | whole number | 0 to 6 | a test-only field | `0` | 0 | yes |" in table


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
