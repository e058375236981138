import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Legend, Tooltip } from 'chart.js';
import styles from './Overview.module.css';

// Only what a bar chart needs, so the chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface ChartSeries {
  name: string;
  values: number[];
}

interface UsageChartCanvasProps {
  labels: string[];
  series: ChartSeries[];
  /** Several series stack into one bar per bucket. */
  stacked: boolean;
  /** What the chart shows, in words, for screen readers (the table under it has the numbers). */
  description: string;
  formatValue: (value: number) => string;
}

const SERIES_COLOURS = 8;

function cssVariable(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The theme lives in <html data-theme>; a canvas cannot read CSS variables by itself, so it redraws when that changes. */
function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

export default function UsageChartCanvas({ labels, series, stacked, description, formatValue }: UsageChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    let chart: Chart<'bar'> | null = null;
    const draw = () => {
      chart?.destroy();
      const text = cssVariable('--color-text-muted');
      const grid = cssVariable('--color-border');
      chart = new Chart(element, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((one, index) => {
            const colour = cssVariable(`--chart-${(index % SERIES_COLOURS) + 1}`);
            return { label: one.name, data: one.values, backgroundColor: colour, borderRadius: 3, maxBarThickness: 28 };
          }),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            x: { stacked, ticks: { color: text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
            y: {
              stacked,
              beginAtZero: true,
              ticks: { color: text, precision: 0, callback: (value) => formatValue(Number(value)) },
              grid: { color: grid },
            },
          },
          plugins: {
            legend: { display: series.length > 1, position: 'bottom', labels: { color: text, boxWidth: 12 } },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatValue(Number(item.raw))}` } },
          },
        },
      });
    };
    draw();
    const stopWatching = watchTheme(draw);
    return () => {
      stopWatching();
      chart?.destroy();
    };
  }, [labels, series, stacked, formatValue]);

  return (
    <div className={styles.chartBox}>
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
