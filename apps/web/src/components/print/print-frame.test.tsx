import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { PRINT_WAIT_MS, PrintFrame, printHtml, type PrintFrameHandle } from './print-frame';

describe('the print path', () => {
  it('printHtml writes the printout with the print CSS into a hidden frame and prints after the wait', async () => {
    const printed = vi.fn();
    const spy = vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get');
    const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    spy.mockImplementation(function (this: HTMLIFrameElement) {
      spy.mockRestore();
      const w = real.get!.call(this) as Window;
      w.print = printed;
      return w;
    });
    const started = Date.now();
    const frame = await printHtml('<p class="x">ბარათი</p>', {
      css: '.x { color: red; }',
      title: 'ბეჭდვა',
      keep: true,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PRINT_WAIT_MS - 20);
    expect(printed).toHaveBeenCalledTimes(1);
    expect(frame.hasAttribute('data-print-frame')).toBe(true);
    const doc = frame.contentDocument!;
    expect(doc.title).toBe('ბეჭდვა');
    expect(doc.body.innerHTML).toContain('ბარათი');
    expect(doc.head.innerHTML).toContain('@page');
    expect(doc.head.innerHTML).toContain('.x { color: red; }');
    frame.remove();
  });

  it('PrintFrame renders its children into the frame and prints them through its handle', async () => {
    const ref = createRef<PrintFrameHandle>();
    const view = render(
      <PrintFrame ref={ref} title="preview" visible>
        <div data-testid="inside">შიგნით</div>
      </PrintFrame>,
    );
    const frame = ref.current!.frame()!;
    await waitFor(() => expect(frame.contentDocument!.body.textContent).toContain('შიგნით'));
    const print = vi.fn();
    frame.contentWindow!.print = print;
    await ref.current!.print();
    expect(print).toHaveBeenCalledTimes(1);
    view.unmount();
  });
});
