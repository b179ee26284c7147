#!/usr/bin/env python3
"""Draws the numbers of one scripts/bench-cli.sh run as an SVG bar chart, for docs/performance.md.

    python3 scripts/performance-chart.py [.build-bench-cli/summary.json] [docs/performance-chart.svg]

Two groups on one logarithmic axis of MB/s: the engines on the same payloads in memory (ours with each
stage-one kernel, simdjson DOM and On-Demand), then the whole commands on the capture file (push-payloads
with 1 and 2 jobs, plain and gzip, and the Python and jq scripts doing the same classification). No
plotting library: the SVG is written by hand, so the script runs wherever Python does.
"""

import json
import math
import sys
from xml.sax.saxutils import escape

summary_path = sys.argv[1] if len(sys.argv) > 1 else ".build-bench-cli/summary.json"
output_path = sys.argv[2] if len(sys.argv) > 2 else "docs/performance-chart.svg"
summary = json.load(open(summary_path))

ENGINE_COLOR, OURS_COLOR, OTHER_COLOR = "#7a7a7a", "#d9480f", "#4c6ef5"
rows = []  # (group, label, MB/s, colour)
for name, engine in summary["engines"].items():
    label = f"{name} (ours)" if name.startswith("native") else name
    rows.append(("engines, same payloads in memory", label, engine["mb_per_second"],
                 OURS_COLOR if name.startswith("native") else ENGINE_COLOR))
for name, command in sorted(summary["commands"].items(), key=lambda item: -item[1]["mb_per_second"]):
    if name.startswith("gzip -dc"):
        continue
    rows.append(("whole commands, capture file", name, command["mb_per_second"],
                 OURS_COLOR if name.startswith("push-payloads") else OTHER_COLOR))

width, label_width, right_margin = 900, 330, 90
bar_height, gap, group_gap, top = 22, 6, 34, 70
plot_width = width - label_width - right_margin
low = 10 ** math.floor(math.log10(min(r[2] for r in rows)))
high = 10 ** math.ceil(math.log10(max(r[2] for r in rows)))


def x_of(value):
    return label_width + plot_width * (math.log10(value) - math.log10(low)) / (math.log10(high) - math.log10(low))


parts = []
y = top
group = None
for row_group, label, value, colour in rows:
    if row_group != group:
        if group is not None:
            y += group_gap - gap
        parts.append(f'<text x="10" y="{y + 14}" font-weight="bold">{escape(row_group)}</text>')
        y += 24
        group = row_group
    parts.append(f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end">{escape(label)}</text>')
    parts.append(f'<rect x="{label_width}" y="{y}" width="{x_of(value) - label_width:.1f}" height="{bar_height}" '
                 f'fill="{colour}"/>')
    parts.append(f'<text x="{x_of(value) + 6:.1f}" y="{y + 15}">{value:,.0f}</text>')
    y += bar_height + gap
axis_y = y + 4
ticks = []
decade = low
while decade <= high:
    ticks.append(f'<line x1="{x_of(decade):.1f}" y1="{top}" x2="{x_of(decade):.1f}" y2="{axis_y}" stroke="#ddd"/>')
    ticks.append(f'<text x="{x_of(decade):.1f}" y="{axis_y + 16}" text-anchor="middle">{decade:,.0f}</text>')
    decade *= 10
machine = summary.get("machine", {})
share = summary.get("command_share_of_engine")
subtitle = (f"{summary['capture']['payloads']:,} payloads, {summary['capture']['bytes'] / 1e6:.0f} MB; "
            f"{machine.get('cores', '?')} cores, load {machine.get('load', '?')}; best of the runs")
if share is not None:
    subtitle += f"; push-payloads --jobs 1 keeps {share * 100:.0f}% of the engine"
height = axis_y + 50
svg = [
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
    f'font-size="13">',
    f'<rect width="{width}" height="{height}" fill="white"/>',
    '<text x="10" y="24" font-size="17" font-weight="bold">push-payloads classify: throughput, MB/s '
    '(logarithmic)</text>',
    f'<text x="10" y="46" fill="#555">{escape(subtitle)}</text>',
    *ticks,
    *parts,
    f'<text x="{label_width + plot_width / 2:.0f}" y="{axis_y + 36}" text-anchor="middle" fill="#555">MB/s</text>',
    "</svg>",
]
open(output_path, "w").write("\n".join(svg) + "\n")
print(f"performance-chart.py: wrote {output_path} ({len(rows)} bars)")
