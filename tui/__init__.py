"""hitledger's terminal interface: the Textual app, its screens and widgets, and the CLI."""

from rich.cells import cell_len

from core.cells import measure_with

# one measure of width for the whole app: what Rich draws with (core.cells' own reason)
measure_with(cell_len)
