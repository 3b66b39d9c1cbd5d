"""``hitledger --help`` in Japanese: its examples are written as a Japanese GM types them and
read as written; no English word joins its lists."""

from __future__ import annotations

import re

import pytest

from core.notation import parse_damage, parse_defenses
from tui.cli import main

pytestmark = pytest.mark.usefixtures("cli_home")


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    try:
        main(["--lang", "ja", *args, "--help"])
    except SystemExit:
        pass
    return capsys.readouterr().out


def _examples(text: str) -> list[str]:
    """The quoted examples of a help text (``"弱点［火炎］5"``)."""
    return re.findall(r'"([^"]+)"', text)


def test_the_help_examples_are_japanese_and_read(capsys):
    shown = _help(capsys) + _help(capsys, "calc")
    examples = _examples(shown)
    assert examples
    for example in examples:
        assert not re.search(r"\b(?:fire|weaknesses|resistances|persistent|bleed)\b", example), example
        try:
            parse_defenses(example, "pf2e")
        except ValueError:
            parse_damage(example, "pf2e")       # a damage example, else the error says which


def test_a_list_in_the_help_is_joined_in_japanese(capsys):
    shown = _help(capsys, "calc")
    assert " or " not in shown
    assert not re.search(r"［[^］]*］, ", shown)       # 、 between the parts of a Japanese line
