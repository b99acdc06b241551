"""The markdown table of bench/client.sh, from what it wrote in WORK.

    python3 bench/client_table.py WORK
"""
import json
import os
import sys

work = sys.argv[1]


def load(name):
    with open(os.path.join(work, name), encoding="utf-8") as f:
        return json.load(f) if name.endswith(".json") else f.read().strip()


def mb(n):
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.1f} kB" if n else "0 bytes"


def ms(s):
    return f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"


def rate(n):
    return f"{n / 1e6:.2f} M/s" if n >= 1e5 else f"{n:,.0f}/s"


def statuses(name):
    """What the server answered a sync: 'manifest.json 304' or '3 × 200'."""
    lines = [line.split() for line in open(os.path.join(work, name + ".log"), encoding="utf-8")]
    by = {}
    for line in lines:
        by[line[2]] = by.get(line[2], 0) + 1
    if len(lines) == 1:
        return f"{lines[0][1].lstrip('/')} {lines[0][2]}"
    return ", ".join(f"{n} × {status}" for status, n in sorted(by.items()))


def sync_row(label, name, stored=None):
    """A sync's row; `stored`: the bytes of the store's objects it should fetch, and what they are."""
    r = load(name + ".json")
    served = int(load(name + ".served"))
    objects = f"{r['objects']} object{'s' if r['objects'] != 1 else ''}"
    note = f"HTTP {statuses(name)}; {served:,} bytes served"
    if stored:
        note += (" = " if served == stored[0] else f", {served - stored[0]:+,} against ") + stored[1]
    return (label, f"{ms(r['seconds'])}; {objects}, {mb(r['bytes'])} fetched", note)


manifest = load("store-manifest.json")
manifest_bytes = os.path.getsize(os.path.join(work, "store-manifest.json"))
objects = [manifest["styles"]] + [c for c in manifest["cities"]]
gz = sum(o["encodedBytes"] for o in objects)
br = sum(o.get("brotli", {}).get("encodedBytes", o["encodedBytes"]) for o in objects)
decoded = sum(o["bytes"] for o in objects)
cache = int(load("cache-bytes.txt"))
edited = load("edit-city.txt")
next_path = os.path.join(work, "store", "manifest.json")
edited_br = next(c["brotli"]["encodedBytes"] for c in json.load(open(next_path))["cities"] if c["id"] == edited)
next_bytes = os.path.getsize(next_path)
index, unlimited, default = load("index.json"), load("load-unlimited.json"), load("load-default.json")
vertices, all_vertices = index["vertices"], unlimited["vertices"]

rows = [
    sync_row("first sync, empty cache", "first-sync",
             (br + manifest_bytes, f"the br objects ({br:,}) + manifest.json ({manifest_bytes:,})")),
    ("cache on disk (decoded files)", f"{mb(cache)}",
     f"{cache / br:.1f}× the br objects ({mb(br)}), {cache / gz:.1f}× the gzip ones ({mb(gz)}); "
     f"content {mb(decoded)}"),
    sync_row("poll, no change", "no-change"),
    sync_row(f"poll after one city changed ({edited})", "one-city-changed",
             (edited_br + next_bytes, f"its br object ({edited_br:,}) + manifest.json ({next_bytes:,})")),
    (f"index of the largest city ({index['city']}, {vertices:,} vertices, {index['zones']} zones)",
     f"{ms(index['build_s'])} to build",
     f"`index(city:)`: read, SHA-256, parse, grid; {ms(index['hit_s'])} when held"),
    ("… its `memoryBytes`", f"{mb(index['memory_bytes'])}: {index['memory_bytes'] / vertices:.0f} B/vertex", ""),
    ("… RSS growth", f"{mb(index['rss_growth'])}: {index['rss_growth'] / vertices:.0f} B/vertex",
     f"peak {mb(index['peak_growth'])} ({index['peak_growth'] / vertices:.0f} B/vertex) over "
     f"{mb(index['baseline_rss'])}"),
    (f"every city ({unlimited['cities']}, {all_vertices:,} vertices), unlimited budget",
     f"peak RSS +{mb(unlimited['peak_growth'])}: {unlimited['peak_growth'] / all_vertices:.0f} B/vertex",
     f"over {mb(unlimited['baseline_rss'])}; `memoryBytes` {mb(unlimited['memory_bytes'])} "
     f"({unlimited['memory_bytes'] / all_vertices:.0f} B/vertex), all held; {ms(unlimited['seconds'])}"),
    (f"every city, default budget ({default['budget'] / 2**20:.0f} MiB)",
     f"peak RSS +{mb(default['peak_growth'])}: {default['peak_growth'] / all_vertices:.0f} B/vertex",
     f"over {mb(default['baseline_rss'])}; {mb(default['held_bytes'])} of indexes held at the end; "
     f"{ms(default['seconds'])}"),
]
style, zone = index["style_per_s"], index["zone_per_s"]
rows += [
    ("lookups, largest city: `ZoneIndex.style`", f"{rate(style)} on one core",
     f"{index['points']:,} random positions in its box, {index['found']:,} in a zone"),
    ("… same run, `ZoneIndex.zone` (`make bench-lookup`'s loop)", f"{rate(zone)} on one core",
     f"`style` is {style / zone:.2f}×" + ("" if style >= zone else f" ({(1 - style / zone) * 100:.0f} % slower)")),
    ("lookups, every city: `ZoneIndex.style`", f"{rate(unlimited['style_per_s'])} on one core",
     f"{unlimited['points']:,} positions, each city's in its box"),
    ("lookups through the actor: `lookup(longitude:latitude:city:)`", f"{rate(index['actor_per_s'])}",
     f"{style / index['actor_per_s']:,.0f}× fewer than `style`; a bare hop to the actor: "
     f"{rate(index['hop_per_s'])}. Use `index(city:)`, then `style`, for many lookups"),
]

print("| measure | result | notes |")
print("|---|---|---|")
for row in rows:
    print("| " + " | ".join(row) + " |")
