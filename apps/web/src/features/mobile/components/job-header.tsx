import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface JobHeaderProps {
  /** clears the flow's list after the courier confirmed */
  onNewOperation: () => void;
  /** e.g. while a waybill run is running */
  disabled?: boolean;
}

/**
 * The top of every courier job screen (spec 003 §2 "Shared mobile screen elements"): back to the
 * mobile home, and 'new operation' with its confirmation ('do you want to start a new operation?').
 */
export function JobHeader({ onNewOperation, disabled = false }: JobHeaderProps) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const newOperation = () =>
    modals.openConfirmModal({
      title: t('job.newOperation'),
      children: <Text size="sm">{t('job.newOperationConfirm')}</Text>,
      labels: { confirm: t('job.yes'), cancel: t('job.no') },
      onConfirm: onNewOperation,
    });
  return (
    <Group justify="space-between" wrap="nowrap">
      <ActionIcon
        size="xl"
        variant="light"
        aria-label={t('job.back')}
        onClick={() => void navigate('/mobilehome')}
      >
        <IconArrowLeft />
      </ActionIcon>
      <Button variant="light" leftSection={<IconPlus size={18} />} onClick={newOperation} disabled={disabled}>
        {t('job.newOperation')}
      </Button>
    </Group>
  );
}
