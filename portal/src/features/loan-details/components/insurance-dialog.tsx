import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fillPlaceholders, formatUsd, formatUsDate, hostDateOf } from '@portal/domain';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { useSettings } from '../../../lib/settings/settings-context';
import { useInsurance } from '../api/insurance';

/** The insurance on a loan (spec 002 "insurance dialog"), loaded when it opens. */
export function InsuranceDialog(props: {
  accountNumber: string;
  /** The loan's name and masked number, under the title. */
  loanName: string;
  originalMaturityDate: string;
  onClose(): void;
}) {
  const settings = useSettings();
  const insurance = useInsurance(props.accountNumber);
  const coverage = (code: number) =>
    code === 1
      ? settings.get('loanDetailsTexts.insuranceIndividualText')
      : code === 2
        ? settings.get('loanDetailsTexts.insuranceJointText')
        : settings.get('loanDetailsTexts.insuranceNoneText');
  const maturity = formatUsDate(hostDateOf(props.originalMaturityDate));
  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('loanDetailsTexts.insuranceTitleText')}
      subtitle={props.loanName}
      actions={
        <Button onClick={props.onClose}>{settings.get('dialogTexts.acknowledgeButtonText')}</Button>
      }
    >
      {maturity ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {fillPlaceholders(settings.get('loanDetailsTexts.insuranceMaturityText'), {
            date: maturity,
          })}
        </Typography>
      ) : null}
      {insurance.isPending ? (
        <CircularProgress
          size={30}
          aria-label={settings.get('loanDetailsTexts.insuranceLoadingText')}
        />
      ) : insurance.isError ? (
        <Alert severity="error">{settings.get('loanDetailsTexts.insuranceErrorText')}</Alert>
      ) : insurance.data.Insurances.length === 0 ? (
        <Typography>{settings.get('loanDetailsTexts.noInsuranceText')}</Typography>
      ) : (
        <Table size="small" aria-label={settings.get('loanDetailsTexts.insuranceTableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{settings.get('loanDetailsTexts.insuranceTypeColumnText')}</TableCell>
              <TableCell>{settings.get('loanDetailsTexts.insuranceCoverageColumnText')}</TableCell>
              <TableCell align="right">
                {settings.get('loanDetailsTexts.insurancePremiumColumnText')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {insurance.data.Insurances.map((item) => (
              <TableRow key={item.Type}>
                <TableCell>{item.Type}</TableCell>
                <TableCell>{coverage(item.IsIndividual)}</TableCell>
                <TableCell align="right">{formatUsd(item.Premium)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PortalDialog>
  );
}
