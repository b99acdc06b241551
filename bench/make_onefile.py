"""Writes every feature of a corpus into one FeatureCollection: the one-big-file case of issue #17.

usage: make_onefile.py CORPUS OUT.geojson

Features are copied in file-name order, one per line; the output is written to a temporary
name and renamed, so an interrupted run leaves no half file.
"""
import glob
import json
import os
import sys


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    tmp = f"{out}.tmp.{os.getpid()}"
    count = 0
    with open(tmp, "w", encoding="utf-8") as f:
        f.write('{"type": "FeatureCollection", "features": [\n')
        for path in sorted(glob.glob(f"{corpus}/*.geojson")):
            with open(path, encoding="utf-8") as src:
                for feature in json.load(src)["features"]:
                    f.write(("" if count == 0 else ",\n") + json.dumps(feature, separators=(",", ":")))
                    count += 1
        f.write("\n]}\n")
    os.replace(tmp, out)
    print(f"bench: wrote {count:,} features into {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
