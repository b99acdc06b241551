"""GeoJSON helpers the test scripts share (Tests/zonectlTests/Scripts, Tests/ZonePipelineTests/Scripts)."""


def parts(g):
    return list(g.geoms) if hasattr(g, "geoms") else [g]


def rfc7946_box(polygons):
    """Every part's west edge tried as the box's west, reaching east round the circle to hold
    every part; the shortest box wins, one not through 180 on ties."""
    ranges = []
    for p in polygons:
        xs = [x for x, _ in p.exterior.coords]
        ranges.append((min(xs), max(xs)))
    west, east = min(r[0] for r in ranges), max(r[1] for r in ranges)
    best = (east - west, west, east)
    for start, _ in ranges:
        length, end = 0.0, start
        for w, e in ranges:
            reach = (w - start) % 360 + (e - w)
            if reach > length:
                length, end = reach, e
        if length < best[0] - 1e-12:
            best = (length, start, end)
    south = min(p.bounds[1] for p in polygons)
    north = max(p.bounds[3] for p in polygons)
    return [best[1], south, best[2], north]
