/**
 * The score matrix as a static chart, laid out at build time (issue 3, scope 3: "the score
 * matrix as a table and as a static SVG chart made at build time"; quality-and-design-
 * controls.md, section 2, step 3: the judge "scores each criterion per candidate"). Pure: the
 * layout is plain data; src/components/ScoreChart.astro writes it as SVG elements (Astro
 * escapes every text and attribute), so the chart needs no script and no `set:html`.
 *
 * Shape: one group of horizontal bars per criterion (one bar per candidate), then a group of
 * totals. The pick's bars carry `pick: true` and the word "pick" in their label, so colour is
 * never the only signal.
 */
import type { ArenaMatrix } from '../model/arena.ts';

/** One bar of the chart. Coordinates are in SVG user units. */
export interface ChartBar {
  candidate: string;
  x: number;
  y: number;
  width: number;
  height: number;
  pick: boolean;
  /** The label after the bar: `B (pick) 5`, or `A —` when the cell holds no score. */
  text: string;
  textX: number;
  textY: number;
}

/** One group: a criterion (or the totals) and its bars. */
export interface ChartGroup {
  label: string;
  labelY: number;
  bars: ChartBar[];
  total: boolean;
}

/** The whole chart. */
export interface ScoreChartLayout {
  width: number;
  height: number;
  title: string;
  desc: string;
  /** x of the bars' origin (the axis). */
  originX: number;
  groups: ChartGroup[];
  /** Gridline positions and labels of the per-criterion scale (0 … scaleMax). */
  ticks: Array<{ x: number; label: string }>;
  /** Vertical extent of the gridlines (the criterion groups, not the totals). */
  gridTop: number;
  gridBottom: number;
}

const WIDTH = 720;
const LABEL_W = 200;
const VALUE_W = 110;
const BAR_H = 14;
const BAR_GAP = 4;
const GROUP_GAP = 14;
const TOP = 24;
const MAX_LABEL = 30;

const cut = (s: string): string => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s);

/**
 * Lays out the chart of `matrix`, marking `pick`'s bars. Bars of a criterion use the scale
 * 0…`matrix.scaleMax`; the totals group uses 0…(scaleMax × criteria). Never throws; an empty
 * matrix gives a chart with no groups.
 */
export function scoreChartLayout(matrix: ArenaMatrix, pick: string | null): ScoreChartLayout {
  const area = WIDTH - LABEL_W - VALUE_W;
  const groups: ChartGroup[] = [];
  let y = TOP;
  const group = (label: string, values: Array<{ candidate: string; score: number | null }>, max: number, total: boolean): void => {
    const bars = values.map((v, i) => {
      const by = y + i * (BAR_H + BAR_GAP);
      const width = v.score === null || max <= 0 ? 0 : Math.round((Math.max(0, Math.min(v.score, max)) / max) * area * 10) / 10;
      const isPick = v.candidate === pick;
      const name = isPick ? `${v.candidate} (pick)` : v.candidate;
      return { candidate: v.candidate, x: LABEL_W, y: by, width, height: BAR_H, pick: isPick, text: `${name} ${v.score === null ? '—' : String(v.score)}`, textX: LABEL_W + width + 6, textY: by + BAR_H - 3 };
    });
    const h = values.length * (BAR_H + BAR_GAP) - BAR_GAP;
    groups.push({ label: cut(label), labelY: y + h / 2 + 4, bars, total });
    y += h + GROUP_GAP;
  };
  for (const row of matrix.rows) group(row.criterion, row.scores.map((s) => ({ candidate: s.candidate, score: s.score })), matrix.scaleMax, false);
  const gridBottom = y - GROUP_GAP / 2;
  // The totals have their own scale (0…scaleMax × criteria): the label says so, not the axis.
  if (matrix.rows.length > 0) group(`Total (of ${matrix.scaleMax * matrix.rows.length})`, matrix.candidates.map((c) => ({ candidate: c, score: matrix.totals[c] ?? 0 })), matrix.scaleMax * matrix.rows.length, true);
  const ticks = Array.from({ length: matrix.scaleMax + 1 }, (_, i) => ({ x: LABEL_W + Math.round((i / Math.max(1, matrix.scaleMax)) * area * 10) / 10, label: String(i) }));
  const totals = matrix.candidates.map((c) => `${c} ${matrix.totals[c] ?? 0}`).join(', ');
  return {
    width: WIDTH,
    height: y - GROUP_GAP + 12,
    title: 'Scores per criterion and candidate',
    desc: `${matrix.rows.length} criteria, scale 0–${matrix.scaleMax}; the total bars are scaled to 0–${matrix.scaleMax * matrix.rows.length}. Totals: ${totals}.${pick ? ` Pick: ${pick}.` : ''} The table above holds the same numbers.`,
    originX: LABEL_W,
    groups,
    ticks,
    gridTop: TOP - 4,
    gridBottom,
  };
}
