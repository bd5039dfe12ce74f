import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { TProduct } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { RecordHistorySlot } from '../../../lib/record-history';
import { Page } from '../../../shell/page';
import { useRecordTitle } from '../../../shell/page-title';
import { useDropShipInventory, useModelOfUpc, useProductPreview, useSerialsByProxy } from '../api/inventory-api';
import { commissionPercent, dateTime, money } from './format';
import { CommittedSalesSection } from './committed-sales-section';
import { CommittedTransfersSection } from './committed-transfers-section';

/**
 * Narrow screens (phones, below md): a table keeps its first, identifying column and the figures; the other
 * columns move under the first cell as a caption, so the page never scrolls sideways (390 px). The
 * caption is only rendered there, so on wider screens each cell holds just its own value.
 */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const COMPACT_CELLS = { '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } } as const;

const useNarrow = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });

function NarrowCaption({ parts }: { parts: (string | null | undefined)[] }) {
  const narrow = useNarrow();
  if (!narrow) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', overflowWrap: 'anywhere' }}
    >
      {parts.filter((p) => !!p).join(' · ')}
    </Typography>
  );
}

/** The serials of the model in one bucket's location and condition (001 §2 "a serial dialog"). */
function SerialDialog({
  model,
  row,
  onClose,
}: {
  model: string;
  row: { location_code: string; condition_code: string; bucket: string } | null;
  onClose(): void;
}) {
  const { data, isLoading } = useSerialsByProxy(
    row ? { model, locationCode: row.location_code, conditionCode: row.condition_code } : null,
  );
  return (
    <Dialog open={!!row} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        Serials of {model} in {row?.bucket}
      </DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Typography>Loading</Typography>
        ) : !data?.length ? (
          <Typography>No Results To Display</Typography>
        ) : (
          <List dense data-testid="bucket-serials">
            {data.map((s) => (
              <ListItem key={s.id}>
                <Link component={RouterLink} to={`/inventory-serials/${s.id}`}>
                  {s.serial_number}
                </Link>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Distributor-held inventory: a table per vendor location code with qty_purchasable (001 §2). */
function DropShipInventory({ model }: { model: string }) {
  const { data } = useDropShipInventory(model);
  const locations = Object.entries(data ?? {});
  return (
    <Box sx={{ mt: 3 }} data-testid="drop-ship-inventory">
      <Typography variant="h6" component="h2" gutterBottom>
        Distributor-Held Inventory
      </Typography>
      {locations.length === 0 ? (
        <Typography color="text.secondary">No distributor holds this model.</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small" sx={COMPACT_CELLS}>
            <TableHead>
              <TableRow>
                <TableCell>Vendor Location</TableCell>
                <TableCell sx={WIDE_ONLY}>Vendor</TableCell>
                <TableCell>Qty Purchasable</TableCell>
                <TableCell>Cost</TableCell>
                <TableCell sx={WIDE_ONLY}>Updated</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.flatMap(([code, rows]) =>
                rows.map((r) => (
                  <TableRow key={`${code}-${r.vendor_id}`}>
                    <TableCell>
                      {code}
                      <NarrowCaption parts={[r.vendor_name, dateTime(r.updated_at)]} />
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{r.vendor_name}</TableCell>
                    <TableCell>{r.qty_purchasable}</TableCell>
                    <TableCell>{money(r.cost)}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{dateTime(r.updated_at)}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}

function Summary({ product }: { product: TProduct }) {
  const rows: [string, string][] = [
    ['Model', product.model],
    ['Brand', product.brand_name ?? '—'],
    ['Category', product.category_name ?? '—'],
    ['Manufacturer', product.manufacturer_name ?? '—'],
    ['MPN', product.mpn ?? '—'],
    ['UPC', product.upc ?? '—'],
    ['Alternate UPC', product.alternate_upc ?? '—'],
    ['Brand Code', product.brand_code ?? '—'],
    ['Status', product.status],
    ['Serial Tracked', product.serial_number_tracked ? 'Yes' : 'No'],
    ['Serials per Item', product.num_of_serials_per_item?.toString() ?? '—'],
    ['Master Carton Code', product.master_carton_code ?? '—'],
    ['Master Box Qty', product.master_box_qty?.toString() ?? '—'],
    ['Cost', money(product.cost)],
    ['MAP', money(product.master_listing_map_price)],
    ['Adjusted MAP', money(product.master_listing_adj_map_price)],
    ['Adjusted Cart Price', money(product.master_listing_adj_cart_price)],
    ['Commission', commissionPercent(product.master_listing_commission_rate)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="product-summary">
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        {product.image_url && (
          <Box
            component="img"
            src={product.image_url}
            alt={product.model}
            sx={{ width: 120, maxHeight: 120, objectFit: 'contain' }}
          />
        )}
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="h6" component="h2">
            {product.product_title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, auto auto)' },
              columnGap: 2,
              rowGap: 0.5,
              mt: 1,
            }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="body2" data-testid={`product-field-${label.toLowerCase().replace(/ /g, '-')}`}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}

type TBucketRow = { location_code: string; condition_code: string; bucket: string };

/**
 * Product detail by model: the summary and the inventory by bucket (001 §2). `from_bucket` highlights that bucket and,
 * for a serial-tracked product, expands it: its serial dialog opens once, on load, until closed or another is chosen.
 */
export function ProductDetailView({ model }: { model: string | null }) {
  const [params] = useSearchParams();
  const fromBucket = params.get('from_bucket')?.trim().toUpperCase() || null;
  const [chosen, setChosen] = useState<TBucketRow | null>(null);
  // The from_bucket expansion is derived, not copied into state, so it shows as soon as the data arrives.
  const [autoExpandDone, setAutoExpandDone] = useState(false);
  const preview = useProductPreview(model);
  const openSerials = (row: TBucketRow) => {
    setAutoExpandDone(true);
    setChosen(row);
  };
  const closeSerials = () => {
    setAutoExpandDone(true);
    setChosen(null);
  };
  if (!model) return <Typography>No product model specified.</Typography>;
  if (preview.isPending) return <Typography>Loading...</Typography>;
  if (preview.error) {
    const notFound = preview.error instanceof ApiCallError && preview.error.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'}>
        {notFound ? `No product has the model ${model}.` : 'There was an error.'}
      </Alert>
    );
  }
  const { product, inventory } = preview.data;
  const tracked = !!product.serial_number_tracked;
  const autoExpanded =
    !autoExpandDone && tracked && fromBucket ? (inventory.find((r) => r.bucket === fromBucket) ?? null) : null;
  const serialsOf = chosen ?? autoExpanded;
  return (
    <>
      <Summary product={product} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
          Inventory by Bucket
        </Typography>
        <Link component={RouterLink} to={`/inventory/simulation?model=${encodeURIComponent(product.model)}`}>
          Inventory Events Simulation
        </Link>
      </Box>
      {inventory.length === 0 ? (
        <Typography data-testid="no-inventory">No Inventory Available</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small" data-testid="inventory-table" sx={COMPACT_CELLS}>
            <TableHead>
              <TableRow>
                <TableCell>Bucket</TableCell>
                <TableCell sx={WIDE_ONLY}>Location</TableCell>
                <TableCell sx={WIDE_ONLY}>Condition</TableCell>
                <TableCell>Quantity</TableCell>
                <TableCell sx={WIDE_ONLY}>Notes</TableCell>
                <TableCell sx={WIDE_ONLY}>Last Updated</TableCell>
                {tracked && <TableCell aria-label="Serials" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {inventory.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  sx={{ cursor: tracked ? 'pointer' : undefined }}
                  onClick={() => tracked && openSerials(row)}
                  selected={row.bucket === fromBucket}
                  data-from-bucket={row.bucket === fromBucket ? 'true' : undefined}
                >
                  <TableCell sx={{ fontWeight: row.bucket === fromBucket ? 700 : undefined, overflowWrap: 'anywhere' }}>
                    {row.bucket}
                    <NarrowCaption
                      parts={[row.location_code, row.condition_code, row.notes, dateTime(row.last_updated_at)]}
                    />
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{row.location_code}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{row.condition_code}</TableCell>
                  <TableCell>
                    {row.quantity}
                    {row.binned_quantity > 0 && (
                      <Typography variant="caption" color="text.secondary" component="div" data-testid="bucket-binned">
                        {row.binned_quantity} in bins · {row.quantity - row.binned_quantity} unbinned
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{row.notes ?? ''}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{dateTime(row.last_updated_at)}</TableCell>
                  {tracked && (
                    <TableCell padding="none" sx={{ pr: 1 }}>
                      <Button
                        size="small"
                        data-testid="bucket-serials-button"
                        aria-label={`Serials in ${row.bucket}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          openSerials(row);
                        }}
                      >
                        Serials
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <SerialDialog model={product.model} row={serialsOf} onClose={closeSerials} />
      <CommittedTransfersSection model={product.model} />
      <CommittedSalesSection model={product.model} />
      <DropShipInventory model={product.model} />
      <Box sx={{ mt: 2 }}>
        <RecordHistorySlot entity="product" id={product.id} />
      </Box>
    </>
  );
}

/** /inventory/detail/model/{model} */
export function ProductDetailByModelPage() {
  const { model } = useParams();
  useRecordTitle(model, 'Product Detail');
  return (
    <Page title={model ? `Product Detail: ${model}` : 'Product Detail'}>
      <ProductDetailView model={model?.trim() || null} />
    </Page>
  );
}

/** /inventory/detail/{searchType}/{value}: a model directly, a UPC through its product; other types have no single product. */
export function ProductDetailBySearchPage() {
  const { searchType, value } = useParams();
  const isUpc = searchType === 'upc';
  const upcModel = useModelOfUpc(isUpc ? (value ?? null) : null);
  const model = searchType === 'model' ? (value ?? null) : isUpc ? (upcModel.data ?? null) : null;
  useRecordTitle(model, 'Product Detail');
  return (
    <Page title={model ? `Product Detail: ${model}` : 'Product Detail'}>
      {isUpc && upcModel.isPending ? <Typography>Loading...</Typography> : <ProductDetailView model={model} />}
    </Page>
  );
}
