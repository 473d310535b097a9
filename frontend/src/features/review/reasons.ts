import type { Submission } from '../../api/types';

/** Why a draft was parked, in words. */
export function reasonLabel(reason: Submission['reason']): string {
  if (reason === 'error') return 'The critic could not judge it';
  return 'Failed the continuity check';
}

export function statusLabel(status: string): string {
  switch (status) {
    case 'pending_review':
      return 'Waiting for review';
    case 'accepted':
      return 'Accepted';
    case 'rejected':
      return 'Rejected';
    case 'superseded':
      return 'Replaced by a newer draft';
    default:
      return status.replace(/_/g, ' ');
  }
}
