"""Edits a real city's zone file the way a pull request would, and says what a diff must report.

usage: edit_zones.py ZONEFILE MOVE DELETE RECOLOUR_STYLE NEW_FILL

In place: moves feature MOVE (by name) 50 m east (every vertex with pyproj's geodesic forward
problem), deletes feature DELETE, adds a 400 m square zone of a style no moved or deleted zone
has, 1.5 km east of the city, and sets the `fill` of every feature of RECOLOUR_STYLE to NEW_FILL.

Prints one JSON object computed independently of zonectl (shapely overlays, pyproj's
geodesic area, Karney's method): per style, the area only the old zones cover ("removed")
and only the new ones cover ("added"), in m² on the WGS 84 ellipsoid; the styles edited; the
old fill; and a point inside the deleted zone, the added zone and an untouched zone.
"""
import json
import sys

from pyproj import Geod
from shapely.geometry import Polygon, shape
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

path, move, delete, recolour, new_fill = sys.argv[1:6]
geod = Geod(ellps="WGS84")
doc = json.load(open(path, encoding="utf-8"))
features = doc["features"]


def area(g):
    """Geodesic area in m² (pyproj orients nothing: orient each polygon counter-clockwise)."""
    polygons = [] if g.is_empty else ([g] if g.geom_type == "Polygon" else [p for p in g.geoms if p.geom_type == "Polygon"])
    return sum(geod.geometry_area_perimeter(orient(p))[0] for p in polygons)


def unions(fs):
    by_style = {}
    for f in fs:
        by_style.setdefault(f["properties"]["style"], []).append(shape(f["geometry"]).buffer(0))
    return {s: unary_union(gs) for s, gs in by_style.items()}


def by_name(name):
    matches = [f for f in features if f["properties"].get("name") == name]
    assert len(matches) == 1, f"{name}: {len(matches)} features"
    return matches[0]


before = unions(features)
moved, deleted = by_name(move), by_name(delete)
styles = sorted(before)
added_style = next(s for s in styles if s not in (moved["properties"]["style"], deleted["properties"]["style"], recolour))


def shift(ring):
    lons, lats = [p[0] for p in ring], [p[1] for p in ring]
    east_lons, east_lats, _ = geod.fwd(lons, lats, [90.0] * len(ring), [50.0] * len(ring))
    return [[x, y] for x, y in zip(east_lons, east_lats)]


g = moved["geometry"]
if g["type"] == "Polygon":
    g["coordinates"] = [shift(r) for r in g["coordinates"]]
else:
    g["coordinates"] = [[shift(r) for r in p] for p in g["coordinates"]]
features.remove(deleted)

# A 400 m square (corners by geodesic offsets) 1.5 km east of everything.
west, south, east, north = unary_union(list(before.values())).bounds
centre_lon, centre_lat, _ = geod.fwd(east, (south + north) / 2, 90, 1700)
corners = []
for azimuth in (225, 315, 45, 135):  # south-west, north-west, north-east, south-east
    lon, lat, _ = geod.fwd(centre_lon, centre_lat, azimuth, 200 * 2 ** 0.5)
    corners.append([lon, lat])
ring = [corners[0], corners[3], corners[2], corners[1], corners[0]]  # counter-clockwise
template = next(f for f in features if f["properties"]["style"] == added_style)
properties = dict(template["properties"], name="Added in this pull request")
properties.pop("cartodb_id", None)
features.append({"type": "Feature", "properties": properties, "geometry": {"type": "Polygon", "coordinates": [ring]}})

old_fill = None
for f in features:
    if f["properties"]["style"] == recolour:
        old_fill = f["properties"]["fill"]
        f["properties"]["fill"] = new_fill

after = unions(features)
json.dump(doc, open(path, "w", encoding="utf-8"), ensure_ascii=False)

groups = {}
for s in sorted(set(before) | set(after)):
    b, a = before.get(s, Polygon()), after.get(s, Polygon())
    groups[s] = {"removed": area(b.difference(a)), "added": area(a.difference(b))}
untouched = next(f for f in features if f["properties"]["style"] == recolour)
print(json.dumps({
    "groups": groups,
    "moved": moved["properties"]["style"],
    "deleted": deleted["properties"]["style"],
    "added": added_style,
    "oldFill": old_fill,
    "points": {
        "removed": list(shape(deleted["geometry"]).buffer(0).representative_point().coords[0]),
        "added": [centre_lon, centre_lat],
        "unchanged": list(shape(untouched["geometry"]).buffer(0).representative_point().coords[0]),
    },
}))
