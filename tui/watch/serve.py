"""``hitledger serve``: the players' view in a browser, through textual-serve.

Each browser gets its own ``hitledger watch`` of the data dir, started by the server with a
fixed command: what a browser sends are keys and sizes for that read-only app, never a
command line, so no key can change the encounter or reach anything else. Bound to
127.0.0.1 unless ``--host`` says otherwise; ``--token`` asks every browser for
``?token=…`` (kept in a cookie for the page's own connection).

textual-serve is the optional ``serve`` extra: this module is imported only to serve, and
an ImportError here means it is missing.
"""

from __future__ import annotations

import asyncio
import hmac
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.server import Server

from core.i18n import tr

COOKIE = "hitledger-token"
TITLE = "hitledger — players' view"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def watch_command(folder: Path) -> str:
    """The one command every browser's session runs: this Python's ``hitledger watch``."""
    return shlex.join([sys.executable, "-m", "tui.cli", "watch", "--data-dir", str(folder)])


def address(host: str, port: int, token: str | None) -> str:
    """Where the players point their browsers."""
    shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


class PlayersServer(Server):
    """textual-serve's server of the players' view, with a token check and our words."""

    def __init__(self, folder: Path, host: str, port: int, token: str | None) -> None:
        """Serve ``hitledger watch`` of ``folder`` on ``host:port``."""
        super().__init__(watch_command(folder), host=host, port=port, title=TITLE)
        self.folder = folder
        self.token = token
        self.said: asyncio.Task[None] | None = None

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, for a browser with the token; it keeps the token in a cookie."""
        self.check(request)
        # the page's links follow the address the browser used (--host 0.0.0.0 works)
        self.public_url = f"{request.scheme}://{request.host}"
        response: web.StreamResponse = await super().handle_index(request)
        if self.token:
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The page's connection to its own ``hitledger watch``, for a browser with the token."""
        self.check(request)
        return await super().handle_websocket(request)

    def check(self, request: web.Request) -> None:
        """HTTP 403 unless the request has the token (in the address or the cookie)."""
        given = request.query.get("token") or request.cookies.get(COOKIE, "")
        if self.token and not token_matches(self.token, given):
            raise web.HTTPForbidden(text=tr("hitledger: this view needs ?token=… in the address"))

    async def on_startup(self, app: Any) -> None:
        """Startup comes before the port is open: the address is printed once it is."""
        self.said = asyncio.get_running_loop().create_task(self.say_when_listening())

    async def say_when_listening(self) -> None:
        """Print the address to open as soon as the port takes connections."""
        near = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        for _attempt in range(200):
            try:
                _reader, writer = await asyncio.open_connection(near, self.port)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            writer.close()
            break
        print(tr("Players' view of {folder}: open {address}", folder=self.folder,
                 address=address(self.host, self.port, self.token)), flush=True)
        if not self.token and self.host not in LOOPBACK:
            print(tr("Anyone who can reach this machine can watch: --token asks for a word."),
                  flush=True)
        print(tr("Ctrl+C stops serving."), flush=True)


def serve(folder: Path, host: str, port: int, token: str | None) -> None:
    """Serve the players' view of ``folder`` until Ctrl+C; prints the address first."""
    PlayersServer(folder, host, port, token).serve()


def token_matches(token: str, given: str) -> bool:
    """Whether ``given`` is the token, in a time that does not tell how much of it matched."""
    return hmac.compare_digest(token.encode("utf-8"), given.encode("utf-8"))
