import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailyCount } from '#shared/schemas/analytics.ts';
import { shortDay } from './analytics-format.ts';

interface DailyChartProps {
  days: DailyCount[];
}

const HEIGHT = 220;

/** Reads the theme's colours, so the chart follows the page. */
function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function options(width: number, days: DailyCount[]): uPlot.Options {
  const text = cssVar('--text-muted', '#b9acd9');
  const grid = cssVar('--border', '#3d2c66');
  const accent = cssVar('--accent', '#b388ff');
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // Half a day of room on each side, so the first and last bars are whole.
      x: { time: false, range: () => [-0.5, days.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(4, max + 1)] },
    },
    axes: [
      {
        ...axis,
        // Day labels from the day list itself: no time-zone arithmetic in the chart.
        values: (_u, splits) =>
          splits.map((index) => (Number.isInteger(index) ? shortDay(days[index]?.date ?? '') : '')),
        incrs: [1, 2, 3, 5, 7, 10, 14, 30, 60, 90],
        space: 56,
      },
      {
        ...axis,
        size: 40,
        values: (_u, splits) => splits.map((n) => (Number.isInteger(n) ? String(n) : '')),
      },
    ],
    series: [
      {},
      {
        label: 'Requests',
        stroke: accent,
        fill: `${accent}99`,
        paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
        points: { show: false },
      },
    ],
  };
}

/**
 * The daily view as a bar chart (uPlot). This module is loaded only by the Analytics tab, with a
 * dynamic import, so no other page downloads the chart library.
 */
export default function DailyChart({ days }: DailyChartProps) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = holder.current;
    if (!target) return;
    const data: uPlot.AlignedData = [
      days.map((_day, index) => index),
      days.map((day) => day.requests),
    ];
    const plot = new uPlot(options(Math.max(240, target.clientWidth), days), data, target);
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(240, target.clientWidth), height: HEIGHT });
    });
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);

  return <div ref={holder} className="daily-chart" data-testid="daily-chart" aria-hidden="true" />;
}
