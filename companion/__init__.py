"""The companion app: Flet screens, the table hub, and the command line."""
