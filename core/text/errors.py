"""Errors raised by the rules core."""

from __future__ import annotations

from core.text.i18n import tr


class ParseError(ValueError):
    """Bad notation: a message a GM understands and the position of the problem."""

    def __init__(self, message: str, position: int = 0, text: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.text = text

    def __str__(self) -> str:
        return tr("{message} (at position {position})", message=self.message, position=self.position + 1)


class StateError(ValueError):
    """Stored encounter data with a missing or ill-typed field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
