"""Prints bench/run.sh's results as markdown: zonectl against its peers, then zonectl alone.

usage: table.py WORK

Reads WORK/settings.json, WORK/time/NAME.RUN.txt (/usr/bin/time -v), WORK/measure.json,
WORK/zonectl/report.json, WORK/reader.txt, WORK/incremental/, WORK/load-*.txt, and the one-file
input beside the corpus (CORPUS.onefile/zones).
"""
import glob
import json
import os
import re
import sys

PEERS = ("ogr2ogr", "geopandas")


def gnu_time(path):
    """wall s, cpu s, peak RSS bytes from a /usr/bin/time -v report."""
    text = open(path, encoding="utf-8").read()
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    wall = 0.0
    for part in clock.split(":"):
        wall = wall * 60 + float(part)
    user = float(re.search(r"User time \(seconds\): (\S+)", text).group(1))
    system = float(re.search(r"System time \(seconds\): (\S+)", text).group(1))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)) * 1024
    return {"wall": wall, "cpu": user + system, "rss": rss}


def timed_run(path):
    """gnu_time of one run, its wall time from the nanoseconds run.sh recorded beside it when
    there (/usr/bin/time's is cut to hundredths)."""
    run = gnu_time(path)
    ns = path[: -len(".txt")] + ".ns"
    if os.path.exists(ns):
        run["wall"] = int(open(ns, encoding="utf-8").read()) / 1e9
    return run


def timings(work, name):
    """The fastest run's wall and CPU time; the largest peak RSS of all runs."""
    runs = [timed_run(p) for p in sorted(glob.glob(f"{work}/time/{name}.*.txt"))]
    if not runs:
        return None
    best = min(runs, key=lambda r: r["wall"])
    return {"wall": best["wall"], "cpu": best["cpu"], "rss": max(r["rss"] for r in runs)}


def number(v, unit=""):
    if v is None:
        return "—"
    if isinstance(v, int):
        return f"{v:,}{unit}"
    return f"{v:,.{1 if abs(v) >= 10 else 2}f}{unit}"


def ratio(a, b):
    if a is None or b is None:
        return "—"
    if b == 0:
        return "—" if a == 0 else "∞"
    return f"{a / b:.2f}×"


def load(path):
    try:
        return re.search(r"load average: (.*)", open(path, encoding="utf-8").read()).group(1).strip()
    except (OSError, AttributeError):
        return "?"


def main():
    work = sys.argv[1]
    settings = json.load(open(f"{work}/settings.json", encoding="utf-8"))
    measure = json.load(open(f"{work}/measure.json", encoding="utf-8"))
    report = json.load(open(f"{work}/zonectl/report.json", encoding="utf-8"))
    corpus = settings["corpus"]
    inputs = glob.glob(f"{corpus}/*.geojson")
    input_bytes = sum(os.path.getsize(p) for p in inputs)
    tools = ["zonectl"] + [p for p in PEERS if settings["peers"]]
    t = {name: timings(work, name) for name in tools}
    m = measure["tools"]

    rows = [
        ("wall time (s)", lambda n: t[n]["wall"]),
        ("CPU time, user + sys (s)", lambda n: t[n]["cpu"]),
        ("peak RSS (MB)", lambda n: t[n]["rss"] / 1e6),
        ("output gzip bytes", lambda n: m[n]["gzip_bytes"]),
        ("output vertices", lambda n: m[n]["vertices"]),
        ("output features", lambda n: m[n]["features"]),
        ("invalid outputs", lambda n: m[n]["invalid"]),
        ("overlap between zones (m²)", lambda n: m[n]["overlap_m2"]),
        ("gap between zones (m²)", lambda n: m[n]["gap_m2"]),
    ]
    peers = tools[1:]
    print(f"## zonectl against its peers: {len(inputs)} files, {input_bytes:,} bytes"
          f" ({measure['cities']} cities), tolerance {settings['tolerance_m']} m"
          f" (peers: {settings['degrees']:.9g}°), 6 decimals, overlaps: {settings['overlaps']}")
    print()
    print(f"best of {settings['runs']} run(s), each tool alone; load average before: {load(f'{work}/load-start.txt')},"
          f" after: {load(f'{work}/load-end.txt')} (2 cores, shared)")
    print()
    print("| | " + " | ".join(tools) + "".join(f" | zonectl / {p}" for p in peers) + " |")
    print("|---|" + "--:|" * (len(tools) + len(peers)))
    for label, get in rows:
        values = {n: get(n) for n in tools}
        print(f"| {label} | " + " | ".join(number(values[n]) for n in tools)
              + "".join(f" | {ratio(values['zonectl'], values[p])}" for p in peers) + " |")

    z = t["zonectl"]
    stages = report.get("stageSeconds", {})
    steps = report.get("geometrySteps", {})
    reader = re.findall(r"(\d+) threads?: ([\d.]+) s, ([\d.]+) MB/s", open(f"{work}/reader.txt").read())
    fill = timings(work, "zonectl-fill-cache")
    incremental = timings(work, "zonectl-incremental")
    inc_report = json.load(open(f"{work}/incremental/dist/report.json", encoding="utf-8"))
    city = open(f"{work}/incremental/city.txt").read().strip()
    print()
    print("| zonectl alone | |")
    print("|---|---|")
    print(f"| binary | `{settings['zonectl']}` (checkout {settings['checkout']}) |")
    print(f"| input | {len(inputs)} files, {input_bytes:,} bytes |")
    print(f"| peak RSS / input bytes | {z['rss'] / input_bytes:.2f} |")
    total = report["total"]
    if "bytesBrotli" in total:
        print(f"| artifact bytes (report.json), gzip / br | {total['bytesGzip']:,} / {total['bytesBrotli']:,}"
              f" = {total['bytesBrotli'] / total['bytesGzip']:.2f}× |")
    print("| reader, `zonectl-bench read` | " + ", ".join(f"{mbs} MB/s ({n} thread{'s' if n != '1' else ''})"
                                                    for n, _, mbs in reader) + " |")
    print("| stages, wall (s) | " + ", ".join(f"{k} {v:.2f}" for k, v in stages.items()) + " |")
    print("| geometry steps, summed over threads (s) | " + ", ".join(f"{k} {v:.2f}" for k, v in steps.items()) + " |")
    print(f"| full build filling the cache (s) | {fill['wall']:.2f} |")
    print(f"| incremental rebuild, one vertex of {city} moved (s) | {incremental['wall']:.3f}"
          f" = {incremental['wall'] / z['wall']:.1%} of the full build;"
          f" {inc_report.get('cachedCities', '?')} of {len(inc_report.get('cities', []))} cities from the cache |")
    print(f"| measuring the outputs (bench/measure.py) (s) | {measure['seconds']:.1f} |")

    onefile = timings(work, "zonectl-onefile")
    onefile_bytes = sum(os.path.getsize(p) for p in glob.glob(f"{corpus}.onefile/zones/*.geojson"))
    if onefile:
        print(f"| one file of every city ({onefile_bytes:,} bytes): wall, peak RSS | {onefile['wall']:.2f} s,"
              f" {onefile['rss'] / 1e6:.0f} MB = {onefile['rss'] / onefile_bytes:.2f}× the input |")

    print()
    print("Targets (issue #17):")
    checks = []
    if peers:
        fastest = min(peers, key=lambda p: t[p]["wall"])
        limit = 0.10 * t[fastest]["wall"]
        checks.append((z["wall"] <= limit,
                       f"wall time ≤ 0.10 × the faster peer ({fastest}): {z['wall']:.2f} s vs {limit:.2f} s"
                       f" ({z['wall'] / t[fastest]['wall']:.3f}×)"))
    checks.append((z["rss"] <= input_bytes,
                   f"peak RSS ≤ 1.0 × input bytes, corpus: {z['rss'] / 1e6:.0f} MB vs {input_bytes / 1e6:.0f} MB"
                   f" ({z['rss'] / input_bytes:.2f}×)"))
    if onefile:
        checks.append((onefile["rss"] <= onefile_bytes,
                       f"peak RSS ≤ 1.0 × input bytes, one file of every city: {onefile['rss'] / 1e6:.0f} MB"
                       f" vs {onefile_bytes / 1e6:.0f} MB ({onefile['rss'] / onefile_bytes:.2f}×)"))
    checks.append((incremental["wall"] <= 0.03 * z["wall"],
                   f"incremental rebuild ≤ 3% of a full build: {incremental['wall']:.3f} s vs {0.03 * z['wall']:.3f} s"
                   f" ({incremental['wall'] / z['wall']:.1%})"))
    for p in peers:
        checks.append((m["zonectl"]["gzip_bytes"] <= m[p]["gzip_bytes"],
                       f"output gzip bytes ≤ {p}'s: {m['zonectl']['gzip_bytes']:,} vs {m[p]['gzip_bytes']:,}"))
    checks.append((m["zonectl"]["invalid"] == 0, f"zero invalid outputs: {m['zonectl']['invalid']}"))
    for ok, text in checks:
        print(f"- {'PASS' if ok else 'FAIL'}: {text}")


if __name__ == "__main__":
    main()
