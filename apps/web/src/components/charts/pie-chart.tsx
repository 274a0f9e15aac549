import { Box, Group, Stack, Text } from '@mantine/core';

/** One slice of the pie: a label, a count and its colour. */
export interface PieSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface PieChartProps {
  slices: readonly PieSlice[];
  /** Accessible name and heading */
  title: string;
  size?: number;
}

/** A point on the circle of radius r around (c, c) at a fraction (0..1) of a turn from the top. */
function point(c: number, r: number, f: number): [number, number] {
  const a = 2 * Math.PI * f - Math.PI / 2;
  return [c + r * Math.cos(a), c + r * Math.sin(a)];
}

/**
 * A small SVG pie of our own (no chart library) with a legend that carries the counts; each slice has a
 * tooltip (`<title>`). Zero slices are left out of the drawing but stay in the legend.
 */
export function PieChart({ slices, title, size = 180 }: PieChartProps) {
  const total = slices.reduce((s, x) => s + Math.max(0, x.value), 0);
  const c = size / 2;
  const r = c - 4;
  let at = 0;
  const drawn = slices
    .filter((s) => s.value > 0)
    .map((s) => {
      const f = s.value / total;
      const from = at;
      at += f;
      if (f >= 0.9999) {
        return (
          <circle key={s.key} cx={c} cy={c} r={r} fill={s.color}>
            <title>{`${s.label}: ${s.value}`}</title>
          </circle>
        );
      }
      const [x1, y1] = point(c, r, from);
      const [x2, y2] = point(c, r, from + f);
      const d = `M${c},${c} L${x1},${y1} A${r},${r} 0 ${f > 0.5 ? 1 : 0} 1 ${x2},${y2} Z`;
      return (
        <path key={s.key} d={d} fill={s.color} stroke="#fff" strokeWidth={1}>
          <title>{`${s.label}: ${s.value}`}</title>
        </path>
      );
    });
  return (
    <Group gap="md" align="center" wrap="nowrap" role="figure" aria-label={title} data-testid="pie-chart">
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        {total === 0 ? <circle cx={c} cy={c} r={r} fill="var(--mantine-color-gray-2)" /> : drawn}
      </svg>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {slices.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap" data-testid={`pie-${s.key}`}>
            <Box w={12} h={12} style={{ background: s.color, borderRadius: 2, flex: 'none' }} />
            <Text size="sm">
              {s.label}: <b>{s.value}</b>
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
