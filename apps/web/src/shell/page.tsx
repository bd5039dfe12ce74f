import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The frame of a screen: its title and content. */
export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      {/* The actions go under the title when both do not fit on one row (a phone). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
