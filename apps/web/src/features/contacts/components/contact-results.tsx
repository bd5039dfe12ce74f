import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { CONTACT_MESSAGES, CONTACT_SEARCH_SIZE, type TContact } from '@keystone/contracts';
import { EmptyState } from '../../../lib/empty-state';
import { contactAddress, contactName } from './contact-format';

/**
 * Search results: name, address, phone and email; a click (or Enter) opens the contact. No match offers Create New
 * Customer (the page's own permission, sales-desk:manage, is the one that creates).
 */
export function ContactResults({ contacts, onOpen }: { contacts: TContact[]; onOpen: (contact: TContact) => void }) {
  if (contacts.length === 0) {
    return (
      <EmptyState
        kind="no-match"
        message={CONTACT_MESSAGES.noResults}
        hint="Check the spelling, search by another field, or create the customer."
        action={{ label: 'Create New Customer', to: '/contacts/create' }}
        testId="contact-no-results"
      />
    );
  }
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Contacts found">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Phone</TableCell>
              <TableCell>Email</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contacts.map((c) => (
              <TableRow
                key={c.id}
                hover
                tabIndex={0}
                data-testid="contact-result"
                sx={{ cursor: 'pointer' }}
                onClick={() => onOpen(c)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onOpen(c);
                }}
              >
                <TableCell>{contactName(c)}</TableCell>
                <TableCell>{contactAddress(c)}</TableCell>
                <TableCell>
                  {c.primary_phone}
                  {c.secondary_phone && (
                    <Typography component="div" variant="caption" color="text.secondary">
                      {c.secondary_phone}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{c.primary_email}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {contacts.length >= CONTACT_SEARCH_SIZE.default && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Showing the first {contacts.length} matches; refine the search to see others.
        </Typography>
      )}
    </>
  );
}
