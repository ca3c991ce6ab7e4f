"""A failed browser test's report says whether a page that stopped answering spins or waits.

A page whose main thread never comes back leaves a test with a timeout and nothing
else; the report then also says which of Chromium's threads are busy (from /proc): the
page's own main thread for a script that spins, another thread or none for a page that
waits on something."""

from __future__ import annotations

import re


def test_a_page_whose_script_spins_is_reported_with_its_busy_main_thread(phones):
    phone = phones("Spinner")
    phone.page.set_content("<p>a page</p>")
    phone.page.evaluate("""() => setTimeout(function spin() {
        const until = Date.now() + 20000;
        while (Date.now() < until) {}
    }, 0)""")
    report = phone.report()
    assert "timers: none in 3 s (TimeoutError)" in report
    line = next(line for line in report.splitlines() if line.startswith("Chromium's busy threads"))
    shares = [int(share) for share in re.findall(r"renderer \d+ main '[^']*' (\d+)%", line)]
    assert shares and max(shares) >= 60, line


def test_a_page_that_answers_is_reported_without_the_threads(phones):
    phone = phones("Idle")
    phone.page.set_content("<p>a page</p>")
    report = phone.report()
    assert "timers: run" in report
    assert "busy threads" not in report
