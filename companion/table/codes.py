"""Join codes, seat tokens and host keys: unguessable, from ``secrets``.

Tokens are secrets held by a phone; the server keeps only their SHA-256, so neither the
data directory nor the log ever holds one.

A join code is :data:`CODE_LENGTH` letters of :data:`CODE_ALPHABET` (19^6, about 25
bits): enough at a table, where guessing is also slowed down per device
(:mod:`companion.table.guard`). A venue can ask ``companion serve --code-length N`` for longer
ones; codes of every length from :data:`CODE_LENGTH` to :data:`MAX_CODE_LENGTH` are
accepted, so tables made before keep theirs.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No I, O, L, S, Z, B, G, 0, 1, 2, 5, 6, 8: nothing that reads as something else.
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY"
CODE_LENGTH = 6
MAX_CODE_LENGTH = 12


def new_code(length: int = CODE_LENGTH) -> str:
    if not CODE_LENGTH <= length <= MAX_CODE_LENGTH:
        raise ValueError(f"A join code has {CODE_LENGTH} to {MAX_CODE_LENGTH} letters")
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


# characters people mix up when they copy a code; each is read as its twin when only the
# twin is a code letter (with today's alphabet neither side of a pair is one)
MISREADINGS = {"0": "O", "O": "0", "1": "I", "I": "1", "5": "S", "S": "5", "8": "B", "B": "8",
               "2": "Z", "Z": "2"}


def _corrected(code: str) -> str:
    def read(ch: str) -> str:
        twin = MISREADINGS.get(ch)
        return twin if ch not in CODE_ALPHABET and twin is not None and twin in CODE_ALPHABET else ch

    return "".join(read(ch) for ch in code)


def normalise_code(text: str) -> str:
    """What a person typed -> a code (case, spaces and unambiguous misreadings forgiven);
    '' if it cannot be one (:func:`code_problem` says why)."""
    if not isinstance(text, str) or len(text) > 4 * MAX_CODE_LENGTH:
        return ""
    code = _corrected("".join(text.split()).upper())
    if not CODE_LENGTH <= len(code) <= MAX_CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return ""
    return code


def code_problem(text: str, length: int = CODE_LENGTH) -> str:
    """Why ``text`` is not a table code, in words for the person who typed it."""
    code = _corrected("".join(str(text).split()).upper()) if isinstance(text, str) else ""
    if not code:
        return "Type the table's code (it is on the host's screen, under the QR code)"
    if any(ch not in CODE_ALPHABET for ch in code):
        return "Codes use the letters " + " ".join(CODE_ALPHABET)
    return f"That is not a table code: a code is {code_words(length)}"


def code_words(length: int = CODE_LENGTH) -> str:
    """How a code looks, for messages: "6 letters"."""
    return f"{length} letters" if length == CODE_LENGTH else f"{CODE_LENGTH} to {length} letters"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, hashed: str | None) -> bool:
    if not token or not hashed:
        return False
    return hmac.compare_digest(token_hash(token), hashed)
