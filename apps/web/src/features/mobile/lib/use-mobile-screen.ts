import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import i18n from '@/i18n';
import { deviceTimeZone, timeZoneOk } from '@/lib/mobile-env';
import { toastError } from './toast';
import { checkMobileSession, flushOutbox } from '../api/mobile-api';

/** Registers the service worker that serves the shell offline (once per page). */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    /* not installable here (e.g. plain http on a LAN address): the app still works online */
  });
  // The files this page has loaded so far (they were fetched before the worker could see them), and
  // every font file: a browser fetches a weight only when text of it is on screen, so the bold Georgian
  // font would otherwise be missing offline and bold text would change font.
  void navigator.serviceWorker.ready.then(async (reg) => {
    await loadCourierScreens();
    const urls = [...performance.getEntriesByType('resource').map((e) => e.name), ...fontUrls()];
    reg.active?.postMessage({ type: 'cache-urls', urls });
  });
}

/**
 * Loads the code and texts of every courier screen while there is a signal, so the worker keeps them:
 * a courier who loses the signal before ever opening the signature pad or a journal can still open it.
 */
async function loadCourierScreens(): Promise<void> {
  await Promise.allSettled([
    import('../courier-pickup'),
    import('../courier-handover'),
    import('../hand-to-courier'),
    import('../status-change'),
    import('../signature'),
    import('../components/photo-camera'),
    import('../journals'),
    import('../waybill-start'),
    import('../waybill-close'),
    i18n.loadNamespaces(['mobile', 'grid']),
  ]);
}

/** The files of every @font-face of the page's own style sheets. */
export function fontUrls(): string[] {
  const urls = new Set<string>();
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet cannot be read
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      for (const m of rule.cssText.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g))
        urls.add(new URL(m[1], sheet.href ?? document.baseURI).href);
    }
  }
  return [...urls];
}

/** Sends the waiting jobs now (when online) and whenever the network returns. */
export function useOutboxSync(): void {
  useEffect(() => {
    registerServiceWorker();
    const flush = () => {
      if (navigator.onLine) void flushOutbox();
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);
}

/**
 * The environment checks before every mobile screen (spec 003 §5): the device time zone must be
 * Asia/Tbilisi (otherwise 'error. timezone:{zone}' and back), and the mobile session is checked
 * (UpdateTicketMobile; a 401 logs out through the API client).
 */
export function useMobileScreen(): void {
  const navigate = useNavigate();
  useOutboxSync();
  useEffect(() => {
    if (!timeZoneOk()) {
      toastError(i18n.t('mobile:env.timezone', { zone: deviceTimeZone() }));
      void navigate(-1);
      return;
    }
    if (navigator.onLine) void checkMobileSession();
  }, [navigate]);
}
