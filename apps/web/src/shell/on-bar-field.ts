/** A select on the coloured app bar: a paper field, its label above it in the bar's text colour. */
export const onBarField = {
  '& .MuiInputBase-root': { bgcolor: 'background.paper' },
  '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'inherit' },
  '& .MuiInputLabel-shrink': { transform: 'translate(4px, -16px) scale(0.75)' },
  mt: 1,
} as const;
