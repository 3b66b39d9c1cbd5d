"""``hitledger --help`` lists every subcommand, one line each, in the GM's language; a
subcommand's ``--lang`` is for that run only, compendium and import as much as calc."""

from __future__ import annotations

import re

import pytest

from core.text import i18n
from tui.cli import main
from tui.language_setting import SETTING_FILE, config_dir

COMMANDS = ("calc", "roll", "library", "log", "watch", "serve", "compendium", "import")


def help_text(capsys: pytest.CaptureFixture[str], language: str) -> str:
    try:
        assert main(["--lang", language, "--help"]) == 0
    finally:
        i18n.set_language("en")
    return capsys.readouterr().out


def command_lines(text: str) -> dict[str, str]:
    """Each ``  name  words`` line of the help: the words by command."""
    return {found.group(1): found.group(2) for found in
            re.finditer(r"^  ([a-z]+) {2,}(\S.*)$", text, re.MULTILINE) if found.group(1) in COMMANDS}


def test_help_lists_every_subcommand_with_one_line(capsys):
    lines = command_lines(help_text(capsys, "en"))
    assert sorted(lines) == sorted(COMMANDS)
    assert "--show NAME" in lines["compendium"]
    assert "Pathbuilder" in lines["import"]


def test_help_in_japanese_lists_them_in_japanese(capsys):
    english = command_lines(help_text(capsys, "en"))
    japanese = command_lines(help_text(capsys, "ja"))
    assert sorted(japanese) == sorted(COMMANDS)
    for command in COMMANDS:
        assert japanese[command] != english[command], command
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese[command]), command


@pytest.mark.parametrize("argv", [["compendium", "pf2e", "goblin warrior"],
                                  ["import", "pathbuilder", "missing.json", "--print"]])
def test_lang_given_to_compendium_or_import_is_not_kept(argv, capsys):
    kept = config_dir() / SETTING_FILE
    try:
        main([argv[0], "--lang", "ja", *argv[1:]])
    finally:
        i18n.set_language("en")
    capsys.readouterr()
    assert not kept.exists()
