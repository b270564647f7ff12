import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UploadedImage } from '@maya/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { acceptedImageTypes, shortName, uploadImages } from '../../../lib/upload';
import { useSaveGallery } from '../api/save-gallery';
import { useGallery } from '../api/get-gallery';
import { Carousel } from './carousel';

/** Upload several images, arrange the list, Save; the page updates in place, no reload. */
export function GalleryManager() {
  const { t } = useTranslation();
  const gallery = useGallery();
  const save = useSaveGallery();
  const [draft, setDraft] = useState<UploadedImage[]>();
  const [progress, setProgress] = useState<number>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const items = draft ?? gallery.data?.gallery ?? [];

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const wrong = files.find((file) => !acceptedImageTypes.includes(file.type));
    if (wrong) return setError(`${t('auth.wrongFormat')}: ${shortName(wrong.name, 10)}`);
    setError(undefined);
    setProgress(0);
    uploadImages(files, 'gallery', setProgress)
      .then((stored) => setDraft([...items, ...stored]))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : t('errors.generic')),
      )
      .finally(() => setProgress(undefined));
  };

  const persist = () =>
    save.mutate(
      items.map((item) => item.id),
      {
        onSuccess: () => {
          setDraft(undefined);
          toast.success(t('account.saved'));
        },
        onError: () => toast.error(t('account.saveFailed')),
      },
    );

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('account.galleryIntro')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        {/* A real button that opens the file picker: a label with role="button" is not allowed. */}
        <Button
          variant="outlined"
          disabled={progress !== undefined}
          onClick={() => fileInput.current?.click()}
        >
          {t('account.chooseFiles')}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          multiple
          accept="image/png,image/jpeg"
          onChange={choose}
        />
        <Button variant="contained" onClick={persist} disabled={!draft || save.isPending}>
          {t('account.saveGallery')}
        </Button>
      </Stack>
      {progress !== undefined && (
        <Box sx={{ mb: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress * 100}
            aria-label={t('account.uploading', { percent: Math.round(progress * 100) })}
          />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('account.noImages')}</Typography>
      ) : (
        <>
          <List dense sx={{ mb: 2 }}>
            {items.map((item) => (
              <ListItem
                key={item.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('account.removeImage', { name: item.name })}
                    onClick={() => setDraft(items.filter((other) => other.id !== item.id))}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemAvatar>
                  <Avatar variant="rounded" src={item.thumbnailUrl} alt="" />
                </ListItemAvatar>
                <ListItemText
                  primary={shortName(item.name, 10)}
                  secondary={`${item.width} × ${item.height}`}
                />
              </ListItem>
            ))}
          </List>
          {!draft && <Carousel images={items} />}
        </>
      )}
    </Box>
  );
}
