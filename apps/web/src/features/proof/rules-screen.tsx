import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FAILURE_STATUSES } from '@po/contract/constants';
import { PROOF_OPERATIONS, ruleIssue, type ProofRule } from '@po/contract/proof/rules';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn, GridDraft } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteRule, useProofRules, useSaveRule, useStatusNames, type RuleValues } from './api/rules';

/** A rule's row in the grid: the reason 0 stands for "any reason" (a lookup needs a value). */
type RuleRow = Omit<ProofRule, 'ReasonId'> & { ReasonId: number };

const ANY = 0;

function valuesOf(row: GridDraft<RuleRow>): RuleValues {
  const reason = Number(row.ReasonId ?? ANY);
  return {
    Operation: (row.Operation ?? 'handover') as RuleValues['Operation'],
    ReasonId: reason === ANY ? null : reason,
    Signature: !!row.Signature,
    Photo: !!row.Photo,
    Message: String(row.Message ?? '').trim(),
    MessageEn: String(row.MessageEn ?? '').trim(),
  };
}

/**
 * Proof rules per status (issue 40; reference data, administrators): for an operation of the courier's
 * job (handover, status change with a reason or any reason, hand to courier), whether the signature, a
 * photo or both are required, and the Georgian message the phone and the server refuse with.
 */
export function ProofRulesScreen() {
  const { t } = useTranslation('proof');
  const rules = useProofRules();
  const statuses = useStatusNames();
  const save = useSaveRule();
  const remove = useDeleteRule();

  const columns = useMemo((): GridColumn<RuleRow>[] => {
    const operations = PROOF_OPERATIONS.map((id) => ({ id, name: t(`operations.${id}`) }));
    const names = new Map((statuses.data ?? []).map((s) => [s.ID, s.Name]));
    const reasons = [
      { id: ANY, name: t('anyReason') },
      ...FAILURE_STATUSES.map((id) => ({ id, name: names.get(id) ?? String(id) })),
    ];
    const issue = (draft: GridDraft<RuleRow>, field: 'Photo' | 'ReasonId') => {
      const v = valuesOf(draft);
      const found = ruleIssue(v);
      return found && found.field === field ? t(`issues.${found.key}`) : null;
    };
    return [
      { field: 'Id', header: t('columns.id'), type: 'number', readOnly: true, width: 70 },
      {
        field: 'Operation',
        header: t('columns.operation'),
        width: 190,
        required: true,
        lookup: { data: operations, valueField: 'id', displayField: 'name' },
      },
      {
        field: 'ReasonId',
        header: t('columns.reason'),
        width: 220,
        lookup: { data: reasons, valueField: 'id', displayField: 'name' },
        validate: (_v, draft) => issue(draft, 'ReasonId'),
      },
      { field: 'Signature', header: t('columns.signature'), type: 'boolean', width: 130 },
      {
        field: 'Photo',
        header: t('columns.photo'),
        type: 'boolean',
        width: 110,
        validate: (_v, draft) => issue(draft, 'Photo'),
      },
      { field: 'Message', header: t('columns.message'), width: 320, required: true, maxLength: 300 },
      { field: 'MessageEn', header: t('columns.messageEn'), width: 240, maxLength: 300, hidden: true },
    ];
  }, [t, statuses.data]);

  const rows = useMemo(
    (): RuleRow[] => (rules.data ?? []).map((r) => ({ ...r, ReasonId: r.ReasonId ?? ANY })),
    [rules.data],
  );

  async function store(id: number | null, row: GridDraft<RuleRow>) {
    try {
      await save.mutateAsync({ id, values: valuesOf(row) });
      notifySuccess(t(id === null ? 'common:toast.inserted' : 'common:toast.updated'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  const title = t('title');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <DataGrid<RuleRow>
        label={title}
        columns={columns}
        data={rows}
        loading={rules.isFetching}
        rowKey="Id"
        storageKey="po.grid.proof.rules"
        pageSizes={[10, 20, 50]}
        defaultPageSize={20}
        exportFileName={title}
        onRefresh={() => void rules.refetch()}
        editing={{
          mode: 'form',
          formTitle: t('formTitle'),
          allowAdding: true,
          allowUpdating: true,
          allowDeleting: true,
          confirmDelete: t('confirmDelete'),
          newRowDefaults: {
            Operation: 'statusChange',
            ReasonId: ANY,
            Signature: false,
            Photo: true,
            Message: '',
            MessageEn: '',
          },
          onInsert: (values) => store(null, values),
          onUpdate: (key, values) => store(Number(key), values),
          onDelete: async (key) => {
            try {
              await remove.mutateAsync(Number(key));
              notifySuccess(t('common:toast.deleted'));
            } catch (err) {
              notifyError(err);
              throw err;
            }
          },
        }}
      />
    </Stack>
  );
}
