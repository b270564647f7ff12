import type { AccountRestrictedEvent } from '@maya/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recheckSession } from '../../../lib/session';
import { getSocket } from '../../../lib/socket';
import { forgetRestriction, rememberRestriction } from '../restriction';

/**
 * Signed in: an operator's suspension or termination arrives on the socket just before the
 * account's sessions end; the tab keeps why, and asks who is signed in (nobody now), so it signs
 * out and its signed-out screen shows the reason (RestrictionNotice).
 */
export default function RestrictionListener() {
  const queryClient = useQueryClient();
  useEffect(() => {
    forgetRestriction();
    const socket = getSocket();
    const onRestricted = (event: AccountRestrictedEvent) => {
      rememberRestriction(event);
      void recheckSession(queryClient);
    };
    socket.on('account:restricted', onRestricted);
    return () => {
      socket.off('account:restricted', onRestricted);
    };
  }, [queryClient]);
  return null;
}
