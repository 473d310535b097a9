import type { Appearance } from '../../api/types';
import { useElementWidth } from '../../lib/useElementWidth';
import { plural } from '../../lib/format';

interface AppearanceChartProps {
  appearances: Appearance[];
  /** Chapters 1..cap are drawn, including the ones without a mention. */
  cap: number;
}

const HEIGHT = 150;
const PAD = { top: 14, right: 8, bottom: 26, left: 34 };

/** Mentions per chapter up to the cap, as a small bar chart (inline SVG, with a table for screen readers). */
export function AppearanceChart({ appearances, cap }: AppearanceChartProps) {
  const [ref, width] = useElementWidth<HTMLElement>(320);
  const counts = new Map(appearances.map((a) => [a.chapter, a.mentions]));
  const chapters = Array.from({ length: Math.max(cap, 1) }, (_, i) => i + 1);
  const max = Math.max(1, ...chapters.map((c) => counts.get(c) ?? 0));
  const plotWidth = Math.max(40, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / chapters.length;
  const barWidth = Math.max(2, Math.min(36, slot * 0.7));
  // Label every chapter when they fit, else every k-th (always the first and the last).
  const labelEvery = Math.max(1, Math.ceil(chapters.length / Math.max(1, Math.floor(plotWidth / 28))));
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const total = chapters.reduce((sum, c) => sum + (counts.get(c) ?? 0), 0);

  return (
    <figure className="appearance-chart" ref={ref}>
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`${plural(total, 'mention')} across chapters 1 to ${cap}; the most in one chapter is ${max}.`}
      >
        <line className="appearance-chart__axis" x1={PAD.left} x2={PAD.left + plotWidth} y1={y(0)} y2={y(0)} />
        <line className="appearance-chart__grid" x1={PAD.left} x2={PAD.left + plotWidth} y1={y(max)} y2={y(max)} />
        <text className="appearance-chart__label" x={PAD.left - 6} y={y(max)} textAnchor="end" dominantBaseline="middle">
          {max}
        </text>
        <text className="appearance-chart__label" x={PAD.left - 6} y={y(0)} textAnchor="end" dominantBaseline="middle">
          0
        </text>
        {chapters.map((chapter, index) => {
          const value = counts.get(chapter) ?? 0;
          const cx = PAD.left + slot * index + slot / 2;
          const showLabel = index === 0 || index === chapters.length - 1 || chapter % labelEvery === 0;
          return (
            <g key={chapter}>
              {value > 0 && (
                <rect
                  className="appearance-chart__bar"
                  x={cx - barWidth / 2}
                  y={y(value)}
                  width={barWidth}
                  height={Math.max(1, y(0) - y(value))}
                  rx={Math.min(3, barWidth / 3)}
                >
                  <title>{`Chapter ${chapter}: ${plural(value, 'mention')}`}</title>
                </rect>
              )}
              {showLabel && (
                <text className="appearance-chart__label" x={cx} y={HEIGHT - 8} textAnchor="middle">
                  {chapter}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="appearance-chart__caption">Mentions per chapter, chapters 1–{cap}</figcaption>
      <table className="visually-hidden">
        <caption>Mentions per chapter</caption>
        <thead>
          <tr>
            <th scope="col">Chapter</th>
            <th scope="col">Mentions</th>
          </tr>
        </thead>
        <tbody>
          {chapters.map((chapter) => (
            <tr key={chapter}>
              <td>{chapter}</td>
              <td>{counts.get(chapter) ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
