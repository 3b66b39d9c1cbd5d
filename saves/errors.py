"""Errors raised by the saves layer: every one names the file and says what to do."""

from __future__ import annotations

from pathlib import Path

from core.text.i18n import N_, tr


class SaveError(Exception):
    """A save file could not be read or written; the file on disk is left as it was."""

    def __init__(
        self,
        path: Path | str | None,
        problem: str,
        *,
        line: int | None = None,
        field: str | None = None,
        hint: str = "",
        gist: str = "",
        said: str = "",
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.problem = problem
        self.line = line
        self.field = field
        self.hint = hint
        self.gist = gist or self.short
        """What is wrong, short and in the GM's words, for a one-line notice
        (``creature 1 (Goblin) hp must be a whole number``)."""
        self._said = said
        super().__init__(self._message())

    @property
    def reason(self) -> str:
        """The whole reason in words, without the file: what is wrong, where, what to do."""
        hint = f" — {self.hint}" if self.hint else ""
        return f"{self._said or self.short}{hint}"

    @property
    def where(self) -> str:
        """The line or field the problem is at, in words ("line 14", "field creatures.2.hp")."""
        if self.line is not None:
            return tr("line {line}", line=self.line)
        if self.field:
            return tr("field {field}", field=self.field)
        return ""

    @property
    def short(self) -> str:
        """A one-line summary for a table cell: where, what, and that the file is untouched."""
        parts = [p for p in (self.where, self.problem) if p]
        return ": ".join(parts)

    def _message(self) -> str:
        head = str(self.path) if self.path is not None else "save"
        text = f"{head}: {self.short}"
        if self.hint:
            text += f" — {self.hint}"
        return text


class SaveConflict(SaveError):
    """The file changed on disk since this encounter was loaded or saved (or belongs to another)."""


_OS_WORDS = {
    "ENOENT": N_("no such file or folder"),
    "EEXIST": N_("is there already"),
    "ENOTDIR": N_("is a file, not a folder"),
    "EISDIR": N_("is a folder, not a file"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("the disk quota is used up"),
    "EROFS": N_("read-only file system"),
    "ELOOP": N_("too many links in a row"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EBUSY": N_("in use by the system"),
    "EIO": N_("the disk could not be read or written"),
}


def os_words(error: OSError, *, with_file: bool = True) -> str:
    """What the system refused, in the GM's words (``/srv/data: is a file, not a folder``),
    never Python's ``[Errno 17] File exists: '…'``; the file first when it names one."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    words = tr(_OS_WORDS[name]) if name in _OS_WORDS else \
        tr("the system refused ({why})", why=error.strerror or type(error).__name__)
    if with_file and error.filename:
        return f"{error.filename}: {words}"
    return words


def write_hint(error: OSError) -> str:
    """What to do about a file that could not be written, from why (a full disk is not a
    read-only folder, and neither is a folder deleted meanwhile)."""
    import errno

    hints = {
        errno.ENOSPC: N_("the disk is full: free some space"),
        errno.EDQUOT: N_("the disk quota is used up: free some space"),
        errno.EROFS: N_("the data folder is on a read-only file system"),
        errno.EACCES: N_("check the data folder's permissions"),
        errno.EPERM: N_("check the data folder's permissions"),
        errno.ENOENT: N_("the data folder was deleted or moved"),
    }
    return tr(hints.get(error.errno or 0, N_("check the disk")))
