#!/usr/bin/env python3
"""The cluster-count table of `make bench-points`: zonectl's clusters per zoom against
pysupercluster-rust's on the same points in file order and shuffled.

usage: points_order.py PEER.json OURS.json [LIMIT]

PEER.json is `peer_pysupercluster.py --counts DIR`, OURS.json the second line of
`zonectl-bench points --clusters DIR` ({city: clusters per zoom}). Per zoom: the total clusters
(items with point_count > 1) of zonectl, of the peer on file order and shuffled, zonectl over the
file order, and the worst city's ratio (a city where the peer has none counts as 1 when zonectl
has none too). PASS when every zoom's total and worst city are at most LIMIT (1.02).
"""
import json
import sys


def ratio(ours, theirs):
    if theirs == 0:
        return 1.0 if ours == 0 else float("inf")
    return ours / theirs


def main():
    with open(sys.argv[1]) as f:
        peer = json.load(f)
    with open(sys.argv[2]) as f:
        ours = json.load(f)
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 1.02
    cities = sorted(peer)
    zooms = len(ours[cities[0]])
    print(f"| zoom | zonectl | peer file order | peer shuffled | zonectl / file | worst city / file |")
    print("|---|---|---|---|---|---|")
    worst_all = 0.0
    for z in range(zooms):
        a = sum(ours[c][z] for c in cities)
        f = sum(peer[c]["file"][z] for c in cities)
        s = sum(peer[c]["shuffled"][z] for c in cities)
        city_ratio, city = max((ratio(ours[c][z], peer[c]["file"][z]), c) for c in cities)
        worst_all = max(worst_all, ratio(a, f), city_ratio)
        print(f"| {z} | {a:,} | {f:,} | {s:,} | {ratio(a, f):.3f} | {city_ratio:.3f} ({city}, {ours[city][z]} vs {peer[city]['file'][z]}) |")
    verdict = "PASS" if worst_all <= limit else "FAIL"
    print(f"cluster counts: worst ratio to the peer's file order {worst_all:.3f} over {len(cities)} cities and "
          f"{zooms} zooms (target <= {limit}x) {verdict}")


if __name__ == "__main__":
    main()
