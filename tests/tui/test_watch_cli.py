"""The ``watch`` and ``serve`` subcommands: their arguments, and serve without its extra."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from saves import codec
from saves.errors import SaveError
from tui.cli import main


def test_serve_refuses_a_port_out_of_range(capsys) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port is 1 to 65535" in capsys.readouterr().err


def test_serve_without_textual_serve_says_how_to_install_it(monkeypatch, capsys,
                                                            tmp_path: Path) -> None:
    # the package and any of its modules an earlier test imported: a cached submodule would
    # import without its package and start a real server that never returns
    for name in ["textual_serve", *(n for n in sys.modules if n.startswith("textual_serve."))]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "tui.watch.serve", raising=False)
    assert main(["serve", "--data-dir", str(tmp_path)]) == 2
    assert "pip install 'hitledger[serve]'" in capsys.readouterr().err


def test_watch_takes_no_unknown_option(capsys) -> None:
    assert main(["watch", "--host", "x"]) == 2
    assert "unrecognized arguments" in capsys.readouterr().err


def test_the_served_command_is_fixed_and_quoted(tmp_path: Path) -> None:
    watch_command = pytest.importorskip("tui.watch.serve").watch_command
    folder = tmp_path / "a folder; rm -rf ~"
    assert shlex.split(watch_command(folder)) == ["exec", sys.executable, "-m", "tui.cli", "watch",
                                                  "--data-dir", str(folder)]


def test_the_address_to_open() -> None:
    address = pytest.importorskip("tui.watch.serve").address
    assert address("127.0.0.1", 8000, None) == "http://127.0.0.1:8000/"
    assert address("127.0.0.1", 8001, "t") == "http://127.0.0.1:8001/?token=t"
    assert address("127.0.0.1", 8001, "gm pass#1&x").endswith("?token=gm%20pass%231%26x")
    assert "0.0.0.0" not in address("0.0.0.0", 8000, None)  # this machine's name instead


def test_a_hidden_that_is_not_true_or_false_is_refused_naming_the_field() -> None:
    from tui.demo import demo_encounter

    data = demo_encounter("pf2e").to_data()
    data["creatures"][1]["hidden"] = "yes"
    with pytest.raises(SaveError) as refused:
        codec.decode(codec.encode(data).encode("utf-8"), None)
    assert "hidden" in str(refused.value)


def test_serve_takes_the_token_from_one_place_and_never_a_fifo(capsys, tmp_path: Path) -> None:
    import os

    (tmp_path / "token").write_text("word\n")
    assert main(["serve", "--token", "a", "--token-file", str(tmp_path / "token")]) == 2
    assert "--token or --token-file, not both" in capsys.readouterr().err
    os.mkfifo(tmp_path / "fifo")  # opening it would wait for a writer forever
    assert main(["serve", "--token-file", str(tmp_path / "fifo")]) == 2
    assert "is not a file" in capsys.readouterr().err
    (tmp_path / "blank").write_text("\n")
    assert main(["serve", "--token-file", str(tmp_path / "blank")]) == 2
    assert "--token-file is empty" in capsys.readouterr().err
