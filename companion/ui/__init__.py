"""Flet screens. Views render only the dict the hub built for their seat."""
