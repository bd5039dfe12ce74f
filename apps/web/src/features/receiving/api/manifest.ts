import { useMutation } from '@tanstack/react-query';
import { manifestReceiveRoute, type TManifestReceive } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { useRefreshAfterReceiving } from './receiving';

/**
 * Receives a vendor's serial manifest for a PO line in one submit (POST scanner/receipt/manifest/receive), then
 * refreshes the PO, the line's serials and receipts. Silent: the Serial Manifest panel shows the refusals itself.
 */
export function useReceiveManifest(poId: number, lineId: number) {
  const refresh = useRefreshAfterReceiving(poId, lineId);
  return useMutation({
    mutationFn: (body: TManifestReceive) => callApi(manifestReceiveRoute, { body, silent: true }),
    onSuccess: () => refresh(),
  });
}
