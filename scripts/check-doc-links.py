#!/usr/bin/env python3
"""Usage: scripts/check-doc-links.py FILE.md...  (e.g. README.md docs/commands/*.md bench/README.md)
Checks relative links (and their #anchors, GitHub's slug rules) in the given markdown files."""
import os, re, sys

def slug(h):
    h = h.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)  # drops punctuation, keeps letters/digits/_/-/space
    return h.replace(" ", "-")

def anchors(path):
    out, inside = set(), False
    counts = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            inside = not inside
        if inside:
            continue
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m:
            s = slug(m.group(2))
            n = counts.get(s, 0)
            counts[s] = n + 1
            out.add(s if n == 0 else f"{s}-{n}")
    return out

bad = 0
for f in sys.argv[1:]:
    text = open(f, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    links = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'src="([^"]+)"', text)
    for link in links:
        if re.match(r"^[a-z]+:", link):
            continue
        target, _, anchor = link.partition("#")
        path = os.path.normpath(os.path.join(os.path.dirname(f), target)) if target else f
        if not os.path.exists(path):
            print(f"{f}: missing {link}"); bad += 1; continue
        if anchor:
            if os.path.isdir(path) or not path.endswith(".md"):
                print(f"{f}: anchor on non-markdown {link}"); bad += 1; continue
            if anchor not in anchors(path):
                print(f"{f}: no anchor {link}"); bad += 1
print(f"{bad} bad links in {len(sys.argv) - 1} files")
sys.exit(1 if bad else 0)
