"""The token ``hitledger serve`` asks browsers for: from the flag, a file or the environment.

``--token`` shows in ``ps`` to every user of the machine, so the token can come from
``--token-file`` or ``HITLEDGER_TOKEN`` instead; the variable is taken out of the environment
at once, so no ``hitledger watch`` the server starts inherits it.
"""

from __future__ import annotations

import os

from core.text.i18n import tr

TOKEN_VARIABLE = "HITLEDGER_TOKEN"
LONGEST = 4096


def serve_token(flag: str | None, file: str | None) -> str | None:
    """The token of ``serve``: from --token, --token-file or HITLEDGER_TOKEN (taken out of the
    environment, so no watch it starts inherits it); None for none. ValueError for an empty
    one, or for two of them."""
    from_environment = os.environ.pop(TOKEN_VARIABLE, None)
    if flag is not None and file is not None:
        raise ValueError(tr("give --token or --token-file, not both"))
    if file is not None:
        if not os.path.isfile(file):  # a FIFO or a device would hang the start, or never end
            raise ValueError(tr("--token-file {file} is not a file", file=file))
        try:
            with open(file, encoding="utf-8") as stream:
                flag = next(iter(stream.read(LONGEST + 1).splitlines()), "")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(tr("cannot read the token from {file}: {why}", file=file,
                                why=getattr(error, "strerror", None) or error)) from None
        where = "--token-file"
    elif flag is not None:
        where = "--token"
    elif from_environment is not None:
        flag, where = from_environment, TOKEN_VARIABLE
    else:
        return None
    if not flag.strip():
        raise ValueError(tr("{where} is empty: an empty token would let anyone watch. Give a "
                            "word, or leave {where} out to serve without one.", where=where))
    if len(flag) > LONGEST:
        raise ValueError(tr("{where} is longer than {most} characters", where=where, most=LONGEST))
    return flag
