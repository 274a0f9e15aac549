import { Select, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_USERS } from '@po/contract/reports';
import { useCompanyFinance, type CompanyFinanceParams } from './api/finance';
import { useManagers } from './api/users';
import { defaultRange, dottedDay } from './api/dates';
import { RangeFields, type DayRange } from './components/date-field';
import { FinanceReport } from './components/report-screen';

/**
 * /finance-anlysis (spec 000 §2.4 report 4, §2.5; 003 "Finance analysis page"): the companies registered
 * in the range, of one manager (or all) and with a comment text, with their figures. Changing the user
 * resets the comment, the dates and the results.
 */
export function FinanceAnalysisScreen() {
  const { t } = useTranslation('reports');
  const managers = useManagers();
  const [user, setUser] = useState<string>(ALL_USERS);
  const [note, setNote] = useState('');
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [params, setParams] = useState<CompanyFinanceParams | null>(null);
  const [tried, setTried] = useState(false);
  const result = useCompanyFinance(params);

  const userOptions = useMemo(
    () => [
      { value: ALL_USERS, label: t('allUsers') },
      ...(managers.data ?? []).map((u) => ({ value: u.ID, label: u.Name })),
    ],
    [managers.data, t],
  );
  const userName = userOptions.find((o) => o.value === (params?.user || ALL_USERS))?.label ?? '';

  const changeUser = (v: string | null) => {
    setUser(v ?? ALL_USERS);
    setNote('');
    setRange(defaultRange());
    setParams(null);
    setTried(false);
  };
  const fetch = () => {
    setTried(true);
    if (!range.from || !range.to) return;
    setParams({
      from: range.from,
      to: range.to,
      user: user === ALL_USERS ? '' : user,
      note: note.trim(),
      run: Date.now(),
    });
  };

  return (
    <FinanceReport
      title={t('layout:routes.financeAnlysis')}
      filters={
        <>
          <Select
            label={t('user')}
            data={userOptions}
            value={user}
            onChange={changeUser}
            searchable
            allowDeselect={false}
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('comment')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            w={220}
          />
          <RangeFields value={range} onChange={setRange} tried={tried} />
        </>
      }
      onFetch={fetch}
      result={result}
      variant="managers"
      storageKey="po.grid.reports.finance"
      exportFileName={() =>
        t('export.finance', {
          user: userName,
          note: params?.note ? ` ${params.note}` : '',
          from: dottedDay(params?.from ?? ''),
          to: dottedDay(params?.to ?? ''),
        })
      }
    />
  );
}
