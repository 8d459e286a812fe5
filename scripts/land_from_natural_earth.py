#!/usr/bin/env python3
"""Makes a campaign's land outline (land.toml) from Natural Earth's land polygons.

Natural Earth (naturalearthdata.com) is public domain. The polygons are read from the
TopoJSON of the `world-atlas` package on the npm registry (ISC licence, the data
itself Natural Earth's), clipped to a longitude/latitude box, simplified
(Douglas-Peucker) and written as rings of `[lon, lat]` pairs.

Usage:
  npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
  scripts/land_from_natural_earth.py package/land-10m.json campaigns/il-giglio/map.toml \
      > campaigns/il-giglio/land.toml

The box is the campaign map's nodes (lat/lon in map.toml) widened by MARGIN degrees,
so the whole picture is covered.
"""
import json
import re
import sys

MARGIN = 2.0  # degrees around the nodes
TOLERANCE = 0.012  # degrees, about a pixel and a half on the shipped map
MIN_AREA = 0.0015  # square degrees: smaller islets are dropped


def decode(topo, name):
    """Returns the object's polygons as lists of rings of (lon, lat)."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices):
        out = []
        for i in indices:
            pts = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
            out.extend(pts if not out else pts[1:])
        return out

    polys = []
    for g in topo["objects"][name]["geometries"]:
        if g["type"] == "Polygon":
            polys.append([ring(r) for r in g["arcs"]])
        elif g["type"] == "MultiPolygon":
            for p in g["arcs"]:
                polys.append([ring(r) for r in p])
    return polys


def clip(ring, box):
    """Sutherland-Hodgman against an axis-aligned box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    edges = [
        (lambda p: p[0] >= x0, lambda a, b: cut_x(a, b, x0)),
        (lambda p: p[0] <= x1, lambda a, b: cut_x(a, b, x1)),
        (lambda p: p[1] >= y0, lambda a, b: cut_y(a, b, y0)),
        (lambda p: p[1] <= y1, lambda a, b: cut_y(a, b, y1)),
    ]
    out = ring
    for inside, cut in edges:
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        for cur in src:
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
            prev = cur
    return out


def cut_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def cut_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def simplify(pts, tol):
    """Douglas-Peucker, iterative (rings can be long)."""
    if len(pts) < 4:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = pts[i], pts[j]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, at = -1.0, -1
        for k in range(i + 1, j):
            px, py = pts[k]
            if norm == 0:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                d = abs(dy * px - dx * py + bx * ay - by * ax) / norm
            if d > best:
                best, at = d, k
        if best > tol:
            keep[at] = True
            stack.append((i, at))
            stack.append((at, j))
    return [p for p, k in zip(pts, keep) if k]


def area(ring):
    return abs(
        sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1]))
    ) / 2


def main():
    topo = json.load(open(sys.argv[1]))
    text = open(sys.argv[2]).read()
    lats = [float(v) for v in re.findall(r"^lat\s*=\s*(-?[\d.]+)", text, re.M)]
    lons = [float(v) for v in re.findall(r"^lon\s*=\s*(-?[\d.]+)", text, re.M)]
    box = (
        min(lons) - MARGIN,
        min(lats) - MARGIN,
        max(lons) + MARGIN,
        max(lats) + MARGIN,
    )
    print("# The land of the campaign's picture: Natural Earth's 1:10m land polygons")
    print("# (public domain, naturalearthdata.com), from the world-atlas 2.0.2 package,")
    print(f"# clipped to lon {box[0]:.1f}..{box[2]:.1f}, lat {box[1]:.1f}..{box[3]:.1f} and")
    print(f"# simplified to {TOLERANCE} degrees by scripts/land_from_natural_earth.py.")
    print("# Each [[land]] is one outer ring (holes are lakes too small to draw) as")
    print("# lon, lat pairs in order. Only the map picture reads this file.")
    rings = 0
    for poly in decode(topo, "land"):
        outer = clip(poly[0], box)
        if len(outer) < 3 or area(outer) < MIN_AREA:
            continue
        outer = simplify(outer + outer[:1], TOLERANCE)[:-1]
        if len(outer) < 3:
            continue
        flat = ", ".join(f"{x:.3f}, {y:.3f}" for x, y in outer)
        print(f"\n[[land]]\nlonlat = [{flat}]")
        rings += 1
    print(f"{rings} rings", file=sys.stderr)


if __name__ == "__main__":
    main()
