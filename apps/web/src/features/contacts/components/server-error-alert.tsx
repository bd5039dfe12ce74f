import { Alert, AlertTitle, Box } from '@mui/material';
import { CONTACT_FIELDS, type TContactField } from '@keystone/contracts';
import type { UseFormSetError } from 'react-hook-form';
import { fieldLabel, type ServerErrorData, type TContactFormValues } from './contact-format';

/** The screen's failure text with the server's error data: its message and every field error. */
export function ServerErrorAlert({ title, error }: { title: string; error: ServerErrorData }) {
  const entries = Object.entries(error.fields);
  return (
    <Alert severity="error" data-testid="contact-server-error" sx={{ mb: 2 }}>
      <AlertTitle>{title}</AlertTitle>
      {error.message}
      {entries.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {entries.map(([field, messages]) => (
            <li key={field}>
              {fieldLabel(field)}: {messages.join('; ')}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** Puts the server's field errors under the form's fields. */
export function showFieldErrors(setError: UseFormSetError<TContactFormValues>, error: ServerErrorData): void {
  for (const [field, messages] of Object.entries(error.fields)) {
    if ((CONTACT_FIELDS as readonly string[]).includes(field))
      setError(field as TContactField, { type: 'server', message: messages.join('; ') });
  }
}
