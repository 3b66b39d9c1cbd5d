"""File names from encounter names: safe slugs, never outside the data dir, data_dir itself."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from saves import names
from saves.store import path_for

HOSTILE = [
    "../../x",
    "../../etc",
    "/etc/passwd",
    "..",
    ".",
    "...",
    "",
    "   ",
    "CON",
    "con.txt",
    "NUL",
    "nul ",
    "LPT1",
    "COM9.",
    "x" * 300,
    "é" * 300,
    "name. . .",
    "trailing spaces   ",
    "a/b\\c:d*e?f\"g<h>i|j",
    "tab\there\nnewline\x00nul",
    "~/home",
    "autosave",
    "Autosave",
    "trash",
    ".hidden",
    "-dash-",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_stay_inside_the_data_dir(name: str, data: Path) -> None:
    slug = saves.slugify(name)
    assert slug and slug == slug.strip(" .")
    assert not set(slug) & set('/\\:*?"<>|\x00\n\t')
    assert len(slug.encode("utf-8")) <= names.MAX_SLUG_BYTES
    assert slug.split(".")[0] not in {"con", "nul", "lpt1", "com9", "autosave", "trash"}
    assert not slug.startswith(".")
    path = path_for(name)
    assert path.parent == data and path.suffix == ".toml"
    assert path.resolve().parent == data.resolve()


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Goblin Ambush", "goblin-ambush"),
        ("Überfall am Fluß", "überfall-am-fluß"),
        ("夜の襲撃", "夜の襲撃"),
        ("Vault of Sighs (part 2)", "vault-of-sighs-(part-2)"),
        ("  many    spaces  ", "many-spaces"),
        ("", "encounter"),
        ("../../x", "x"),
        ("/etc/passwd", "etc-passwd"),
        ("CON", "encounter-con"),
        ("autosave", "encounter-autosave"),
    ],
)
def test_slugs(name: str, slug: str) -> None:
    assert saves.slugify(name) == slug


def test_long_unicode_name_is_cut_on_a_character(data: Path, make_enc) -> None:
    name = "Дракон " * 60
    slug = saves.slugify(name)
    assert slug.startswith("дракон-дракон") and len(slug.encode()) <= names.MAX_SLUG_BYTES
    path = saves.save(make_enc(name))
    path2 = saves.save(make_enc(name))
    assert path != path2 and saves.load(path2).name == name


@pytest.mark.parametrize("name", ["../../x", "/etc/passwd", "CON", "", "x" * 300, "NUL. "])
def test_saving_hostile_names(name: str, data: Path, make_enc) -> None:
    path = saves.save(make_enc(name))
    assert path.parent == data
    assert saves.load(path).name == name


def test_data_dir_honours_env_and_is_created(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "deep" / "er"
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(target))
    assert saves.data_dir() == target and target.is_dir()


def test_data_dir_default_is_platformdirs(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("HITLEDGER_DATA_DIR")
    calls = []

    def fake(appname: str) -> str:
        calls.append(appname)
        return str(tmp_path / "platform")

    monkeypatch.setattr("saves.names.platformdirs.user_data_dir", fake)
    assert saves.data_dir() == tmp_path / "platform"
    assert calls == ["hitledger"]


def test_c1_controls_never_reach_a_file_name() -> None:
    """``\\x9b`` is CSI to many terminals, as ESC [ is."""
    assert saves.slugify("Evil\x9b31mGoblin") == "evil-31mgoblin"
