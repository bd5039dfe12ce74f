import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { REPORT_CATEGORIES, REPORT_MESSAGES, replicaLagNotice } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-client';
import { useEffectiveRole } from '../../../lib/session-store';
import { useReportCatalogue } from '../api/reports-api';
import { filterCatalogue } from '../api/report-view';

/** 002 §2 /reports: the searchable report catalogue: a name filter, category checkboxes and cards of report links. */
export function ReportCataloguePage() {
  const catalogue = useReportCatalogue();
  const role = useEffectiveRole();
  const [name, setName] = useState('');
  const [categories, setCategories] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(
    () => filterCatalogue(catalogue.data?.reports ?? [], name, categories, role),
    [catalogue.data, name, categories, role],
  );
  const toggle = (category: string) =>
    setCategories((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1">
        Reports
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          label="Report name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'aria-label': 'Report name' } }}
        />
        <FormGroup row aria-label="Categories">
          {REPORT_CATEGORIES.map((category) => (
            <FormControlLabel
              key={category}
              control={<Checkbox size="small" checked={categories.has(category)} onChange={() => toggle(category)} />}
              label={category}
            />
          ))}
        </FormGroup>
      </Stack>
      {catalogue.isFetching ? <LinearProgress /> : null}
      {catalogue.isError ? (
        <Alert severity="error">{serverMessage(catalogue.error) ?? 'The reports could not be loaded.'}</Alert>
      ) : null}
      {catalogue.data?.replicaLagSeconds != null ? (
        <Alert severity="warning" data-testid="report-replica-lag">
          {replicaLagNotice(catalogue.data.replicaLagSeconds)}
        </Alert>
      ) : null}
      {catalogue.data && shown.length === 0 ? (
        <Typography color="text.secondary">{REPORT_MESSAGES.noRows}</Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
        data-testid="report-cards"
      >
        {shown.map((report) => (
          <Card key={`${report.kind}:${report.slug}`} variant="outlined" data-testid="report-card">
            <CardActionArea component={RouterLink} to={report.path} sx={{ height: '100%', alignItems: 'stretch' }}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {report.name}
                  </Typography>
                  <Chip size="small" label={report.category} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {report.description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
