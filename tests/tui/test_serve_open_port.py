"""``hitledger serve`` on a port others can reach: its token, its limits, what it prints.

Each test starts the real server on a free loopback port and talks to it as a browser or
as a hostile client would, with aiohttp's client (textual-serve's own dependency).
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("textual_serve", reason="hitledger serve needs the serve extra (textual-serve)")
aiohttp = pytest.importorskip("aiohttp", reason="textual-serve brings aiohttp")

ROOT = Path(__file__).resolve().parents[2]
START = 30.0


def free_port() -> int:
    """A port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """A running ``hitledger serve``: its process, port, and everything it printed."""

    def __init__(self, data: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", str(self.port),
             "--data-dir", str(data), *args], cwd=ROOT, env={**os.environ, **(env or {})},
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.output = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output += line

    @property
    def printed(self) -> str:
        return self.output.decode("utf-8", "replace")

    def address(self) -> str:
        """The address it printed, once it listens."""
        end = time.monotonic() + START
        while time.monotonic() < end:
            found = re.search(r"open (http://\S+)", self.printed)
            if found:
                return found.group(1)
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"hitledger serve printed no address: {self.printed!r}")

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def children(self) -> list[int]:
        """The processes the server started (its direct children), as /proc tells."""
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == self.process.pid:
                    found.append(int(entry.name))
        return found

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(5)


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[object]:
    """``start(*args, env=…)`` starts ``hitledger serve`` on an empty data dir; all stopped at the end."""
    started: list[Served] = []

    def start(*args: str, env: dict[str, str] | None = None) -> Served:
        served = Served(tmp_path, *args, env=env)
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, START))


async def get(url: str, **headers: str) -> tuple[int, str]:
    """A browser's GET: its status and text, cookies kept (a browser keeps them for an IP
    address too) and redirects followed."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async with session.get(url, headers=headers, allow_redirects=True) as response:
            return response.status, (await response.read()).decode("utf-8", "replace")


# -- the token --------------------------------------------------------------------------


def test_a_token_with_spaces_and_signs_works_on_the_printed_address(serving) -> None:
    served = serving("--token", "gm pass#1&x")
    address = served.address()
    assert quote("gm pass#1&x", safe="") in address
    status, page = run(get(address))
    assert status == 200, page
    assert run(get(served.url("/?token=gm")))[0] == 403
    assert "--token shows in ps" in served.printed  # and what to use instead

    async def first_answer() -> tuple[int, str, str]:
        async with aiohttp.ClientSession() as session, \
                session.get(address, allow_redirects=False) as response:
            return (response.status, response.headers.get("Location", ""),
                    response.headers.get("Set-Cookie", ""))

    status, location, cookie = run(first_answer())
    assert (status, location) == (303, "/")  # the token leaves the address bar
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie  # a link from a chat works
    assert "gm" not in cookie and "pass" not in cookie  # derived from the token, not it


def test_an_empty_token_is_refused_saying_how_to_serve_without_one(serving) -> None:
    served = serving("--token", "")
    assert served.process.wait(START) == 2
    served.reader.join(5)
    assert "--token" in served.printed and "empty" in served.printed


def test_the_token_from_the_environment_never_reaches_the_watch_or_a_log(serving) -> None:
    secret = "s3cret-from-env"
    served = serving(env={"HITLEDGER_TOKEN": secret})
    address = served.address()
    assert address.endswith(f"?token={secret}")
    assert run(get(served.url("/")))[0] == 403

    async def watch_one() -> list[int]:
        async with aiohttp.ClientSession() as session, \
                session.ws_connect(served.url(f"/ws?token={secret}")) as ws:
            await ws.receive(timeout=START)  # the watch started and drew
            children: list[int] = served.children()
            return children

    children = run(watch_one())
    assert children
    for pid in children:
        assert secret.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()
        assert secret.encode() not in Path(f"/proc/{pid}/environ").read_bytes()
    run(get(address))
    run(get(served.url(f"/static/js/textual.js?token={secret}")))
    time.sleep(0.3)
    assert secret not in served.printed.replace(address, "")  # printed once: the link to share


def test_the_token_from_a_file(serving, tmp_path: Path) -> None:
    (tmp_path / "token").write_text("from a file\n")
    served = serving("--token-file", str(tmp_path / "token"))
    assert served.address().endswith("?token=from%20a%20file")
    assert run(get(served.url("/?token=from%20a%20file")))[0] == 200


def test_every_address_asks_for_the_token(serving) -> None:
    served = serving("--token", "t0k")
    served.address()
    for path in ("/download/anything", "/static/js/textual.js", "/ws"):
        assert run(get(served.url(path)))[0] == 403, path


# -- the page and the console ------------------------------------------------------------


def test_the_page_needs_no_other_server_and_does_not_repeat_the_host_header(serving) -> None:
    served = serving()
    served.address()
    status, page = run(get(served.url("/"), Host="127.0.0.1:4719"))
    assert status == 200
    assert "4719" not in page
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page)  # nothing from elsewhere
    assert "googleapis" not in page
    font = re.search(r"url\(['\"]?(/static/[^'\")]+\.ttf)", page)
    assert font, page
    assert run(get(served.url(font.group(1))))[0] == 200


def test_a_name_that_is_not_this_machine_is_refused_on_a_loopback_port(serving) -> None:
    served = serving()
    served.address()
    status, page = run(get(served.url("/"), Host="evil.example:80"))
    assert status == 403
    assert "evil.example" not in page


def test_a_reverse_proxys_name_is_answered_when_allowed(serving) -> None:
    served = serving("--allow-host", "Table.example")
    served.address()
    assert run(get(served.url("/"), Host="table.example"))[0] == 200
    assert run(get(served.url("/"), Host="evil.example"))[0] == 403


def test_static_lists_no_folder_and_a_plain_get_of_ws_is_a_short_answer(serving) -> None:
    served = serving()
    served.address()
    status, page = run(get(served.url("/static/")))
    assert status in (403, 404) and "Index of" not in page
    status, page = run(get(served.url("/ws")))
    assert status == 400
    time.sleep(0.3)
    assert "Traceback" not in served.printed and "locals" not in served.printed
    assert "\x1b" not in served.printed and "\\x1b" not in served.printed


def test_a_websocket_from_another_site_is_refused(serving) -> None:
    served = serving()
    served.address()

    async def attempt(origin: str) -> int:
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(served.url("/ws"), origin=origin):
                    return 101
            except aiohttp.WSServerHandshakeError as refused:
                status: int = refused.status
                return status

    assert run(attempt("http://evil.example")) == 403
    assert run(attempt(f"http://127.0.0.1:{served.port + 1}")) == 403
    assert run(attempt(f"http://127.0.0.1:{served.port}")) == 101


# -- how many browsers -------------------------------------------------------------------


def test_browsers_beyond_the_limit_are_refused_with_a_page_that_says_so(serving) -> None:
    served = serving("--max-browsers", "2")
    served.address()

    async def crowd() -> None:
        async with aiohttp.ClientSession() as session:
            first = await session.ws_connect(served.url("/ws"))
            second = await session.ws_connect(served.url("/ws"))
            await first.receive(timeout=START)
            await second.receive(timeout=START)
            assert len(served.children()) == 2  # one process per browser, not a shell and it
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(served.url("/ws"))
            assert refused.value.status == 503
            async with session.get(served.url("/")) as page:
                assert page.status == 503
                assert "2" in await page.text() and "browsers" in await page.text()
            await first.close()
            end = time.monotonic() + START
            while len(served.children()) > 1 and time.monotonic() < end:
                await asyncio.sleep(0.1)
            third = await session.ws_connect(served.url("/ws"))
            await third.receive(timeout=START)
            await third.close()
            await second.close()

    run(crowd())


def test_the_limit_has_a_default(serving) -> None:
    served = serving("--help")
    served.process.wait(START)
    served.reader.join(5)
    assert re.search(r"--max-browsers.*default 8", " ".join(served.printed.split()))


# -- what a browser is sent ----------------------------------------------------------------


def test_a_name_with_control_characters_reaches_no_browser_as_them(tmp_path: Path) -> None:
    from tui_support import goblins, window_holding

    from core.views.player_view import player_view
    from saves import codec
    from saves.store import atomic_write
    from tui import players_file

    data = goblins().to_data()
    data["creatures"][0]["name"] = "Skulker\x1b]0;pwned\x07\x9b2J"
    view = player_view(goblins())
    raw_name = dataclasses.replace(view.creatures[0], name=data["creatures"][0]["name"])
    view = dataclasses.replace(view, creatures=(raw_name, *view.creatures[1:]))
    with window_holding(tmp_path / "autosave.toml"):
        atomic_write(tmp_path / "autosave.toml", codec.encode(data).encode("utf-8"), backup=False)
        # the players' file as a careless writer might leave it: the raw name in it
        atomic_write(players_file.players_path(tmp_path / "autosave.toml"),
                     players_file.encode(view), backup=False)
        served = Served(tmp_path)
        try:
            served.address()

            async def watch() -> bytes:
                sent = b""
                async with aiohttp.ClientSession() as session, \
                        session.ws_connect(served.url("/ws?width=100&height=30")) as ws:
                    end = time.monotonic() + START
                    while b"pwned" not in sent and time.monotonic() < end:
                        message = await ws.receive(timeout=START)
                        if message.type == aiohttp.WSMsgType.BINARY:
                            sent += message.data
                return sent

            sent = run(watch())
        finally:
            served.stop()
    assert b"Skulker]0;pwned" in sent  # shown, without what a terminal would obey
    assert b"\x1b]0;pwned" not in sent and "\x9b".encode() not in sent
