"""make probe-floods, tiny: its lines say what the bounds did, and others kept theirs."""

from tools import probe_floods
from webapp.app import DEFAULTS


def test_the_probe_reports_the_bounds_holding(capsys):
    games, pages = DEFAULTS["GAMES_PER_MINUTE"] + 2, DEFAULTS["ENGINE_PAGES_PER_MINUTE"] + 2
    probe_floods.main(["--games", str(games), "--moves", "120", "--pages", str(pages)])
    started, flooded, engine = capsys.readouterr().out.splitlines()
    assert started.endswith(f"303 × {DEFAULTS['GAMES_PER_MINUTE']}, 429 × 2")
    assert f"303 × {DEFAULTS['NEW_SESSIONS_PER_HOUR']}, 429 × 20" in flooded
    assert flooded.endswith("the person's game kept")
    assert f"200 × {DEFAULTS['ENGINE_PAGES_PER_MINUTE']}, 429 × 2" in engine and engine.endswith("another address: 200")
