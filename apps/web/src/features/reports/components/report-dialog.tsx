import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportReason, ReportSubject } from '@maya/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { problemErrors } from '../../../components/field-errors';
import { PageLoader } from '../../../components/page-loader';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useCreateReport } from '../api/create-report';
import { DETAILS_MAX, LEGAL_GROUND_MAX, RULE_REASONS } from '../reasons';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * What is reported: the person (from a chat: `chatId`), one of their messages, their profile,
   * or a published review (the client's words, or the business's reply: `part`).
   */
  subject: ReportSubject;
  /** The person's name, for the title (a review's: its author's; a reply's: the business's). */
  name: string;
}

/** The dialog's title names what is reported; a review's reply has its own. */
const titleOf = (subject: ReportSubject) =>
  subject.kind === 'review' && subject.part === 'reply' ? 'reply' : subject.kind;

/**
 * A member's report: why (illegal, with its legal ground, or one of the rules), optional
 * details, then the acknowledgment with the report's reference. Nothing of it reaches the person
 * reported.
 */
export default function ReportDialog({ open, onClose, subject, name }: ReportDialogProps) {
  const ready = useNamespace('reports');
  const { t } = useTranslation('reports');
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [legalGround, setLegalGround] = useState('');
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState<'reason' | 'legalGround' | undefined>();
  const report = useCreateReport();
  const titleId = useId();

  const close = () => {
    onClose();
    // Cleared once the dialog has gone, so it opens empty next time.
    setTimeout(() => {
      report.reset();
      setReason('');
      setLegalGround('');
      setDetails('');
      setMissing(undefined);
    }, 300);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissing('reason');
    if (reason === 'illegal' && !legalGround.trim()) return setMissing('legalGround');
    setMissing(undefined);
    report.mutate({
      subject,
      reason,
      ...(reason === 'illegal' && { legalGround }),
      ...(details.trim() && { details }),
    });
  };

  const serverFields = problemErrors(report.error);
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>
        {ready ? t(`dialog.title_${titleOf(subject)}`, { name }) : ''}
      </DialogTitle>
      {!ready ? (
        <DialogContent>
          <PageLoader />
        </DialogContent>
      ) : report.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {report.data.message}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained" autoFocus>
              {t('dialog.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2}>
              {report.isError && !Object.keys(serverFields).length && (
                <Alert severity="error">{report.error.message}</Alert>
              )}
              <FormControl error={missing === 'reason'} required>
                <FormLabel id={`${titleId}-reason`}>{t('dialog.reason')}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-reason`}
                  name="reason"
                  value={reason}
                  onChange={(event) => setReason(event.target.value as ReportReason)}
                >
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>
                    {t('dialog.groupIllegal')}
                  </Typography>
                  <FormControlLabel
                    value="illegal"
                    control={<Radio />}
                    label={t('reasons.illegal')}
                  />
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>
                    {t('dialog.groupRules')}
                  </Typography>
                  {RULE_REASONS.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio />}
                      label={t(`reasons.${value}`)}
                    />
                  ))}
                </RadioGroup>
                {missing === 'reason' && (
                  <FormHelperText>{t('dialog.chooseReason')}</FormHelperText>
                )}
              </FormControl>
              {reason === 'illegal' && (
                <TextField
                  label={t('dialog.legalGround')}
                  name="legalGround"
                  value={legalGround}
                  onChange={(event) => setLegalGround(event.target.value)}
                  required
                  error={missing === 'legalGround' || Boolean(serverFields.legalGround)}
                  helperText={
                    missing === 'legalGround' || serverFields.legalGround
                      ? t('dialog.legalGroundMissing')
                      : t('dialog.legalGroundHelp')
                  }
                  slotProps={{ htmlInput: { maxLength: LEGAL_GROUND_MAX } }}
                />
              )}
              <TextField
                label={t('dialog.details')}
                name="details"
                multiline
                minRows={3}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                helperText={t('dialog.detailsHelp', { count: DETAILS_MAX - details.length })}
                slotProps={{ htmlInput: { maxLength: DETAILS_MAX } }}
              />
              <Typography variant="body2" color="text.secondary">
                {t('dialog.anonymous')}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('dialog.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={report.isPending}>
              {t('dialog.send')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
