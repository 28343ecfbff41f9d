/**
 * Visit paths drawn as a flow (issue 30: "paths, from → to with counts, drawn as a flow"): origins on the left, the
 * pages they led to on the right, one band per path as wide as its count (Sankey-like columns). Plain SVG rendered
 * on the server, no chart library and no script; the figures are in the table next to it, which is what screen
 * readers get (the drawing is hidden from them).
 */
export interface FlowPath {
  origin: string;
  to: string;
  count: number;
}

const WIDTH = 760;
const NODE_WIDTH = 10;
const LABEL_WIDTH = 200;
const GAP = 8;
const MAX_BAND = 260;
const MAX_PATHS = 12;

/** The end of a visitor path that tells pages apart (the convention's prefix is the same everywhere). */
export function shortPath(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const label = parts.length > 2 ? parts.slice(-2).join('/') : parts.join('/');
  return label.length > 30 ? `…${label.slice(-29)}` : label || '/';
}

interface Node {
  key: string;
  total: number;
  y: number;
  height: number;
  used: number;
}

function column(paths: FlowPath[], side: 'origin' | 'to', scale: number): Map<string, Node> {
  const totals = new Map<string, number>();
  for (const p of paths) totals.set(p[side], (totals.get(p[side]) ?? 0) + p.count);
  const nodes = new Map<string, Node>();
  let y = 0;
  for (const [key, total] of [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const height = Math.max(2, total * scale);
    nodes.set(key, { key, total, y, height, used: 0 });
    y += height + GAP;
  }
  return nodes;
}

export function PathFlow({ paths }: { paths: FlowPath[] }) {
  const shown = [...paths].sort((a, b) => b.count - a.count).slice(0, MAX_PATHS);
  if (!shown.length) return null;
  const sum = shown.reduce((n, p) => n + p.count, 0);
  const scale = MAX_BAND / sum;
  const left = column(shown, 'origin', scale);
  const right = column(shown, 'to', scale);
  const bottom = (nodes: Map<string, Node>) => Math.max(...[...nodes.values()].map((n) => n.y + n.height));
  const height = Math.max(bottom(left), bottom(right)) + 4;
  const x0 = LABEL_WIDTH;
  const x1 = WIDTH - LABEL_WIDTH;
  const middle = (x0 + NODE_WIDTH + x1) / 2;
  const bands = shown.map((p) => {
    const from = left.get(p.origin)!;
    const to = right.get(p.to)!;
    const band = Math.max(1, p.count * scale);
    const y0 = from.y + from.used + band / 2;
    const y1 = to.y + to.used + band / 2;
    from.used += band;
    to.used += band;
    return { p, band, d: `M${x0 + NODE_WIDTH},${y0} C${middle},${y0} ${middle},${y1} ${x1},${y1}` };
  });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full max-w-3xl" aria-hidden="true" data-testid="path-flow">
      {bands.map(({ p, band, d }) => (
        <path key={`${p.origin} ${p.to}`} d={d} fill="none" stroke="#e45364" strokeOpacity={0.35} strokeWidth={band}>
          <title>{`${p.origin} → ${p.to}: ${p.count}`}</title>
        </path>
      ))}
      {[...left.values()].map((n) => (
        <g key={`l${n.key}`}>
          <rect x={x0} y={n.y} width={NODE_WIDTH} height={n.height} fill="#283853" />
          <text x={x0 - 6} y={n.y + n.height / 2} textAnchor="end" dominantBaseline="middle" fontSize={11}>
            {`${shortPath(n.key)} (${n.total})`}
          </text>
        </g>
      ))}
      {[...right.values()].map((n) => (
        <g key={`r${n.key}`}>
          <rect x={x1} y={n.y} width={NODE_WIDTH} height={n.height} fill="#283853" />
          <text x={x1 + NODE_WIDTH + 6} y={n.y + n.height / 2} dominantBaseline="middle" fontSize={11}>
            {`${shortPath(n.key)} (${n.total})`}
          </text>
        </g>
      ))}
    </svg>
  );
}
