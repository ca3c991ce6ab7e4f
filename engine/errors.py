"""The one error type a player may see, and its relatives."""


class IllegalAction(Exception):
    """An action the rules (or the table) refuse.

    The message is written for a player at the table: it says what is wrong in words
    ("your bid must be worth less than 5, ..."), never a Python repr. Raising it leaves
    every state untouched: engines check before they change anything.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message


class StaleRevision(IllegalAction):
    """An action based on a revision the table has already moved past."""

    def __init__(self, seen: int, current: int):
        super().__init__(
            "The table moved on just before your move reached it: nothing of yours was "
            "played. Here is the table as it is now; check it and try again."
        )
        self.seen = seen
        self.current = current
