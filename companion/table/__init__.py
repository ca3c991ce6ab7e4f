"""The table: one hub per table, join codes, the guard, the app's context.

No Flet and no ASGI here: the layers above hand in what they need."""
