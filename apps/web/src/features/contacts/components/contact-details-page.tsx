import { useContext, useEffect, useState, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { CONTACT_MESSAGES, ZContactCreateSchema, type TContact } from '@keystone/contracts';
import { queueSaved } from '../../../lib/message-queue';
import { RecordHistorySlot } from '../../../lib/record-history';
import { Page } from '../../../shell/page';
import { useContact, useUpdateContact } from '../api/contacts-api';
import { ContactFormFields } from './contact-form-fields';
import {
  contactAddress,
  contactName,
  contactToForm,
  queueContactError,
  serverErrorData,
  sourceLabel,
  type ServerErrorData,
  type TContactFormOutput,
  type TContactFormValues,
} from './contact-format';
import { ContactPanelsContext } from '../contact-panels';
import { ServerErrorAlert, showFieldErrors } from './server-error-alert';
import { useSaveShortcut } from '../../../lib/shortcuts';

function contactIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('id') ?? '';
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** The edit form of one contact: Update sends the fields; the answer replaces them (000 §8 messages). */
function ContactEditForm({ contact }: { contact: TContact }) {
  const update = useUpdateContact();
  const [failure, setFailure] = useState<ServerErrorData | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    TContactFormValues,
    unknown,
    TContactFormOutput
  >({
    resolver: zodResolver(ZContactCreateSchema),
    defaultValues: contactToForm(contact),
  });
  useEffect(() => {
    reset(contactToForm(contact));
  }, [contact, reset]);

  const saveForm = useRef<HTMLFormElement>(null);
  useSaveShortcut(saveForm, { description: 'Save the contact' });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await update.mutateAsync({ id: contact.id, ...values });
      reset(contactToForm(updated));
      queueSaved('Contact', contactName(updated), CONTACT_MESSAGES.updated);
    } catch (error) {
      const data = serverErrorData(error);
      setFailure(data);
      showFieldErrors(setError, data);
      queueContactError(CONTACT_MESSAGES.updateFailed, data.status);
    }
  });

  return (
    <Box ref={saveForm} component="form" noValidate onSubmit={onSubmit} data-testid="contact-edit-form">
      {failure && <ServerErrorAlert title={CONTACT_MESSAGES.updateFailed} error={failure} />}
      <ContactFormFields control={control} errors={formState.errors} disabled={formState.isSubmitting} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={() => reset(contactToForm(contact))} disabled={!formState.isDirty || formState.isSubmitting}>
          Reset
        </Button>
        <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
          Update
        </Button>
      </Box>
    </Box>
  );
}

/** /contacts/details?id=…: the contact with its edit form, and its history with notes (000 §2; docs/decisions.md, "Record history of contacts, bins, shipping rules and roles"). */
export function ContactDetailsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const id = contactIdFrom(params);
  const contact = useContact(id);
  const panels = useContext(ContactPanelsContext);
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/contacts'));

  const actions = (
    <Button startIcon={<ArrowBackIcon />} onClick={back}>
      Back to Search
    </Button>
  );

  if (id === null || contact.isError) {
    return (
      <Page title="Contact Details" actions={actions}>
        <Alert severity="error" data-testid="contact-details-error">
          {CONTACT_MESSAGES.detailsFailed}
        </Alert>
      </Page>
    );
  }
  if (!contact.data) {
    return (
      <Page title="Contact Details" actions={actions}>
        <CircularProgress aria-label="Loading contact" />
      </Page>
    );
  }
  const c = contact.data;
  return (
    <Page title="Contact Details" actions={actions}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h5" component="h2" data-testid="contact-name">
              {contactName(c)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {[contactAddress(c), c.primary_phone, c.primary_email, sourceLabel(c.source)]
                .filter(Boolean)
                .join(' · ') || 'No contact details yet.'}
            </Typography>
            <ContactEditForm contact={c} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {panels(c.id)}
          <RecordHistorySlot entity="contact" id={c.id} />
        </Box>
      </Box>
    </Page>
  );
}
