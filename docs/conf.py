"""Sphinx configuration of the mastermind_q documentation site.

Build it from the repository root (no network needed)::

    python -m sphinx -W -b html docs docs/_build/html

The API reference (``docs/api/``) is generated here, at every build, from the
package itself: one page per module, so a new module or a new public function shows up
without editing the docs. Every public object is documented once, under the shortest
public name it is exported by (``mastermind_q.solve``, ``mastermind_q.circuits.
black_peg_oracle``, ``mastermind_q.compare.compare``); references to its defining
module's name (type hints, docstrings) resolve to that entry.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
import tempfile
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # document this checkout, not an installed copy
# ... and run the notebooks against it too (their kernels inherit this environment)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
os.environ.setdefault("MPLBACKEND", "Agg")

import mastermind_q  # noqa: E402

# -- quiet builds: two messages from upstream that a reader of the build cannot act on --
# sphinx-autodoc-typehints (3.6.1, the newest) calls a parser method Sphinx 9 deprecates,
# once per docstring it parses: 256 RemovedInSphinx10Warning lines.
warnings.filterwarnings(
    "ignore",
    message=r".*_RstSnippetParser\.set_application' is deprecated",
    category=DeprecationWarning,
)
# The notebook kernels jupyter-cache starts talk to the build over local TCP (Jupyter's
# default transport), and ipykernel warns about that at every start; the kernels read
# this IPython profile (a temporary one: no user startup files either), which drops
# only that message.
_IPYTHON_DIR = tempfile.TemporaryDirectory(prefix="mastermind-q-docs-ipython-")
_KERNEL_CONFIG = Path(_IPYTHON_DIR.name) / "profile_default" / "ipython_kernel_config.py"
_KERNEL_CONFIG.parent.mkdir(parents=True)
_KERNEL_CONFIG.write_text(
    "import logging\n"
    "class _LocalTcp(logging.Filter):\n"
    "    def filter(self, record):\n"
    "        return 'running over TCP without encryption' not in record.getMessage()\n"
    "logging.getLogger('IPKernelApp').addFilter(_LocalTcp())\n",
    encoding="utf-8",
)
os.environ["IPYTHONDIR"] = _IPYTHON_DIR.name

project = "mastermind_q"
author = "The mastermind_q developers"
copyright = "the mastermind_q developers, Apache-2.0"
release = mastermind_q.__version__
version = release

extensions = [
    # The theme's own extension: it registers the theme and links its stylesheet
    # (naming the theme in html_theme alone leaves every page unstyled).
    "qiskit_sphinx_theme",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    # MathJax 3 shipped with the site (a PyPI package's copy, copied into _static at
    # build time): the maths renders offline and no page asks another host for it.
    "sphinx-mathjax-offline",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
    "sphinxarg.ext",
    "myst_nb",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]
highlight_language = "text"  # an unlabelled block (program output) is not coloured
smartquotes = False  # keep "--option" and quotes as typed (the CLI reference above all)
# _templates/custom_templates/extra_head.html replaces the theme's, which links
# IBM Plex from Google Fonts: the theme's font stacks fall back to local fonts.
templates_path = ["_templates"]

# -- HTML: the Qiskit ecosystem theme, nothing fetched at build or view time -------
html_theme = "qiskit-ecosystem"
html_title = f"mastermind_q {release}"
html_theme_options = {"sidebar_qiskit_ecosystem_member": False}
html_static_path = ["_static"]
html_css_files = ["mastermind-q.css"]  # wide code blocks and tables scroll
html_last_updated_fmt = None
MATHJAX_PATH = "mathjax/tex-svg.js"
"""MathJax's SVG output: the rendered maths needs no web fonts."""
mathjax_path = MATHJAX_PATH

# -- autodoc, napoleon, type hints ------------------------------------------------
autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "description"  # sphinx-autodoc-typehints puts them in the fields
autodoc_preserve_defaults = True
autodoc_mock_imports: list[str] = []
autosummary_generate = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True
napoleon_use_ivar = True  # Attributes: fields, not entries that clash with autodoc's
typehints_use_signature = False
typehints_use_signature_return = False
always_document_param_types = False
typehints_defaults = None
python_use_unqualified_type_names = True
# An annotation naming a TYPE_CHECKING-only import is shown as written, not an error
# (the import direction rule keeps such imports common); docstring problems still fail.
suppress_warnings = [
    "sphinx_autodoc_typehints.forward_reference",
    "sphinx_autodoc_typehints.guarded_import",
]


def _whole_line_summary(self: Any) -> tuple[str, list[str]]:
    """Napoleon reads ``Summary: detail`` in a property docstring as ``type: text``.

    The package's types come from annotations; its property and data docstrings start
    with a summary that may hold a colon, so the whole first line stays text.
    """
    lines = [self._lines.next(), *self._dedent(self._consume_to_end())]
    return "", self.__class__(lines, self._config).lines()


from sphinx.ext.napoleon import docstring as _napoleon  # noqa: E402

if hasattr(_napoleon.GoogleDocstring, "_consume_inline_attribute"):
    _napoleon.GoogleDocstring._consume_inline_attribute = _whole_line_summary

# -- MyST and the notebooks ---------------------------------------------------------
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_heading_anchors = 3
nb_execution_mode = "cache"  # executed once, re-run when a notebook changes
nb_execution_raise_on_error = True  # a failing cell fails the build
nb_execution_show_tb = True
nb_execution_timeout = 600
nb_merge_streams = True

# No intersphinx: the build never reaches the network.

# -- the generated API reference ----------------------------------------------------
API = DOCS / "api"
INTERNAL_PACKAGES = ("mastermind_q.cli",)
"""Packages documented by their own page only: the command line's modules are its
implementation (the CLI reference documents the commands)."""


def _is_public_module(name: str) -> bool:
    """A module is public API when no part of its name starts with ``_``, it declares
    ``__all__``, and it is not inside one of :data:`INTERNAL_PACKAGES`."""
    if any(part.startswith("_") for part in name.split(".")[1:]):
        return False
    if any(name.startswith(package + ".") for package in INTERNAL_PACKAGES):
        return False
    return name == mastermind_q.__name__ or hasattr(importlib.import_module(name), "__all__")


def _modules() -> list[ModuleType]:
    """The public modules of the package (:func:`_is_public_module`), in import-path order."""
    names = [mastermind_q.__name__]
    for info in pkgutil.walk_packages(mastermind_q.__path__, mastermind_q.__name__ + "."):
        if _is_public_module(info.name):
            names.append(info.name)
    return [importlib.import_module(name) for name in sorted(names)]


def _is_package(module: ModuleType) -> bool:
    return hasattr(module, "__path__")


def _public(module: ModuleType) -> dict[str, Any]:
    """The names autodoc documents for ``module``: ``__all__``, else what it defines."""
    exported = getattr(module, "__all__", None)
    if exported is not None:
        return {name: getattr(module, name) for name in exported}
    return {
        name: value
        for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
    }


def _documentable(value: Any) -> bool:
    """Functions and classes (objects with a home module); data is left where it is."""
    return (inspect.isfunction(value) or inspect.isclass(value)) and hasattr(value, "__qualname__")


def _canonical(modules: list[ModuleType]) -> dict[int, tuple[str, str, Any]]:
    """id(object) -> (module, name, object): its shortest public path, the home on a tie."""
    places: dict[int, list[tuple[int, int, str, str, Any]]] = {}
    module_names = {module.__name__ for module in modules}
    for module in modules:
        for name, value in _public(module).items():
            # ``mastermind_q.cli.main`` is a module: its function ``main`` stays there
            if _documentable(value) and f"{module.__name__}.{name}" not in module_names:
                home = 0 if value.__module__ == module.__name__ else 1
                depth = module.__name__.count(".")
                places.setdefault(id(value), []).append((depth, home, module.__name__, name, value))
    return {key: min(found, key=lambda p: p[:3])[2:] for key, found in places.items()}


def _title(text: str, mark: str = "=") -> str:
    return f"{text}\n{mark * len(text)}\n"


def _page(module: ModuleType, children: list[str], canonical: dict) -> str:
    name = module.__name__
    elsewhere = sorted(
        member
        for member, value in _public(module).items()
        if _documentable(value) and canonical.get(id(value), (name,))[0] != name
    )
    lines = [_title(f"``{name}``"), f".. automodule:: {name}", "   :members:"]
    if elsewhere:
        lines.append(f"   :exclude-members: {', '.join(elsewhere)}")
    if elsewhere:
        lines += ["", "Also available here, documented under their public names:", ""]
        for member in elsewhere:
            place, public, _ = canonical[id(_public(module)[member])]
            lines.append(f"* :py:obj:`{place}.{public}`")
    if children:
        lines += ["", ".. toctree::", "   :maxdepth: 1", ""]
        lines += [f"   {child}" for child in children]
    return "\n".join(lines) + "\n"


def _write(path: Path, text: str) -> None:
    """Write only when the text changes (so unchanged pages are not rebuilt)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _generate_api() -> dict[str, str]:
    """Write ``docs/api/*.rst``; return the defining path -> public path of moved objects."""
    modules = _modules()
    canonical = _canonical(modules)
    API.mkdir(exist_ok=True)
    names = [module.__name__ for module in modules]
    wanted = {"index.rst"}
    for module in modules:
        children = [
            other
            for other in names
            if other.rpartition(".")[0] == module.__name__ and module is not mastermind_q
        ]
        _write(API / f"{module.__name__}.rst", _page(module, children, canonical))
        wanted.add(f"{module.__name__}.rst")
    top = [name for name in names if name.count(".") == 1]
    index = [
        _title("API reference"),
        "Generated from the docstrings. Every public function and class is documented",
        "once, under the name it is imported by: ``mastermind_q.solve``,",
        "``mastermind_q.Codemaker``, ``mastermind_q.circuits.black_peg_oracle``,",
        "``mastermind_q.compare.compare``; the module that defines it lists it too.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
        "   mastermind_q",
        *[f"   {name}" for name in top],
    ]
    _write(API / "index.rst", "\n".join(index) + "\n")
    for stale in API.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    aliases = {}
    for module_name, public, value in canonical.values():
        defined = f"{value.__module__}.{value.__qualname__}"
        if defined != f"{module_name}.{public}":
            aliases[defined] = f"{module_name}.{public}"
    return aliases


ALIASES = _generate_api()


def _resolve_alias(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Point a reference to an object's defining path at its public entry."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    for defined, public in ALIASES.items():
        if target == defined or target.startswith(defined + "."):
            domain = env.get_domain("py")
            new = public + target[len(defined) :]
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], new, node, contnode
            )
    return None


def _examples_as_code(app: Any, doctree: Any) -> None:
    """Show each command's ``examples:`` epilog (from ``--help``) as a shell block.

    reStructuredText reads ``examples:`` and its indented lines as a definition list,
    which runs the command lines together.
    """
    from docutils import nodes

    for term in list(doctree.findall(nodes.term)):
        item = term.parent
        listing = item.parent
        if term.astext().strip() != "examples:" or len(listing.children) != 1:
            continue
        text = item.next_node(nodes.definition).astext()
        block = nodes.literal_block(text, text, language="bash")
        listing.replace_self([nodes.rubric(text="Examples"), block])


OPEN_TOCTREES = ("algorithms/index", "guide/index")
"""Index pages whose (last) toctree also lists every other page of their folder."""


def _complete_toctree(app: Any, docname: str, source: list[str]) -> None:
    """Add the pages of the folder that the index's toctree does not name, sorted.

    A new page under ``docs/algorithms/`` or ``docs/guide/`` joins the site without an
    edit of the index: the index lists its pages in reading order, new ones follow.
    (A ``*`` glob would do the same, but warns, and so fails ``-W``, when it matches
    nothing.)
    """
    if docname not in OPEN_TOCTREES:
        return
    text = source[0]
    start = text.rfind("```{toctree}")
    end = text.find("\n```", start)
    if start < 0 or end < 0:
        return
    listed = {line.strip() for line in text[start:end].splitlines()}
    folder = DOCS / docname.rpartition("/")[0]
    new = sorted(
        path.stem
        for path in folder.iterdir()
        if path.suffix in (".md", ".rst", ".ipynb") and path.stem not in listed | {"index"}
    )
    if new:
        source[0] = text[:end] + "".join(f"\n{name}" for name in new) + text[end:]


ARGPARSE_GROUPS = ("Positional Arguments", "Named Arguments")
"""sphinx-argparse's section titles for argparse's default groups."""


def _unwrap_argparse_groups(app: Any, doctree: Any) -> None:
    """Put each command's arguments straight under the command, without a heading.

    sphinx-argparse gives every command a "Positional Arguments" and a "Named
    Arguments" section; on a page of many commands those titles fill the table of
    contents with the same two words. The option lists stay as they are.
    """
    from docutils import nodes

    for section in list(doctree.findall(nodes.section)):
        title = section.next_node(nodes.title)
        if title is None or title.parent is not section:
            continue
        if title.astext().strip() in ARGPARSE_GROUPS:
            section.replace_self([child for child in section.children if child is not title])


def _set_mathjax_path(app: Any) -> None:
    """``sphinx-mathjax-offline`` sets its CHTML file in its setup; use SVG output."""
    app.config.mathjax_path = MATHJAX_PATH


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_alias)
    app.connect("doctree-read", _examples_as_code)
    # before the table of contents is collected from the doctree (priority 500)
    app.connect("doctree-read", _unwrap_argparse_groups, priority=100)
    app.connect("builder-inited", _set_mathjax_path)
    # MathJax on every page, not only on pages with maths in their body: the sidebar of
    # every page lists the algorithm pages, some of whose titles hold maths.
    app.set_html_assets_policy("always")
    app.connect("source-read", _complete_toctree)
