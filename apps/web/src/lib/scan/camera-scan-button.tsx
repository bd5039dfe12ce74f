import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, IconButton, Paper, Typography } from '@mui/material';
import CameraAltOutlinedIcon from '@mui/icons-material/CameraAltOutlined';
import { cameraErrorMessage } from './camera-scan-logic';
import {
  createDetector,
  openCamera,
  startScanLoop,
  stopStream,
  type CameraScanLoop,
  type TDetectorKind,
} from './camera-scan';
import { currentScanOwner } from './scan-owners';
import { submitScan } from './submit-scan';

export interface CameraScanButtonProps {
  /**
   * Takes each code the camera reads (once per appearance), as the value a wedge scan would type. Defaults to
   * `submitScan`: the open scan dialog's expected field and its Enter, else the page's or the global scan routes.
   * Return false when the value was not taken (the camera dialog says so).
   */
  onScan?: (value: string) => boolean | void;
  disabled?: boolean;
}

/**
 * "Scan with a phone": a camera button to put next to any scan field. It opens a small camera dialog
 * with the live video; every 1D barcode read (UPC-A, EAN-13, Code 128) goes to `onScan`, by default exactly as a
 * wedge scan of the same value, so the flow's own field handler checks it, says the same messages and records it
 * the same way. The dialog stays open for the next label (the serial after the UPC) until closed; closing it, or
 * leaving the screen, stops the camera. Put the button in a wrapping flex row beside the scan fields
 * (`display: flex; flex-wrap: wrap`): from 600 px up the camera dialog takes a row of its own under them; on a
 * phone the button floats at the bottom right (a right thumb's reach) and the camera dialog over the bottom of the
 * screen, above it.
 */
export function CameraScanButton({ onScan = submitScan, disabled }: CameraScanButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={buttonRef}
        aria-label="Scan with camera"
        title="Scan with camera"
        aria-expanded={open}
        data-testid="camera-scan-button"
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        sx={(t) => ({
          width: 48,
          height: 48,
          mt: 0.5,
          flex: 'none',
          // A phone: a big round button floating at the bottom right, where a right thumb reaches (floor-layout.ts).
          [t.breakpoints.down('sm')]: {
            position: 'fixed',
            right: 16,
            bottom: 'calc(16px + env(safe-area-inset-bottom))',
            width: 64,
            height: 64,
            zIndex: t.zIndex.modal + 1,
            bgcolor: 'primary.main',
            color: 'common.white',
            boxShadow: 6,
            '&:hover': { bgcolor: 'primary.dark' },
            '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
          },
        })}
      >
        <CameraAltOutlinedIcon />
      </IconButton>
      {open && (
        // From 600 px up, a row of its own under the fields (the parent row wraps); on a phone no box at all.
        <Box sx={{ display: { xs: 'contents', sm: 'block' }, flexBasis: '100%' }}>
          <CameraScanDialog
            onScan={onScan}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Box>
      )}
    </>
  );
}

type TCameraState =
  { status: 'starting' } | { status: 'scanning'; kind: TDetectorKind } | { status: 'error'; message: string };

/**
 * While the camera is open, the flow's scan fields bring up no on-screen keyboard when the flow moves focus to
 * them (a phone's keyboard would cover the camera); their own `inputmode` comes back on close.
 */
function useNoSoftKeyboard() {
  useEffect(() => {
    const owner = currentScanOwner();
    const fields = owner?.kind === 'scope' ? owner.fields() : [];
    const before = fields.map((f) => [f, f.getAttribute('inputmode')] as const);
    for (const f of fields) f.setAttribute('inputmode', 'none');
    return () => {
      for (const [f, mode] of before) {
        if (mode === null) f.removeAttribute('inputmode');
        else f.setAttribute('inputmode', mode);
      }
    };
  }, []);
}

function CameraScanDialog({ onScan, onClose }: { onScan: (value: string) => boolean | void; onClose(): void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<TCameraState>({ status: 'starting' });
  const [last, setLast] = useState<{ value: string; taken: boolean; count: number } | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useNoSoftKeyboard();

  useEffect(() => {
    closeRef.current?.focus();
    const video = videoRef.current!;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let loop: CameraScanLoop | null = null;
    void (async () => {
      // The reader loads while the browser asks for the camera.
      const detectorLoading = createDetector();
      detectorLoading.catch(() => undefined);
      try {
        stream = await openCamera();
        if (cancelled) return stopStream(stream);
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        const { detector, kind } = await detectorLoading;
        if (cancelled) return;
        setState({ status: 'scanning', kind });
        loop = startScanLoop(video, detector, (value) => {
          const taken = onScanRef.current(value) !== false;
          setLast((old) => ({ value, taken, count: (old?.count ?? 0) + 1 }));
        });
      } catch (error) {
        stopStream(stream);
        if (!cancelled) setState({ status: 'error', message: cameraErrorMessage(error) });
      }
    })();
    return () => {
      cancelled = true;
      loop?.stop();
      stopStream(stream);
      video.srcObject = null;
    };
  }, []);

  return (
    <Paper
      role="dialog"
      aria-label="Scan with camera"
      data-testid="camera-scan-dialog"
      data-detector={state.status === 'scanning' ? state.kind : undefined}
      elevation={6}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
      sx={{
        // A phone: over the bottom of the screen, below the fields and the feedback. Wider: under the fields, in the
        // flow, where it covers none of the dialog's buttons.
        position: { xs: 'fixed', sm: 'static' },
        zIndex: (t) => t.zIndex.modal + 1,
        left: 8,
        right: 8,
        // Above the camera button (which stays where it was, to close the camera again).
        bottom: 88,
        width: { sm: 360 },
        p: 1,
        display: 'grid',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2">Scan with camera</Typography>
        <Button ref={closeRef} size="small" onClick={onClose} data-testid="camera-scan-close">
          Close Camera
        </Button>
      </Box>
      {state.status === 'error' ? (
        <Alert severity="error" data-testid="camera-scan-error">
          {state.message}
        </Alert>
      ) : (
        <Box
          sx={{
            position: 'relative',
            bgcolor: 'common.black',
            aspectRatio: '4 / 3',
            maxHeight: '38vh',
            width: '100%',
            overflow: 'hidden',
            borderRadius: 1,
          }}
        >
          <video
            ref={videoRef}
            muted
            playsInline
            autoPlay
            data-testid="camera-scan-video"
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {/* The aiming line: of several codes in view, the one nearest it is read. */}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: '8%',
              right: '8%',
              top: 'calc(50% - 1px)',
              height: 2,
              bgcolor: 'error.main',
              opacity: 0.85,
            }}
          />
        </Box>
      )}
      {state.status !== 'error' && (
        <Typography
          variant="body2"
          role="status"
          data-testid="camera-scan-status"
          data-count={last?.count ?? 0}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {state.status === 'starting'
            ? 'Starting the camera…'
            : !last
              ? 'Aim the red line at a barcode.'
              : last.taken
                ? `Read ${last.value}`
                : `Read ${last.value}: this screen takes no scan now.`}
        </Typography>
      )}
    </Paper>
  );
}
