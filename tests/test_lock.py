"""The lock files `make run` and `make test` install from (`make lock` writes them)."""

from __future__ import annotations

import re
import tomllib

from tests.browser.harness import ROOT

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+) \\$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: str) -> dict[str, str]:
    """{package: version} of a lock, each pin checked to carry at least one sha256 hash."""
    lines = (ROOT / lock).read_text().splitlines()
    found = {}
    for i, line in enumerate(lines):
        match = PIN.match(line)
        if match:
            assert lines[i + 1].strip().startswith("--hash=sha256:"), f"{lock}: {line} has no hash"
            found[canonical(match[1])] = match[2]
    return found


def declared(extra: str | None = None) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return {canonical(re.split(r"[\[<>=!~ ;]", spec, maxsplit=1)[0]) for spec in wanted}


def test_every_declared_package_is_pinned_with_hashes():
    run, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert declared() <= set(run), declared() - set(run)
    assert declared() | declared("test") <= set(test)


def test_the_test_lock_installs_what_the_run_lock_installs():
    run, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert {name: test.get(name) for name in run} == run
