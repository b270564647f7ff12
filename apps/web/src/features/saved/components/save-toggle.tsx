import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useChangeSaved } from '../api/change-saved';

/**
 * Save or forget a business, for a signed-in client: a bookmark button whose pressed state says
 * whether it is saved. The change shows at once; if the server refuses it, the button goes back
 * and a toast says what did not happen.
 */
export function SaveToggle({
  businessId,
  name,
  saved,
  size = 'medium',
}: {
  businessId: string;
  name: string;
  /** What the server last said (the card's or profile's `saved`). */
  saved: boolean;
  size?: 'small' | 'medium' | 'large';
}) {
  const { t } = useTranslation();
  const change = useChangeSaved();
  const [shown, setShown] = useState(saved);
  // A newer answer from the server (a refetch, another tab's change read again) wins.
  const [known, setKnown] = useState(saved);
  if (saved !== known) {
    setKnown(saved);
    setShown(saved);
  }

  const toggle = () => {
    if (change.isPending) return;
    const before = shown;
    setShown(!before);
    change.mutate(
      { businessId, saved: !before },
      {
        onError: () => {
          setShown(before);
          toast.error(t(before ? 'saved.unsaveFailed' : 'saved.saveFailed', { name }));
        },
      },
    );
  };

  return (
    <IconButton
      onClick={toggle}
      aria-pressed={shown}
      aria-label={t('saved.save', { name })}
      color={shown ? 'primary' : 'default'}
      size={size}
    >
      {shown ? <BookmarkIcon /> : <BookmarkBorderIcon />}
    </IconButton>
  );
}
