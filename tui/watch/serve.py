"""``hitledger serve``: the players' view in browsers, each its own ``hitledger watch``.

Each browser gets its own ``hitledger watch`` of the data dir, started with a fixed command
(textual-serve's ``AppService`` runs it and carries its screen): what a browser sends are keys
and sizes for that read-only app, never a command line. What an open port adds is guarded
here: at most ``most`` browsers at once (more are told the view is full); with a token, every
address asks for it (``?token=`` once, then a cookie derived from it, never the token itself);
a websocket from another site's page is refused, and on a loopback port so is any host name
that is not this machine's (a rebound DNS name); nothing is logged but a line per browser,
never a request's address, so the token is printed once, in the link to share.

textual-serve is the optional ``serve`` extra: this module is imported only to serve, and
an ImportError here means it is missing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from core.text.i18n import N_, tr
from tui.watch.serve_page import STATIC_FILES, players_page, refusal_page

COOKIE = "hitledger-view"
TITLE = N_("hitledger — players' view")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
MOST_BROWSERS = 8
LARGEST = (400, 200)  # columns, rows a browser may ask the view for
STATIC = Path(sys.modules[AppService.__module__].__file__ or ".").parent / "static"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def watch_command(folder: Path) -> str:
    """The one command every browser's session runs: this Python's ``hitledger watch``, in
    place of the shell textual-serve starts it with (one process per browser, not two)."""
    return "exec " + shlex.join([sys.executable, "-m", "tui.cli", "watch", "--data-dir",
                                 str(folder)])


def address(host: str, port: int, token: str | None) -> str:
    """Where the players point their browsers (the token encoded for an address)."""
    shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/" + (f"?token={quote(token, safe='')}" if token else "")


def token_matches(token: str, given: str) -> bool:
    """Whether ``given`` is the token, in a time that does not tell how much of it matched."""
    return hmac.compare_digest(token.encode("utf-8", "surrogatepass"),
                               given.encode("utf-8", "surrogatepass"))


def cookie_for(token: str) -> str:
    """What a browser that gave the token keeps: derived from it, not it."""
    return hmac.new(token.encode("utf-8", "surrogatepass"), b"hitledger players' view",
                    hashlib.sha256).hexdigest()


def terminal_size(width: Any, height: Any) -> tuple[int, int]:
    """A size a browser asked for, as whole columns and rows within :data:`LARGEST`."""
    def bounded(value: Any, default: int, most: int) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError, OverflowError):
            return default
        return max(1, min(number, most))
    return bounded(width, 80, LARGEST[0]), bounded(height, 24, LARGEST[1])


class PlayersServer:
    """The players' view on ``host:port``: the page, its websocket, and the guards."""

    def __init__(self, folder: Path, host: str, port: int, token: str | None,
                 most: int = MOST_BROWSERS, names: tuple[str, ...] = ()) -> None:
        """Serve ``hitledger watch`` of ``folder`` to at most ``most`` browsers at once; on a
        loopback port, answer to ``names`` too (a reverse proxy's)."""
        self.folder, self.host, self.port, self.token, self.most = folder, host, port, token, most
        self.names = LOOPBACK + tuple(name.lower() for name in names)
        self.command = watch_command(folder)
        self.downloads = DownloadManager()
        self.sockets: set[web.WebSocketResponse] = set()
        self.log = logging.getLogger("hitledger.serve")

    def application(self) -> web.Application:
        """The aiohttp application: ``/``, ``/ws`` and the few files the page loads."""
        app = web.Application(middlewares=[self.guard])
        app.router.add_get("/", self.handle_index)
        app.router.add_get("/ws", self.handle_websocket)
        app.router.add_get("/static/{name:.+}", self.handle_static)
        app.on_shutdown.append(self.close_all)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every address: this machine's name on a loopback port, then the token."""
        if self.host in LOOPBACK and _hostname(request.host) not in self.names:
            return self.refuse(403, tr(
                "This view answers only to 127.0.0.1, localhost or a name given with "
                "--allow-host: serve with --host to be reached from the network."))
        if self.token is None:
            return await handler(request)
        given = request.query.get("token")
        if given is not None and token_matches(self.token, given):
            if request.path == "/":  # the token leaves the address bar, the history, Referer
                response = web.Response(status=303, headers={"Location": "/"})
                # Lax, not Strict: a link clicked in a chat is a cross-site navigation, and
                # Strict would keep the cookie from the redirect it ends in; another site's
                # page still never sends it (no websocket, no fetch carries a Lax cookie)
                response.set_cookie(COOKIE, cookie_for(self.token), httponly=True,
                                    samesite="Lax", path="/")
                return response
            return await handler(request)
        if hmac.compare_digest(request.cookies.get(COOKIE, ""), cookie_for(self.token)):
            return await handler(request)
        return self.refuse(403, tr(
            "This view needs the token: open the address the GM shares, with ?token=… in it."))

    def refuse(self, status: int, words: str) -> web.Response:
        """A page of HTTP ``status`` (403, 503, …) that says ``words``."""
        return web.Response(status=status, text=refusal_page(tr(TITLE), words),
                            content_type="text/html")

    def full(self) -> bool:
        """Whether as many browsers as allowed watch now."""
        return len(self.sockets) >= self.most

    def full_words(self) -> str:
        return tr("The players' view is full: {most} browsers already watch. Close one, then "
                  "reload (the GM can allow more with --max-browsers).", most=self.most)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, or one saying the view is full."""
        if self.full():
            return self.refuse(503, self.full_words())
        return web.Response(text=players_page(tr(TITLE)), content_type="text/html",
                            headers={"Cache-Control": "no-store"})

    async def handle_static(self, request: web.Request) -> web.StreamResponse:
        """One of the files the page loads; no folder is ever listed."""
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            raise web.HTTPNotFound()
        return web.FileResponse(STATIC / name)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """The page's connection to its own ``hitledger watch``."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        if not websocket.can_prepare(request).ok:
            return web.Response(status=400, text=tr(
                "This address is the page's connection: open / in a browser instead."))
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            return self.refuse(403, tr("Another site's page cannot open this view."))
        if self.full():
            return self.refuse(503, self.full_words())
        self.sockets.add(websocket)
        try:
            await websocket.prepare(request)
            self.log.info(tr("A browser watches ({count} of {most}).", count=len(self.sockets),
                             most=self.most))
            await self.run_session(websocket, request)
        finally:
            self.sockets.discard(websocket)
            self.log.info(tr("A browser left ({count} of {most}).", count=len(self.sockets),
                             most=self.most))
        return websocket

    async def run_session(self, websocket: web.WebSocketResponse, request: web.Request) -> None:
        """Start the browser's ``hitledger watch`` and pass it keys and sizes until either ends."""
        async def close() -> None:
            await websocket.close()

        service = AppService(self.command, write_bytes=websocket.send_bytes,
                             write_str=websocket.send_str, close=close,
                             download_manager=self.downloads)
        await service.start(*terminal_size(request.query.get("width"), request.query.get("height")))
        try:
            async for message in websocket:
                if message.type == WSMsgType.TEXT:
                    await self.obey(websocket, service, message.data)
        finally:
            await service.stop()

    async def obey(self, websocket: web.WebSocketResponse, service: AppService, text: str) -> None:
        """One message of the page: keys, a size, a ping, focus; anything else is ignored."""
        try:
            envelope = json.loads(text)
        except ValueError:
            return
        if not isinstance(envelope, list) or not envelope:
            return
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            await service.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            await service.set_terminal_size(*terminal_size(data.get("width"), data.get("height")))
        elif kind == "ping" and isinstance(data, str):
            await websocket.send_json(["pong", data[:32]])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()

    async def close_all(self, app: web.Application) -> None:
        """On Ctrl+C: every browser's connection closed, so every watch ends."""
        for websocket in list(self.sockets):
            await websocket.close()

    def say_address(self) -> None:
        """Print the address to open, once the port takes connections."""
        print(tr("Players' view of {folder}: open {address}", folder=self.folder,
                 address=address(self.host, self.port, self.token)), flush=True)
        if not self.token and self.host not in LOOPBACK:
            print(tr("Anyone who can reach this machine can watch: HITLEDGER_TOKEN or "
                     "--token-file asks for a word."), flush=True)
        print(tr("At most {most} browsers at once. Ctrl+C stops serving.", most=self.most),
              flush=True)


def _hostname(host: str) -> str:
    """The name in a Host header, without its port or an IPv6 address's brackets."""
    name = urlsplit(f"//{host}").hostname or ""
    return name.lower()


class _OneLine(logging.Formatter):
    """A log record as one line, never a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        words = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            words += f" ({type(record.exc_info[1]).__name__})"
        return " ".join(words.split())


def quiet_logging() -> None:
    """textual-serve's and aiohttp's loggers: one plain line each, warnings only, no request
    lines (they would carry a token); ours say when a browser comes and goes."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(_OneLine())
    for name, level in (("hitledger.serve", logging.INFO), ("textual-serve", logging.WARNING),
                        ("aiohttp", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False


def serve(folder: Path, host: str, port: int, token: str | None,
          most: int = MOST_BROWSERS, names: tuple[str, ...] = ()) -> None:
    """Serve the players' view of ``folder`` until Ctrl+C; prints the address first.
    OSError when the port cannot be listened on."""
    quiet_logging()
    server = PlayersServer(folder, host, port, token, most, names)
    web.run_app(server.application(), host=host, port=port, access_log=None,
                print=lambda *_words: server.say_address(), shutdown_timeout=5)
