import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Card,
  CardActions,
  CardContent,
  Chip,
  Collapse,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TInventorySearchCard, TSerialSearchCard } from '@keystone/contracts';
import { commissionPercent, money } from './format';
import { onHandAt } from './search-rules';

function Field({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

/** A product result card (001 §2): brand, model, category, prices, commission, on-hand; expandable UPC, description, buckets. */
export function ProductResultCard({
  card,
  expandAll,
  location,
  canTransfer,
}: {
  card: TInventorySearchCard;
  expandAll: boolean;
  location: string | null;
  canTransfer: boolean;
}) {
  const [open, setOpen] = useState(false);
  const expanded = expandAll || open;
  const model = encodeURIComponent(card.model);
  return (
    <Card variant="outlined" data-testid="inventory-result-card">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span" color="text.secondary">
            {card.brand_name ?? 'No brand'}
          </Typography>
          <Typography variant="h6" component="h2">
            {card.model}
          </Typography>
          {card.status !== 'ACTIVE' && <Chip size="small" label={card.status} />}
          <Typography variant="body2" color="text.secondary">
            {card.category_name ?? ''}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <Field label="Cost" value={money(card.cost)} />
          <Field label="MAP" value={money(card.master_listing_map_price)} />
          <Field label="Adjusted MAP" value={money(card.master_listing_adj_map_price)} />
          <Field label="Adjusted Cart Price" value={money(card.master_listing_adj_cart_price)} />
          <Field label="Commission" value={commissionPercent(card.master_listing_commission_rate)} />
          <Field
            label={location ? `On Hand (${location})` : 'On Hand (All Locations)'}
            value={onHandAt(card, location)}
          />
        </Box>
        <Collapse in={expanded} unmountOnExit>
          <Box sx={{ mt: 1 }} data-testid="inventory-result-details">
            <Typography variant="body2">UPC: {card.upc ?? '—'}</Typography>
            <Typography variant="body2">Description: {card.product_title}</Typography>
            {card.inventory.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No sellable inventory.
              </Typography>
            ) : (
              <Table size="small" sx={{ maxWidth: 420 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Bucket</TableCell>
                    <TableCell align="right">Quantity</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {card.inventory.map((b) => (
                    <TableRow key={b.bucket}>
                      <TableCell>{b.bucket}</TableCell>
                      <TableCell align="right">{b.quantity}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        </Collapse>
      </CardContent>
      <CardActions sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/inventory/detail/model/${model}`}>
          Details
        </Link>
        <Link component={RouterLink} to={`/inventory/simulation?model=${model}`}>
          Inventory Events Simulation
        </Link>
        {canTransfer && (
          <Link component={RouterLink} to={`/inventory/transfer/${model}`}>
            Inventory Transfer
          </Link>
        )}
        <Box sx={{ flex: 1 }} />
        {!expandAll && (
          <IconButton
            size="small"
            aria-label={open ? 'Show less' : 'Show more'}
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />
          </IconButton>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * A serial result card (001 §2): serial, product (model, manufacturer, category, MPN, UPC, ASIN, Listing ID, SKU),
 * place; Details opens the serial with fresh navigation state.
 */
export function SerialResultCard({ serial }: { serial: TSerialSearchCard }) {
  return (
    <Card variant="outlined" data-testid="serial-result-card">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h6" component="h2">
          {serial.serial_number}
        </Typography>
        <Typography variant="body2">
          {serial.product.brand_name ? `${serial.product.brand_name} ` : ''}
          {serial.product.model}: {serial.product.product_title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <Field label="Location" value={serial.location_code ?? '—'} />
          <Field label="Condition" value={serial.condition_code ?? '—'} />
          <Field label="Disposition" value={serial.disposition_code} />
          <Field label="Manufacturer" value={serial.product.manufacturer_name ?? '—'} />
          <Field label="Category" value={serial.product.category_name ?? '—'} />
          <Field label="MPN" value={serial.product.mpn ?? '—'} />
          <Field label="UPC" value={serial.product.upc ?? '—'} />
          <Field label="ASIN" value={serial.product.asin ?? '—'} />
          <Field label="Listing ID" value={serial.product.listing_id ?? '—'} />
          <Field label="SKU" value={serial.product.sku ?? '—'} />
        </Box>
      </CardContent>
      <CardActions sx={{ gap: 1 }}>
        <Link component={RouterLink} to={`/inventory-serials/${serial.id}`} state={{ fresh: true }}>
          Details
        </Link>
        <Link component={RouterLink} to={`/inventory/detail/model/${encodeURIComponent(serial.product.model)}`}>
          Product
        </Link>
      </CardActions>
    </Card>
  );
}
