import { Alert, Checkbox, Group, Stack, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourierPosition } from '@po/contract/reports';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { useCourierPositions, useMapTiles } from './api/couriers';
import { tbilisiDateTime } from './api/dates';
import { CourierMap } from './components/courier-map';

/** `41.716500, 44.783300` */
const position = (c: CourierPosition) =>
  c.Lat === null || c.Lng === null ? '' : `${c.Lat.toFixed(6)}, ${c.Lng.toFixed(6)}`;

/**
 * The couriers' map (spec 003 "Map demo pages", made real): each courier's last position from the jobs
 * and events they sent, today's track, on OpenStreetMap tiles. When the tiles cannot load (no network: the
 * server says so before any is requested), the page says so and requests none; the list of couriers with
 * their last position and time is always there.
 */
function CouriersMapPage({ titleKey, tooltipsDefault }: { titleKey: string; tooltipsDefault: boolean }) {
  const { t } = useTranslation('reports');
  const positions = useCourierPositions();
  const tiles = useMapTiles();
  const [tilesFailedHere, setTilesFailed] = useState(false);
  // the server could not reach the tiles (or cannot be asked): the page requests none and says so
  const tilesFailed = tilesFailedHere || tiles.isError || tiles.data?.Reachable === false;
  const tilesUrl = !tilesFailed && tiles.data?.Reachable ? tiles.data.Url : null;
  const [allTooltips, setAllTooltips] = useState(tooltipsDefault);
  const [tracks, setTracks] = useState(true);
  const couriers = useMemo(() => positions.data ?? [], [positions.data]);

  const columns = useMemo<GridColumn<CourierPosition>[]>(
    () => [
      { field: 'Name', header: t('map.courier'), width: 200 },
      { field: 'OfficeName', header: t('map.office'), width: 200 },
      { field: 'Mobile', header: t('map.device'), width: 140 },
      {
        field: 'position',
        header: t('map.lastPosition'),
        width: 210,
        value: (c) => position(c),
        format: (v) => (v ? String(v) : t('map.noPosition')),
      },
      {
        field: 'At',
        header: t('map.lastTime'),
        width: 160,
        format: (v) => (v ? tbilisiDateTime(String(v)) : ''),
      },
      {
        field: 'track',
        header: t('map.trackToday'),
        type: 'number',
        width: 150,
        value: (c) => c.Track.length,
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Title order={2}>{t(`layout:routes.${titleKey}`)}</Title>
      <Group gap="lg">
        <Checkbox
          label={t('map.showTooltips')}
          checked={allTooltips}
          onChange={(e) => setAllTooltips(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('map.showTracks')}
          checked={tracks}
          onChange={(e) => setTracks(e.currentTarget.checked)}
        />
      </Group>
      {tilesFailed && (
        <Alert color="orange" icon={<IconMapOff size={20} />} role="alert">
          {t('map.cannotLoad')}
        </Alert>
      )}
      <CourierMap
        couriers={couriers}
        allTooltips={allTooltips}
        tracks={tracks}
        tilesUrl={tilesUrl}
        onTilesFailed={() => setTilesFailed(true)}
        label={t('map.label')}
        attribution={t('map.attribution')}
      />
      <DataGrid
        label={t('map.couriers')}
        columns={columns}
        data={positions.data}
        rowKey="UserGUID"
        loading={positions.isFetching}
        emptyText={t('noData')}
        onRefresh={() => void positions.refetch()}
      />
    </Stack>
  );
}

/** /mapping: the couriers with today's routes. */
export function CourierMapScreen() {
  return <CouriersMapPage titleKey="mapping" tooltipsDefault={false} />;
}

/** /syn-fussionmapping: the same map with every courier's tooltip shown. */
export function CourierMarkerMapScreen() {
  return <CouriersMapPage titleKey="synFussionmapping" tooltipsDefault />;
}
