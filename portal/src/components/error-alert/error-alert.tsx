import Alert, { type AlertProps } from '@mui/material/Alert';
import { useSettings } from '../../lib/settings/settings-context';

/**
 * An error the server answered, shown beside the form that asked. In the admin's preview a change
 * is answered with the institution's preview notice (errorTexts.previewReadOnlyText, the text the
 * server sends): that is information about the preview, not a failure, so it shows as a notice
 * (issue 20 item 21: it showed in the error colour, as if the form were broken).
 */
export function ErrorAlert({ children, ...props }: Omit<AlertProps, 'severity'>) {
  const settings = useSettings();
  const notice = settings.get('errorTexts.previewReadOnlyText').trim();
  const previewNotice = typeof children === 'string' && notice !== '' && children.trim() === notice;
  return (
    <Alert severity={previewNotice ? 'info' : 'error'} {...props}>
      {children}
    </Alert>
  );
}
