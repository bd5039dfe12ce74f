/** A select on the coloured app bar: white field, label readable above it. */
export const onBarField = {
  '& .MuiInputBase-root': { bgcolor: 'background.paper' },
  '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'common.white' },
  '& .MuiInputLabel-shrink': { transform: 'translate(4px, -16px) scale(0.75)' },
  mt: 1,
} as const;
