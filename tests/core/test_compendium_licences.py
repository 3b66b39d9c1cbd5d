"""The box's data ships with its licences: the wheel takes the data files, the NOTICE and
LICENSES/ (the OGL text with its section 15, the DPCGL attribution), and the README says where
each system's creatures come from."""

from __future__ import annotations

import tomllib
from pathlib import Path

from core import compendium

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_takes_the_data_and_the_licences():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "data/compendium/*.json" in project["tool"]["setuptools"]["package-data"]["core"]
    licence_files = project["tool"]["setuptools"]["license-files"]
    assert {"NOTICE", "LICENSES/*"} <= set(licence_files)


def test_the_notice_names_each_data_file_and_its_licence():
    notice = (ROOT / "NOTICE").read_text("utf-8")
    for system in compendium.systems():
        assert f"core/data/compendium/{system}.json" in notice
    assert "Darrington Press Community Gaming" in notice and "Open Game License 1.0a" in notice


def test_the_ogl_text_carries_its_section_15():
    ogl = (ROOT / "LICENSES" / "OGL-1.0a.txt").read_text("utf-8")
    assert ogl.startswith("Open Game License, Version 1.0a")
    section = ogl.split("15. COPYRIGHT NOTICE", 1)[1]
    for work in ("Open Game License v 1.0a", "System Reference Document",
                 "Pathfinder Bestiary (Second Edition)"):
        assert work in section
    assert (ROOT / "LICENSES" / "DPCGL-attribution.txt").read_text("utf-8").count("Critical Role") >= 2


def test_the_readme_says_where_the_data_comes_from():
    readme = (ROOT / "README.md").read_text("utf-8")
    for words in ("Daggerheart SRD 1.0", "System Reference Document 3.5", "Pathfinder Bestiary",
                  "NOTICE"):
        assert words in readme
