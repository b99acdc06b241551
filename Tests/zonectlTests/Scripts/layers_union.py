"""Compare a city artifact with its zone layers (ZoneLayer's GeoJSON), with shapely.

usage: layers_union.py ARTIFACT LAYER...

ARTIFACT is the city's decoded FeatureCollection; each LAYER one layer's FeatureCollection.
Prints one JSON object: {"artifactFeatures", "styleless" (artifact features without a style),
"layerFeatures", "equal" (the union of every layer's geometries equals the union of the
artifact's, topologically), "symmetricDifferenceArea", "area" (of the artifact's union), and
"styles": per layer, the set of `style` properties its features carry}.
"""
import json
import sys

import shapely
from shapely.geometry import shape


def main():
    artifact = json.load(open(sys.argv[1]))
    layers = [json.load(open(path)) for path in sys.argv[2:]]
    features = artifact["features"]
    whole = shapely.union_all([shape(f["geometry"]) for f in features])
    drawn = shapely.union_all([shape(f["geometry"]) for layer in layers for f in layer["features"]])
    print(json.dumps({
        "artifactFeatures": len(features),
        "styleless": sum(1 for f in features if not (f.get("properties") or {}).get("style")),
        "layerFeatures": sum(len(layer["features"]) for layer in layers),
        "equal": bool(whole.equals(drawn)),
        "symmetricDifferenceArea": whole.symmetric_difference(drawn).area,
        "area": whole.area,
        "styles": [sorted({f["properties"]["style"] for f in layer["features"]}) for layer in layers],
    }))


if __name__ == "__main__":
    main()
