import { useState, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CONTACT_MESSAGES, ZContactCreateSchema } from '@keystone/contracts';
import { queueSaved } from '../../../lib/message-queue';
import { useCreateContact } from '../api/contacts-api';
import { ContactFormFields } from './contact-form-fields';
import {
  contactName,
  EMPTY_CONTACT_FORM,
  queueContactError,
  serverErrorData,
  type ServerErrorData,
  type TContactFormOutput,
  type TContactFormValues,
} from './contact-format';
import { ServerErrorAlert, showFieldErrors } from './server-error-alert';
import { useSaveShortcut } from '../../../lib/shortcuts';

/**
 * /contacts/create: the Create New Contact dialog (000 §2). No client-side checks (000 §5); on success the
 * contact's history is loaded and the app goes to its details (000 §4).
 */
export function CreateContactDialog() {
  const navigate = useNavigate();
  const create = useCreateContact();
  const [failure, setFailure] = useState<ServerErrorData | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<TContactFormValues, unknown, TContactFormOutput>({
    resolver: zodResolver(ZContactCreateSchema),
    defaultValues: EMPTY_CONTACT_FORM,
  });
  const close = () => navigate('/contacts');

  const saveForm = useRef<HTMLFormElement>(null);
  useSaveShortcut(saveForm, { inDialog: true, description: 'Save the contact' });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const contact = await create.mutateAsync(values);
      queueSaved('Contact', contactName(contact), CONTACT_MESSAGES.created);
      navigate(`/contacts/details?id=${contact.id}`, { replace: true });
    } catch (error) {
      const data = serverErrorData(error);
      setFailure(data);
      showFieldErrors(setError, data);
      queueContactError(CONTACT_MESSAGES.createFailed, data.status);
    }
  });

  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="create-contact-title">
      <Box ref={saveForm} component="form" noValidate onSubmit={onSubmit} data-testid="create-contact-form">
        <DialogTitle id="create-contact-title">Create New Contact</DialogTitle>
        <DialogContent>
          {failure && <ServerErrorAlert title={CONTACT_MESSAGES.couldNotCreate} error={failure} />}
          <ContactFormFields control={control} errors={formState.errors} disabled={formState.isSubmitting} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Create
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
