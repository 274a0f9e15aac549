import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { getSession } from '@/lib/session';
import { askConfirm, type ConfirmQuestion } from './ask-confirm';

/**
 * Going to another address of the app while `holds()` asks first, in the app's dialog (`askConfirm`):
 * answered yes, `onLeave` runs and the app goes on; declined or closed, it stays. A logout (no session
 * left) and a change of the query alone are never held up. `holds`, `question` and `onLeave` are read
 * when the user leaves, so they may read refs.
 */
export function useConfirmLeave(
  holds: () => boolean,
  question: () => ConfirmQuestion,
  onLeave?: () => void,
): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      holds() && getSession() !== null && currentLocation.pathname !== nextLocation.pathname,
  );
  const latest = useRef({ blocker, question, onLeave });
  latest.current = { blocker, question, onLeave };
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!blocked) return;
    void askConfirm(latest.current.question()).then((leave) => {
      const { blocker: now, onLeave: leaving } = latest.current;
      if (!leave) return now.reset?.();
      leaving?.();
      now.proceed?.();
    });
  }, [blocked]);
}
