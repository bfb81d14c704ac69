"""The code's shape, checked: short functions, small game files, no import circles.

A function body longer than 60 lines is allowed only when its docstring says why (a line
starting "Long because"); a game module longer than 500 lines is not allowed at all; the
modules of a game package import each other in one direction only (see docs/engine.md,
"The shape of a game package").
"""

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "meeple"
GAMES = SRC / "games"
MAX_BODY = 60
MAX_GAME_FILE = 500


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, str]:
    """How many lines the body takes, not counting its docstring, and the docstring."""
    body = node.body
    doc = ast.get_docstring(node) or ""
    first = body[1] if doc and len(body) > 1 else body[0]
    assert node.end_lineno is not None
    return node.end_lineno - first.lineno + 1, doc


def long_functions() -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _functions(tree):
            lines, doc = _body_lines(node)
            if lines > MAX_BODY and "Long because" not in doc:
                where = path.relative_to(SRC.parent)
                found.append(f"{where}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_body_over_sixty_lines() -> None:
    assert long_functions() == []


def test_the_checker_counts_bodies_without_their_docstring() -> None:
    source = "def f():\n    '''Doc.'''\n" + "    x = 1\n" * 61
    node = next(_functions(ast.parse(source)))
    assert _body_lines(node)[0] == 61


def _game_packages() -> list[Path]:
    return sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("package", _game_packages(), ids=lambda p: p.name)
def test_no_game_module_over_five_hundred_lines(package: Path) -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in package.glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > MAX_GAME_FILE} == {}


def _imports_within(package: Path) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports."""
    prefix = f"meeple.games.{package.name}"
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == prefix:
                    found.update(alias.name for alias in node.names)
                elif node.module.startswith(prefix + "."):
                    found.add(node.module.removeprefix(prefix + ".").split(".")[0])
        graph[path.stem] = found - {path.stem}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


@pytest.mark.parametrize("package", _game_packages(), ids=lambda p: p.name)
def test_game_package_has_no_import_circle(package: Path) -> None:
    graph = _imports_within(package)
    graph.pop("__init__", None)
    assert _cycle(graph) is None


def test_the_circle_finder_finds_a_circle() -> None:
    assert _cycle({"rules": {"view"}, "view": {"notation"}, "notation": {"rules"}}) == [
        "notation",
        "rules",
        "view",
        "notation",
    ]
    assert _cycle({"rules": {"view"}, "view": set()}) is None
