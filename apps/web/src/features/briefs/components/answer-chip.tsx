import Chip from '@mui/material/Chip';
import type { BriefAnswerState } from '@maya/contracts';
import { useBriefsTranslation } from '../utils/words';

// Colours whose text keeps its contrast on a small chip; the words carry the state either way.
const colors = {
  waiting: 'default',
  offered: 'primary',
  declined: 'default',
  timed_out: 'default',
  accepted: 'success',
} as const satisfies Record<BriefAnswerState, string>;

/** Where one business's answer stands: waiting, offered, declined, no answer in time, chosen. */
export function AnswerChip({ answer }: { answer: BriefAnswerState }) {
  const { t } = useBriefsTranslation();
  return (
    <Chip
      size="small"
      color={colors[answer]}
      variant={answer === 'waiting' ? 'outlined' : 'filled'}
      label={t(`brief.answers.${answer}`)}
    />
  );
}
