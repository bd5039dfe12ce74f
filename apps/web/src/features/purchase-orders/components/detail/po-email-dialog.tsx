import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { ZEmailPurchaseOrderSchema } from '@keystone/contracts';

/** The PO e-mail form (001 §2): vendor e-mail, CC list (comma-separated), content and recipient name. */
export function PoEmailDialog({
  open,
  defaultEmail,
  defaultName,
  onClose,
  onSend,
}: {
  open: boolean;
  defaultEmail: string;
  defaultName: string;
  onClose(): void;
  onSend(body: { email: string; name: string; message: string; ccs: string }): Promise<unknown>;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [name, setName] = useState(defaultName);
  const [ccs, setCcs] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    const parsed = ZEmailPurchaseOrderSchema.safeParse({ email, name, message, ccs });
    if (!parsed.success)
      return setError(parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; '));
    setSending(true);
    try {
      await onSend({ email, name, message, ccs });
      onClose();
    } catch {
      setError('The e-mail could not be sent.');
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Email Purchase Order</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField label="Vendor Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Recipient Name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="CC (comma separated)" value={ccs} onChange={(e) => setCcs(e.target.value)} />
        <TextField label="Message" multiline minRows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void send()} disabled={sending}>
          Send Email
        </Button>
      </DialogActions>
    </Dialog>
  );
}
