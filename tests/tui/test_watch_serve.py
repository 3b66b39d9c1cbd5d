"""``hitledger serve`` on a free port, looked at by a real headless Chromium.

The browser is driven over its DevTools protocol: a hook in the page keeps what the server
sends down the websocket (the terminal's output), so the test knows when the order is drawn,
then takes a screenshot of it. Skipped, saying why, where textual-serve or Chromium is missing
or Chromium cannot start.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("textual_serve", reason="hitledger serve needs the serve extra (textual-serve)")
aiohttp = pytest.importorskip("aiohttp", reason="textual-serve brings aiohttp")

ROOT = Path(__file__).resolve().parents[2]
START = 30.0
TOKEN = "table-7"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()=>78]")
# keeps every websocket message the page receives, as text, in window.__hitledger
HOOK = """
(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  window.__hitledger = "";
  const keep = (data) => {
    if (typeof data === "string") { window.__hitledger += data; }
    else if (data instanceof ArrayBuffer) { window.__hitledger += decoder.decode(data); }
    else if (data && data.arrayBuffer) { data.arrayBuffer().then(keep); }
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => keep(event.data));
    }
  };
})();
"""


def free_port() -> int:
    """A port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and mtime."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, int, Path]]:
    """``hitledger serve --token`` of a data dir whose autosave an open GM window holds:
    the address it printed, its port and the data dir."""
    from test_watch_app import ambush, write

    data = tmp_path / "data"
    data.mkdir()
    window = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    (data / ".autosave.toml.lock").write_text(f"pid {window.pid}\n")
    write(data / "autosave.toml", ambush())
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--port", str(port),
                               "--data-dir", str(data), "--token", TOKEN], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        yield printed_address(server), port, data
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        window.kill()
        window.wait()


def printed_address(server: subprocess.Popen[str]) -> str:
    """The address ``hitledger serve`` printed, once it listens."""
    assert server.stdout is not None
    end = time.monotonic() + START
    seen = []
    while time.monotonic() < end:
        line = server.stdout.readline()
        seen.append(line)
        found = re.search(r"open (http://\S+)", line)
        if found:
            return found.group(1)
        if not line and server.poll() is not None:
            break
    raise AssertionError(f"hitledger serve printed no address: {''.join(seen)!r}")


def status(url: str) -> int:
    """The HTTP status of a GET, as a browser ends up with it (cookies kept, redirects
    followed)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    try:
        with opener.open(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_serve_listens_on_127_0_0_1_and_asks_for_the_token(served) -> None:
    address, port, _data = served
    assert address == f"http://127.0.0.1:{port}/?token={TOKEN}"
    assert status(address) == 200
    assert status(f"http://127.0.0.1:{port}/") == 403
    assert status(f"http://127.0.0.1:{port}/?token=guess") == 403
    with pytest.raises(OSError), socket.create_connection(("127.0.1.1", port), timeout=2):
        pass  # another address of this machine: not listened on


def start_chromium(profile: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Headless Chromium with a fresh profile; its DevTools port. Skips, saying why, if it
    cannot run here."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary is None:
        pytest.skip("no Chromium here (Debian: apt-get install chromium; .ci/run installs it)")
    browser = subprocess.Popen([binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                                "--remote-debugging-port=0", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    active = profile / "DevToolsActivePort"
    end = time.monotonic() + START
    while time.monotonic() < end:
        if active.exists() and active.read_text().strip():
            return browser, int(active.read_text().split()[0])
        if browser.poll() is not None:
            why = (browser.stderr.read() if browser.stderr else b"").decode(errors="replace")
            pytest.skip(f"Chromium cannot run here: {why.strip()[-300:]}")
        time.sleep(0.1)
    browser.kill()
    pytest.skip(f"Chromium did not open its DevTools port in {START} s")


class DevTools:
    """The DevTools protocol on one page: a command, its result."""

    def __init__(self, socket_: Any) -> None:
        self.socket = socket_
        self.next_id = 0

    async def __call__(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        await self.socket.send_json({"id": self.next_id, "method": method, "params": params})
        while True:
            message = await self.socket.receive_json(timeout=START)
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return dict(message.get("result", {}))

    async def drawn(self) -> str:
        """What the page was sent, as the terminal's text."""
        result = await self("Runtime.evaluate", expression="window.__hitledger || ''",
                            returnByValue=True)
        return ESCAPES.sub("", str(result["result"].get("value", "")))


async def look(devtools_port: int, address: str, shot: Path) -> str:
    """Open ``address``, wait until the order is drawn, screenshot it, type a few keys;
    what the page was sent."""
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{devtools_port}/json/list") as listing:
            pages = [t for t in await listing.json() if t.get("type") == "page"]
        async with session.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            page = DevTools(ws)
            await page("Page.enable")
            await page("Page.addScriptToEvaluateOnNewDocument", source=HOOK)
            await page("Emulation.setDeviceMetricsOverride", width=1000, height=640,
                       deviceScaleFactor=1, mobile=False)
            await page("Page.navigate", url=address)
            end = time.monotonic() + START
            while "Seoni" not in await page.drawn() and time.monotonic() < end:
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)  # the terminal draws on its next frames
            picture = await page("Page.captureScreenshot", format="png")
            shot.write_bytes(base64.b64decode(picture["data"]))
            for key in "ndhuHX ":  # the GM's keys, sent by a player's browser
                await page("Input.insertText", text=key)
            await page("Input.dispatchKeyEvent", type="rawKeyDown", key="p", code="KeyP",
                       modifiers=2, windowsVirtualKeyCode=80)
            await asyncio.sleep(1.0)
            return await page.drawn()


def test_a_real_browser_shows_the_order_and_cannot_change_anything(served, tmp_path: Path) -> None:
    address, _port, data = served
    before = tree(data)
    browser, devtools_port = start_chromium(tmp_path / "chromium-profile")
    shot = tmp_path / "served.png"
    try:
        drawn = asyncio.run(look(devtools_port, address, shot))
    finally:
        browser.kill()
        browser.wait()
    for words in ("Valeros's turn", "Goblin Warrior 1", "Goblin Pyro", "Seoni", "frightened 2"):
        assert words in drawn, words
    assert "Lurking" not in drawn  # hidden by the GM: not even sent to the browser
    assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")
    assert tree(data) == before
    json.dumps(drawn)  # plain text, nothing the page could not hold
