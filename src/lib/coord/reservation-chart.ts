/**
 * The reservation chart (spec/archive.md, Coordination: "reservation projection"; issue 4:
 * "a reservation chart (scope × time, static SVG made at build time)"): one lane per
 * (project_root, scope), one bar per {@link ReservationSpan}, marks for takeovers (with their
 * policy outcome), incursions and releases of scopes not held. This module only computes the
 * geometry and the words; `CoordReservations.astro` draws it as inline SVG, so every text is
 * escaped by Astro and the chart needs no script. Pure.
 */
import { isoOf } from '../text/time.ts';
import type { CoordinationModel, ReservationSpan } from '../model/coord.ts';

/** One bar: a reservation held by `owner` from `start` to its end (or the end of the log). */
export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  owner: string;
  /** Whether the owner's name fits inside the bar (else only the title names it). */
  labelFits: boolean;
  ended: ReservationSpan['ended'];
  /** Anchor of the opening event. */
  href: string;
  /** Full description, for the bar's `<title>`. */
  title: string;
}

/** A point event drawn on a lane. */
export interface ChartMark {
  x: number;
  y: number;
  kind: 'takeover-allowed' | 'takeover-denied' | 'takeover-inconclusive' | 'takeover-unheld' | 'incursion' | 'release-not-held';
  /** A one-character symbol drawn at the mark (never colour alone). */
  symbol: string;
  href: string;
  title: string;
}

/** The chart's geometry, in SVG user units. */
export interface ChartLayout {
  width: number;
  height: number;
  /** x where the time axis starts (left of it: lane labels). */
  plotLeft: number;
  plotRight: number;
  lanes: Array<{ label: string; y: number; height: number }>;
  bars: ChartBar[];
  marks: ChartMark[];
  ticks: Array<{ x: number; label: string }>;
  /** Reservations not drawn because their time does not parse. */
  undrawn: number;
}

const LANE = 38;
/** Bars sit in the lower part of a lane, marks above them, so a mark never hides a name. */
const BAR_TOP = 17;
const BAR_HEIGHT = 17;
const MARK_Y = 8;
const TOP = 28;
const LABEL_WIDTH = 220;
const PLOT_WIDTH = 640;
const PAD = 12;
const RIGHT = 48;

const MARK_SYMBOL: Record<ChartMark['kind'], string> = {
  'takeover-allowed': '✓',
  'takeover-denied': '✕',
  'takeover-inconclusive': '?',
  'takeover-unheld': '○',
  incursion: '!',
  'release-not-held': '−',
};

function tickLabel(time: number, sameDay: boolean): string {
  const iso = isoOf(time);
  return sameDay ? `${iso.slice(11, 16)} UTC` : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Lays the chart out, or returns null when there is no reservation to draw. */
export function layoutReservationChart(model: CoordinationModel): ChartLayout | null {
  if (model.reservations.length === 0) return null;
  const byAnchor = new Map(model.events.map((e) => [e.anchor, e]));
  const roots = new Set(model.reservations.map((r) => r.projectRoot));
  const laneKey = (root: string, scope: string): string => `${root}\0${scope}`;
  const laneIndex = new Map<string, number>();
  const lanes: ChartLayout['lanes'] = [];
  const laneOf = (root: string, scope: string): number => {
    const key = laneKey(root, scope);
    let i = laneIndex.get(key);
    if (i === undefined) {
      i = lanes.length;
      laneIndex.set(key, i);
      lanes.push({ label: roots.size > 1 ? `${scope} (${root || 'no project_root'})` : scope, y: TOP + i * LANE, height: LANE });
    }
    return i;
  };
  for (const r of model.reservations) laneOf(r.projectRoot, r.scope);

  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const e of model.events) {
    if (e.time === null) continue;
    min = Math.min(min, e.time);
    max = Math.max(max, e.time);
  }
  const plotLeft = LABEL_WIDTH;
  const plotRight = LABEL_WIDTH + PLOT_WIDTH;
  const spanMs = max > min ? max - min : 1;
  const xOf = (t: number): number => plotLeft + ((t - min) / spanMs) * (plotRight - plotLeft);

  const bars: ChartBar[] = [];
  let undrawn = 0;
  for (const r of model.reservations) {
    if (r.startTime === null) {
      undrawn++;
      continue;
    }
    const end = r.ended === 'active' || r.endTime === null || r.endTime === undefined ? max : r.endTime;
    const lane = lanes[laneOf(r.projectRoot, r.scope)] as ChartLayout['lanes'][number];
    const x = xOf(r.startTime);
    const width = Math.max(3, xOf(end) - x);
    const opened = byAnchor.get(r.start);
    const closed = r.end ? byAnchor.get(r.end) : undefined;
    const until = r.ended === 'active' ? 'still held at the end of the log' : `${r.ended}${closed ? ` at ${closed.timestamp} by ${closed.eventType} of ${closed.actor}` : ''}`;
    bars.push({
      x,
      y: lane.y + BAR_TOP,
      width,
      height: BAR_HEIGHT,
      owner: r.owner,
      labelFits: width >= r.owner.length * 6.2 + 10,
      ended: r.ended,
      href: r.start,
      title: `${r.owner} held ${r.scope} from ${opened?.timestamp ?? '?'} (${r.via}${r.ttlMinutes !== null ? `, ttl ${r.ttlMinutes} min` : ''}); ${until}`,
    });
  }

  const marks: ChartMark[] = [];
  const mark = (anchor: string, root: string, scope: string, kind: ChartMark['kind'], title: string): void => {
    const e = byAnchor.get(anchor);
    const i = laneIndex.get(laneKey(root, scope));
    if (!e || e.time === null || i === undefined) return;
    marks.push({ x: xOf(e.time), y: (lanes[i] as ChartLayout['lanes'][number]).y + MARK_Y, kind, symbol: MARK_SYMBOL[kind], href: anchor, title });
  };
  for (const t of model.takeovers) mark(t.event, t.projectRoot, t.scope, `takeover-${t.outcome}`, `TAKEOVER by ${t.taker}: ${t.outcome} — ${t.why}`);
  for (const inc of model.incursions) {
    for (const h of inc.holders) mark(inc.event, inc.projectRoot, h.scope, 'incursion', `INCURSION by ${inc.actor} into ${h.owner}'s ${h.scope} (${inc.kind || 'kind not given'}, owner reported ${inc.reportedLiveness || 'not given'})`);
  }
  for (const p of model.releaseProblems) {
    const e = byAnchor.get(p.event);
    if (e) mark(p.event, e.projectRoot, e.scope, 'release-not-held', `RELEASE by ${e.actor} of a scope ${p.holder === null ? 'nobody held' : `held by ${p.holder}`}`);
  }

  const ticks: ChartLayout['ticks'] = [];
  if (max >= min) {
    const sameDay = isoOf(min).slice(0, 10) === isoOf(max).slice(0, 10);
    if (max === min) ticks.push({ x: xOf(min), label: tickLabel(min, sameDay) });
    else {
      // Ticks on round times (every 1, 2, 5, 10, 15, 30 minutes, 1, 2, 3, 6, 12 hours, days), at most 6.
      const minute = 60_000;
      const step = ([1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720].map((m) => m * minute).find((s) => spanMs / s <= 6) ?? Math.ceil(spanMs / 6 / (1440 * minute)) * 1440 * minute);
      for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push({ x: xOf(t), label: tickLabel(t, sameDay) });
    }
  }
  return { width: plotRight + RIGHT, height: TOP + lanes.length * LANE + PAD, plotLeft, plotRight, lanes, bars, marks, ticks, undrawn };
}
