#!/usr/bin/env python3
"""ZoneClient's portability guard, run by scripts/check-client-portability.sh (make lint).

Linux cannot build for Apple platforms, so this checks what it can from `swift package
dump-package` and the sources:
  1. the ZoneClient product's target closure reaches no system library, linker setting or
     unsafe flag on Apple platforms (a Linux-only condition keeps them off);
  2. `ZONECTL_CLIENT_ONLY=1` declares that closure plus the client's tests and nothing else,
     and both manifests declare iOS >= 15 and macOS >= 12;
  3. no Swift source of those targets imports a platform-specific module outside an
     `#if canImport(...)` / `#if os(...)` block;
  4. each docs/CLIENT.md code block marked as compiled by the Apple workflow is its source
     file, byte for byte, and the workflow builds that file's package.
"""

import argparse
import json
import os
import re
import sys

PRODUCT = "ZoneClient"
CLIENT_TESTS = ["ClientTestSupport", "ZoneClientTests"]
APPLE = {"macos", "ios", "tvos", "watchos", "visionos", "maccatalyst", "driverkit"}
MIN_VERSIONS = {"ios": (15, 0), "macos": (12, 0)}
# Modules some platforms lack; the package's system-library targets are added to these.
PLATFORM_MODULES = {
    "Glibc", "Musl", "Bionic", "Darwin", "FoundationNetworking", "FoundationXML", "Compression",
    "CZlib", "CBrotli", "Android", "WinSDK", "ucrt", "WASILibc", "UIKit", "AppKit", "MapKit",
    "CoreLocation", "Network", "os",
}
WORKFLOW = ".github/workflows/apple.yml"
GUIDE = "docs/CLIENT.md"
COMPILED_MARK = re.compile(r"<!--\s*compiled by \.github/workflows/apple\.yml:\s*(\S+)\s*-->")
ILLUSTRATIVE_MARK = re.compile(r"<!--\s*illustrative\b")


# --- 1. The product's closure --------------------------------------------------------------

def edge(dependency):
    """(kind, name, package, platforms) of a target dependency; platforms None means all."""
    (kind, fields), = dependency.items()
    condition = fields[-1] if kind == "product" else fields[1]
    platforms = (condition or {}).get("platformNames") or None
    return kind, fields[0], fields[1] if kind == "product" else None, platforms and frozenset(platforms)


def closure(dump, product=PRODUCT):
    """Every target and external product the product reaches, mapped to the platforms it is
    reached on (None: all of them)."""
    targets = {t["name"]: t for t in dump["targets"]}
    roots = next((p["targets"] for p in dump["products"] if p["name"] == product), None)
    if roots is None:
        raise SystemExit(f"check-client-portability: the manifest has no {product} product")
    reached = {}
    pending = [(name, None) for name in roots]
    while pending:
        name, platforms = pending.pop()
        known = reached.get(name, frozenset())
        merged = None if platforms is None or known is None else known | platforms
        if name in reached and merged == known:
            continue
        reached[name] = merged
        for dependency in targets.get(name, {}).get("dependencies", []):
            kind, dep, package, only = edge(dependency)
            if kind == "product" or (kind == "byName" and dep not in targets):
                dep = f"{package or '?'}:{dep}"
            narrowed = only if merged is None else merged if only is None else merged & only
            pending.append((dep, narrowed))
    return reached


def on_apple(platforms):
    """Whether `platforms` (None: all of them) includes an Apple one."""
    return platforms is None or bool(platforms & APPLE)


def label(name, platforms):
    return name if platforms is None else f"{name} ({', '.join(sorted(platforms))})"


def closure_problems(dump, reached):
    targets = {t["name"]: t for t in dump["targets"]}
    problems = []
    for name, platforms in reached.items():
        target = targets.get(name)
        if target is None:
            continue
        if target["type"] == "system" and on_apple(platforms):
            problems.append(
                f"{name} is a system library and {PRODUCT} reaches it on Apple platforms: give that "
                f"dependency `condition: .when(platforms: [.linux])`")
        for setting in target.get("settings", []):
            kind = next(iter(setting["kind"]))
            only = (setting.get("condition") or {}).get("platformNames")
            if kind == "unsafeFlags":
                problems.append(
                    f"{name} has unsafeFlags: SwiftPM refuses them in a package an app adds by version")
            elif setting["tool"] == "linker" and on_apple(platforms) and on_apple(frozenset(only or APPLE)):
                problems.append(
                    f"{name} has a linker setting ({kind}) that applies on Apple platforms: "
                    f"condition it to .linux or drop it")
    return problems


# --- 2. The client-only manifest and the platforms -----------------------------------------

def platform_problems(dump, which):
    declared = {p["platformName"]: p["version"] for p in dump.get("platforms", [])}
    problems = []
    for platform, minimum in MIN_VERSIONS.items():
        version = declared.get(platform)
        if version is None:
            problems.append(f"{which} manifest declares no {platform} platform (needs {minimum[0]} or later)")
        elif tuple(int(part) for part in version.split(".")[:2]) < minimum:
            problems.append(f"{which} manifest declares {platform} {version}: {minimum[0]} or later is needed")
    return problems


def client_only_problems(full, client, reached):
    local = {name for name in reached if ":" not in name}
    expected = local | set(CLIENT_TESTS)
    declared = {t["name"] for t in client["targets"]}
    problems = []
    if declared - expected:
        extra = ", ".join(sorted(declared - expected))
        problems.append(f"ZONECTL_CLIENT_ONLY=1 declares targets outside the client: {extra}")
    if expected - declared:
        problems.append(f"ZONECTL_CLIENT_ONLY=1 lacks client targets: {', '.join(sorted(expected - declared))}")
    products = sorted(p["name"] for p in client["products"])
    if products != [PRODUCT]:
        problems.append(f"ZONECTL_CLIENT_ONLY=1 declares products {products}: only {PRODUCT} is expected")
    used = {name.split(":")[0] for name in closure(client, PRODUCT) if ":" in name}
    for target in client["targets"]:
        for dependency in target.get("dependencies", []):
            kind, _, package, _ = edge(dependency)
            if kind == "product":
                used.add(package)
    for dependency in client.get("dependencies", []):
        identity = next(iter(dependency.values()))[0].get("identity")
        if identity and identity not in used:
            problems.append(f"ZONECTL_CLIENT_ONLY=1 declares package {identity}, which no client target uses")
    return problems + platform_problems(full, "the") + platform_problems(client, "the ZONECTL_CLIENT_ONLY=1")


# --- 3. Platform imports -------------------------------------------------------------------

def code_only(text):
    """`text` with comments and string literal contents blanked, newlines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
            out.append(" ")
        elif STRING_OPEN.match(text, i):
            start = STRING_OPEN.match(text, i).end() - 1
            hashes = start - i
            triple = text.startswith('"""', start)
            close = ('"""' if triple else '"') + "#" * hashes
            i = start + (3 if triple else 1)
            while i < n and not text.startswith(close, i):
                if text[i] == "\\" and not hashes:
                    i += 1  # an escaped character (a newline after it is a line continuation)
                if i < n and text[i] == "\n":
                    out.append("\n")
                    if not triple:
                        i += 1
                        break  # an unterminated one-line string ends at its line
                i += 1
            else:
                i += len(close)
            out.append('""')
        else:
            out.append(c)
            i += 1
    return "".join(out)


STRING_OPEN = re.compile(r'#*"')
IMPORT = re.compile(
    r"^\s*(?:(?:@[A-Za-z_]\w*(?:\([^)]*\))?|public|package|internal|fileprivate|private|open)\s+)*"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)")
PLATFORM_CONDITION = re.compile(r"\b(canImport|os)\s*\(")


def unguarded_imports(text, modules):
    """(line, module, problem) for each import of `modules` outside a platform #if branch, and
    for unbalanced #if/#endif."""
    found = []
    stack = []  # per open #if: whether its chain so far tested canImport(...) or os(...)
    for number, line in enumerate(code_only(text).split("\n"), 1):
        directive = DIRECTIVE.match(line)
        if directive:
            keyword, condition = directive.groups()
            if keyword == "if":
                stack.append(bool(PLATFORM_CONDITION.search(condition)))
            elif not stack:
                found.append((number, None, f"#{keyword} without #if"))
            elif keyword == "elseif":
                stack[-1] = stack[-1] or bool(PLATFORM_CONDITION.search(condition))
            elif keyword == "endif":
                stack.pop()
            continue
        for statement in line.split(";"):
            match = IMPORT.match(statement)
            if match and match.group(1) in modules and not any(stack):
                found.append((number, match.group(1), None))
    if stack:
        found.append((len(text.split("\n")), None, "#if without #endif"))
    return found


def target_directory(root, target):
    if "path" in target:
        return os.path.join(root, target["path"])
    parents = ["Tests"] if target["type"] == "test" else ["Sources", "Source", "src", "srcs"]
    for parent in parents:
        candidate = os.path.join(root, parent, target["name"])
        if os.path.isdir(candidate):
            return candidate
    return os.path.join(root, parents[0], target["name"])


def swift_sources(root, target):
    directory = target_directory(root, target)
    excluded = [os.path.normpath(os.path.join(directory, e)) for e in target.get("exclude", [])]
    listed = target.get("sources")
    starts = [os.path.join(directory, s) for s in listed] if listed else [directory]
    files = []
    for start in starts:
        if os.path.isfile(start):
            files.append(start)
        for folder, subfolders, names in os.walk(start):
            subfolders[:] = sorted(d for d in subfolders if os.path.join(folder, d) not in excluded)
            files += [os.path.join(folder, name) for name in sorted(names) if name.endswith(".swift")]
    return directory, [f for f in files if f.endswith(".swift") and os.path.normpath(f) not in excluded]


def source_problems(root, dump, names):
    targets = {t["name"]: t for t in dump["targets"]}
    modules = PLATFORM_MODULES | {t["name"] for t in dump["targets"] if t["type"] == "system"}
    problems, count = [], 0
    for name in sorted(names):
        target = targets.get(name)
        if target is None or target["type"] in ("system", "binary", "plugin"):
            continue
        directory, files = swift_sources(root, target)
        if not os.path.isdir(directory):
            problems.append(f"{name}: no source directory at {os.path.relpath(directory, root)}")
        for path in files:
            count += 1
            with open(path, encoding="utf-8") as source:
                text = source.read()
            for line, module, problem in unguarded_imports(text, modules):
                where = f"{os.path.relpath(path, root)}:{line}"
                problems.append(
                    f"{where}: {problem}" if problem else
                    f"{where}: `import {module}` outside #if canImport({module}) (or an #if os(...) block)")
    return count, problems


# --- 4. The guide's compiled blocks --------------------------------------------------------

def guide_problems(root):
    path = os.path.join(root, GUIDE)
    if not os.path.exists(path):
        return 0, [f"{GUIDE} is missing"]
    with open(path, encoding="utf-8") as guide:
        lines = guide.read().split("\n")
    workflow_path = os.path.join(root, WORKFLOW)
    workflow = open(workflow_path, encoding="utf-8").read() if os.path.exists(workflow_path) else ""
    problems, compiled, pending = [], 0, None
    i = 0
    while i < len(lines):
        line = lines[i]
        mark = COMPILED_MARK.search(line)
        if mark or ILLUSTRATIVE_MARK.search(line):
            pending = (i + 1, mark and mark.group(1))
        elif line.startswith("```"):
            language = line[3:].strip()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
            block = "\n".join(lines[i + 1:end])
            if language == "swift" and pending is None:
                problems.append(
                    f"{GUIDE}:{i + 1}: a swift block with neither a `compiled by {WORKFLOW}: FILE` "
                    f"nor an `illustrative` mark before it")
            elif pending and pending[1]:
                compiled += 1
                problems += compiled_block_problems(root, pending[1], block, i + 1, workflow)
            pending, i = None, end
        elif line.strip() and pending:
            problems.append(f"{GUIDE}:{pending[0]}: a mark not followed by a code block")
            pending = None
        i += 1
    if compiled == 0:
        problems.append(f"{GUIDE} has no block marked `compiled by {WORKFLOW}: FILE`")
    return compiled, problems


def compiled_block_problems(root, relative, block, line, workflow):
    source = os.path.join(root, relative)
    if not os.path.isfile(source):
        return [f"{GUIDE}:{line}: the block's source {relative} does not exist"]
    with open(source, encoding="utf-8") as file:
        text = file.read()
    problems = []
    if text.rstrip("\n") != block.rstrip("\n"):
        problems.append(f"{GUIDE}:{line}: the block differs from {relative}; copy the file into the guide")
    package = os.path.dirname(source)
    while package not in (root, os.path.dirname(package)):
        if os.path.exists(os.path.join(package, "Package.swift")):
            break
        package = os.path.dirname(package)
    if os.path.relpath(package, root) not in workflow:
        problems.append(f"{WORKFLOW} does not build {os.path.relpath(package, root)}, where {relative} is")
    return problems


# --- Running -------------------------------------------------------------------------------

def check(root, full, client):
    reached = closure(full)
    problems = closure_problems(full, reached)
    problems += [f"ZONECTL_CLIENT_ONLY=1: {p}" for p in closure_problems(client, closure(client))]
    problems += client_only_problems(full, client, reached)
    local = {name for name in reached if ":" not in name}
    sources, imports = source_problems(root, full, local | set(CLIENT_TESTS))
    blocks, guide = guide_problems(root)
    problems += imports + guide
    summary = (
        f"{PRODUCT} closure: {', '.join(label(n, p) for n, p in ordered(full, reached))}; "
        f"{sources} sources (with {' and '.join(CLIENT_TESTS)}), "
        f"{f'{len(imports)} problem(s) in them' if imports else 'no unguarded platform import'}; "
        f"{blocks} compiled guide blocks compared with their files")
    return problems, summary


def ordered(dump, reached):
    order = {t["name"]: i for i, t in enumerate(dump["targets"])}
    local = [n for n in reached if n in order]
    first = [n for n in local if n == PRODUCT]
    rest = sorted((n for n in local if n != PRODUCT), key=lambda n: (dump_type(dump, n) == "system", order[n]))
    return [(n, reached[n]) for n in first + rest + sorted(n for n in reached if n not in order)]


def dump_type(dump, name):
    return next(t["type"] for t in dump["targets"] if t["name"] == name)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=".")
    parser.add_argument("--full", help="`swift package dump-package` output")
    parser.add_argument("--client", help="`ZONECTL_CLIENT_ONLY=1 swift package dump-package` output")
    parser.add_argument("--self-test", action="store_true", help="prove the checks catch what they should")
    args = parser.parse_args()
    if args.self_test:
        from client_portability_selftest import run
        return run(sys.modules[__name__])
    with open(args.full) as full, open(args.client) as client:
        problems, summary = check(os.path.abspath(args.root), json.load(full), json.load(client))
    print(f"check-client-portability: {summary}")
    for problem in problems:
        print(f"check-client-portability: {problem}")
    if problems:
        print(f"check-client-portability: FAILED ({len(problems)} problem(s))")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
