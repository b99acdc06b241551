#!/usr/bin/env python3
"""One zone file holding one huge valid polygon, for bench/huge-ring.sh.

The ring is a wiggly circle round Paris: radius R·(1 + three sine terms), sampled at N
equally spaced angles. A ring whose radius is positive at strictly increasing angles is star
shaped round the centre, so it never crosses itself (in metres and in degrees alike, the map
between them being affine). Coordinates are written with 15 decimals, as authoring tools do.

    make_huge_ring.py OUT.geojson [--vertices 2000000] [--decimals 15]
"""
import argparse
import math


def ring(n, lon0=2.3522, lat0=48.8566, radius_m=20_000.0):
    """n + 1 positions (closed), counter-clockwise, in degrees."""
    ky = 6_371_008.8 * math.pi / 180
    kx = ky * math.cos(math.radians(lat0))
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        r = radius_m * (1 + 0.08 * math.sin(150 * t) + 0.01 * math.sin(2311 * t + 1) + 0.002 * math.sin(40009 * t + 2))
        out.append((lon0 + r * math.cos(t) / kx, lat0 + r * math.sin(t) / ky))
    out.append(out[0])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--vertices", type=int, default=2_000_000, help="distinct positions of the ring (default 2,000,000)")
    ap.add_argument("--decimals", type=int, default=15)
    a = ap.parse_args()
    if a.vertices < 3:
        ap.error("--vertices must be at least 3")
    fmt = f"[%.{a.decimals}f,%.{a.decimals}f]"
    with open(a.out, "w") as f:
        f.write('{"type":"FeatureCollection","features":[\n{"type":"Feature","properties":{"city":"huge-ring","style":"parking"},'
                '"geometry":{"type":"Polygon","coordinates":[[')
        f.write(",".join(fmt % p for p in ring(a.vertices)))
        f.write("]]}}\n]}\n")


if __name__ == "__main__":
    main()
