import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminReport } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { formatStamp } from '../../../lib/dates';
import { useReport } from '../api/console';
import { DecisionForm } from './decision-form';

interface ProfileEvidence {
  name?: string;
  description?: string;
  sector?: string | null;
  address?: string | null;
  photoUrls?: string[];
}
interface MessagesEvidence {
  reportedMessageId?: string | null;
  items?: {
    id: string;
    senderId?: string;
    /** The sender's name when the report was made (reports made before names were kept: none). */
    senderName?: string;
    body: string;
    createdAt?: string;
  }[];
}

/** A reported review as it was frozen: its rating and words, the reply, and whose each is. */
interface ReviewEvidence {
  part: 'review' | 'reply';
  rating: number;
  text: string;
  reply: string | null;
  authorId: string | null;
  authorName: string;
  subjectName: string;
  createdAt: string;
  repliedAt: string | null;
}

/** One report: what was reported, by which route, and its evidence as it was frozen. */
export function ReportDetail() {
  const { t } = useTranslation('moderation');
  const { id = '' } = useParams();
  const report = useReport(id);
  // The form stays after deciding, with its confirmation, though the report is now resolved.
  const [decidedHere, setDecidedHere] = useState(false);

  if (report.isLoading) return <PageLoader />;
  if (!report.data) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const data = report.data;
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to="..">
        {t('report.back')}
      </Link>
      <Typography
        variant="h1"
        sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}
      >
        {data.subject ? t('report.title', { name: data.subject.name }) : t('report.titleNoMember')}
      </Typography>
      <Facts report={data} />
      <Evidence evidence={data.evidence} subject={data.subject} />
      {data.subject && (data.status === 'open' || decidedHere) && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DecisionForm
            subjectUserId={data.subject.id}
            reportIds={[data.id]}
            reviewPart={data.subjectKind === 'review' ? data.subjectReviewPart : null}
            onDecided={() => {
              setDecidedHere(true);
              void report.refetch();
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}

function Facts({ report }: { report: AdminReport }) {
  const { t } = useTranslation('moderation');
  const rows: [string, string | null][] = [
    [
      t('report.filed'),
      `${formatStamp(report.createdAt)} · ${t(`report.source.${report.source}`)}`,
    ],
    [t('report.reason'), t(`reasons.${report.reason}`)],
    [t('report.legalGround'), report.legalGround],
    [t('report.details'), report.details || null],
    [t('report.location'), report.locationUrl],
    [t('report.notifier'), report.notifierName],
    [t('report.statusLabel'), t(`report.status.${report.status}`)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { sm: '12rem 1fr' }, gap: 1, m: 0 }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

function Evidence({
  evidence,
  subject,
}: {
  evidence: Record<string, unknown>;
  subject: AdminReport['subject'];
}) {
  const { t } = useTranslation('moderation');
  const profile = evidence.profile as ProfileEvidence | null | undefined;
  const messages = evidence.messages as MessagesEvidence | null | undefined;
  const review = evidence.review as ReviewEvidence | undefined;
  // Who wrote a message: the name frozen with it; for evidence frozen before names were kept,
  // the reported person by id, and otherwise the chat's other member.
  const senderOf = (item: NonNullable<MessagesEvidence['items']>[number]) =>
    item.senderName ||
    (subject && item.senderId === subject.id ? subject.name : t('report.otherSender'));
  return (
    <Stack component="section" spacing={2} aria-labelledby="evidence-title">
      <Typography id="evidence-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('report.evidence')}
      </Typography>
      {!profile && !messages?.items?.length && !review && (
        <Typography>{t('report.noEvidence')}</Typography>
      )}
      {review && <ReviewEvidenceCard review={review} />}
      {profile && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('report.profile')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{profile.name}</Typography>
          {profile.address && <Typography variant="body2">{profile.address}</Typography>}
          {profile.description && (
            <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>{profile.description}</Typography>
          )}
          {Boolean(profile.photoUrls?.length) && (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 1 }}
              role="group"
              aria-label={t('report.photos')}
            >
              {profile.photoUrls!.map((url) => (
                <Box
                  key={url}
                  component="img"
                  src={url}
                  alt=""
                  sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
                />
              ))}
            </Stack>
          )}
        </Paper>
      )}
      {Boolean(messages?.items?.length) && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography id="evidence-messages" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('report.messages')}
          </Typography>
          <Stack
            component="ol"
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-labelledby="evidence-messages"
          >
            {messages!.items!.map((item) => {
              const reported = item.id === messages!.reportedMessageId;
              return (
                <Box
                  component="li"
                  key={item.id}
                  sx={{
                    p: 1,
                    borderRadius: 1,
                    border: reported ? 2 : 1,
                    borderColor: reported ? 'error.main' : 'divider',
                  }}
                >
                  {reported && (
                    <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
                      {t('report.reported')}
                    </Typography>
                  )}
                  <Typography variant="caption" sx={{ display: 'block' }}>
                    <Box component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                      {senderOf(item)}
                    </Box>
                    {item.createdAt && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' · '}
                        {formatStamp(item.createdAt)}
                      </Box>
                    )}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {item.body}
                  </Typography>
                </Box>
              );
            })}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The reported review, the reported part (the review or the reply) outlined. */
function ReviewEvidenceCard({ review }: { review: ReviewEvidence }) {
  const { t } = useTranslation('moderation');
  const author = review.authorId ? review.authorName : t('report.formerClient');
  const outline = (reported: boolean) => ({
    p: 1,
    borderRadius: 1,
    border: reported ? 2 : 1,
    borderColor: reported ? 'error.main' : 'divider',
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('report.review')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
        {t(`report.reviewPart_${review.part}`)}
      </Typography>
      <Box sx={outline(review.part === 'review')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
          <Rating
            value={review.rating}
            readOnly
            size="small"
            getLabelText={(count) => t('report.stars', { count })}
          />
          <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {t('report.reviewBy', { name: author, business: review.subjectName })}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {formatStamp(review.createdAt)}
            </Box>
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
          {review.text}
        </Typography>
      </Box>
      {review.reply !== null ? (
        <Box sx={{ ...outline(review.part === 'reply'), mt: 1, ml: 2 }}>
          <Typography variant="caption" sx={{ display: 'block' }}>
            <Box component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {t('report.reviewReply', { name: review.subjectName })}
            </Box>
            {review.repliedAt && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' · '}
                {formatStamp(review.repliedAt)}
              </Box>
            )}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.reply}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('report.reviewNoReply')}
        </Typography>
      )}
    </Paper>
  );
}
