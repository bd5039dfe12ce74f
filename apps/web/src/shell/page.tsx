import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The frame of a screen: its title and content. */
export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
