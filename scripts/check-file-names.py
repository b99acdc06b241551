#!/usr/bin/env python3
"""Every Swift file in Sources/ is named after what it holds.

The stem of a file (its name before `+` or `.swift`) must be a type, protocol or extension it
declares (`PointReader+Fast.swift` extends `PointReader`; an extension of `A.B` counts for `A`
and `B`), or, for a file of free functions, the name of one of its top-level functions or
constants, case aside (`JSONQuoted.swift` holds `jsonQuoted`). `main.swift` (an executable's
entry point) and a file of imports only (re-exports) pass. Prints each offender with what it declares; exits 1 on any.

    scripts/check-file-names.py [--exclude DIR]... [ROOT]

--exclude leaves out a folder (relative to the repository), for folders being changed elsewhere.
"""

import argparse
import re
import sys
from pathlib import Path

TYPE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*"
    r"(struct|class|enum|protocol|actor|extension|typealias)\s+([A-Za-z_][\w.]*)"
)
FUNCTION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private|nonisolated)\s+)*(?:func|let|var)\s+([A-Za-z_]\w*)"
)
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s")


def declarations(text: str) -> tuple[set[str], set[str], bool]:
    """The type names a file declares or extends, its top-level functions and constants, and
    whether it holds only imports."""
    types: set[str] = set()
    functions: set[str] = set()
    imports_only = True
    for line in text.splitlines():
        code = line.split("//", 1)[0]
        if code.strip() and not IMPORT.match(code):
            imports_only = False
        if m := TYPE.match(code):
            name = m.group(2)
            types.add(name)
            types.update(name.split("."))
        if m := FUNCTION.match(code):
            functions.add(m.group(1))
    return types, functions, imports_only


def check(path: Path) -> str | None:
    """What is wrong with the file's name, or None."""
    if path.name == "main.swift":
        return None
    stem = path.name.removesuffix(".swift").split("+", 1)[0]
    types, functions, imports_only = declarations(path.read_text(encoding="utf-8"))
    if imports_only or stem in types or stem.lower() in {f.lower() for f in functions}:
        return None
    held = sorted(types) + [f + "()" for f in sorted(functions)]
    return "declares " + (", ".join(held) if held else "nothing")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=".", help="the repository (default: .)")
    parser.add_argument("--exclude", action="append", default=[], help="a folder to leave out")
    args = parser.parse_args()
    root = Path(args.root)
    excluded = [(root / e).resolve() for e in args.exclude]
    offenders = 0
    for path in sorted((root / "Sources").rglob("*.swift")):
        resolved = path.resolve()
        if any(resolved.is_relative_to(e) for e in excluded):
            continue
        problem = check(path)
        if problem:
            offenders += 1
            print(f"{path.relative_to(root)}: {problem}")
    if offenders:
        print(f"{offenders} files not named after a type or function they declare", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
