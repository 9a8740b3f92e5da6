"""The package installs whole: `pip install .` (not editable) into a fresh
virtualenv, then `flask --app webapp.app run` from another folder serves the
game with its scripts, styles and solved tables. The checkout's tracked files
are copied to a scratch folder first, so the build writes nothing into the checkout.

The dependencies come from the wheels `make test` keeps in .venv/wheels (made
once, from pip's cache), not from the network: what is tested is that the
package's own files install whole and serve, not the package index."""

from __future__ import annotations

import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from harness.servers import answers, ending_with_this_process, free_port, wait_until

CHECKOUT = Path(__file__).resolve().parents[2]
WHEELS = Path(sys.prefix) / "wheels"

pytestmark = pytest.mark.long  # a virtualenv, a build and an install: about 20 s


def _copy_tracked_files(to: Path) -> None:
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=CHECKOUT, check=True, capture_output=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        (to / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(CHECKOUT / name, to / name)


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def test_a_plain_install_serves_the_game_from_another_folder(tmp_path: Path):
    if not any(WHEELS.glob("setuptools-*.whl")):
        pytest.fail(f"no wheels in {WHEELS}: `make test` makes them, from the dependencies in pyproject.toml")
    source, environment, elsewhere = tmp_path / "source", tmp_path / "venv", tmp_path / "elsewhere"
    for folder in (source, elsewhere):
        folder.mkdir()
    _copy_tracked_files(source)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(environment)], check=True)
    python = environment / "bin" / "python"
    built = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--verbose", "--no-index",
                            "--find-links", str(WHEELS), str(source)], check=True, cwd=elsewhere,
                           capture_output=True, text=True)
    assert "absent from the `packages` configuration" not in built.stdout + built.stderr  # no page of warnings
    installed = subprocess.run([str(python), "-c", "import webapp; print(webapp.__file__)"], cwd=elsewhere,
                               check=True, capture_output=True, text=True).stdout
    assert str(environment) in installed and str(source) not in installed  # the wheel's copy, not the source's
    package = Path(installed.strip()).parent
    templates = {path.relative_to(source / "templates") for path in (source / "templates").rglob("*.html")}
    assert templates == {path.relative_to(package / "templates") for path in (package / "templates").rglob("*.html")}

    port = free_port()
    server = subprocess.Popen(ending_with_this_process([str(environment / "bin" / "flask"), "--app", "webapp.app",
                                                        "run", "--port", str(port)]),
                              cwd=elsewhere, env={"PATH": "/usr/bin:/bin", "HOME": str(elsewhere)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: answers(port), "the installed app", 60)
        status, page = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and 'aria-label="Board"' in page
        for asset in ("/static/app.js", "/static/style.css"):
            assert _get(f"http://127.0.0.1:{port}{asset}")[0] == 200 and asset in page
        status, on_4x4 = _get(f"http://127.0.0.1:{port}/think/4x4/")  # the 4×4 tablebase came along
        assert status == 200 and "Look-up in the solved table" in on_4x4
        status, puzzles = _get(f"http://127.0.0.1:{port}/puzzles")  # the shipped puzzles came along
        assert status == 200 and "to play and win in" in puzzles
        status, review = _get(f"http://127.0.0.1:{port}/review/3x3/0123")  # and the review's templates
        assert status == 200 and "Mistake" in review
    finally:
        server.terminate()
        server.wait(10)
