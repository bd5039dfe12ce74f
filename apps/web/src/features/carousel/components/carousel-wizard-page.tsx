import { useEffect, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import {
  CAROUSEL_LIMITS,
  CAROUSEL_MESSAGES,
  uploadAccept,
  uploadCarouselImageRoute,
  type TCarouselImage,
} from '@keystone/contracts';
import { useConfirm } from '../../../shell/confirm-dialog';
import { Page } from '../../../shell/page';
import { UnsavedChangesGuard } from '../../../shell/unsaved-changes-guard';
import {
  CAROUSEL_QUERY_KEY,
  saveCarousel,
  saveFailureMessages,
  uploadCarouselImage,
  useCarouselImages,
} from '../api/carousel-api';
import {
  fromSaved,
  hasErrors,
  isDirty,
  itemErrors,
  move,
  newItem,
  remove,
  toInput,
  type EditorItem,
} from './carousel-items';

const EMPTY: TCarouselImage[] = [];

/** One carousel item: its image (upload), its link, and its place in the list. */
function ItemCard(props: {
  item: EditorItem;
  index: number;
  count: number;
  onLink: (link: string) => void;
  onFile: (file: File) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { item, index, count } = props;
  const errors = itemErrors(item);
  const n = index + 1;
  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) props.onFile(file);
  };
  return (
    <Card variant="outlined" data-testid={`carousel-item-${index}`} component="li" sx={{ listStyle: 'none' }}>
      <CardContent
        sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'flex-start' } }}
      >
        <Box sx={{ width: { xs: '100%', md: 400 }, flexShrink: 0 }}>
          <Box
            sx={{
              width: '100%',
              aspectRatio: `${CAROUSEL_LIMITS.width} / ${CAROUSEL_LIMITS.height}`,
              bgcolor: 'action.hover',
              border: 1,
              borderColor: errors.img ? 'error.main' : 'divider',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
            }}
          >
            {item.uploading ? (
              <CircularProgress size={28} aria-label={`Uploading the image of item ${n}`} />
            ) : item.img ? (
              <Box
                component="img"
                src={item.img}
                alt={`Item ${n} image`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                No image
              </Typography>
            )}
          </Box>
          {errors.img && (
            <Typography variant="caption" color="error" role="alert" data-testid={`carousel-item-${index}-image-error`}>
              {errors.img}
            </Typography>
          )}
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            label={`Item ${n} link`}
            value={item.link}
            onChange={(e) => props.onLink(e.target.value)}
            error={!!errors.link}
            helperText={errors.link ?? 'https://…'}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': `carousel-item-${index}-link` } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button
              component="label"
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              disabled={item.uploading}
            >
              {item.img ? 'Replace image' : 'Upload image'}
              <input
                type="file"
                hidden
                accept={uploadAccept(uploadCarouselImageRoute.upload)}
                onChange={chooseFile}
                data-testid={`carousel-item-${index}-file`}
              />
            </Button>
            <Box sx={{ flex: 1 }} />
            <Tooltip title="Move up">
              <span>
                <IconButton aria-label={`Move item ${n} up`} onClick={() => props.onMove(-1)} disabled={index === 0}>
                  <ArrowUpwardIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move down">
              <span>
                <IconButton
                  aria-label={`Move item ${n} down`}
                  onClick={() => props.onMove(1)}
                  disabled={index === count - 1}
                >
                  <ArrowDownwardIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={count <= 1 ? 'The last item cannot be removed' : 'Remove'}>
              <span>
                <IconButton aria-label={`Remove item ${n}`} onClick={props.onRemove} disabled={count <= 1}>
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /carousel-wizard (002 §2 "Carousel", §4, §5, §8): edit the home-page carousel's items (link and image), add,
 * remove (never the last), reorder, then Save Changes (confirmed) or Scrap Changes (back to the saved list).
 */
export function CarouselWizardPage() {
  const query = useCarouselImages();
  const queryClient = useQueryClient();
  const saved = query.data ?? EMPTY;
  const [items, setItems] = useState<EditorItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const { dialog, confirm } = useConfirm();

  // The editor starts from the saved list, and again after Scrap Changes or a save (items set back to null).
  useEffect(() => {
    if (items === null && query.data) setItems(query.data.length ? fromSaved(query.data) : [newItem()]);
  }, [items, query.data]);

  const list = items ?? [];
  const dirty = items !== null && isDirty(list, saved);
  const update = (id: number, change: Partial<EditorItem>) =>
    setItems((current) => (current ?? []).map((i) => (i.id === id ? { ...i, ...change } : i)));

  const upload = async (id: number, file: File) => {
    update(id, { uploading: true, uploadError: null });
    try {
      const { remoteImageUrl } = await uploadCarouselImage(file);
      update(id, { uploading: false, img: remoteImageUrl });
    } catch (error) {
      update(id, {
        uploading: false,
        uploadError: error instanceof Error ? error.message : CAROUSEL_MESSAGES.uploadFailed,
      });
    }
  };

  const reload = async () => {
    setFailure(null);
    await queryClient.invalidateQueries({ queryKey: CAROUSEL_QUERY_KEY });
    setItems(null);
  };

  const save = async () => {
    const ok = await confirm({
      title: 'Save Changes?',
      message: `The carousel will show these ${list.length} item${list.length === 1 ? '' : 's'}, in this order, to everyone.`,
      confirmLabel: 'Save Changes',
    });
    if (!ok) return;
    setSaving(true);
    try {
      const next = await saveCarousel(toInput(list));
      queryClient.setQueryData(CAROUSEL_QUERY_KEY, next);
      setItems(fromSaved(next));
    } catch (error) {
      setFailure(saveFailureMessages(error));
    } finally {
      setSaving(false);
    }
  };

  const invalid = hasErrors(list);
  return (
    <Page title="Carousel">
      <UnsavedChangesGuard when={dirty} />
      {dialog}
      <Alert severity="info" sx={{ mb: 2 }} data-testid="carousel-size-rule">
        {CAROUSEL_MESSAGES.sizeRule} Links must start with https://.
      </Alert>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          The carousel could not be loaded.
        </Alert>
      )}
      {items === null && query.isPending ? (
        <CircularProgress aria-label="Loading the carousel" />
      ) : (
        <>
          <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Carousel items">
            {list.map((item, index) => (
              <ItemCard
                key={item.id}
                item={item}
                index={index}
                count={list.length}
                onLink={(link) => update(item.id, { link })}
                onFile={(file) => void upload(item.id, file)}
                onMove={(by) => setItems(move(list, index, by))}
                onRemove={() => setItems(remove(list, index))}
              />
            ))}
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => setItems([...list, newItem()])}
              disabled={list.length >= CAROUSEL_LIMITS.maxItems}
            >
              Add Item
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button onClick={() => setItems(fromSaved(saved))} disabled={!dirty || saving}>
              Scrap Changes
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={invalid || saving}>
              Save Changes
            </Button>
          </Box>
        </>
      )}
      <Dialog open={failure !== null} aria-labelledby="carousel-failure-title">
        <DialogTitle id="carousel-failure-title">{CAROUSEL_MESSAGES.saveFailed}</DialogTitle>
        <DialogContent>
          <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="carousel-save-errors">
            {failure?.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void reload()} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
