import { Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';

export interface SectionHeadingProps {
  title: string;
  /** what a confirmed click on the heading does (spec 002 §2.1: the heading resets its section) */
  onReset: () => void;
  order?: 2 | 3;
}

/**
 * A section's heading that resets the section when clicked, after a confirmation. It is not a Tab stop:
 * a counter clerk tabbing through the form never lands on it, and Enter or Space cannot wipe a section.
 */
export function SectionHeading({ title, onReset, order = 3 }: SectionHeadingProps) {
  const { t } = useTranslation('registration');
  const ask = () =>
    modals.openConfirmModal({
      title: t('reset.title', { section: title }),
      children: <Text size="sm">{t('reset.body')}</Text>,
      labels: { confirm: t('reset.confirm'), cancel: t('reset.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onReset,
    });
  return (
    <Title
      order={order}
      size={order === 3 ? 'h4' : undefined}
      mb={order === 3 ? 'sm' : 0}
      onClick={ask}
      title={t('resetHint')}
      style={{ cursor: 'pointer', userSelect: 'none' }}
      data-reset-heading
    >
      {title}
    </Title>
  );
}
