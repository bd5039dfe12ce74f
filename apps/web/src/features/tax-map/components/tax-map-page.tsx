import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { TAX_MAP_MESSAGES, type TPlatformStateTax } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-date';
import { Page } from '../../../shell/page';
import { usePlatforms, useStates, useTaxMap, useToggleTaxCell } from '../api/tax-map-api';

const STATE_COLUMN_WIDTH = { xs: 64, sm: 180 };

/**
 * The Collect and Remit Tax table (002 §2 /tax-map): states (rows) by platforms (columns). A click on a cell toggles
 * it and saves it; the new value shows at once and goes back if the save fails. The state column and the header
 * stay in place while the table scrolls (a phone scrolls it sideways).
 */
export function TaxMapPage() {
  const states = useStates();
  const platforms = usePlatforms();
  const map = useTaxMap();
  const toggle = useToggleTaxCell();
  const [error, setError] = useState<string | null>(null);

  const cells = useMemo(() => {
    const byKey = new Map<string, TPlatformStateTax>();
    for (const c of map.data?.data ?? []) byKey.set(`${c.platform_code}/${c.state_code}`, c);
    return byKey;
  }, [map.data]);

  const loading = states.isPending || platforms.isPending || map.isPending;
  const failed = states.isError || platforms.isError || map.isError;
  const columns = platforms.data?.data ?? [];

  const onToggle = (cell: TPlatformStateTax) => {
    setError(null);
    const next = cell.collectAndRemitTax ? 0 : 1;
    toggle.mutate(
      { platform_code: cell.platform_code, state_code: cell.state_code, collectAndRemitTax: next },
      {
        onError: (e) =>
          setError(
            `${TAX_MAP_MESSAGES.saveFailed} ${cell.state_code} / ${cell.platform_code}${serverMessage(e) ? `: ${serverMessage(e)}` : ''}`,
          ),
      },
    );
  };

  return (
    <Page title={TAX_MAP_MESSAGES.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A checked cell means the platform collects and remits sales tax in that state. Click a cell to change it.
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }} data-testid="tax-map-error">
          {error}
        </Alert>
      )}
      {loading && <LinearProgress />}
      {failed && <Alert severity="error">The tax map could not be loaded.</Alert>}
      {!loading && !failed && (
        <TableContainer
          sx={{
            maxHeight: { xs: 'calc(100vh - 220px)', md: 'calc(100vh - 200px)' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Table stickyHeader size="small" aria-label={TAX_MAP_MESSAGES.title}>
            <TableHead>
              <TableRow>
                <TableCell
                  sx={{
                    position: 'sticky',
                    left: 0,
                    zIndex: 3,
                    minWidth: STATE_COLUMN_WIDTH,
                    bgcolor: 'background.paper',
                  }}
                >
                  State
                </TableCell>
                {columns.map((p) => (
                  <TableCell key={p.platform_code} align="center" sx={{ whiteSpace: 'nowrap', minWidth: 96 }}>
                    {p.platform_name}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(states.data?.data ?? []).map((s) => (
                <TableRow key={s.state_code} hover>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{
                      position: 'sticky',
                      left: 0,
                      zIndex: 1,
                      bgcolor: 'background.paper',
                      minWidth: STATE_COLUMN_WIDTH,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                      {s.state_code}
                    </Box>
                    <Box component="span" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'inline' } }}>
                      {s.state_name}
                    </Box>
                  </TableCell>
                  {columns.map((p) => {
                    const cell = cells.get(`${p.platform_code}/${s.state_code}`) ?? {
                      state_code: s.state_code,
                      platform_code: p.platform_code,
                      collectAndRemitTax: 0,
                      updated_at: null,
                      updated_by: null,
                    };
                    const on = cell.collectAndRemitTax !== 0;
                    const saved = cell.updated_at
                      ? `Saved ${formatTimestamp(cell.updated_at)}${cell.updated_by ? ` by ${cell.updated_by}` : ''}`
                      : 'Never saved';
                    return (
                      <TableCell
                        key={p.platform_code}
                        align="center"
                        padding="none"
                        sx={{ bgcolor: on ? (theme) => alpha(theme.palette.success.main, 0.1) : undefined }}
                      >
                        <Tooltip title={saved} enterDelay={600}>
                          <Checkbox
                            checked={on}
                            onChange={() => onToggle(cell)}
                            slotProps={{
                              input: {
                                'aria-label': `${s.state_name} ${p.platform_name}`,
                                'data-testid': `tax-cell-${p.platform_code}-${s.state_code}`,
                              } as object,
                            }}
                          />
                        </Tooltip>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
