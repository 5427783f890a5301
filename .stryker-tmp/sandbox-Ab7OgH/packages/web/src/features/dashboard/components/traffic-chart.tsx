// @ts-nocheck
import { useMemo } from 'react';
import { EChart, type EChartOption } from '@/components/echart.tsx';

export interface TrafficLine {
  name: string;
  data: number[];
}

/**
 * A traffic line chart: one line per series over the hourly labels (H:mm, UTC). The colours come from the
 * palette in the series' order.
 */
export function TrafficChart({ labels, lines, label }: { labels: string[]; lines: TrafficLine[]; label: string }) {
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 56, right: 24, top: 40, bottom: 48 },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: labels,
        name: 'UTC',
        nameLocation: 'middle',
        nameGap: 28,
        // The current hour is always labelled; labels that would overlap are left out.
        axisLabel: { showMaxLabel: true, hideOverlap: true },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: lines.map((l) => ({ type: 'line', name: l.name, data: l.data, showSymbol: false, smooth: false })),
    }),
    [labels, lines],
  );
  return <EChart option={option} label={label} height={300} />;
}
