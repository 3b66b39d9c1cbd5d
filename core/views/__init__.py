"""Read-only views of an encounter: what the players may see, and the log as Markdown."""
