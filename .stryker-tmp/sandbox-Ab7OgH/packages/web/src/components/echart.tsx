// @ts-nocheck
import { useEffect, useRef, type CSSProperties } from 'react';
import * as echarts from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/*
 * A small ECharts wrapper: only the parts the console draws (line charts with a grid, legend and tooltip),
 * rendered as SVG (crisp at any zoom, its texts readable in the page). The chart is created on a div,
 * `setOption` runs when the option changes, a ResizeObserver follows the container's width, and the chart
 * is disposed with the component.
 */
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type EChartOption = echarts.ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** The charts' line colours (spec 3: a palette of 16), in the order series take them. */
export const CHART_COLORS = [
  '#1677ff',
  '#52c41a',
  '#f5222d',
  '#fa8c16',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#faad14',
  '#2f54eb',
  '#a0d911',
  '#8c564b',
  '#08979c',
  '#c41d7f',
  '#7f7f7f',
  '#d4b106',
  '#391085',
] as const;

export interface EChartProps {
  option: EChartOption;
  /** The chart's height (the width follows the container). */
  height?: number;
  /** Names the chart for assistive technology and tests. */
  label: string;
  style?: CSSProperties;
}

export function EChart({ option, height = 320, label, style }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = ref.current!;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a series that is gone (another provider chosen) does not linger.
    chart.current?.setOption({ color: [...CHART_COLORS], ...option }, { notMerge: true });
  }, [option]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height, ...style }} />;
}
