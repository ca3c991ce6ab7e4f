"""What the storage tests share: a small real disk to fill."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

MESSAGE = "The host's disk is full: nothing was saved"


class SmallDisk:
    """A 1 MB tmpfs (as root), or None."""

    def __init__(self, where: Path):
        self.path = where / "disk"
        self.path.mkdir()
        self.mounted = False
        if os.geteuid() == 0:
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(self.path)],
                                  capture_output=True)
            self.mounted = done.returncode == 0
        self.filler = self.path / "filler"

    def fill(self) -> None:
        """Leave (almost) no room."""
        with open(self.filler, "ab", buffering=0) as handle:
            for size in (4096, 1):  # whole blocks, then the last bytes
                try:
                    while True:
                        handle.write(b"\0" * size)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC

    def free(self) -> None:
        os.unlink(self.filler)

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.path)], capture_output=True)
