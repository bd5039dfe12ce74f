import { Button, MenuItem, Stack, TextField } from '@mui/material';

export interface SearchTypeFormProps<T extends string> {
  /** The search types in list order, and each one's name (the value field is labelled with the chosen one's). */
  types: readonly T[];
  labels: Record<T, string>;
  type: T;
  onTypeChange(type: T): void;
  value: string;
  onValueChange(value: string): void;
  /** Search (the button, or Enter in the value field). */
  onSubmit(): void;
  /** Test ids of the type list's input and of the value field's input. */
  testIds: { type: string; value?: string };
  /** The value field's width from `sm` up (full width below). */
  valueWidth: number;
}

/** A search by one of several keys: the key's list, the value field (Enter searches) and the Search button in a row. */
export function SearchTypeForm<T extends string>(props: SearchTypeFormProps<T>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label="Search Type"
        value={props.type}
        onChange={(e) => props.onTypeChange(e.target.value as T)}
        sx={{ minWidth: 260 }}
        slotProps={{ htmlInput: { 'data-testid': props.testIds.type } }}
      >
        {props.types.map((t) => (
          <MenuItem key={t} value={t}>
            {props.labels[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={props.labels[props.type]}
        value={props.value}
        onChange={(e) => props.onValueChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && props.onSubmit()}
        sx={{ width: { xs: '100%', sm: props.valueWidth } }}
        slotProps={{ htmlInput: props.testIds.value ? { 'data-testid': props.testIds.value } : {} }}
      />
      <Button variant="contained" onClick={props.onSubmit}>
        Search
      </Button>
    </Stack>
  );
}
