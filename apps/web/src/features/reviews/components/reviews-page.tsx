import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';
import { REVIEW_MESSAGES, REVIEW_PAGE_SIZE, type TReview } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-error';
import { LiveIndicator } from '../../../lib/live/live-indicator';
import { Page } from '../../../shell/page';
import { useReviewedProducts, useReviews, useSetReviewVisible } from '../api/reviews-api';

/** Messages longer than this are cut in the grid; the whole text is in a dialog. */
export const MESSAGE_PREVIEW_LENGTH = 140;
/** How long a review that just arrived stays highlighted. */
const NEW_HIGHLIGHT_MS = 6_000;

type TVisibility = 'all' | 'visible' | 'hidden';

const fade = keyframes`
  from { background-color: var(--new-row-color); }
  to { background-color: transparent; }
`;

const keyOf = (r: Pick<TReview, 'product' | 'id'>) => `${r.product}/${r.id}`;

export function preview(message: string): { text: string; cut: boolean } {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW_LENGTH
    ? { text: `${flat.slice(0, MESSAGE_PREVIEW_LENGTH - 1).trimEnd()}\u2026`, cut: true }
    : { text: flat, cut: false };
}

function Stars({ stars }: { stars: number }) {
  return (
    <Box
      component="span"
      aria-label={`${stars} of 5 stars`}
      title={`${stars} of 5 stars`}
      sx={{ color: 'warning.main', whiteSpace: 'nowrap', letterSpacing: 1 }}
    >
      {'\u2605'.repeat(stars)}
      <Box component="span" sx={{ color: 'action.disabled' }}>
        {'\u2605'.repeat(5 - stars)}
      </Box>
    </Box>
  );
}

/**
 * The product review moderation page (002 §2 /products/walts-website-reviews, §3, §4): the website's reviews,
 * newest first, filtered by product and visibility; a switch per review shows or hides it on the website (at once,
 * back if the save fails). New reviews and other moderators' changes arrive live, new rows briefly highlighted.
 * Reviews are user content: every value is rendered as text.
 */
export function ReviewsPage() {
  const [product, setProduct] = useState('');
  const [visibility, setVisibility] = useState<TVisibility>('all');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<TReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reviews = useReviews({ product, visibility, page: page + 1, per_page: REVIEW_PAGE_SIZE });
  const products = useReviewedProducts();
  const toggle = useSetReviewVisible();

  // Rows that arrived after the first load of the current filters are highlighted for a while.
  const seen = useRef<{ filter: string; keys: Set<string> } | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const filter = `${product}|${visibility}|${page}`;
  const rows = reviews.data?.data;
  useEffect(() => {
    if (!rows || reviews.isPlaceholderData) return;
    const keys = new Set(rows.map(keyOf));
    if (seen.current?.filter === filter) {
      const arrived = [...keys].filter((k) => !seen.current!.keys.has(k));
      if (arrived.length > 0) {
        setFresh((old) => new Set([...old, ...arrived]));
        setTimeout(() => setFresh((old) => new Set([...old].filter((k) => !arrived.includes(k)))), NEW_HIGHLIGHT_MS);
      }
      for (const k of keys) seen.current.keys.add(k);
    } else {
      seen.current = { filter, keys };
    }
  }, [rows, filter, reviews.isPlaceholderData]);

  const onToggle = (review: TReview) => {
    setError(null);
    toggle.mutate(
      { product: review.product, id: review.id, visible: !review.visible },
      { onError: (e) => setError(`${REVIEW_MESSAGES.saveFailed}${serverMessage(e) ? ` ${serverMessage(e)}` : ''}`) },
    );
  };

  return (
    <Page title="Product Reviews" actions={<LiveIndicator />}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="review-product-label">Product</InputLabel>
          <Select
            labelId="review-product-label"
            label="Product"
            value={product}
            onChange={(e) => {
              setProduct(e.target.value);
              setPage(0);
            }}
            inputProps={{ 'data-testid': 'review-product-filter' }}
          >
            <MenuItem value="">All products</MenuItem>
            {(products.data ?? []).map((p) => (
              <MenuItem key={p.product} value={p.product}>
                {p.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={visibility}
          onChange={(_e, value: TVisibility | null) => {
            if (!value) return;
            setVisibility(value);
            setPage(0);
          }}
          aria-label="Visibility"
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="visible">Visible</ToggleButton>
          <ToggleButton value="hidden">Hidden</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, textAlign: { sm: 'right' } }}>
          {reviews.data ? `${reviews.data.total} review${reviews.data.total === 1 ? '' : 's'}` : ''}
        </Typography>
      </Stack>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }} data-testid="reviews-error">
          {error}
        </Alert>
      )}
      {(reviews.isPending || reviews.isFetching) && <LinearProgress sx={{ mb: '-4px' }} />}
      {reviews.isError && <Alert severity="error">The reviews could not be loaded.</Alert>}
      {rows && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label="Product reviews">
            <TableHead>
              <TableRow>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Date</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Product</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Stars</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Reviewer</TableCell>
                <TableCell>Review</TableCell>
                <TableCell align="center">Visible</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary">No reviews match.</Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => {
                const shown = preview(r.message);
                const isNew = fresh.has(keyOf(r));
                const productLabel = r.product_model ?? `Product ${r.product}`;
                return (
                  <TableRow
                    key={keyOf(r)}
                    data-testid={`review-row-${r.id}`}
                    data-new={isNew ? 'true' : undefined}
                    sx={(theme) => ({
                      verticalAlign: 'top',
                      '--new-row-color': alpha(theme.palette.info.main, 0.18),
                      animation: isNew ? `${fade} ${NEW_HIGHLIGHT_MS}ms ease-out` : undefined,
                    })}
                  >
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                      {r.reviewOn}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {productLabel}
                      </Typography>
                      {r.product_description && (
                        <Typography variant="caption" color="text.secondary">
                          {r.product_description}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      <Stars stars={r.stars} />
                    </TableCell>
                    <TableCell
                      sx={{
                        display: { xs: 'none', md: 'table-cell' },
                        minWidth: 200,
                        maxWidth: 260,
                        overflowWrap: 'anywhere',
                      }}
                    >
                      <Typography variant="body2">{r.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {r.email}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: { md: 260 } }}>
                      {/* On a phone the other columns are folded into this one. */}
                      <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 0.5 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {productLabel}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="div">
                          <Stars stars={r.stars} /> {r.reviewOn} · {r.name} · {r.email}
                        </Typography>
                      </Box>
                      <Typography variant="body2" data-testid="review-message">
                        {shown.text}
                      </Typography>
                      {shown.cut && (
                        <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => setOpen(r)}>
                          Read all
                        </Button>
                      )}
                    </TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Switch
                        checked={r.visible}
                        onChange={() => onToggle(r)}
                        slotProps={{
                          input: {
                            'aria-label': `Visible on the website: review by ${r.name} on ${productLabel}`,
                            'data-testid': `review-visible-${r.id}`,
                          } as object,
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={reviews.data?.total ?? 0}
            page={page}
            onPageChange={(_e, next) => setPage(next)}
            rowsPerPage={REVIEW_PAGE_SIZE}
            rowsPerPageOptions={[REVIEW_PAGE_SIZE]}
          />
        </TableContainer>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="sm">
        {open && (
          <>
            <DialogTitle>
              {open.name} on {open.product_model ?? `Product ${open.product}`}
            </DialogTitle>
            <DialogContent dividers>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                <Stars stars={open.stars} /> {open.reviewOn} · {open.email}
              </Typography>
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="review-full-message"
              >
                {open.message}
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Page>
  );
}
