"""Which test reads which file that is not Python (a template, a stylesheet, a
data file), recorded beside pytest-testmon's record; then the tests that read
a file changed since, added to testmon's selection.

Testmon follows Python alone: without this, make check ran the whole once any
template or data file had changed. While make check-all records (--reads
record), each test's reads are noted: every template Jinja loads for it
(includes, imports and extends too, from its cache as well), every file of
the checkout it opens, and what its module opened as it was imported. A data
file read once and kept (a functools.cache, as the tablebase and the
learners are) is read by the first test alone, so the cached function found
on the stack of that read stands in for the file from then on: each later
test that calls it reads the file too. make check (--reads select) then runs
testmon's selection and the tests that read a file whose content has
changed or which is gone.

Not seen: what a process of a test's own reads (a brain, a worker, a server),
as testmon does not see its Python either, and a cached function reached
through a name bound before its first read other than a module's (a dict's
value, a default argument)."""

from __future__ import annotations

import functools
import hashlib
import json
import sys
import types
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import jinja2
import pytest

RECORD = Path(".testmondata-reads.json")
SKIPPED_SUFFIXES = {".py", ".pyc"}
SKIPPED_PARTS = {".venv", ".git", "__pycache__", ".pytest_cache"}


def add_option(parser: pytest.Parser) -> None:
    """--reads record (make check-all) or select (make check)."""
    parser.addoption("--reads", choices=("record", "select"),
                     help="record which test reads which file that is not Python, or select the tests that read "
                          f"one changed since ({RECORD})")


def configure(config: pytest.Config) -> None:
    """Register the recorder or the selector that --reads asks for."""
    mode = config.getoption("reads")
    root = Path(str(config.rootpath))
    if mode == "record":
        config.pluginmanager.register(Recorder(root), "reads-recorder")
    elif mode == "select":
        widen_testmon_selection(config, root)


def digest(path: Path) -> str:
    """The file's content, as a SHA-256 (a checkout or a touch changes the time, not the content)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Recorder:
    """Notes the checkout's files each test reads; the controller (or the one
    process) writes them to RECORD at the end."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.current: set[str] | None = None
        self.cached_readers: dict[int, set[str]] = {}  # id of a cached function's code -> the files it read
        self.readers: dict[str, set[str]] = {}  # file -> test ids, in the controller
        self.module_reads: dict[str, set[str]] = {}  # a test module's path -> the files its import read
        self.listening = True  # an audit hook stays for the process's life: stop() only silences it
        sys.addaudithook(self.on_audit)
        self.original_load_template = jinja2.Environment._load_template
        recorder = self

        def load_template(environment: jinja2.Environment, name: Any, globals: Any) -> jinja2.Template:
            template = recorder.original_load_template(environment, name, globals)
            if template.filename:
                recorder.note(template.filename)
            return template

        jinja2.Environment._load_template = load_template  # type: ignore[method-assign, assignment]

    def stop(self) -> None:
        """Note nothing more, and give Jinja its own loading back."""
        self.listening = False
        jinja2.Environment._load_template = self.original_load_template  # type: ignore[method-assign]

    def note(self, filename: str) -> str | None:
        """Count the file as read by the current test (if any), if it is the checkout's and not Python; its
        path in the checkout."""
        try:
            relative = Path(filename).resolve().relative_to(self.root)
        except (ValueError, OSError):
            return None
        skipped = relative.suffix in SKIPPED_SUFFIXES or bool(SKIPPED_PARTS & set(relative.parts))
        if skipped or not (self.root / relative).is_file():
            return None
        if self.current is not None:
            self.current.add(str(relative))
        return str(relative)

    def on_audit(self, event: str, arguments: tuple[Any, ...]) -> None:
        """An open of a checkout's file: the current test reads it, and so does any test that calls a cached
        function on the stack (its value is kept after this read, which may come before any test: collecting)."""
        if not self.listening or event != "open" or not isinstance(arguments[0], str | Path):
            return
        mode = arguments[1] if len(arguments) > 1 and isinstance(arguments[1], str) else "r"
        if "w" in mode or "a" in mode or "x" in mode:
            return
        relative = self.note(str(arguments[0]))
        if relative is not None:
            self.watch_cached_callers(relative, sys._getframe(1))

    def watch_cached_callers(self, relative: str, frame: types.FrameType | None) -> None:
        """Wrap each functools-cached function on the stack so that a later call notes the file."""
        while frame is not None:
            code = frame.f_code
            if id(code) in self.cached_readers:
                self.cached_readers[id(code)].add(relative)
            else:
                cached = _cached_function_of(frame)
                if cached is not None:
                    self.cached_readers[id(code)] = {relative}
                    self.wrap_everywhere(cached, self.cached_readers[id(code)])
            frame = frame.f_back

    def wrap_everywhere(self, cached: Callable[..., Any], files: set[str]) -> None:
        """Replace the cached function, in every module that holds it by name, with one that notes its files."""

        @functools.wraps(cached)
        def noting(*args: Any, **kwargs: Any) -> Any:
            if self.current is not None:
                self.current.update(files)
            return cached(*args, **kwargs)

        noting.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        noting.cache_info = cached.cache_info  # type: ignore[attr-defined]
        for module in list(sys.modules.values()):
            names = getattr(module, "__dict__", {})
            for name, value in list(names.items()):
                if value is cached:
                    setattr(module, name, noting)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector: pytest.Collector) -> Iterator[None]:
        """What a test module reads as it is imported, every test of it reads (a constant made of a data file)."""
        if not isinstance(collector, pytest.Module):
            yield
            return
        self.current = set()
        yield
        self.module_reads[str(collector.path)] = self.current
        self.current = None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        self.current = set(self.module_reads.get(str(item.path), ()))
        yield
        self.current = None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any]:
        outcome = yield
        if call.when == "teardown":
            outcome.get_result().reads = sorted(self.current or ())  # sent to the controller under xdist

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for relative in getattr(report, "reads", ()):
            self.readers.setdefault(relative, set()).add(report.nodeid)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.stop()
        if hasattr(session.config, "workerinput"):
            return
        files = {relative: {"sha256": digest(self.root / relative), "tests": sorted(tests)}
                 for relative, tests in sorted(self.readers.items()) if (self.root / relative).is_file()}
        (self.root / RECORD).write_text(json.dumps({"files": files}, indent=0))


def _cached_function_of(frame: types.FrameType) -> Callable[..., Any] | None:
    """The functools cache (of the frame's module, at its top level) whose function the frame runs, if any."""
    for value in list(frame.f_globals.values()):
        wrapped = getattr(value, "__wrapped__", None)
        if hasattr(value, "cache_clear") and getattr(wrapped, "__code__", None) is frame.f_code:
            return value
    return None


def changed_readers(root: Path) -> tuple[list[str], set[str]]:
    """The files recorded whose content changed (or which are gone), and the tests that read them."""
    recorded = json.loads((root / RECORD).read_text())["files"]
    changed = [relative for relative, read in recorded.items()
               if not (root / relative).is_file() or digest(root / relative) != read["sha256"]]
    return changed, {test for relative in changed for test in recorded[relative]["tests"]}


def widen_testmon_selection(config: pytest.Config, root: Path) -> None:
    """Take the tests that read a changed file out of what testmon leaves out."""
    selection = config.pluginmanager.get_plugin("TestmonSelect")
    if selection is None or not (root / RECORD).is_file():
        return
    changed, tests = changed_readers(root)
    if not tests:
        return
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    config.pluginmanager.register(Said(f"changed since make check-all recorded: {shown}; {len(tests)} tests read them"))
    files = {test.split("::", 1)[0] for test in tests}
    selection.deselected_tests = [test for test in selection.deselected_tests if test not in tests]
    selection.deselected_files = [file for file in selection.deselected_files if file not in files]


class Said:
    """A line for the end of the run's report."""

    def __init__(self, line: str):
        self.line = line

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        terminalreporter.write_line(self.line)
