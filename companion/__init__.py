"""The companion app: Flet screens, the table hub, and the command line."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
"""The checkout's root: ``assets/`` (the page's scripts, fonts) is there, whatever
folder the module that reads them sits in."""
