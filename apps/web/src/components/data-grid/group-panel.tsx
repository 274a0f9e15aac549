import { memo, useState, type DragEvent } from 'react';
import { CloseButton, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './data-grid.module.css';

interface GroupPanelProps {
  groups: readonly { id: string; header: string; desc: boolean }[];
  dndType: string;
  onAdd: (columnId: string) => void;
  onRemove: (columnId: string) => void;
  onToggleOrder: (columnId: string) => void;
}

function GroupPanelImpl({ groups, dndType, onAdd, onRemove, onToggleOrder }: GroupPanelProps) {
  const { t } = useTranslation('grid');
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => Array.from(e.dataTransfer.types).includes(dndType);

  return (
    <div
      className={classes.groupPanel}
      role="group"
      aria-label={t('groupPanelLabel')}
      data-drop-target={over || undefined}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const id = e.dataTransfer.getData(dndType);
        if (id) onAdd(id);
      }}
    >
      {groups.length === 0 ? <span>{t('groupPanel')}</span> : null}
      {groups.map((g) => (
        <span key={g.id} className={classes.groupChip} data-group-id={g.id}>
          <UnstyledButton
            fz="sm"
            onClick={() => onToggleOrder(g.id)}
            aria-label={t('groupOrder', { column: g.header })}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {g.header}
            {g.desc ? <IconArrowDown size={12} aria-hidden /> : <IconArrowUp size={12} aria-hidden />}
          </UnstyledButton>
          <CloseButton
            size="xs"
            aria-label={t('removeGrouping', { column: g.header })}
            onClick={() => onRemove(g.id)}
          />
        </span>
      ))}
    </div>
  );
}

/** The strip above the grid: drop a column header here to group by it; chips remove or reverse a grouping. */
export const GroupPanel = memo(GroupPanelImpl);
