import Typography from '@mui/material/Typography';
import type { MyDecision } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, formatStamp } from '../../../lib/dates';
import { mineKindKey } from '../kind-label';

/**
 * A decision's statement of reasons as its person reads it: when, what was restricted, the
 * facts, the rule or law, and that a person decided. The account's Decisions section and the
 * mailed link's page (/appeal) show it alike; `headingLevel` places what was decided in the
 * page's outline.
 */
export function StatementOfReasons({
  decision,
  headingLevel,
}: {
  decision: MyDecision;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('moderation');
  const scheduled =
    decision.kind === 'terminate' &&
    decision.effectiveAt &&
    decision.effectiveAt > decision.createdAt;
  const what = scheduled
    ? t('mine.kinds.terminateScheduled', { at: formatStamp(decision.effectiveAt!) })
    : t(mineKindKey(decision.kind, decision.review?.part), {
        until: decision.until ? formatStamp(decision.until) : '',
      });
  return (
    <>
      <Typography variant="caption" color="text.secondary">
        {formatDay(decision.createdAt)}
      </Typography>
      <Typography
        sx={{ fontWeight: 700, fontSize: '1rem' }}
        {...(headingLevel && { component: `h${headingLevel}` })}
      >
        {what}
      </Typography>
      <Typography sx={{ mt: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        <strong>{t('mine.facts')}:</strong> {decision.facts}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <strong>{t(decision.ground === 'law' ? 'mine.law' : 'mine.rule')}:</strong> {decision.rule}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('mine.human')}
      </Typography>
    </>
  );
}
