import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { ReportAction } from '../../reports';

/**
 * A partner's message's menu, loaded with its first opening (the chat screen's first script
 * stays without it): report this one message.
 */
export default function MessageReportMenu({
  anchor,
  onClose,
  messageId,
  name,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  messageId: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <ReportAction subject={{ kind: 'message', messageId }} name={name}>
      {(open) => (
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
          <MenuItem
            onClick={() => {
              onClose();
              open();
            }}
          >
            {t('reports.reportMessage')}
          </MenuItem>
        </Menu>
      )}
    </ReportAction>
  );
}
