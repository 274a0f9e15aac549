import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
// The marker images travel with the app (no CDN): Vite bundles them and gives their URLs.
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import type { CourierPosition } from '@po/contract/reports';
import { tbilisiDateTime } from '../api/dates';

/** The map's start (spec 003 §9): about 41.7265, 44.7657 at zoom 15, at most zoom 18. */
export const MAP_CENTER: [number, number] = [41.7265, 44.7657];
export const MAP_ZOOM = 15;
export const MAP_MAX_ZOOM = 18;

const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});
const TRACK_COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#c2255c'];

export interface CourierMapProps {
  couriers: readonly CourierPosition[];
  /** permanent tooltips on every marker */
  allTooltips: boolean;
  /** draw today's tracks */
  tracks: boolean;
  /**
   * the tile address the server gave, once it reached the tiles; null: no tiles are requested (the server
   * could not reach them, or has not answered yet)
   */
  tilesUrl: string | null;
  /** called once when the tiles cannot load in the browser after all: the map stops requesting them */
  onTilesFailed: () => void;
  label: string;
  attribution: string;
}

/**
 * The couriers on a Leaflet map with OpenStreetMap tiles: a marker at each courier's last position (name
 * and time in the tooltip) and today's track as a line. The map is made once; markers follow the data.
 * Tiles are requested only from an address the server reached; the first tile that fails all the same
 * removes the tile layer, so an unreachable service costs one failed request, not one per square.
 */
export function CourierMap({
  couriers,
  allTooltips,
  tracks,
  tilesUrl,
  onTilesFailed,
  label,
  attribution,
}: CourierMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: MAP_CENTER, zoom: MAP_ZOOM, maxZoom: MAP_MAX_ZOOM });
    layer.current = L.layerGroup().addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      layer.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m || !tilesUrl) return;
    let loaded = false;
    const tiles = L.tileLayer(tilesUrl, { maxZoom: MAP_MAX_ZOOM, attribution });
    tiles
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        if (loaded || !m.hasLayer(tiles)) return;
        m.removeLayer(tiles);
        failed.current();
      })
      .addTo(m);
    return () => {
      if (m.hasLayer(tiles)) m.removeLayer(tiles);
    };
  }, [tilesUrl, attribution]);

  useEffect(() => {
    const m = map.current;
    const g = layer.current;
    if (!m || !g) return;
    g.clearLayers();
    const points: L.LatLngExpression[] = [];
    couriers.forEach((c, i) => {
      if (tracks && c.Track.length > 1) {
        L.polyline(
          c.Track.map((p) => [p.Lat, p.Lng] as [number, number]),
          { color: TRACK_COLORS[i % TRACK_COLORS.length], weight: 3, opacity: 0.8 },
        ).addTo(g);
      }
      if (c.Lat === null || c.Lng === null) return;
      points.push([c.Lat, c.Lng]);
      L.marker([c.Lat, c.Lng], { icon: markerIcon, title: c.Name, alt: c.Name })
        .bindTooltip(`${c.Name}${c.At ? ` · ${tbilisiDateTime(c.At)}` : ''}`, {
          permanent: allTooltips,
          direction: 'right',
        })
        .addTo(g);
    });
    if (!fitted.current && points.length) {
      fitted.current = true;
      m.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: MAP_ZOOM });
    }
  }, [couriers, allTooltips, tracks]);

  return (
    <div ref={box} role="region" aria-label={label} style={{ height: 460, width: '100%', borderRadius: 8 }} />
  );
}
