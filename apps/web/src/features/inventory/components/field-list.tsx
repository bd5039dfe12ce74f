import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** Label/value pairs as a two-column definition list (serial and transaction detail); long values wrap on a phone. */
export function FieldList({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
      data-testid={testId}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
