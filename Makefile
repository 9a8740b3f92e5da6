# The make targets; how long each takes, and what each measured: docs/measurements.md
# make run: play at http://$(HOST):$(PORT) · make test: the whole suite, its target 5 minutes
# make check: the fast loop, engine and web tests (no browser, no live servers, no seeded-games properties, exhaustive claims sampled), those the Python, templates and data changed since make check-all read, its target 40 s
# make check-all: all of make check's tests, recording which test reads what for make check
# make lint: ruff (pyflakes, pycodestyle, import order, bugbear, pyupgrade), mypy's types and the commit subjects, as CI runs them
# make serve: the production server (gunicorn) · make worker: engine workers for REDIS_URL's queue, on any machine
# make load: latency (open loop) and throughput under load; master's strength under a flood of think and review pages
# make load-live: games between friends, 500 live streams, measured
# make probe-floods: one client floods games, sessions and engine pages: what it gets, what others keep
# make load-engine-flood: a move's wait, quiet and while one client (then eight) floods the engine pages
# make load-servers: both of those under gunicorn sync, gthread, gevent and granian
# make bench: engine speed, and a 60-move 15×15 review on 1 and 2 workers · make strength: how strong each level is
# make ladder: brains play each other through the Gomocup protocol (LADDER="master ./pbrain-x --board 15x15 --sprt 0 30")
# make examine ENGINE="pbrain-kinrow --level easy" [EXAMINE="--board 4x4"]: an engine's every move judged against perfect play (3×3: every position; 4×4: a sample; bigger: games against the levels), into examinations/
# make opening-games: two levels under renju's opening rules, which the protocol cannot ask a brain for (OPENING_GAMES="master hard --games 12")
# make tablebase: solve 4×4 again, into webapp/engine/play/4x4.tablebase
# make train: MENACE and the network learn again from their seeds (tools/training.py), into webapp/engine/*.json, then judged
# make learners: the shipped learners judged: learning curves, losing lines, 1,000-game results
# make shapes: fit the evaluation's weights to master's self-play, into webapp/engine/play/shapes.json
# make puzzles: mine the shipped puzzles again from games between the levels, into webapp/puzzles/puzzles.json
# make puzzles-check: mine them all again and say whether they are the shipped set (make test samples it)
# make bench-browser: click to painted board · make screenshots: every state, into screenshots/
# make bench-think: what the page "How the computer sees this" costs the server
# make bench-estimate: Monte Carlo batches and depth-limited searches timed; where depth-limited play goes wrong on 4×4
# make bench-steps: what stepping through a search costs, on 3×3 and 4×4
# make voices: seeded 15×15 games against master taking every hint: do the status, the hint, the coach and the review agree?
# make review-check JUDGE=/path/to/brain: does the review find the move that lost? · make forbidden-check: renju's forbidden points against the judge's
# make chromium, headless-chromium, redis: Debian's packages the tests need · make htmx: vendor htmx again (HTMX_VERSION)
# make clean: the virtualenv and the test caches, removed · make help: these lines (a bare make says them too)
HOST ?= 127.0.0.1
PORT ?= 5000
HTMX_VERSION ?= 4.0.1
AXE_VERSION ?= 4.14.1
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
# Python keeps the modules it compiles (pytest's rewritten tests too) in the
# virtualenv, whatever the environment says (this machine's sets
# PYTHONDONTWRITEBYTECODE): otherwise each test process, and each engine worker
# or brain a test starts, compiled every module afresh (docs/measurements.md,
# "make check").
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache
unexport PYTHONDONTWRITEBYTECODE
AXE := $(VENV)/axe-$(AXE_VERSION).min.js

.PHONY: help run serve worker test check check-all lint load load-live probe-floods load-engine-flood load-servers bench bench-think bench-estimate bench-steps bench-browser voices strength ladder examine opening-games review-check forbidden-check tablebase train learners shapes puzzles puzzles-check screenshots chromium headless-chromium redis htmx clean

.DEFAULT_GOAL := help

# The header's lines, a target a line: a bare make says what there is, and starts nothing.
help:
	@awk '/^[^#]/ { exit } /^# make / { sub(/^# /, ""); gsub(/ · make /, "\nmake "); print }' Makefile

run: $(VENV)/installed
	$(BIN)/flask --app webapp.app run --host $(HOST) --port $(PORT)

serve: $(VENV)/installed
	HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn -c python:webapp.gunicorn_conf 'webapp.app:create_app()'

worker: $(VENV)/installed
	$(BIN)/python -m webapp.workers.consumer --instance instance

# Three test processes on two cores: the third fills the time tests wait on
# processes of their own (measured in docs/measurements-log.md, "The headless
# shell"). Each has its own live server, redis-server and browser, on ports of
# its own; worksteal: a process that runs out of tests takes some of another's.
# The samples of the exhaustive claims are make check's: their wholes run here (tests/reach.py).
test: $(VENV)/test-installed $(VENV)/wheels/complete $(AXE) headless-chromium redis
	$(BIN)/pytest -n 3 --dist worksteal -m "not sample"

CHECK := $(BIN)/pytest -q -n 3 --dist worksteal tests --ignore=tests/browser --ignore=tests/live --ignore=tests/tools -m "not live and not thorough"
RECORD := .testmondata .testmondata-wal .testmondata-shm .testmondata-reads.json

# The fast loop runs the tests that read what changed since make check-all
# last ran the whole and recorded which test reads what: pytest-testmon's
# record of the Python each test runs (.testmondata, made by tracing every
# line, which makes that run slower), and tests/reads.py's of the templates
# (includes too), stylesheets, scripts and data files each test reads, in
# its process or through a cached function (.testmondata-reads.json); a file
# whose content changed, or which is gone, brings its readers. A stylesheet
# or script only the browser reads brings none: make test's browser tests
# read them. Code or files that a test reads only in a process of its own (a
# brain, a worker, a server) are followed where the test also reads them in
# its own process. Without a record (a fresh clone) make check runs the whole
# untraced, faster than recording it; make check-all records. Each case's
# time: docs/measurements.md, "make check".
check: $(VENV)/test-installed
	@if [ ! -f .testmondata ] || [ ! -f .testmondata-reads.json ]; then echo "No record of which test reads what: the whole, untraced (make check-all records it, for the fast loop)."; $(CHECK) -p no:testmon; \
	else $(CHECK) --testmon-forceselect --testmon-nocollect --reads select; fi

lint: $(VENV)/test-installed
	$(BIN)/ruff check webapp tools harness tests
	$(BIN)/mypy
	$(BIN)/python -m tools.subjects

check-all: $(VENV)/test-installed
	rm -f $(RECORD)
	$(CHECK) --testmon-forceselect --reads record

load: $(VENV)/test-installed redis
	$(BIN)/python -m tools.load
	$(BIN)/python -m tools.load_engines
	$(BIN)/python -m tools.load_flood
	$(BIN)/python -m tools.load_engine_flood

load-engine-flood: $(VENV)/test-installed redis
	$(BIN)/python -m tools.load_engine_flood

load-live: $(VENV)/test-installed redis
	$(BIN)/python -m tools.load_live

load-servers: $(VENV)/servers-installed redis
	$(BIN)/python -m tools.load_servers

bench: $(VENV)/installed
	$(BIN)/python -m tools.bench_engine
	$(BIN)/python -m tools.bench_review

probe-floods: $(VENV)/installed
	$(BIN)/python -m tools.probe_floods

bench-flags: $(VENV)/test-installed redis
	$(BIN)/python -m tools.bench_flags

bench-think: $(VENV)/installed
	$(BIN)/python -m tools.bench_think

bench-estimate: $(VENV)/installed
	$(BIN)/python -m tools.bench_estimate

bench-steps: $(VENV)/installed
	$(BIN)/python -m tools.bench_steps

voices: $(VENV)/installed
	$(BIN)/python -m tools.voices

strength: $(VENV)/installed
	$(BIN)/python -m tools.strength

ladder: $(VENV)/installed
	$(BIN)/python -m tools.ladder $(LADDER)

examine: $(VENV)/installed
	$(BIN)/python -m tools.examine "$(ENGINE)" $(EXAMINE)

# make review-check JUDGE=/path/to/pbrain-rapfi-10k: does the review find the move that lost each of
# tools/lost_games.txt's games, by the judge's (Rapfi's) proofs?
# REVIEWER=/path/to/pbrain-rapfi [REVIEWER_SETTINGS="max_node=50000"]: the review judged by that engine.
review-check: $(VENV)/installed
	$(BIN)/python -m tools.review_check $(JUDGE) --info "MAX_NODE 200000" \
	  $(if $(REVIEWER),--review-engine $(REVIEWER) --review-settings "$(REVIEWER_SETTINGS)")

# make forbidden-check [RAPFI=/path/to/pbrain-rapfi]: renju's forbidden points, ours against the
# Gomocup manager's judge (and Rapfi, if given) at every empty point of 2,000 crowded positions, 1,500
# from the levels' games, 1,000 from master's self-play, 1,000 from the 26 openings played out, and 100
# grown from games until a three's definition recurses
opening-games: $(VENV)/test-installed
	$(BIN)/python -m tools.opening_games $(OPENING_GAMES)

forbidden-check: $(VENV)/test-installed
	$(BIN)/python -m tools.forbidden_check crowded=2000 levels=1500 master=1000 openings=1000 grown=100 \
	  $(if $(RAPFI),--rapfi $(RAPFI))

tablebase: $(VENV)/installed
	$(BIN)/python -m webapp.engine.play.solved webapp/engine/play/4x4.tablebase
	sha256sum webapp/engine/play/4x4.tablebase

# One BLAS thread: the network's matrices are small, and threads fighting over
# two shared cores made training many times slower.
train: $(VENV)/installed
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m tools.training

learners: $(VENV)/installed
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m tools.training figures

shapes: $(VENV)/installed
	$(BIN)/python -m tools.shapes

puzzles: $(VENV)/installed
	$(BIN)/python -m tools.puzzles

puzzles-check: $(VENV)/installed
	$(BIN)/python -m tools.puzzles --check

bench-browser: $(VENV)/test-installed chromium
	$(BIN)/python -m tools.bench_browser

screenshots: $(VENV)/test-installed chromium
	$(BIN)/python -m tools.screenshots

$(VENV)/created:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/installed: pyproject.toml | $(VENV)/created
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# The package and its test extras in one install, not the package first and
# then the extras again (docs/measurements-log.md, "Installing in one step").
$(VENV)/test-installed: pyproject.toml | $(VENV)/created
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# The install test's wheels: the package's dependencies and its build backend,
# made once (from pip's cache), so that the test installs the package offline.
$(VENV)/wheels/complete: $(VENV)/test-installed
	$(BIN)/python -c "from importlib.metadata import requires; print('\n'.join(r for r in requires('tictactoe-web') if 'extra ==' not in r))" \
	  | xargs -d '\n' $(BIN)/python -m pip wheel --quiet --wheel-dir $(VENV)/wheels setuptools
	touch $@

$(VENV)/servers-installed: $(VENV)/test-installed
	$(BIN)/python -m pip install --quiet -e '.[test,servers]'
	touch $@

# $(call debian_package,COMMAND): install Debian's package of that name, unless COMMAND is already there.
debian_package = @command -v $(1) >/dev/null || { apt-get update -qq && apt-get install -y -qq $(1) >/dev/null; }

# Debian's Chromium (Playwright cannot fetch its own browser here): the whole
# browser for the screenshots and the browser benchmark, the headless shell
# (the same Chromium without a window) for the tests.
chromium:
	$(call debian_package,chromium)

headless-chromium:
	$(call debian_package,chromium-headless-shell)

# Debian's redis-server; the tests start their own on a free loopback port.
redis:
	$(call debian_package,redis-server)

# axe-core, which the accessibility tests run in the page, from the npm registry (not vendored).
$(AXE): | $(VENV)/created
	cd $(VENV) && npm pack --silent axe-core@$(AXE_VERSION) | xargs -I{} sh -c 'tar -xzf {} package/axe.min.js && mv package/axe.min.js $(notdir $(AXE)) && rm -r package {}'

# Replace the vendored htmx and its SSE extension with HTMX_VERSION from the npm registry, with their licence.
htmx:
	rm -f static/htmx-[0-9]*.min.js static/hx-sse-[0-9]*.min.js && cd static && npm pack --silent htmx.org@$(HTMX_VERSION) | xargs -I{} sh -c 'tar -xzf {} package/dist/htmx.min.js package/dist/ext/hx-sse.min.js package/LICENSE && mv package/dist/htmx.min.js htmx-$(HTMX_VERSION).min.js && mv package/dist/ext/hx-sse.min.js hx-sse-$(HTMX_VERSION).min.js && mv package/LICENSE htmx-LICENSE.txt && rm -r package {}'

clean:
	rm -rf $(VENV) .pytest_cache $(RECORD)
