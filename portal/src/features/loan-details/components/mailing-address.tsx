import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { PostalAddress } from '@portal/domain';
import { useId, useRef, useState } from 'react';
import { useSettings } from '../../../lib/settings/settings-context';
import { AddressForm } from './address-form';

/**
 * The loan's mailing address as text, with the form behind "Change mailing address" (issue 20
 * item 12: the page no longer opens with an editable form above what is owed). Opening the form
 * moves focus to its first field; Cancel closes it and focus returns to the button. A closed
 * loan's address is read only: no button.
 */
export function MailingAddress(props: {
  name: string;
  saved: PostalAddress;
  readOnly: boolean;
  save(address: PostalAddress): Promise<unknown>;
}) {
  const settings = useSettings();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { Address1, City, State, ZipCode } = props.saved;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, height: '100%' }}
    >
      <Typography variant="h6" component="h2" id={headingId} gutterBottom>
        {settings.get('accountSummaryTexts.mailingAddressHeadingText')}
      </Typography>
      <Typography component="address" sx={{ fontStyle: 'normal', mb: 2 }}>
        {props.name}
        <br />
        {Address1}
        <br />
        {[City, [State, ZipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </Typography>
      {props.readOnly ? null : editing ? (
        <div>
          <AddressForm
            saved={props.saved}
            readOnly={false}
            save={props.save}
            focusOnOpen
            onClose={() => {
              setEditing(false);
              // The button is back once the form is gone.
              requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </div>
      ) : (
        <Button ref={button} variant="outlined" onClick={() => setEditing(true)}>
          {settings.get('accountSummaryTexts.changeAddressButtonText')}
        </Button>
      )}
    </Card>
  );
}
