import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BagRow } from '@po/contract/bags';
import { notifyError, notifySuccess } from '@/lib/notify';
import { closeBag } from '../api/bags';
import { printBagLabel } from '../print-label';

export interface BagRef {
  guid: string;
  name: string;
}

/**
 * Sealing a bag: its seal number and declared weight, then its label is printed. `bag` null keeps the
 * dialog shut; `onSealed` gets the sealed bag's row.
 */
export function SealBagModal({
  bag,
  onClose,
  onSealed,
}: {
  bag: BagRef | null;
  onClose: () => void;
  onSealed: (row: BagRow | undefined) => void;
}) {
  const { t } = useTranslation('bags');
  const [seal, setSeal] = useState('');
  const [weight, setWeight] = useState<number | string>('');
  const [busy, setBusy] = useState(false);

  async function sealBag() {
    if (!bag) return;
    setBusy(true);
    try {
      const res = await closeBag({
        Bag: bag.guid,
        SealNumber: seal,
        DeclaredWeight: weight === '' ? 0 : weight,
        Comment: '',
      });
      notifySuccess(t('messages.sealed', { bag: bag.name }));
      setSeal('');
      setWeight('');
      const row = res.Bags[0];
      onSealed(row);
      if (row) await printBagLabel(row);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={bag != null}
      onClose={onClose}
      title={bag ? `${t('actions.seal')}: ${bag.name}` : t('actions.seal')}
    >
      <Stack>
        <TextInput
          label={t('fields.seal')}
          value={seal}
          onChange={(e) => setSeal(e.currentTarget.value)}
          data-autofocus
        />
        <NumberInput
          label={t('fields.declaredWeight')}
          value={weight}
          onChange={setWeight}
          min={0}
          step={0.1}
          decimalScale={2}
        />
        <Group justify="flex-end">
          <Button loading={busy} onClick={() => void sealBag()}>
            {t('actions.sealAndPrint')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
