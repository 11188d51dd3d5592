import { AxisBottom, AxisLeft, type TickRendererProps } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

/*
 * The analytics screen's charts (visx: plain SVG computed from the data, so the server renders
 * them whole, like the rest of the page). They are pictures of the table next to each of them:
 * hidden from screen readers, which read the table. Only the admin analytics and the affiliate
 * portal import this file.
 */

export interface BarDatum {
  key: string;
  label: string;
  value: number;
}

const tickText = ({ formattedValue, ...props }: TickRendererProps) => (
  <text
    x={props.x}
    y={props.y}
    dy={props.dy}
    textAnchor={props.textAnchor}
    className="fill-ink-600 text-[11px]"
  >
    {formattedValue}
  </text>
);

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * One horizontal bar per row, its label before it and its value after it. Drawn 360 units wide,
 * about the width of a phone, so its text stays readable there.
 */
export function HorizontalBars({
  data,
  format,
  labelWidth = 128,
  className = "fill-brand-600",
}: {
  data: BarDatum[];
  format: (value: number) => string;
  /** Room for the labels, in the drawing's units (about 6.5 per character). */
  labelWidth?: number;
  className?: string;
}) {
  const width = 360;
  const row = 28;
  const longestValue = Math.max(1, ...data.map((d) => format(d.value).length));
  const valueWidth = 10 + longestValue * 7.5;
  const height = Math.max(1, data.length) * row;
  const x = scaleLinear({
    domain: [0, Math.max(1, ...data.map((d) => d.value))],
    range: [0, width - labelWidth - valueWidth],
  });
  const y = scaleBand({ domain: data.map((d) => d.key), range: [0, height], padding: 0.28 });
  const maxLabel = Math.floor((labelWidth - 8) / 6.3);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-md"
      aria-hidden="true"
      focusable="false"
    >
      {data.map((d) => {
        const top = y(d.key) ?? 0;
        const barWidth = x(d.value);
        return (
          <Group key={d.key} top={top}>
            <text x={0} y={y.bandwidth() / 2} dy="0.35em" className="fill-ink-700 text-[11px]">
              {shorten(d.label, maxLabel)}
            </text>
            <Bar
              x={labelWidth}
              y={0}
              width={Math.max(d.value > 0 ? 2 : 0, barWidth)}
              height={y.bandwidth()}
              rx={3}
              className={className}
            />
            <text
              x={labelWidth + barWidth + 5}
              y={y.bandwidth() / 2}
              dy="0.35em"
              className="fill-ink-900 text-[11px] font-semibold"
            >
              {format(d.value)}
            </text>
          </Group>
        );
      })}
    </svg>
  );
}

export interface StackSeries {
  key: string;
  className: string;
}

/** Columns over time, each stacked from its series (applications by status per period). */
export function StackedColumns({
  buckets,
  series,
  format,
  width = 640,
  height = 240,
}: {
  buckets: { key: string; label: string; values: Record<string, number> }[];
  series: StackSeries[];
  format: (value: number) => string;
  /** The drawing's size in its own units: a narrower one keeps its text readable on a phone. */
  width?: number;
  height?: number;
}) {
  const margin = { top: 10, right: 8, bottom: 28, left: 44 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const totals = buckets.map((b) => series.reduce((sum, s) => sum + (b.values[s.key] ?? 0), 0));
  const x = scaleBand({
    domain: buckets.map((b) => b.key),
    range: [0, innerWidth],
    padding: buckets.length > 60 ? 0.05 : 0.2,
  });
  const y = scaleLinear({
    domain: [0, Math.max(1, ...totals)],
    range: [innerHeight, 0],
    nice: true,
  });
  const labels = new Map(buckets.map((b) => [b.key, b.label]));
  // At most about eight dates under the axis, evenly spread.
  const step = Math.max(1, Math.ceil(buckets.length / 8));
  const tickValues = buckets.filter((_, index) => index % step === 0).map((b) => b.key);
  const integerTicks = y.ticks(4).filter((tick) => Number.isInteger(tick));

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      aria-hidden="true"
      focusable="false"
    >
      <Group left={margin.left} top={margin.top}>
        {integerTicks.map((tick) => (
          <line
            key={tick}
            x1={0}
            x2={innerWidth}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-ink-100"
          />
        ))}
        {buckets.map((bucket) => {
          let base = innerHeight;
          return (
            <Group key={bucket.key} left={x(bucket.key) ?? 0}>
              {series.map((s) => {
                const value = bucket.values[s.key] ?? 0;
                if (value === 0) return null;
                const barHeight = innerHeight - y(value);
                base -= barHeight;
                return (
                  <Bar
                    key={s.key}
                    x={0}
                    y={base}
                    width={x.bandwidth()}
                    height={barHeight}
                    className={s.className}
                  />
                );
              })}
            </Group>
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={integerTicks}
          tickFormat={(value) => format(Number(value))}
          hideAxisLine
          tickLength={4}
          tickStroke="#b3bbc3"
          tickComponent={tickText}
          tickLabelProps={{ dx: -4, dy: "0.32em", textAnchor: "end" }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={tickValues}
          tickFormat={(value) => labels.get(String(value)) ?? String(value)}
          stroke="#b3bbc3"
          tickStroke="#b3bbc3"
          tickLength={4}
          tickComponent={tickText}
          tickLabelProps={{ dy: "1.1em", textAnchor: "middle" }}
        />
      </Group>
    </svg>
  );
}
