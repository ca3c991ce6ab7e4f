"""Join codes, seat tokens and host keys: unguessable, from ``secrets``.

Tokens are secrets held by a phone; the server keeps only their SHA-256, so neither the
data directory nor the log ever holds one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No I, O, L, S, Z, B, G, 0, 1, 2, 5, 6, 8: nothing that reads as something else.
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """What a person typed -> a code (case and spaces forgiven); '' if it cannot be one."""
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return ""
    return code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, hashed: str | None) -> bool:
    if not token or not hashed:
        return False
    return hmac.compare_digest(token_hash(token), hashed)
