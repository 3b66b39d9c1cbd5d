"""``hitledger serve``: the players' view in a browser, through textual-serve.

Each browser gets its own ``hitledger watch`` of the data dir, started by the server with a
fixed command: what a browser sends are keys and sizes for that read-only app, never a
command line, so no key can change the encounter or reach anything else. Bound to
127.0.0.1 unless ``--host`` says otherwise; ``--token`` asks every browser for
``?token=…`` (kept in a cookie for the page's own connection).
"""

from __future__ import annotations

import asyncio
import hmac
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

COOKIE = "hitledger-token"
TITLE = "hitledger — players' view"


class MissingServe(Exception):
    """textual-serve is not installed (it is the optional ``serve`` extra)."""


def watch_command(folder: Path) -> str:
    """The one command every browser's session runs: this Python's ``hitledger watch``."""
    return shlex.join([sys.executable, "-m", "tui.cli", "watch", "--data-dir", str(folder)])


def address(host: str, port: int, token: str | None) -> str:
    """Where the players point their browsers."""
    shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def serve(folder: Path, host: str, port: int, token: str | None) -> None:
    """Serve the players' view of ``folder`` until Ctrl+C; prints the address first."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise MissingServe("hitledger serve needs textual-serve: "
                           "pip install 'hitledger[serve]'") from None
    from aiohttp import web

    class PlayersServer(Server):  # type: ignore[misc]
        """textual-serve's server, with a token check and the address in our words."""

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            self._check(request)
            # the page's links follow the address the browser used (--host 0.0.0.0 works)
            self.public_url = f"{request.scheme}://{request.host}"
            response: web.StreamResponse = await super().handle_index(request)
            if token:
                response.set_cookie(COOKIE, token, httponly=True, samesite="Strict")
            return response

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            self._check(request)
            response: web.StreamResponse = await super().handle_websocket(request)
            return response

        def _check(self, request: web.Request) -> None:
            if token and not _token_matches(token, request.query.get("token")
                                            or request.cookies.get(COOKIE, "")):
                raise web.HTTPForbidden(text="hitledger: this view needs ?token=… in the address")

        async def on_startup(self, app: Any) -> None:
            # startup comes before the port is open: the address is printed once it is
            self._say = asyncio.get_running_loop().create_task(self._say_when_listening())

        async def _say_when_listening(self) -> None:
            near = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
            for _attempt in range(200):
                try:
                    _reader, writer = await asyncio.open_connection(near, port)
                except OSError:
                    await asyncio.sleep(0.05)
                    continue
                writer.close()
                break
            print(f"Players' view of {folder}: open {address(host, port, token)}", flush=True)
            print("Ctrl+C stops serving.", flush=True)

    PlayersServer(watch_command(folder), host=host, port=port, title=TITLE).serve()


def _token_matches(token: str, given: str) -> bool:
    """Whether ``given`` is the token, in a time that does not tell how much of it matched."""
    return hmac.compare_digest(token.encode("utf-8"), given.encode("utf-8"))
