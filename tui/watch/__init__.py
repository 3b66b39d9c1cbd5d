"""The players' view: ``hitledger watch`` in a terminal, ``hitledger serve`` in a browser.

:mod:`tui.watch.follow` follows a save file and turns it into what the players may see (no
Textual); :mod:`tui.watch.app` draws it, read-only; :mod:`tui.watch.serve` serves that app to
browsers with textual-serve (an optional dependency, imported only when serving).
"""
