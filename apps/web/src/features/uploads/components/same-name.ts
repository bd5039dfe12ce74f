import { useCallback } from 'react';
import { UPLOAD_MESSAGES } from '@keystone/contracts';
import { useConfirm } from '../../../shell/confirm-dialog';

/** 002 §5: a file with the same name as one already uploaded this session asks for confirmation (our words). */
export function useSameNameConfirm() {
  const { dialog, confirm } = useConfirm();
  const ask = useCallback(
    (name: string) =>
      confirm({
        title: UPLOAD_MESSAGES.sameNameTitle,
        message: UPLOAD_MESSAGES.sameName(name),
        confirmLabel: 'Continue',
      }),
    [confirm],
  );
  return { dialog, ask };
}
