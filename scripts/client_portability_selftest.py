"""`scripts/check-client-portability.sh --self-test`: each check of client_portability.py run
on input made to fail it, and on the same input fixed, so a check that stopped catching
anything fails `make lint`. Synthetic manifests, sources and guides in temporary directories,
plus one real `swift package dump-package` of a copy of Package.swift with a condition removed.
"""

import json
import os
import re
import subprocess
import tempfile


def dep(name, platforms=None, kind="target"):
    condition = {"platformNames": platforms} if platforms else None
    if kind == "product":
        return {"product": [name, "swift-crypto", None, condition]}
    return {kind: [name, condition]}


def target(name, kind="regular", dependencies=(), settings=(), **extra):
    return {"name": name, "type": kind, "dependencies": list(dependencies), "settings": list(settings),
            "exclude": [], **extra}


def manifest(zone_client_dependencies, extra_targets=(), platforms=(("macos", "12.0"), ("ios", "15.0"))):
    targets = [
        target("CZlib", "system"),
        target("DecodingMessage"),
        target("ZoneClient", dependencies=zone_client_dependencies),
        target("ClientTestSupport", path="Tests/ClientTestSupport"),
        target("ZoneClientTests", "test", [dep("ZoneClient", kind="byName"), dep("ClientTestSupport", kind="byName")]),
        *extra_targets,
    ]
    return {
        "targets": targets,
        "products": [{"name": "ZoneClient", "targets": ["ZoneClient"]}],
        "platforms": [{"platformName": p, "version": v} for p, v in platforms],
        "dependencies": [{"sourceControl": [{"identity": "swift-crypto"}]}],
    }


GOOD = [dep("CZlib", ["linux"]), dep("DecodingMessage", kind="byName"), dep("Crypto", kind="product")]

# (name, source, modules reported)
IMPORT_CASES = [
    ("unguarded", "import Glibc\n", ["Glibc"]),
    ("canImport", "#if canImport(Glibc)\n    import Glibc\n#endif\n", []),
    ("each branch of a platform chain",
     "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#else\nimport Musl\n#endif\n", []),
    ("#if DEBUG", "#if DEBUG\nimport Glibc\n#endif\n", ["Glibc"]),
    ("#elseif os(...)", "#if DEBUG\n#elseif os(Linux)\nimport Glibc\n#endif\n", []),
    ("#if DEBUG inside os(...)", "#if os(Linux)\n#if DEBUG\nimport Glibc\n#endif\n#endif\n", []),
    ("after a closed platform block", "#if canImport(Glibc)\nimport Glibc\n#endif\nimport Glibc\n", ["Glibc"]),
    ("internal import", "internal import CZlib\n", ["CZlib"]),
    ("@_implementationOnly", "@_implementationOnly import FoundationNetworking\n", ["FoundationNetworking"]),
    ("public import", "public import Darwin\n", ["Darwin"]),
    ("@preconcurrency", "@preconcurrency import Network\n", ["Network"]),
    ("a declaration import", "import struct Glibc.stat\n", ["Glibc"]),
    ("a submodule", "import os.log\n", ["os"]),
    ("after a semicolon", "import Foundation; import Compression\n", ["Compression"]),
    ("a system library of the package", "import CGEOS\n", ["CGEOS"]),
    ("portable modules", "import Foundation\ninternal import Crypto\nimport Dispatch\n", []),
    ("comments", "// import Glibc\n/* import Glibc\n /* nested */ import Darwin */\n", []),
    ("string literals", 'let a = """\nimport Glibc\n"""\nlet b = #"import Glibc"#\nlet c = "\\"import Glibc"\n', []),
]


def expect(condition, message, failures):
    if not condition:
        failures.append(message)


def run(guard):
    failures = []
    closure_cases(guard, failures)
    import_cases(guard, failures)
    with tempfile.TemporaryDirectory(prefix="client-portability-") as root:
        source_cases(guard, root, failures)
        guide_cases(guard, os.path.join(root, "guide"), failures)
        real_manifest_case(guard, os.path.join(root, "real"), failures)
    for failure in failures:
        print(f"check-client-portability --self-test: FAILED: {failure}")
    if not failures:
        print(f"check-client-portability --self-test: {len(IMPORT_CASES)} import cases, the closure, "
              "client-only, source, guide and real-manifest checks catch what they should")
    return 1 if failures else 0


def closure_cases(guard, failures):
    good = manifest(GOOD)
    reached = guard.closure(good)
    expect(reached.get("CZlib") == frozenset({"linux"}), f"CZlib reached on {reached.get('CZlib')}", failures)
    expect("swift-crypto:Crypto" in reached, "an external product is part of the closure", failures)
    expect(guard.closure_problems(good, reached) == [], "a Linux-only system library passes", failures)

    for name, dependencies in [
        ("an unconditioned system library", [dep("CZlib")]),
        ("a system library for Linux and macOS", [dep("CZlib", ["linux", "macos"])]),
        ("a system library also reached unconditioned", [dep("CZlib", ["linux"]), dep("DecodingMessage")]),
    ]:
        bad = manifest(dependencies)
        if len(dependencies) > 1:
            bad["targets"][1]["dependencies"] = [dep("CZlib")]  # DecodingMessage -> CZlib
        problems = guard.closure_problems(bad, guard.closure(bad))
        expect(any("CZlib is a system library" in p for p in problems), f"{name} is caught: {problems}", failures)

    for name, setting, caught in [
        ("an unconditioned linker setting", {"tool": "linker", "kind": {"linkedLibrary": {"_0": "z"}}}, True),
        ("a Linux-only linker setting",
         {"tool": "linker", "kind": {"linkedLibrary": {"_0": "z"}}, "condition": {"platformNames": ["linux"]}}, False),
        ("unsafeFlags", {"tool": "swift", "kind": {"unsafeFlags": {"_0": ["-Ounchecked"]}}}, True),
    ]:
        bad = manifest(GOOD)
        bad["targets"][1]["settings"] = [setting]
        problems = guard.closure_problems(bad, guard.closure(bad))
        expect(bool(problems) == caught, f"{name}: {problems}", failures)

    client = manifest(GOOD)
    expect(guard.client_only_problems(good, client, reached) == [], "the client-only manifest passes", failures)
    extra = manifest(GOOD, [target("ZonePipeline")])
    expect(any("outside the client: ZonePipeline" in p for p in guard.client_only_problems(good, extra, reached)),
           "an extra client-only target is caught", failures)
    for platforms, word in [((("macos", "12.0"),), "no ios"), ((("macos", "12.0"), ("ios", "14.0")), "ios 14.0")]:
        problems = guard.client_only_problems(good, manifest(GOOD, platforms=platforms), reached)
        expect(any(word in p for p in problems), f"{word} is caught: {problems}", failures)


def import_cases(guard, failures):
    modules = guard.PLATFORM_MODULES | {"CGEOS"}
    for name, source, expected in IMPORT_CASES:
        found = [module for _, module, _ in guard.unguarded_imports(source, modules)]
        expect(found == expected, f"imports, {name}: found {found}, expected {expected}", failures)
    source = 'let s = """\n\n"""\n// x\n/*\n*/\nimport Glibc\n'
    lines = [line for line, _, _ in guard.unguarded_imports(source, modules)]
    expect(lines == [7], f"line numbers survive blanked strings and comments: {lines}", failures)
    problems = [p for _, _, p in guard.unguarded_imports("#if os(Linux)\nimport Glibc\n", modules)]
    expect(problems == ["#if without #endif"], f"an unbalanced #if is caught: {problems}", failures)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def source_cases(guard, root, failures):
    dump = manifest(GOOD)
    dump["targets"][2]["exclude"] = ["Excluded"]
    write(os.path.join(root, "Sources/ZoneClient/Codec/Gunzip.swift"),
          "#if canImport(CZlib)\n    internal import CZlib\n#elseif canImport(Compression)\n"
          "    internal import Compression\n#endif\n")
    write(os.path.join(root, "Sources/ZoneClient/Excluded/Old.swift"), "import Glibc\n")
    write(os.path.join(root, "Sources/DecodingMessage/Message.swift"), "import Foundation\n")
    write(os.path.join(root, "Tests/ClientTestSupport/Server.swift"),
          "#if canImport(Glibc)\nimport Glibc\n#else\nimport Darwin\n#endif\n")
    write(os.path.join(root, "Tests/ZoneClientTests/Tests.swift"), "import Testing\n")
    names = {"ZoneClient", "DecodingMessage", "CZlib", "ClientTestSupport", "ZoneClientTests"}
    count, problems = guard.source_problems(root, dump, names)
    expect((count, problems) == (4, []), f"guarded sources pass, excluded ones are skipped: {count} {problems}",
           failures)
    write(os.path.join(root, "Tests/ClientTestSupport/Loopback.swift"), "import Foundation\nimport Glibc\n")
    _, problems = guard.source_problems(root, dump, names)
    expect(problems == ["Tests/ClientTestSupport/Loopback.swift:2: `import Glibc` outside #if canImport(Glibc) "
                        "(or an #if os(...) block)"], f"an unguarded import is caught: {problems}", failures)


def guide_cases(guard, root, failures):
    example = "Examples/ZoneMapKit/Sources/ZoneMapKit/ZoneOverlays.swift"
    code = "#if canImport(MapKit)\n    import MapKit\n#endif\n"
    write(os.path.join(root, "Examples/ZoneMapKit/Package.swift"), "// swift-tools-version: 6.0\n")
    write(os.path.join(root, example), code)
    write(os.path.join(root, guard.WORKFLOW),
          "run: xcodebuild -scheme ZoneMapKit\n  working-directory: Examples/ZoneMapKit\n")

    def guide(block, mark=f"<!-- compiled by .github/workflows/apple.yml: {example} -->"):
        write(os.path.join(root, guard.GUIDE),
              f"# Guide\n\n{mark}\n```swift\n{block}```\n\n<!-- illustrative, not compiled -->\n"
              "```swift\nlet x = 1\n```\n\n```bash\nswift build\n```\n")
        return guard.guide_problems(root)

    expect(guide(code) == (1, []), f"a block equal to its file passes: {guide(code)}", failures)
    drifted = guide(code.replace("MapKit\n#endif", "MapKit // edited\n#endif"))[1]
    expect(any("differs from" in p for p in drifted), f"a drifted block is caught: {drifted}", failures)
    unmarked = guide(code, mark="")[1]
    expect(any("neither" in p for p in unmarked), f"an unmarked swift block is caught: {unmarked}", failures)
    write(os.path.join(root, guard.WORKFLOW), "run: swift build\n")
    unbuilt = guide(code)[1]
    expect(any("does not build Examples/ZoneMapKit" in p for p in unbuilt), f"an unbuilt example: {unbuilt}",
           failures)


def real_manifest_case(guard, root, failures):
    """Package.swift with the CZlib condition taken out, through `swift package dump-package`."""
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(repository, "Package.swift"), encoding="utf-8") as file:
        text = file.read()
    edited, count = re.subn(r'\.target\(name: "CZlib", condition: \.when\(platforms: \[\.linux\]\)\)', '"CZlib"', text)
    expect(count == 1, "Package.swift names CZlib with a Linux condition once", failures)
    os.makedirs(root)
    for name, manifest_text in [("as-is", text), ("edited", edited)]:
        os.makedirs(os.path.join(root, name))
        write(os.path.join(root, name, "Package.swift"), manifest_text)
        result = subprocess.run(
            ["swift", "package", "--package-path", os.path.join(root, name), "--scratch-path",
             os.path.join(root, name, ".build"), "dump-package"],
            capture_output=True, text=True, check=False)
        if result.returncode != 0:
            failures.append(f"swift package dump-package ({name}): {result.stderr.strip()[-300:]}")
            continue
        dump = json.loads(result.stdout)
        problems = guard.closure_problems(dump, guard.closure(dump))
        if name == "as-is":
            expect(problems == [], f"the real manifest passes: {problems}", failures)
        else:
            expect(any("CZlib is a system library" in p for p in problems),
                   f"the real manifest without the CZlib condition is caught: {problems}", failures)
