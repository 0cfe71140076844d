import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState } from 'react';
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
 *
 * Saving (or Cancel) takes the buttons away, and with them the keyboard's place: the focus would
 * fall to the page and the next Tab start from the top. So the controls' box takes it (with the
 * check mark, announcing "Saved"), and stays while it holds the focus, the mark gone or not: the
 * next Tab goes on to what follows the form.
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
  const box = useRef<HTMLDivElement>(null);
  // holdsFocus keeps the box rendered while it has the focus; focusInside says the same to the
  // effect, which must not run again when it changes (a click elsewhere is not to be undone).
  const [holdsFocus, setHoldsFocus] = useState(false);
  const focusInside = useRef(false);
  const { dirty, busy, savedMark } = props;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const focused = element.ownerDocument.activeElement;
    const dropped = !focused || focused === element.ownerDocument.body;
    const onButtons = focused !== element && element.contains(focused);
    // Save or Cancel went with the focus on it (or it fell while Save was busy), or the check mark
    // came while Save, about to go, still had it.
    if ((dropped && (focusInside.current || savedMark)) || (savedMark && onButtons)) {
      element.focus();
    }
  }, [dirty, busy, savedMark]);
  if (!dirty && !savedMark && !busy && !holdsFocus) return null;
  return (
    <Stack
      ref={box}
      tabIndex={-1}
      onFocus={() => {
        focusInside.current = true;
        setHoldsFocus(true);
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        focusInside.current = false;
        setHoldsFocus(false);
      }}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', minHeight: 40 }}
    >
      {dirty || busy ? (
        <>
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            disabled={props.canSave === false}
          >
            {settings.get('commonTexts.saveButtonText')}
          </Button>
          <Button disabled={busy} onClick={props.onCancel}>
            {settings.get('commonTexts.cancelButtonText')}
          </Button>
        </>
      ) : null}
      <Box role="status" sx={{ display: 'flex' }}>
        {savedMark ? (
          <CheckCircleOutlinedIcon
            color="success"
            role="img"
            titleAccess={settings.get('profileTexts.savedMarkText')}
          />
        ) : null}
      </Box>
    </Stack>
  );
}
