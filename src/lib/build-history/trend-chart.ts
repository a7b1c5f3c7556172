/**
 * Trend charts, laid out at build time (issue 15, scope 5: "static SVG charts made at build
 * time, readable without script"). Pure: the layout is plain data; src/components/TrendCharts.astro
 * writes it as SVG elements (Astro escapes every text and attribute). Four small panels — rows,
 * flags by severity, share of evidence verified, open blockers — each a line over the builds,
 * every point marked and its series named in words (markers and dashes differ, so colour is
 * never the only signal), with a title and a description that read the numbers out.
 */
import type { TrendPoint } from './trends.ts';

/** One series of a panel. `points` are in SVG user units; `values` are the numbers shown. */
export interface ChartSeries {
  name: string;
  /** CSS class: `rows`, `high`, `medium`, `low`, `verified`, `blockers`. */
  tone: string;
  /** The marker drawn at each point: a circle, a triangle or a square. */
  marker: 'circle' | 'triangle' | 'square';
  path: string;
  points: Array<{ x: number; y: number; label: string; build: number }>;
  /** The last value, written at the line's end. */
  end: { x: number; y: number; text: string };
}

/** One panel. */
export interface ChartPanel {
  id: string;
  title: string;
  desc: string;
  width: number;
  height: number;
  /** Plot area. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
  series: ChartSeries[];
}

const W = 340;
const H = 170;
const LEFT = 44;
const RIGHT = 80;
const TOP = 14;
const BOTTOM = 30;

/** The smallest "nice" whole number (1, 2, 5 × 10^n, or 4) at or above `v`. */
export function niceCeiling(v: number): number {
  if (v <= 1) return 1;
  if (v <= 4) return Math.ceil(v) === 3 ? 4 : Math.ceil(v);
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
const percent = (v: number | null): string => (v === null ? '—' : `${Math.round(v * 100)}%`);

function panel(id: string, title: string, points: readonly TrendPoint[], series: Array<{ name: string; tone: string; marker: ChartSeries['marker']; value: (p: TrendPoint) => number | null; text: (v: number | null) => string }>, max: number | null): ChartPanel {
  const values = series.flatMap((s) => points.map(s.value)).filter((v): v is number => v !== null);
  const top = max ?? niceCeiling(Math.max(1, ...values));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const x = (i: number): number => round1(LEFT + (points.length === 1 ? plotW / 2 : (i / (points.length - 1)) * plotW));
  const y = (v: number): number => round1(TOP + plotH - (Math.min(v, top) / top) * plotH);
  const out: ChartSeries[] = series.map((s) => {
    const pts = points.flatMap((p, i) => {
      const v = s.value(p);
      return v === null ? [] : [{ x: x(i), y: y(v), label: `build ${p.build}: ${s.text(v)}`, build: p.build }];
    });
    const path = pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
    const last = pts[pts.length - 1];
    const lastValue = [...points].reverse().map(s.value).find((v) => v !== null) ?? null;
    return { name: s.name, tone: s.tone, marker: s.marker, path, points: pts, end: last ? { x: round1(last.x + 8), y: round1(last.y + 4), text: s.text(lastValue) } : { x: 0, y: 0, text: '' } };
  });
  // Labels of several series ending at one height would overlap: spread them.
  const ends = [...out].filter((s) => s.end.text !== '').sort((a, b) => a.end.y - b.end.y);
  for (let i = 1; i < ends.length; i++) {
    const prev = ends[i - 1] as ChartSeries;
    const cur = ends[i] as ChartSeries;
    if (cur.end.y - prev.end.y < 12) cur.end = { ...cur.end, y: round1(prev.end.y + 12) };
  }
  // Counts get whole-number ticks only; the share gets 0, 50 and 100%.
  const ticks = max === 1 || Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
  const yTicks = ticks.map((v) => ({ y: y(v), label: max === 1 ? percent(v) : String(v) }));
  // At most 8 build labels: first, last and evenly between.
  const step = Math.max(1, Math.ceil(points.length / 8));
  const xTicks = points.flatMap((p, i) => (i % step === 0 || i === points.length - 1 ? [{ x: x(i), label: `#${p.build}` }] : []));
  const desc = series.map((s) => `${s.name}: ${points.map((p) => `${s.text(s.value(p))} at build ${p.build}`).join(', ')}`).join('. ');
  return { id, title, desc: `${desc}.`, width: W, height: H, left: LEFT, right: W - RIGHT, top: TOP, bottom: H - BOTTOM, yTicks, xTicks, series: out };
}

const n = (v: number | null): string => (v === null ? '—' : String(v));

/** The four panels of a trend, or none when it has fewer than two points (no trend to draw). */
export function trendCharts(points: readonly TrendPoint[], prefix: string): ChartPanel[] {
  if (points.length < 2) return [];
  return [
    panel(`${prefix}-rows`, 'Decision rows', points, [{ name: 'rows', tone: 'rows', marker: 'circle', value: (p) => p.rows, text: n }], null),
    panel(
      `${prefix}-flags`,
      'Flags by severity',
      points,
      [
        { name: 'high', tone: 'high', marker: 'triangle', value: (p) => p.high, text: n },
        { name: 'medium', tone: 'medium', marker: 'square', value: (p) => p.medium, text: n },
        { name: 'low', tone: 'low', marker: 'circle', value: (p) => p.low, text: n },
      ],
      null,
    ),
    panel(`${prefix}-verified`, 'Evidence verified', points, [{ name: 'verified', tone: 'verified', marker: 'circle', value: (p) => p.verified, text: percent }], 1),
    panel(`${prefix}-blockers`, 'Open blockers', points, [{ name: 'open blockers', tone: 'blockers', marker: 'square', value: (p) => p.openBlockers, text: n }], null),
  ];
}
