"""The code's shape, as a new engineer meets it (issue 38): every function of the product
(engine/, storage/, companion/) fits on a screen and has few enough paths to follow
(cyclomatic complexity counted as radon counts it: grade C or better), and no test module
imports from another test module (what tests share is in a support module)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("engine", "storage", "companion")
MOST_LINES = 60
MOST_PATHS = 20

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def functions():
    """(place, function) for every function of the product, nested ones included."""
    for folder in PRODUCT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, FUNCTIONS):
                    yield f"{path.relative_to(ROOT)}:{node.lineno} {node.name}", node


def own_nodes(function):
    """The function's own nodes: a nested function or class is counted on its own."""
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef)):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def paths(function) -> int:
    """Cyclomatic complexity: one, plus one per decision (radon's count)."""
    total = 1
    for node in own_nodes(function):
        if isinstance(node, (ast.If, ast.IfExp)):
            total += 1
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            total += 1 + bool(node.orelse)
        elif isinstance(node, ast.ExceptHandler) or isinstance(node, ast.match_case):
            total += 1
        elif isinstance(node, ast.Try):
            total += bool(node.orelse)
        elif isinstance(node, ast.BoolOp):
            total += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            total += 1 + len(node.ifs)
    return total


def test_every_function_fits_on_a_screen():
    long = [f"{place}: {node.end_lineno - node.lineno + 1} lines" for place, node in functions()
            if node.end_lineno - node.lineno + 1 > MOST_LINES]
    assert not long, "\n".join(long)


def test_no_function_has_too_many_paths():
    tangled = [f"{place}: {paths(node)}" for place, node in functions() if paths(node) > MOST_PATHS]
    assert not tangled, "\n".join(tangled)


def test_the_count_is_radon_s_on_a_known_function():
    source = ("def f(a, b):\n    if a and b or a:\n        return [x for x in a if x]\n"
              "    for x in b:\n        pass\n    else:\n        pass\n"
              "    try:\n        pass\n    except ValueError:\n        pass\n    return 1 if a else 2\n")
    assert paths(ast.parse(source).body[0]) == 1 + 1 + 2 + 2 + 2 + 1 + 1


def test_no_test_module_imports_from_another():
    borrowed = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests."):
                if node.module.rsplit(".", 1)[-1].startswith("test_"):
                    borrowed.append(f"{path.relative_to(ROOT)}:{node.lineno} from {node.module}")
    assert not borrowed, "\n".join(borrowed)
