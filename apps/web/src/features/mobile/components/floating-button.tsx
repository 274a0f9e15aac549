import { ActionIcon, Affix } from '@mantine/core';
import type { ReactNode } from 'react';
import './floating-button.css';

export interface FloatingButtonProps {
  /** what the button does, for screen readers and tests */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  loading?: boolean;
  testId?: string;
}

/**
 * The courier screens' round floating button (send, search, start / pause a run), 24 px from the
 * bottom right. While it shows, the page ends with room for it (floating-button.css), so the grid's
 * footer and the page's footer scroll clear of it, and the toasts sit above it.
 */
export function FloatingButton({ label, icon, onClick, color, loading, testId }: FloatingButtonProps) {
  return (
    <Affix position={{ bottom: 24, right: 24 }} data-courier-fab>
      <ActionIcon
        size={64}
        radius="xl"
        color={color}
        variant="filled"
        loading={loading}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Affix>
  );
}
