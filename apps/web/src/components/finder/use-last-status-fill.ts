import { useCallback, useEffect, useRef, useState } from 'react';
import type { FinderRow, LastStatusItem } from '@po/contract/parcels/finder';
import { notifyError } from '@/lib/notify';
import { progressiveFill, type FinderSource } from './finder-source';

export type FillProgress = { done: number; total: number };

/**
 * The last statuses filled in after each page, batch by batch, with their progress; a newer page (even
 * an empty one that starts no fill), `forgetFill`, or leaving the screen makes an older fill stop.
 */
export function useLastStatusFill<R extends FinderRow>(filler: FinderSource<R>['fill']) {
  const [fresh, setFresh] = useState<Record<string, LastStatusItem>>({});
  const [progress, setProgress] = useState<FillProgress | null>(null);
  const fillToken = useRef(0);
  const fill = useCallback(
    (rows: readonly R[]) => {
      // any new page stops the older fill, also one that starts none (its progress message stays)
      const token = ++fillToken.current;
      if (!filler || (filler.skipEmpty && rows.length === 0)) return;
      void progressiveFill(
        rows.map((r) => r.GUID),
        filler.batch,
        filler.load,
        {
          alive: () => token === fillToken.current,
          items: (items) =>
            setFresh((prev) => {
              const next = { ...prev };
              for (const it of items) next[it.ParcelGUID] = it;
              return next;
            }),
          progress: (done, total) => setProgress({ done, total }),
          error: notifyError,
        },
      );
    },
    [filler],
  );
  useEffect(
    () => () => {
      fillToken.current++;
    },
    [],
  );
  const forgetFill = () => {
    fillToken.current++;
    setFresh({});
    setProgress(null);
  };
  return { fresh, progress, fill, forgetFill };
}
