"""The accessibility audit of a page, for the browser tests: axe-core's
WCAG 2.2 A and AA rules, in the light scheme and the dark, and on a page's
HTML as served without scripts."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""axe's WCAG A and AA rules that read colours: the only ones a change of colour
scheme can change the answer of, since the page's dark scheme changes colours only."""


def audit(page: Page, axe_source: str) -> None:
    """Run axe-core in the page and fail on any WCAG 2.2 A or AA violation."""
    _no_violations(page, axe_source, {"type": "tag", "values": WCAG})


def audit_both_schemes(page: Page, axe_source: str) -> None:
    """The audit in the light scheme, then, on the same page in the dark
    scheme, the rules that read colours (static/style.css: the dark scheme
    sets colours and nothing else)."""
    page.emulate_media(color_scheme="light")
    audit(page, axe_source)
    page.emulate_media(color_scheme="dark")
    _no_violations(page, axe_source, {"type": "rule", "values": COLOUR_RULES})


def _no_violations(page: Page, axe_source: str, run_only: dict[str, object]) -> None:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(axe_source)
    # resultTypes: axe finds every violation still, but stops at the first node that passes each rule.
    violations = page.evaluate("""async only => (await axe.run(document, {runOnly: only, resultTypes: ["violations"]}))
        .violations.map(v => `${v.id}: ${v.help} at ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)""", run_only)
    assert violations == [], "\n".join(violations)


def audit_without_scripts(browser: Browser, live_server: str, axe_source: str, html: str) -> None:
    """Audit a page's HTML as served without scripts, in a page where axe can run."""
    context = browser.new_context(base_url=live_server)
    page = context.new_page()
    page.route("**/*.js", lambda route: route.abort())
    page.goto("/healthz")
    page.set_content(html.replace("<head>", f'<head><base href="{live_server}/">', 1))
    audit(page, axe_source)
    context.close()
