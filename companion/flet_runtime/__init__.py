"""The Flet runtime: sessions, garbage-collection pacing, and the places
that touch Flet's internals, each pinned to the Flet version by a test."""
