import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
}

/**
 * A time series chart drawn by uPlot (issue 30). This module is loaded on demand by the analytics page only, so no
 * other page downloads uPlot; the page shows the same figures as a table for screen readers.
 */
export default function SeriesChart({ times, series, label }: { times: number[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 220,
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, spanGaps: true }))],
        axes: [{}, { size: 50 }],
        scales: { x: { time: true } },
      },
      [times.map((t) => t / 1000), ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    const resize = () => plot.setSize({ width: Math.max(280, element.clientWidth), height: 220 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [times, series]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
