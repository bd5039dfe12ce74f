import { useRef } from 'react';
import { IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Props {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  name?: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  inputTestId?: string;
}

/**
 * A date field that shows and takes YYYY-MM-DD (000 §9) whatever the browser's locale: the text is the value, and
 * the calendar button opens the browser's own date picker (a hidden native date input) to pick one.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  disabled,
  error,
  helperText,
  fullWidth,
  size = 'small',
  sx,
  inputTestId,
}: Props) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      helperText={helperText}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
      placeholder="YYYY-MM-DD"
      autoComplete="off"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': inputTestId },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                aria-label="Pick a date"
                title={`Pick the ${label.toLowerCase()}`}
                edge="end"
                size="small"
                disabled={disabled}
                onClick={() => picker.current?.showPicker()}
              >
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={CALENDAR_DATE.test(value) ? value : ''}
                onChange={(e) => onChange(e.target.value)}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
