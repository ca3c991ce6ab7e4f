# The two commands of the README: `make run` and `make test`.
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
ARGS ?=

RUN_LOCK := requirements.lock
TEST_LOCK := requirements-test.lock
# the exact versions (with hashes) that were tested; pyproject.toml keeps the ranges
COMPILE = CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile -q --generate-hashes --strip-extras --allow-unsafe \
	--no-emit-index-url --no-emit-find-links

.PHONY: run test install test-deps chromium webkit bench soak clean lock

# pip's chatter (index warnings of this machine's configuration) goes to a log; it is
# shown only if an install fails, so `make run` prints the address, the QR and the host link.
QUIET = > $(VENV)/pip.log 2>&1 || { cat $(VENV)/pip.log; exit 1; }

$(VENV)/bin/python:
	@echo "Setting up $(VENV) (first run only)"
	@$(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip $(QUIET)

# Every package from the lock, hash-checked; then the project itself, without resolving again.
$(VENV)/.installed: $(RUN_LOCK) pyproject.toml | $(VENV)/bin/python
	@$(PY) -m pip install -q --require-hashes -r $(RUN_LOCK) $(QUIET)
	@$(PY) -m pip install -q --no-deps -e . $(QUIET)
	@touch $@

$(VENV)/.installed-test: $(TEST_LOCK) $(VENV)/.installed
	@$(PY) -m pip install -q --require-hashes -r $(TEST_LOCK) $(QUIET)
	@touch $@

## make lock: resolve pyproject.toml's ranges again (newest versions) into the two locks;
## the test lock starts from the run lock, so both pin every shared package alike
lock: | $(VENV)/bin/python
	@$(PY) -m pip install -q pip-tools $(QUIET)
	$(COMPILE) --upgrade -o $(RUN_LOCK) pyproject.toml
	cp $(RUN_LOCK) $(TEST_LOCK)
	$(COMPILE) --extra test -o $(TEST_LOCK) pyproject.toml

install: $(VENV)/.installed

## make run: create the virtual environment, install, serve tables on the local network
## (Ctrl-C stops the server: status 130 is its normal end, not an error of make's)
run: $(VENV)/.installed
	@$(VENV)/bin/companion serve $(ARGS) || [ $$? -eq 130 ]

## Chromium from Debian for the browser tests (installed when missing and root)
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Chromium from Debian for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "The browser tests need Chromium: install Debian's 'chromium' package (as root)"; exit 1; fi

## WebKitGTK (Safari's engine) for the browser tests: its WebDriver, a virtual display, and
## GTK's Python bindings for a phone-sized window (tests/browser/phone_window.py)
WEBKIT_PACKAGES := webkit2gtk-driver xvfb python3-gi gir1.2-webkit2-4.1
webkit:
	@if command -v WebKitWebDriver >/dev/null 2>&1 && command -v Xvfb >/dev/null 2>&1 && \
		/usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1')" 2>/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing WebKitGTK's WebDriver and Xvfb from Debian for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(WEBKIT_PACKAGES) >/dev/null; \
	else echo "The browser tests need WebKitGTK: install Debian's $(WEBKIT_PACKAGES) (as root)"; exit 1; fi

test-deps: $(VENV)/.installed-test chromium webkit

## make test: set up everything the tests need and run the whole suite, saying its 20 slowest
## tests (ARGS="--durations=80" to see more; HYPOTHESIS_PROFILE=deep: the deep run, README)
test: test-deps
	$(PY) -m pytest --durations=20 $(ARGS)

bench: $(VENV)/.installed-test
	$(PY) bench/advisor.py

## make soak: what the suite checks by its cause, repeated long (the host and join links
## opened 100 times each on both builds: some minutes)
soak: test-deps
	$(PY) bench/host_link_soak.py $(ARGS)

clean:
	rm -rf $(VENV) tests/artifacts
