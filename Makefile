# The two commands of the README: `make run` and `make test`.
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
ARGS ?=

.PHONY: run test install test-deps chromium bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(PY) -m pip install -q -e ".[test]"
	touch $@

install: $(VENV)/.installed

## make run: create the virtual environment, install, serve tables on the local network
run: $(VENV)/.installed
	$(VENV)/bin/companion serve $(ARGS)

## Chromium from Debian for the browser tests (installed when missing and root)
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Chromium from Debian for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "The browser tests need Chromium: install Debian's 'chromium' package (as root)"; exit 1; fi

test-deps: $(VENV)/.installed-test chromium

## make test: set up everything the tests need and run the whole suite
test: test-deps
	$(PY) -m pytest $(ARGS)

bench: $(VENV)/.installed-test
	$(PY) bench/advisor.py

clean:
	rm -rf $(VENV) tests/artifacts
