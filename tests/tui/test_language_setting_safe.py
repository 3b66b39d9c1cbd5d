"""The language setting and catalogues never hang, eat memory or stop a start; ``--lang`` on a
command other than the app never changes the GM's language for the next start.

The setting is a preference: it lives in the user's config folder (``HITLEDGER_CONFIG_DIR``
for tests), apart from the encounters; the data folder's ``language`` of older versions is
still read when there is none there.
"""

from __future__ import annotations

import io
import os
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from core.text import i18n
from tui import language_setting
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "core/locale/ja/LC_MESSAGES/hitledger.po"
MO = ROOT / "core/locale/ja/LC_MESSAGES/hitledger.mo"


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(data))
    monkeypatch.setenv("HITLEDGER_CONFIG_DIR", str(config))
    i18n.catalogue.cache_clear()
    yield data, config
    i18n.catalogue.cache_clear()
    i18n.set_language(i18n.ENGLISH)
    language_setting.notes()


def roll(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["roll", "3", *args]) == 0
    return capsys.readouterr().out.splitlines()[-1]


def within(seconds: float, call) -> None:  # noqa: ANN001 - any call
    """Run call in a thread; fail (rather than hang the suite) if it is not done in time."""
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "hung"


# --- where the setting lives, and who writes it ------------------------------------------------


@pytest.mark.parametrize("command", [["calc", "--system", "pf2e", "3 fire"], ["roll", "3"],
                                     ["log", "nothing-here"]])
def test_lang_on_a_command_speaks_it_once_and_saves_nothing(command, capsys, folders):
    data, config = folders
    main([*command, "--lang", "ja"])
    capsys.readouterr()
    assert not (config / "language").exists() and not (data / "language").exists()
    i18n.set_language("en")
    assert roll(capsys) == "3: no dice"


@pytest.mark.parametrize("command", ["watch", "serve"])
def test_lang_on_watch_or_serve_saves_nothing(command, folders):
    data, config = folders
    assert language_setting.take_language([command, "--lang", "ja"]) == [command]
    assert i18n.language() == "ja"
    assert not (config / "language").exists() and not (data / "language").exists()


def test_choosing_a_language_for_the_app_keeps_it_in_the_config_folder(capsys, folders):
    data, config = folders
    assert language_setting.take_language(["--lang", "ja", "--new", "pf2e"]) == ["--new", "pf2e"]
    setting = config / "language"
    assert setting.read_text("utf-8").strip() == "ja"
    assert stat.S_IMODE(setting.stat().st_mode) == 0o600
    assert stat.S_IMODE(config.stat().st_mode) == 0o700
    assert not (data / "language").exists()
    i18n.set_language("en")
    assert roll(capsys) == "3：ダイスなし"


def test_the_old_setting_in_the_data_folder_is_still_read(capsys, folders):
    data, _config = folders
    (data / "language").write_text("ja\n", "utf-8")
    assert roll(capsys) == "3：ダイスなし"


def test_the_config_folder_setting_wins_over_the_old_one(capsys, folders):
    data, config = folders
    (data / "language").write_text("ja\n", "utf-8")
    config.mkdir()
    (config / "language").write_text("en\n", "utf-8")
    assert roll(capsys) == "3: no dice"


# --- a setting file that is not one -----------------------------------------------------------


@pytest.mark.parametrize("where", ["data", "config"])
def test_a_fifo_called_language_does_not_hang_a_start(where, capsys, folders):
    folder = dict(zip(("data", "config"), folders, strict=True))[where]
    folder.mkdir(exist_ok=True)
    os.mkfifo(folder / "language")
    within(10, lambda: main(["roll", "3"]))
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "3: no dice"
    assert "language" in err and "not a plain file" in err


def test_a_link_to_dev_zero_is_refused_unread(capsys, folders):
    data, _config = folders
    (data / "language").symlink_to("/dev/zero")
    within(10, lambda: main(["roll", "3"]))
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "3: no dice"
    assert "not a plain file" in err


def test_a_huge_setting_file_is_refused_unread(capsys, folders):
    data, _config = folders
    (data / "language").write_bytes(b"ja" + b" " * 10_000_000)
    assert roll(capsys) == "3: no dice"


# --- a catalogue that is broken ---------------------------------------------------------------


def use_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raw: bytes) -> None:
    folder = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "hitledger.mo").write_bytes(raw)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    i18n.catalogue.cache_clear()


def test_a_truncated_catalogue_speaks_english_and_says_lang_en(tmp_path, monkeypatch, capsys):
    use_catalogue(tmp_path, monkeypatch, MO.read_bytes()[:5000])
    assert main(["roll", "3", "--lang", "ja"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "3: no dice"
    assert "--lang en" in err and "catalogue" in err


def test_a_truncated_catalogue_saved_as_the_choice_does_not_stop_the_next_start(tmp_path, monkeypatch,
                                                                             capsys, folders):
    _data, config = folders
    config.mkdir()
    (config / "language").write_text("ja\n")
    use_catalogue(tmp_path, monkeypatch, MO.read_bytes()[: len(MO.read_bytes()) // 2])
    assert main(["calc", "--system", "pf2e", "3 fire"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "total: 3" and "--lang en" in err


def test_a_placeholder_typo_in_a_translation_never_crashes_a_draw(tmp_path, monkeypatch):
    with PO.open("rb") as handle:
        catalogue = read_po(handle, locale="ja")
    message = catalogue["{name}'s turn"]
    assert isinstance(message.string, str) and "{name}" in message.string
    message.string = message.string.replace("{name}", "{nmae}")
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    use_catalogue(tmp_path, monkeypatch, buffer.getvalue())
    assert i18n.set_language("ja") == "en"
    assert i18n.tr("{name}'s turn", name="Valeros") == "Valeros's turn"
    said = " ".join(language_setting.notes())
    assert "--lang en" in said and "{nmae}" in said


def test_the_shipped_catalogue_is_whole(folders):
    i18n.catalogue.cache_clear()
    assert i18n.set_language("ja") == "ja"
    assert language_setting.notes() == []
