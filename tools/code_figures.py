"""Figures of the code's shape that issue 68 asks for, read from webapp/'s source:
the classes with more than one base (mixins among them), where position, ply
and is_over are worked out or only forwarded to a held GameState, and the
longest list of attributes a class's docstring says it reads from self.

Run: python -m tools.code_figures [root] (root: a checkout, the current folder by default).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

GAME_NAMES = ("position", "ply", "is_over")
READ_NAME = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\b")


def classes(root: Path) -> Iterator[tuple[Path, ast.ClassDef]]:
    """Every class in root's webapp/, with its file."""
    for path in sorted((root / "webapp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(root), node


def many_bases(root: Path) -> list[str]:
    """The classes with more than one base, as "file:line Name(Base, Base)"."""
    return [f"{path}:{node.lineno} {node.name}({', '.join(ast.unparse(base) for base in node.bases)})"
            for path, node in classes(root) if len(node.bases) > 1]


def _defined_name(item: ast.stmt) -> str | None:
    """The name a class body's statement defines: a method's or a field's."""
    if isinstance(item, ast.FunctionDef):
        return item.name
    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
        return item.target.id
    return None


def _forwards(item: ast.stmt, name: str) -> bool:
    """Whether a method only returns the held GameState's answer (self.state.<name>)."""
    if not isinstance(item, ast.FunctionDef):
        return False
    body = [line for line in item.body if not (isinstance(line, ast.Expr) and isinstance(line.value, ast.Constant))]
    return (len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None
            and ast.unparse(body[0].value) == f"self.state.{name}")


def game_names(root: Path) -> tuple[list[str], list[str]]:
    """Where position, ply and is_over are defined outside the engine: those worked out, those forwarded."""
    worked: list[str] = []
    forwarded: list[str] = []
    for path, node in classes(root):
        if path.parts[1] == "engine":
            continue
        for item in node.body:
            name = _defined_name(item)
            if name in GAME_NAMES:
                (forwarded if _forwards(item, name) else worked).append(f"{path}:{item.lineno} {node.name}.{name}")
    return worked, forwarded


def longest_reads_list(root: Path) -> tuple[int, str]:
    """The most attributes a class's docstring lists after "reads" that its
    methods read from self without defining them (what a mixin asks of its host)."""
    longest = (0, "none")
    for path, node in classes(root):
        doc = ast.get_docstring(node) or ""
        if " reads " not in f" {doc} ":
            continue
        own = {name for item in node.body if (name := _defined_name(item))}
        read = {attribute.attr for attribute in ast.walk(node) if isinstance(attribute, ast.Attribute)
                and isinstance(attribute.value, ast.Name) and attribute.value.id == "self"} - own
        listed = set(READ_NAME.findall(doc.split(" reads ", 1)[1])) & read
        longest = max(longest, (len(listed), f"{path}:{node.name}"))
    return longest


def main(root: Path) -> None:
    """Print the figures."""
    bases = many_bases(root)
    print(f"classes with more than one base: {len(bases)}", *bases, sep="\n  ")
    worked, forwarded = game_names(root)
    print(f"position/ply/is_over worked out: {len(worked)}", *worked, sep="\n  ")
    print(f"position/ply/is_over forwarded to a held GameState: {len(forwarded)}", *forwarded, sep="\n  ")
    count, where = longest_reads_list(root)
    print(f"longest docstring list of names a class reads: {count} ({where})")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
