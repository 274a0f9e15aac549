import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

/**
 * The one print path of the app: a hidden iframe holds the printable document (with print CSS and
 * the app's fonts), waits for its images and fonts (at least 1 s, spec 001 §2.10) and prints.
 * `printHtml` prints an HTML fragment; `<PrintFrame>` renders React children into such a frame.
 */

/** Base print CSS every printout shares. */
export const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { font-family: 'Noto Sans Georgian', 'Noto Sans', Arial, sans-serif; font-size: 11pt;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page-break { break-after: page; }
`;

/** The wait before printing (spec 001 §2.10: "the print window waits 1 s"). */
export const PRINT_WAIT_MS = 1000;

/** The @font-face rules of the app's stylesheets, so the frame shows Georgian like the app does. */
function fontFaceCss(): string {
  const out: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a cross-origin stylesheet
    }
    for (const r of Array.from(rules))
      if (r.constructor.name === 'CSSFontFaceRule' || r.type === 5) out.push(r.cssText);
  }
  return out.join('\n');
}

function frameDocument(title: string, css: string, body: string): string {
  const esc = title.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
  return `<!doctype html><html lang="ka"><head><meta charset="utf-8"><title>${esc}</title>
<style>${fontFaceCss()}</style><style>${PRINT_CSS}</style><style>${css}</style></head><body>${body}</body></html>`;
}

function createFrame(): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-print-frame', '');
  frame.title = 'print';
  frame.style.cssText =
    'position:fixed;right:0;bottom:0;width:210mm;height:297mm;border:0;visibility:hidden;pointer-events:none;';
  document.body.appendChild(frame);
  return frame;
}

/** Resolves when every image of the document has loaded (or failed) and its fonts are ready. */
async function settled(doc: Document): Promise<void> {
  const images = Array.from(doc.images).filter((i) => !i.complete);
  await Promise.all(
    images.map(
      (img) =>
        new Promise<void>((res) => {
          img.addEventListener('load', () => res(), { once: true });
          img.addEventListener('error', () => res(), { once: true });
        }),
    ),
  );
  const fonts = (doc as Document & { fonts?: FontFaceSet }).fonts;
  if (fonts) await fonts.ready;
}

/**
 * The 300 ms rule (spec 001 §2.10): a `print()` that returns within this time did not wait for the
 * printer (the dialog is still open), so the frame stays until `afterprint`; a longer one printed.
 */
export const PRINT_FAST_MS = 300;

/**
 * Opens the print dialog of a frame's window and gives the focus back to where it was: the frame takes
 * it to print, and a scan box that lost it would drop the next scanned code (the print runs a second
 * after the click, when the operator may be scanning again). Answers how long `print()` took.
 */
export function printWindow(win: Window): number {
  const before = document.activeElement;
  win.focus();
  const started = performance.now();
  win.print();
  const took = performance.now() - started;
  if (before instanceof HTMLElement && before !== document.body && before.isConnected) {
    window.focus();
    before.focus({ preventScroll: true });
  }
  return took;
}

/**
 * Waits for images and fonts, at least `waitMs`, then opens the print dialog of the frame. Answers how
 * long `print()` took (see PRINT_FAST_MS).
 */
export async function printFrameWindow(frame: HTMLIFrameElement, waitMs = PRINT_WAIT_MS): Promise<number> {
  const win = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!win || !doc) throw new Error('print frame unavailable');
  await Promise.all([settled(doc), new Promise((r) => window.setTimeout(r, waitMs))]);
  return printWindow(win);
}

export interface PrintHtmlOptions {
  title?: string;
  /** CSS for this printout (the base print CSS and the fonts are always there) */
  css?: string;
  /** the wait before printing (default 1 s) */
  waitMs?: number;
  /** keep the frame after printing (tests read it); by default it goes after printing or a minute */
  keep?: boolean;
}

/**
 * Prints an HTML fragment through a hidden iframe, so only the printout reaches the printer.
 * Resolves with the frame once the print dialog has been opened.
 */
export async function printHtml(html: string, opts: PrintHtmlOptions = {}): Promise<HTMLIFrameElement> {
  const frame = createFrame();
  const doc = frame.contentDocument ?? frame.contentWindow?.document;
  if (!doc) {
    frame.remove();
    throw new Error('print frame unavailable');
  }
  doc.open();
  doc.write(frameDocument(opts.title ?? document.title, opts.css ?? '', html));
  doc.close();
  if (!opts.keep) {
    const cleanup = () => window.setTimeout(() => frame.remove(), 100);
    const fallback = window.setTimeout(() => frame.remove(), 60_000);
    frame.contentWindow?.addEventListener('afterprint', () => {
      window.clearTimeout(fallback);
      cleanup();
    });
  }
  const took = await printFrameWindow(frame, opts.waitMs);
  // print() waited for the printer: done, the frame can go now (a fast one goes after `afterprint`)
  if (!opts.keep && took >= PRINT_FAST_MS) window.setTimeout(() => frame.remove(), 100);
  return frame;
}

export interface PrintFrameHandle {
  /** waits for images and fonts (at least 1 s) and prints the frame's contents */
  print(): Promise<void>;
  frame(): HTMLIFrameElement | null;
}

export interface PrintFrameProps {
  children: ReactNode;
  title?: string;
  css?: string;
  /** show the frame on screen (a print preview); hidden by default */
  visible?: boolean;
  width?: number | string;
  height?: number | string;
}

/** Renders its children into an iframe with the print CSS; `ref.print()` prints them. */
export const PrintFrame = forwardRef<PrintFrameHandle, PrintFrameProps>(function PrintFrame(
  { children, title = 'print', css = '', visible = false, width = '100%', height = 600 },
  ref,
) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  // The frame's head gets the styles; its body hosts the portal (never rewritten, so React keeps its nodes).
  const setup = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.body) return;
    doc.documentElement.lang = 'ka';
    doc.title = title;
    doc.head.innerHTML = `<meta charset="utf-8"><style>${fontFaceCss()}</style><style>${PRINT_CSS}</style><style>${css}</style>`;
    setBody((prev) => (prev === doc.body ? prev : doc.body));
  }, [title, css]);

  useEffect(() => {
    setup();
  }, [setup]);

  useImperativeHandle(ref, () => ({
    print: async () => {
      if (frameRef.current) await printFrameWindow(frameRef.current);
    },
    frame: () => frameRef.current,
  }));

  // The portal comes first so that on unmount its nodes leave the frame before the frame leaves the page.
  return (
    <>
      {body && createPortal(children, body)}
      <iframe
        ref={frameRef}
        title={title}
        onLoad={setup}
        data-print-frame=""
        aria-hidden={!visible}
        style={
          visible
            ? { width, height, border: '1px solid var(--mantine-color-gray-3)', background: '#fff' }
            : {
                position: 'fixed',
                right: 0,
                bottom: 0,
                width: '210mm',
                height: '297mm',
                border: 0,
                visibility: 'hidden',
                pointerEvents: 'none',
              }
        }
      />
    </>
  );
});
