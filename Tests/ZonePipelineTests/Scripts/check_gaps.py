"""Independent check of gap closing (gaps.close_m) with shapely: a morphological closing.

usage: check_gaps.py WIDTH_M INPUT_GEOJSON OUTPUT_GEOJSON [INPUT OUTPUT ...]

For each (input zone file, zonectl output of that city) pair, in a local metric frame
(equirectangular at the input's centre, mean Earth radius):

* residues: the output coverage U (every style's output united) is closed with a disc of
  diameter 0.9 * WIDTH (buffer out, then in, 32 segments a quarter circle); each part of
  closing(U) - U larger than 0.05 m^2 that lies within 0.2 m of two different *input*
  features is a gap or notch between zones the build left open. Its length is half its
  border. A corner where two zones meet at a blunt angle leaves a short residue (about
  the width long); a sliver is longer. Reported: the count of residues longer than
  2 * WIDTH ("slivers") and the longest residue's length.
* holes: every hole of the input coverage (a hole of the union of all input features: a
  feature's own hole that no other feature covers, or a courtyard between features) whose
  maximum inscribed circle is wider than 2 * WIDTH must
  survive: what of it stays outside U still holds a circle within 0.5 m (the grid, snapping)
  as wide. Closing may fill the narrow ends of such a hole (a long slit that tapers), never
  its wide part. Reported: the count of such holes and the ones that did not survive.

Prints one JSON object: {"cities": [{"input": ..., "slivers": n, "longest_residue_m": x,
"wide_holes": n, "holes_lost": [[lon, lat, area_m2], ...]}, ...]}.
"""
import json
import math
import sys

import shapely
from shapely import affinity
from shapely.geometry import shape
from shapely.ops import unary_union

R = 6_371_008.8


def polygons(g):
    return [p for p in getattr(g, "geoms", [g]) if p.geom_type == "Polygon" and not p.is_empty]


class CityFrame:
    """An input zone file's features in a local metric frame: equirectangular at the centre
    of their box, mean Earth radius; `inputs` made valid as zonectl repairs them (structure)."""

    def __init__(self, input_path):
        features = [shape(f["geometry"]) for f in json.load(open(input_path))["features"] if f.get("geometry")]
        w, s, e, n = shapely.total_bounds(features)
        self.lon0, self.lat0 = (w + e) / 2, (s + n) / 2
        self.kx, self.ky = R * math.pi / 180 * math.cos(math.radians(self.lat0)), R * math.pi / 180
        self.inputs = [shapely.make_valid(self.metric(g), method="structure", keep_collapsed=False) for g in features]

    def metric(self, g):
        return affinity.affine_transform(g, [self.kx, 0, 0, self.ky, -self.lon0 * self.kx, -self.lat0 * self.ky])

    def outputs(self, output_path):
        return [self.metric(shape(f["geometry"])) for f in json.load(open(output_path))["features"]]


def check(width, input_path, output_path):
    frame = CityFrame(input_path)
    lon0, lat0, kx, ky, metric, inputs = frame.lon0, frame.lat0, frame.kx, frame.ky, frame.metric, frame.inputs
    covered = unary_union(frame.outputs(output_path))
    r = 0.9 * width / 2
    closed = covered.buffer(r, quad_segs=32).buffer(-r, quad_segs=32)
    tree = shapely.STRtree(inputs)
    slivers, longest = 0, 0.0
    for part in polygons(closed.difference(covered)):
        if part.area <= 0.05:
            continue
        near = tree.query(part, predicate="dwithin", distance=0.2)
        if len(set(near.tolist())) < 2:
            continue
        length = part.length / 2
        longest = max(longest, length)
        if length > 2 * width:
            slivers += 1
    holes = [shapely.Polygon(h) for p in polygons(unary_union(inputs)) for h in p.interiors]
    wide, lost = 0, []
    for h in holes:
        diameter = 2 * shapely.maximum_inscribed_circle(h, 0.01).length
        if diameter <= 2 * width:
            continue
        wide += 1
        left = h.difference(covered)
        if left.is_empty or 2 * shapely.maximum_inscribed_circle(left, 0.01).length < diameter - 0.5:
            c = h.representative_point()
            lost.append([lon0 + c.x / kx, lat0 + c.y / ky, h.area])
    return {
        "input": input_path, "slivers": slivers, "longest_residue_m": longest, "wide_holes": wide,
        "holes_lost": lost,
    }


def main():
    width = float(sys.argv[1])
    pairs = list(zip(sys.argv[2::2], sys.argv[3::2]))
    print(json.dumps({"cities": [check(width, i, o) for i, o in pairs]}))


if __name__ == "__main__":
    main()
