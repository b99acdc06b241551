"""Independent check of the gap report (gaps.report_m alone) with shapely: a morphological closing.

usage: check_gap_report.py WIDTH_M INPUT_GEOJSON OUTPUT_GEOJSON GAPS_JSON [INPUT OUTPUT GAPS ...]

For each (input zone file, zonectl output of that city before simplification, the city's
reported gaps as report.json lists them: lon, lat (the centre of the gap's box), lengthM and
squareMetres) triple,
in a local metric frame (equirectangular at the input's centre, mean Earth radius):

* slivers: the output coverage U (every style's output united) is closed with a disc of
  diameter 0.9 * WIDTH (buffer out, then in, 32 segments a quarter circle); each part of
  closing(U) - U larger than 0.05 m^2, longer than 2 * WIDTH (half its border) and within
  0.2 m of two different *input* features is a sliver between zones narrower than the width.
  Each must meet a reported gap's square: its centre, half a side of half its length plus 1 m
  (its box lies within).
* area: what the report claims cannot exceed what a closing with a disc a little wider
  (1.1 * WIDTH) fills, plus 1 m^2 of snapping per gap: a gap is uncovered ground between
  two borders closer than the width.

Prints one JSON object: {"cities": [{"input": ..., "slivers": n, "unreported": [[lon, lat,
length_m], ...], "reported_m2": x, "closing_m2": y, "gaps": n}, ...]}.
"""
import json
import sys

import shapely
from shapely.geometry import box
from shapely.ops import unary_union

from check_gaps import CityFrame, polygons


def check(width, input_path, output_path, gaps_path):
    frame = CityFrame(input_path)
    lon0, lat0, kx, ky, inputs = frame.lon0, frame.lat0, frame.kx, frame.ky, frame.inputs
    covered = unary_union(frame.outputs(output_path))
    gaps = json.load(open(gaps_path))
    boxes = []
    for g in gaps:
        x, y, h = (g["lon"] - lon0) * kx, (g["lat"] - lat0) * ky, g["lengthM"] / 2 + 1
        boxes.append(box(x - h, y - h, x + h, y + h))
    reported = shapely.STRtree(boxes) if boxes else None
    tree = shapely.STRtree(inputs)

    def closing(diameter):
        r = diameter / 2
        return covered.buffer(r, quad_segs=32).buffer(-r, quad_segs=32).difference(covered)

    slivers, unreported = 0, []
    for part in polygons(closing(0.9 * width)):
        if part.area <= 0.05 or part.length / 2 <= 2 * width:
            continue
        if len(set(tree.query(part, predicate="dwithin", distance=0.2).tolist())) < 2:
            continue
        slivers += 1
        if reported is None or len(reported.query(part, predicate="intersects")) == 0:
            c = part.representative_point()
            unreported.append([lon0 + c.x / kx, lat0 + c.y / ky, part.length / 2])
    return {
        "input": input_path, "slivers": slivers, "unreported": unreported, "gaps": len(gaps),
        "reported_m2": sum(g["squareMetres"] for g in gaps), "closing_m2": closing(1.1 * width).area,
    }


def main():
    width = float(sys.argv[1])
    rest = sys.argv[2:]
    cities = [check(width, rest[i], rest[i + 1], rest[i + 2]) for i in range(0, len(rest), 3)]
    json.dump({"cities": cities}, sys.stdout)


if __name__ == "__main__":
    main()
