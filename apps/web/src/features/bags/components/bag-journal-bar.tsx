import { Button, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BagRow } from '@po/contract/bags';
import { DateTimeField } from '@/components/date-field/date-field';
import { ScanBox, type ScanPopup } from '@/components/scan-box/scan-box';
import { notifyError } from '@/lib/notify';
import { printBagLabel } from '../print-label';
import { confirmCancelBag } from './cancel-bag';

export interface Range {
  from: string;
  to: string;
}

function localDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The journal's default range: today 00:00 to 23:59 (spec 002 §2.15). */
export function todayRange(): Range {
  const day = localDateTime(new Date()).slice(0, 10);
  return { from: `${day}T00:00`, to: `${day}T23:59` };
}

/**
 * The journal's bar: the date-time range and Find; for the focused bag its label (sealed) or, while it
 * is open, resume (on /newbag), seal and cancel; the scan box that receives a bag by its label.
 */
export function BagJournalBar({
  initial,
  onFind,
  busy,
  focused,
  onSeal,
  onChanged,
  onLabel,
}: {
  initial: Range;
  onFind: (range: Range) => void;
  busy: boolean;
  focused: BagRow | null;
  onSeal: (bag: BagRow) => void;
  onChanged: () => void;
  onLabel: (code: string) => Promise<ScanPopup | null>;
}) {
  const { t } = useTranslation('bags');
  const navigate = useNavigate();
  const [range, setRange] = useState(initial);
  const open = focused && !focused.CloseDate && !focused.CancelDate && !focused.ReceiveDate ? focused : null;

  function find(e: FormEvent) {
    e.preventDefault();
    if (!range.from || !range.to || range.to < range.from) return notifyError(t('messages.badRange'));
    onFind(range);
  }

  return (
    <form onSubmit={find}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateTimeField
          label={t('fields.from')}
          value={range.from}
          onChange={(from) => setRange({ ...range, from })}
        />
        <DateTimeField
          label={t('fields.to')}
          value={range.to}
          onChange={(to) => setRange({ ...range, to })}
        />
        <Button type="submit" loading={busy}>
          {t('actions.find')}
        </Button>
        <Button
          variant="light"
          disabled={!focused?.CloseDate}
          onClick={() => focused && void printBagLabel(focused)}
        >
          {t('actions.printLabel')}
        </Button>
        {open && (
          <>
            <Button variant="light" onClick={() => void navigate(`/newbag?bag=${open.GUID}`)}>
              {t('actions.resume')}
            </Button>
            <Button variant="light" color="teal" onClick={() => onSeal(open)}>
              {t('actions.seal')}
            </Button>
            <Button variant="light" color="red" onClick={() => confirmCancelBag(open, onChanged)}>
              {t('actions.cancelBag')}
            </Button>
          </>
        )}
        <div style={{ flex: '1 1 300px', maxWidth: 380 }}>
          <ScanBox
            label={t('fields.receiveLabel')}
            placeholder={t('hints.label')}
            onScan={onLabel}
            autoFocus={false}
          />
        </div>
      </Group>
    </form>
  );
}
