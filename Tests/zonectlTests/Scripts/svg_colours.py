"""The colours a rendered diff SVG shows at given places.

usage: svg_colours.py SVG PNG POINTS_JSON

SVG is what `zonectl diff --svg` wrote; PNG is its rendering (by rsvg-convert, at any size).
POINTS_JSON maps names to [longitude, latitude]. Each point is placed with the projection the
SVG's root declares (x = x0 + (lon - lon0) * cos_lat0 * k, y = y0 - (lat - lat0) * k, in SVG
units, scaled to the PNG's size). Prints one JSON object: name -> "#rrggbb" of that pixel.
The PNG is decoded here (zlib and the five PNG row filters), with no imaging library.
"""
import json
import struct
import sys
import xml.etree.ElementTree as ET
import zlib


def decode_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    bpp = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(row)
        previous = row
    return width, height, bpp, rows


svg_path, png_path, points_path = sys.argv[1:4]
root = ET.parse(svg_path).getroot()
attr = {k: float(root.get(k)) for k in ("width", "data-x0", "data-y0", "data-lon0", "data-lat0", "data-px-per-degree", "data-cos-lat0")}
width, height, bpp, rows = decode_png(png_path)
scale = width / attr["width"]
colours = {}
for name, (lon, lat) in json.load(open(points_path)).items():
    x = attr["data-x0"] + (lon - attr["data-lon0"]) * attr["data-cos-lat0"] * attr["data-px-per-degree"]
    y = attr["data-y0"] - (lat - attr["data-lat0"]) * attr["data-px-per-degree"]
    px, py = int(x * scale), int(y * scale)
    r, g, b = rows[py][px * bpp:px * bpp + 3]
    colours[name] = "#%02x%02x%02x" % (r, g, b)
print(json.dumps(colours))
