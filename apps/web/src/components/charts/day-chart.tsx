import { Box, Group, Text } from '@mantine/core';

/** One day of the chart: the total (a bar) and the part of it that reached the goal (the share line). */
export interface DayPoint {
  /** `YYYY-MM-DD` */
  day: string;
  total: number;
  part: number;
}

export interface DayChartProps {
  points: readonly DayPoint[];
  /** Accessible name and heading */
  title: string;
  /** Legend text of the bars and of the share line */
  totalLabel: string;
  shareLabel: string;
  /** Shown instead of the chart when every day is 0 */
  emptyText: string;
  /** Shown under the title (e.g. the totals in words) */
  caption?: string;
  height?: number;
}

const W = 760;
const PAD = { left: 40, right: 44, top: 12, bottom: 34 };
const BAR = 'var(--mantine-color-blue-5)';
const LINE = 'var(--mantine-color-teal-7)';

/** A round, even upper bound for the count axis (2, 4, 6, 10, 20, 40, 60, 100 ...): its half is whole too. */
export function niceMax(n: number): number {
  if (n <= 2) return 2;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 4, 6, 10]) if (m * p >= n && (m * p) % 2 === 0) return m * p;
  return 10 * p;
}

/** `DD.MM` of a `YYYY-MM-DD` day. */
const short = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/**
 * Parcels per day as bars with the delivered share (0–100 %) as a line on a second axis: a small SVG of
 * our own (no chart library). Every bar has a tooltip (`<title>`) with its figures.
 */
export function DayChart({
  points,
  title,
  totalLabel,
  shareLabel,
  emptyText,
  caption,
  height = 240,
}: DayChartProps) {
  const max = niceMax(Math.max(0, ...points.map((p) => p.total)));
  const empty = points.every((p) => p.total === 0);
  const innerW = W - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const step = points.length ? innerW / points.length : innerW;
  const barW = Math.max(2, Math.min(36, step * 0.7));
  const x = (i: number) => PAD.left + step * i + step / 2;
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const yShare = (s: number) => PAD.top + innerH - s * innerH;
  const labelEvery = Math.max(1, Math.ceil(points.length / 14));
  const share = points
    .map((p, i) => (p.total > 0 ? `${x(i).toFixed(1)},${yShare(p.part / p.total).toFixed(1)}` : null))
    .filter((s): s is string => s !== null);

  return (
    <Box>
      <Group justify="space-between" mb={4} wrap="wrap">
        <Text fw={600}>{title}</Text>
        <Group gap="md">
          <Group gap={6}>
            <Box w={12} h={12} style={{ background: BAR, borderRadius: 2 }} />
            <Text size="sm">{totalLabel}</Text>
          </Group>
          <Group gap={6}>
            <Box w={14} h={3} style={{ background: LINE }} />
            <Text size="sm">{shareLabel}</Text>
          </Group>
        </Group>
      </Group>
      {caption && (
        <Text size="sm" c="dimmed" mb={4}>
          {caption}
        </Text>
      )}
      {empty ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <svg
          role="img"
          aria-label={title}
          viewBox={`0 0 ${W} ${height}`}
          width="100%"
          style={{ maxWidth: W, display: 'block' }}
          data-testid="day-chart"
        >
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(max * f)}
                y2={y(max * f)}
                stroke="var(--mantine-color-gray-3)"
                strokeDasharray={f === 0 ? undefined : '3 3'}
              />
              <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize={11} fill="currentColor">
                {Math.round(max * f)}
              </text>
              <text x={W - PAD.right + 6} y={yShare(f) + 4} fontSize={11} fill={LINE}>
                {Math.round(f * 100)}%
              </text>
            </g>
          ))}
          {points.map((p, i) => (
            <g key={p.day}>
              <rect
                x={x(i) - barW / 2}
                y={y(p.total)}
                width={barW}
                height={Math.max(0, PAD.top + innerH - y(p.total))}
                fill={BAR}
                rx={2}
              >
                <title>{`${short(p.day)}: ${totalLabel} ${p.total}, ${shareLabel} ${
                  p.total ? Math.round((p.part / p.total) * 100) : 0
                }%`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text
                  x={x(i)}
                  y={height - PAD.bottom + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill="currentColor"
                >
                  {short(p.day)}
                </text>
              )}
            </g>
          ))}
          {share.length > 1 && (
            <polyline points={share.join(' ')} fill="none" stroke={LINE} strokeWidth={2} />
          )}
          {points.map((p, i) =>
            p.total > 0 ? (
              <circle key={p.day} cx={x(i)} cy={yShare(p.part / p.total)} r={3} fill={LINE} />
            ) : null,
          )}
        </svg>
      )}
    </Box>
  );
}
