"""The language the core speaks: translated messages, errors, Japanese input folded, text a terminal shows."""
