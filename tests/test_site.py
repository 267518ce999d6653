"""The built documentation site, opened page by page in a real browser (``docs`` marker).

A ``-W`` Sphinx build cannot see how a page looks. These tests serve the built site on
``127.0.0.1`` and open every page in headless Chromium (Debian's ``chromium`` package,
driven by Playwright; no browser is downloaded), and check what a reader sees:

* the theme's stylesheet is applied: the navigation sidebar sits beside the content;
* the maths is rendered (MathJax, shipped with the site), no raw TeX is left, and no
  formula is drawn turned or mirrored (a theme rule meant for an icon, say);
* every image loads, and every file the page asks the site for exists;
* no request leaves the local site (fonts, scripts, analytics: all refused and named).

Build the site first, then run the tests (``.ci/run`` does both)::

    python -m sphinx -W -b html docs docs/_build/html
    python -m pytest -m docs

``MASTERMIND_Q_SITE`` names another build folder, ``MASTERMIND_Q_CHROMIUM`` another
browser. Screenshots of a few key pages go to ``screenshots/`` beside the build folder
(``docs/_build/screenshots/``), to look at.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("MASTERMIND_Q_SITE", ROOT / "docs" / "_build" / "html"))
SCREENSHOTS = SITE.parent / "screenshots"
KEY_PAGES = (
    "index.html",
    "getting_started.html",
    "guide/solving.html",
    "guide/own_codebreaker.html",
    "guide/comparing.html",
    "guide/oracle_gate.html",
    "algorithms/adaptive.html",
    "cli.html",
    "tutorials/03_classical_vs_quantum.html",
)
"""The pages photographed for a person to look at."""
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 900}
RAW_TEX = re.compile(
    r"\\\(|\\\)|\\\[|\\\]|\$\$|\$\\|\\(?:frac|sqrt|lceil|rceil|theta|phi|pi|le|ge)\b"
)
"""What is left in the text when a formula was not typeset."""


def _pages() -> list[str]:
    if not (SITE / "index.html").is_file():
        return []
    return sorted(
        path.relative_to(SITE).as_posix()
        for path in SITE.rglob("*.html")
        if not path.relative_to(SITE).parts[0].startswith("_")  # _static, _sources
    )


PAGES = _pages()


def _chromium() -> str:
    browser = os.environ.get("MASTERMIND_Q_CHROMIUM") or shutil.which("chromium")
    if not browser:
        pytest.fail("no Chromium: apt-get install chromium (or set MASTERMIND_Q_CHROMIUM)")
    return browser


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site on an HTTP server at ``127.0.0.1``; yields its base URL."""
    if not PAGES:
        pytest.fail(f"no site at {SITE}: build it first (python -m sphinx -b html docs {SITE})")
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[docs]'")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def pages(site, browser):
    """Every page opened once: ``{page: findings}``, the key pages photographed."""
    local = urlsplit(site).netloc
    outside: list[str] = []
    failed: list[str] = []
    context = browser.new_context(viewport=VIEWPORT)

    def route(request_route, request):
        url = urlsplit(request.url)
        if url.scheme in ("data", "blob", "about") or url.netloc == local:
            request_route.continue_()
        else:
            outside.append(request.url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on(
        "response",
        lambda response: (
            failed.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    SCREENSHOTS.mkdir(exist_ok=True)
    findings = {}
    for name in PAGES:
        outside.clear()
        failed.clear()
        page.goto(site + name, wait_until="load")
        found = page.evaluate(_INSPECT)
        blocked = any("mathjax" in url.lower() for url in outside)  # from a CDN
        if found["math"] and not blocked:
            found["mathjax"] = page.evaluate(_TYPESET)
            found.update(page.evaluate(_INSPECT))
        found["turned"] = page.evaluate(_TURNED)
        found["outside"] = list(outside)
        found["failed"] = list(failed)
        findings[name] = found
        if name in KEY_PAGES:
            page.screenshot(path=str(SCREENSHOTS / name.replace("/", "-").replace(".html", ".png")))
    context.close()
    return findings


_TYPESET = """async () => {
  if (!document.querySelector('script[src*="mathjax" i]')) return false;
  for (let i = 0; i < 200 && !(window.MathJax && MathJax.startup && MathJax.startup.promise); i++)
    await new Promise(resolve => setTimeout(resolve, 50));
  if (!(window.MathJax && MathJax.startup && MathJax.startup.promise)) return false;
  await MathJax.startup.promise;
  return true;
}"""
"""Wait (up to 10 s) for MathJax to load and typeset the page; false if it never loads."""

_TURNED = """() => {
  // A transform that turns or mirrors: anything but a positive scale and a shift.
  const turns = (m) => m.a <= 0 || m.d <= 0 || Math.abs(m.b) > 1e-6 || Math.abs(m.c) > 1e-6;
  const why = (node) => {
    const style = getComputedStyle(node);
    const found = [];
    if (style.transform && style.transform !== 'none' && turns(new DOMMatrix(style.transform)))
      found.push(`transform ${style.transform}`);
    if (style.rotate && style.rotate !== 'none' && !/^0(deg|rad|turn)?$/.test(style.rotate))
      found.push(`rotate ${style.rotate}`);
    const scales = style.scale && style.scale !== 'none' ? style.scale.split(' ') : [];
    if (scales.some(value => parseFloat(value) <= 0)) found.push(`scale ${style.scale}`);
    return found;
  };
  const where = (node) => {
    const classes = typeof node.className === 'string' ? node.className.trim() : '';
    return node.tagName.toLowerCase() + (classes ? '.' + classes.split(/\\s+/).join('.') : '');
  };
  const turned = [];
  for (const math of document.querySelectorAll('mjx-container')) {
    // the formula's own svg elements, the container and every ancestor up to <html>
    const chain = [...math.querySelectorAll('svg'), math];
    for (let node = math.parentElement; node; node = node.parentElement) chain.push(node);
    const reasons = chain.flatMap(node => why(node).map(reason => `${where(node)}: ${reason}`));
    // and the drawn result: the formula's coordinate system on the screen
    const svg = math.querySelector('svg');
    const screen = svg && svg.getScreenCTM ? svg.getScreenCTM() : null;
    if (screen && turns(screen)) reasons.push(`on screen ${screen.toString()}`);
    if (reasons.length) {
      const link = math.closest('a');
      const text = (link || math).textContent.trim().slice(0, 60);
      turned.push(`${link ? 'in a link: ' : ''}${text} (${reasons.join('; ')})`);
    }
  }
  return turned;
}"""
"""Each formula (``mjx-container``) drawn rotated or mirrored, with the rule responsible:
a turning ``transform`` (or ``rotate`` / ``scale``) on the formula, its own ``svg``
elements or any ancestor, or a turned screen transform of its ``svg``."""

_INSPECT = """() => {
  const box = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, width: r.width};
  };
  const text = document.body.cloneNode(true);
  for (const element of text.querySelectorAll(
      'pre, code, script, style, textarea, mjx-container, .highlight')) element.remove();
  const images = [...document.images].map(image => ({
      src: image.getAttribute('src'), ok: image.complete && image.naturalWidth > 0}));
  return {
    sheets: [...document.styleSheets].map(sheet => sheet.href || ''),
    sidebar: box('.sidebar-drawer'),
    content: box('.main .content') || box('article'),
    math: document.querySelectorAll('.math, span.math, div.math').length,
    typeset: document.querySelectorAll('mjx-container').length,
    errors: document.querySelectorAll('mjx-merror, [data-mjx-error]').length,
    text: text.textContent,
    images: images,
    clipped: [...document.querySelectorAll('article pre, article table')].filter(element => {
      const wide = (node) => node.scrollWidth > node.clientWidth + 1;
      const scrolls = (node) => ['auto', 'scroll'].includes(getComputedStyle(node).overflowX);
      if (!wide(element) || scrolls(element)) return false;
      const parent = element.parentElement;  // a table scrolls inside its wrapper
      return !(parent && scrolls(parent));
    }).map(element => element.textContent.slice(0, 60)),
  };
}"""


@pytest.mark.parametrize("name", PAGES)
def test_the_theme_lays_out_the_page(pages, name):
    found = pages[name]
    sheets = [urlsplit(sheet).path for sheet in found["sheets"]]
    assert any(sheet.endswith("/styles/furo.css") for sheet in sheets), f"{name}: {sheets}"
    sidebar, content = found["sidebar"], found["content"]
    assert sidebar and content, f"{name}: no sidebar or content box"
    assert sidebar["width"] > 100, f"{name}: the sidebar is not laid out ({sidebar})"
    assert sidebar["right"] <= content["left"] + 1, f"{name}: sidebar {sidebar}, content {content}"
    assert content["top"] < 200, f"{name}: the content starts {content['top']} px down"
    assert not found["clipped"], f"{name}: wide blocks cut off, not scrolling: {found['clipped']}"


@pytest.mark.parametrize("name", PAGES)
def test_the_maths_is_typeset(pages, name):
    found = pages[name]
    raw = sorted({match.group() for match in RAW_TEX.finditer(found["text"])})
    assert not raw, f"{name}: raw TeX left in the text: {raw}"
    assert found.get("mathjax", True), f"{name}: MathJax did not load"
    assert found["typeset"] >= found["math"], (
        f"{name}: {found['math']} formulas, {found['typeset']} typeset"
    )
    assert not found["errors"], f"{name}: {found['errors']} formulas MathJax could not read"


@pytest.mark.parametrize("name", PAGES)
def test_no_formula_is_drawn_turned_or_mirrored(pages, name):
    assert not pages[name]["turned"], f"{name}: formulas drawn turned: {pages[name]['turned']}"


def _stylesheets(*, site_own: bool = True) -> str:
    """The built site's stylesheets as <link> tags: the theme's, and the site's own."""
    static = SITE / "_static"
    sheets = sorted((static / "styles").glob("furo*.css"))
    if site_own:
        sheets.append(static / "mastermind-q.css")
    return "".join(f'<link rel="stylesheet" href="{sheet.as_uri()}">' for sheet in sheets)


_LINKS = """<div class="related-pages">
  <a class="next-page" href="#"><div class="page-info"><div class="title">Next
    <mjx-container class="MathJax" jax="SVG"><svg viewBox="0 -750 2000 1000" width="40px"
      height="20px"><g transform="scale(1,-1)"><rect width="900" height="700"/></g></svg>
    </mjx-container></div></div><svg class="furo-related-icon"><use href="#x"></use></svg></a>
  <a class="prev-page" href="#"><svg class="furo-related-icon"><use href="#x"></use></svg>
    <div class="page-info"><div class="title">Previous
    <mjx-container class="MathJax" jax="SVG"><svg viewBox="0 -750 2000 1000" width="40px"
      height="20px"><g transform="scale(1,-1)"><rect width="900" height="700"/></g></svg>
    </mjx-container></div></div></a>
</div>"""
"""A page footer as the theme builds it, a formula in each link (MathJax SVG output)."""


@pytest.fixture
def footer(browser):
    """``draw(head)``: the footer on a fresh page with ``head``; the turned formulas."""
    if not PAGES:
        pytest.fail(f"no site at {SITE}: build it first")
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto((SITE / "index.html").as_uri())  # a file: page may link the site's files

    def draw(head: str) -> list[str]:
        page.set_content(f"<html><head>{head}</head><body>{_LINKS}</body></html>")
        return page.evaluate(_TURNED)

    yield draw
    context.close()


@pytest.mark.parametrize(
    "rule",
    [
        ".related-pages a.prev-page svg { transform: rotate(180deg); }",  # the theme's
        "mjx-container { transform: scaleX(-1); }",
        ".prev-page .title { transform: scale(1, -1); }",
        "mjx-container svg { rotate: 90deg; }",
    ],
)
def test_the_turn_check_sees_a_turned_formula(footer, rule):
    assert footer("") == []
    turned = footer(f"<style>{rule}</style>")
    assert turned and all(found.startswith("in a link: ") for found in turned), turned


def test_the_sites_stylesheet_keeps_the_theme_from_turning_formulas(footer):
    """The theme alone turns the formula in the "Previous" link; the site's rule undoes it."""
    theme_only = footer(_stylesheets(site_own=False))
    assert len(theme_only) == 1 and "Previous" in theme_only[0], theme_only
    assert footer(_stylesheets()) == []


@pytest.mark.parametrize("name", PAGES)
def test_every_image_and_file_loads(pages, name):
    found = pages[name]
    broken = [image["src"] for image in found["images"] if not image["ok"]]
    assert not broken, f"{name}: broken images {broken}"
    assert not found["failed"], f"{name}: {found['failed']}"


@pytest.mark.parametrize("name", PAGES)
def test_no_request_leaves_the_site(pages, name):
    assert not pages[name]["outside"], f"{name} asked other hosts: {pages[name]['outside']}"


def test_the_key_pages_were_photographed(pages):
    for name in KEY_PAGES:
        assert name in pages, f"{name} is not a page of the site"
        shot = SCREENSHOTS / name.replace("/", "-").replace(".html", ".png")
        assert shot.stat().st_size > 10_000, shot
