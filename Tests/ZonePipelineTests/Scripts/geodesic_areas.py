"""Geodesic areas of every zone of a folder of GeoJSON files, for checking zonectl's own area.

usage: geodesic_areas.py PATH...   (GeoJSON files, or folders of them)

Prints one JSON object: file name -> one entry per feature, in file order: its area in m² on
the WGS 84 ellipsoid by pyproj's Geod (GeographicLib, Karney's method; each polygon oriented
counter-clockwise first, holes subtracted), or null when shapely finds the geometry invalid
(an invalid ring has no single area).
"""
import json
import os
import sys

from pyproj import Geod
from shapely.geometry import shape
from shapely.geometry.polygon import orient

geod = Geod(ellps="WGS84")
files = []
for path in sys.argv[1:]:
    if os.path.isdir(path):
        files += [os.path.join(path, n) for n in sorted(os.listdir(path)) if n.endswith(".geojson")]
    else:
        files.append(path)
result = {}
for path in files:
    name = os.path.basename(path)
    areas = []
    for feature in json.load(open(path, encoding="utf-8"))["features"]:
        g = shape(feature["geometry"])
        if not g.is_valid:
            areas.append(None)
            continue
        polygons = [g] if g.geom_type == "Polygon" else list(g.geoms)
        areas.append(sum(geod.geometry_area_perimeter(orient(p))[0] for p in polygons))
    result[name] = areas
print(json.dumps(result))
