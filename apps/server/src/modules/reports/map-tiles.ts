/**
 * Whether the map tiles can be reached, asked by the server for every browser: the map pages ask here
 * (`MapTiles`) before they request any tile, so a network without the tile service gives a page that says
 * so, not a tile request (and a console error) per square of the map.
 */

/** How long an answer holds before the tiles are tried again. */
export const TILES_CHECK_TTL_MS = 5 * 60_000;
/** A try that takes longer counts as unreachable. */
export const TILES_CHECK_TIMEOUT_MS = 4_000;

const checked = new Map<string, { at: number; reachable: Promise<boolean> }>();

/** The tile of the whole world (zoom 0) of a `{z}/{x}/{y}` address. */
export const worldTile = (url: string) => url.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');

/** One try: the world tile answers 2xx within the timeout. */
export async function probeTiles(url: string, timeoutMs = TILES_CHECK_TIMEOUT_MS): Promise<boolean> {
  try {
    const res = await fetch(worldTile(url), { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** The tiles' state, tried at most once per `TILES_CHECK_TTL_MS` (callers meanwhile share the try). */
export function tilesReachable(url: string, now = Date.now()): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  const last = checked.get(url);
  if (last && now - last.at < TILES_CHECK_TTL_MS) return last.reachable;
  const reachable = probeTiles(url);
  checked.set(url, { at: now, reachable });
  return reachable;
}
