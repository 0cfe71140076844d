import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useState } from 'react';
import { SAVED_MARK_MS } from '../../../lib/saved-mark';
import { useSettings } from '../../../lib/settings/settings-context';

/** The check mark after a save: shown, then gone after 3 seconds (spec 002 section 9). */
export function useSavedMark(): [shown: boolean, show: () => void, hide: () => void] {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!shown) return undefined;
    const timer = setTimeout(() => setShown(false), SAVED_MARK_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const show = useCallback(() => setShown(true), []);
  const hide = useCallback(() => setShown(false), []);
  return [shown, show, hide];
}

/**
 * A profile form's Save and Cancel (spec 002 "Profile forms"): shown only while the form differs
 * from its saved copy; Save shows a spinner while it saves, then the check mark stands in for
 * 3 seconds. Save submits the form it is in.
 */
export function SaveControls(props: {
  dirty: boolean;
  busy: boolean;
  savedMark: boolean;
  /** False while the form is invalid or a check is pending (spec 002 section 5). */
  canSave?: boolean;
  onCancel(): void;
}) {
  const settings = useSettings();
  if (!props.dirty && !props.savedMark && !props.busy) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
      {props.dirty || props.busy ? (
        <>
          <Button
            type="submit"
            variant="contained"
            loading={props.busy}
            disabled={props.canSave === false}
          >
            {settings.get('commonTexts.saveButtonText')}
          </Button>
          <Button disabled={props.busy} onClick={props.onCancel}>
            {settings.get('commonTexts.cancelButtonText')}
          </Button>
        </>
      ) : null}
      {props.savedMark ? (
        <CheckCircleOutlinedIcon
          color="success"
          role="img"
          titleAccess={settings.get('profileTexts.savedMarkText')}
        />
      ) : null}
    </Stack>
  );
}
