"""The HTML ``hitledger serve`` sends: the players' page, and the pages that say no.

Every address in them is a path on the server that sent them (the page never names a host,
so a Host header a browser sends is never repeated back), the font is the one textual-serve
ships (a table's network may reach nothing else), and every word is the GM's language.
"""

from __future__ import annotations

from html import escape

from core.text.i18n import language, tr

FONT = "/static/fonts/RobotoMono-VariableFont_wght.ttf"
STATIC_FILES = ("js/textual.js", "css/xterm.css", "fonts/RobotoMono-VariableFont_wght.ttf",
                "fonts/RobotoMono-Italic-VariableFont_wght.ttf")

_STYLE = """
@font-face { font-family: "Roboto Mono"; src: url("%(font)s") format("truetype");
             font-weight: 100 700; }
body { background: #0c181f; color: rgba(255, 255, 255, 0.95); margin: 0;
       font-family: "Roboto Mono", menlo, monospace; }
.dialog { position: absolute; inset: 0; display: flex; align-items: center;
          justify-content: center; z-index: 10; background: #0c181f; }
.dialog div { max-width: 40em; padding: 2em; background: #12232d; text-align: center; }
.dialog button { margin-top: 1em; padding: 0.8em 2em; border: none; color: inherit;
                 background: #5e0ba7; font: inherit; cursor: pointer; }
body.-first-byte .intro, .closed { display: none; }
body.-closed .closed { display: flex; }
.textual-terminal { opacity: 0; transition: opacity 0.3s ease-out; }
body.-first-byte .textual-terminal { opacity: 1; }
"""

_SOCKET = ('document.getElementById("terminal").dataset.sessionWebsocketUrl = '
           '(location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";')


def _document(title: str, head: str, body: str) -> str:
    """A whole HTML document in the GM's language."""
    return (f'<!DOCTYPE html>\n<html lang="{escape(language())}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n{head}</head>\n<body>\n{body}</body>\n</html>\n")


def players_page(title: str) -> str:
    """The page a player's browser opens: textual-serve's terminal on this server's ``/ws``."""
    head = (f'<link rel="preload" href="{FONT}" as="font" type="font/ttf" crossorigin>\n'
            '<link rel="stylesheet" href="/static/css/xterm.css">\n'
            '<script src="/static/js/textual.js"></script>\n'
            f"<style>{_STYLE % {'font': FONT}}</style>\n")
    ended = tr("The view has ended: the GM stopped serving, or as many browsers as allowed "
               "already watch.")
    again = tr("Reload")
    body = (f'<div class="dialog intro"><div>{escape(title)}</div></div>\n'
            f'<div class="dialog closed"><div>{escape(ended)}<br>'
            f'<button type="button" onclick="location.reload()">{escape(again)}'
            "</button></div></div>\n"
            '<div id="terminal" class="textual-terminal" data-font-size="16"></div>\n'
            f"<script>{_SOCKET}</script>\n")
    return _document(title, head, body)


def refusal_page(title: str, words: str) -> str:
    """A page that says why the view is not shown, and nothing else."""
    style = f"<style>{_STYLE % {'font': FONT}}</style>\n"
    return _document(title, style, f'<div class="dialog"><div>{escape(words)}</div></div>\n')
