import Chip from '@mui/material/Chip';
import { useBriefsTranslation } from '../utils/words';

/** "Maya (AI)": marks what Maya, an AI assistant, wrote or worked out, as elsewhere in the app. */
export function MayaLabel() {
  const { t } = useBriefsTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color="secondary"
      avatar={<img src="/maya.svg" alt="" width={20} height={20} />}
      label={t('maya')}
      title={t('mayaLong')}
      sx={{ fontWeight: 700 }}
    />
  );
}
