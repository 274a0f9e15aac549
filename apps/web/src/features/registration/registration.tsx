import { Button, Group, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMIT_PARAMS, type FieldId } from './form-state';
import { enterMovesOn } from './keyboard';
import { PartyBlock } from './components/party-block';
import { ParcelBlock } from './components/parcel-block';
import { ActionBar } from './components/action-bar';
import { InfoPopup } from './components/info-popup';
import { MessagePopup } from './components/message-popup';
import { SectionHeading } from './components/section-heading';
import { useRegistrationForm } from './use-registration-form';
import { usePrice } from './use-price';
import { useRegister } from './use-register';
import classes from './registration.module.css';

/** /registration: register a parcel with its price and print its delivery notification card. */
export function RegistrationScreen() {
  const { t } = useTranslation('registration');
  const { form, setForm, update, resets, resetSection, resetAll, storeDefaults, corporate, later } =
    useRegistrationForm();
  const reg = useRegister({ form, setForm, later, resetForm: resetAll });
  const locked = !!reg.registered;
  const pricing = usePrice(form, setForm, locked);
  const price = reg.registered ? reg.registered.Value : pricing.price;

  /** the messages of the fields in error, by field id (shown after a refused registration) */
  const errors: Partial<Record<FieldId, string>> = Object.fromEntries(
    reg.errors.map(([id, rule]) => [id, t(rule, LIMIT_PARAMS)]),
  );

  return (
    <Stack gap="md" data-registration-form onKeyDown={enterMovesOn}>
      <Group justify="space-between">
        <SectionHeading title={t('title')} onReset={() => reg.resetAll(false)} order={2} />
        {reg.last && (
          <Button variant="subtle" leftSection={<IconPrinter size={16} />} onClick={reg.showLast}>
            {t('parcel.lastCard')}: {reg.last.Barcode}
          </Button>
        )}
      </Group>
      <div className={classes.layout}>
        {(['sender', 'receiver'] as const).map((kind) => (
          <PartyBlock
            key={`${kind}-${resets[kind]}`}
            kind={kind}
            value={form[kind]}
            onChange={(party) => update({ [kind]: party })}
            onReset={() => resetSection(kind)}
            fixed={kind === 'sender' && corporate}
            locked={locked}
            errors={errors}
          />
        ))}
        <div className={classes.parcel}>
          <ParcelBlock
            key={`parcel-${resets.parcel}`}
            value={form.parcel}
            onChange={(parcel) => update({ parcel })}
            onReset={() => resetSection('parcel')}
            onSaveDefaults={storeDefaults}
            locked={locked}
            errors={errors}
          />
        </div>
      </div>
      <ActionBar
        onRegister={() => void reg.submit()}
        locked={locked}
        busy={reg.busy}
        price={price}
        priceError={pricing.autoPriceError}
      />
      <InfoPopup parcel={reg.info?.parcel ?? null} onClose={reg.closeInfo} onPrint={reg.print} />
      <MessagePopup
        title={t('errors.priceTitle')}
        message={pricing.priceError}
        onClose={() => pricing.setPriceError(null)}
      />
      <MessagePopup title={t('errors.registerTitle')} message={reg.regError} onClose={reg.closeRegError} />
    </Stack>
  );
}
