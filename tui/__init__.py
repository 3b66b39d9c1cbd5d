"""hitledger's terminal interface: the Textual app, its screens and widgets, and the CLI."""

from rich.cells import cell_len

from core.text.cells import measure_with

# one measure of width for the whole app: what Rich draws with (core.text.cells' own reason)
measure_with(cell_len)
