import Button from '@mui/material/Button';
import { useSyncExternalStore } from 'react';
import { formatCountdown } from '../../lib/idle-timer';
import { useSettings } from '../../lib/settings/settings-context';
import type { ValueStore } from '../../lib/value-store';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

interface SessionTimeoutDialogProps {
  /** Seconds left before the logout, updated by the idle timer. */
  secondsLeft: ValueStore<number>;
  onResume(): void;
}

/** 'Your session is about to expire!' with the countdown and Resume (spec 000 section 2.13). */
export function SessionTimeoutDialog({ secondsLeft, onResume }: SessionTimeoutDialogProps) {
  const settings = useSettings();
  const seconds = useSyncExternalStore(secondsLeft.subscribe, secondsLeft.get, secondsLeft.get);
  return (
    <PortalDialog
      width={DIALOG_WIDTH.standard}
      title={settings.get('dialogTexts.sessionTimeoutTitle')}
      actions={
        <Button variant="contained" onClick={onResume}>
          {settings.get('dialogTexts.resumeButtonText')}
        </Button>
      }
    >
      {formatCountdown(settings.get('dialogTexts.sessionTimeoutCountdownText'), seconds)}
    </PortalDialog>
  );
}
