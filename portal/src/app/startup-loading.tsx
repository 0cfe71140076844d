import LinearProgress from '@mui/material/LinearProgress';

/** Before the settings arrive nothing institution-specific can show, not even the loading text. */
export function StartupLoading() {
  return (
    <LinearProgress aria-label="Loading" sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />
  );
}
