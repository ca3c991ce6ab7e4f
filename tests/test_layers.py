"""The layers' imports point down only: import-linter's contracts (pyproject.toml,
``[tool.importlinter]``) hold over the whole product; a broken one fails with
import-linter's own account of the import that breaks it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def test_every_import_contract_is_kept():
    done = subprocess.run([str(LINT_IMPORTS), "--config", str(ROOT / "pyproject.toml")], cwd=str(ROOT),
                          capture_output=True, text=True, timeout=600)
    assert "Contracts: 6 kept, 0 broken." in done.stdout, done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr
