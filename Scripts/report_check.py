#!/usr/bin/env python3
"""Checks a browser screenshot of the report: the charts were drawn if their
colours cover enough pixels. Reads the PNG with the standard library only.

Usage: Scripts/report_check.py results/report/index.png
"""

import struct
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ left in Scripts/

from reporting import scaling_chart, speedup_chart

# Bars and lines are drawn in these exact colours; antialiased edges are not counted.
SPEEDUP_BARS = set(speedup_chart.COLOURS.values())
FAST_LINE = scaling_chart.SERIES[0][2]  # also the fast bar of the memory chart
MINIMUM_PIXELS = 500


def read_png(path):
    """(width, height, rows of bytes, bytes per pixel) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"report-check: {path} is not a PNG")
    chunks, offset, header = [], 8, None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"report-check: unsupported PNG layout {header}")
    pixel = 3 if colour == 2 else 4
    return width, height, unfilter(zlib.decompress(b"".join(chunks)), width, height, pixel), pixel


def unfilter(raw, width, height, pixel):
    stride, rows, previous = width * pixel, [], bytearray(width * pixel)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = row[i - pixel] if i >= pixel else 0
            up, corner = previous[i], previous[i - pixel] if i >= pixel else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                best = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))[2]
                row[i] = (row[i] + best) & 255
        rows.append(bytes(row))
        previous = row
    return rows


def colour_counts(rows, pixel):
    counts = {}
    for row in rows:
        for i in range(0, len(row), pixel):
            key = row[i:i + 3]
            counts[key] = counts.get(key, 0) + 1
    return counts


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "results/report/index.png"
    width, height, rows, pixel = read_png(path)
    counts = colour_counts(rows, pixel)
    pixels = lambda hex_colour: counts.get(bytes.fromhex(hex_colour.lstrip("#")), 0)
    bars = sum(pixels(c) for c in SPEEDUP_BARS)
    fast = pixels(FAST_LINE)
    print(f"report-check: {path} {width}x{height}: {bars} speed-up bar pixels, "
          f"{fast} fast-series pixels (scaling and memory charts)")
    if bars < MINIMUM_PIXELS or fast < MINIMUM_PIXELS:
        sys.exit("report-check: FAILED, the charts did not render")
    print("report-check: charts rendered")


if __name__ == "__main__":
    main()
