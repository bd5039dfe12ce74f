import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';

/** Unmatched paths (000 §2: "Resource Not Found"), with a way back: the previous page or Home. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h4" component="h1">
        Resource Not Found
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="contained" component={RouterLink} to="/">
          Go to Home
        </Button>
        <Button variant="outlined" onClick={() => void navigate(-1)}>
          Go Back
        </Button>
      </Stack>
    </Box>
  );
}
