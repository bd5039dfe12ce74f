import {
  canBeUnreceivedRoute,
  manifestReceiveRoute,
  poItemSerialsRoute,
  quickScanReceiveRoute,
  removeScannedItemRoute,
  scannedItemsSubmitRoute,
  scanSetupRoute,
  unreceiveRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerReceivingRoutes({ route, services }: ModuleContext): void {
  const { receiving } = services;
  route(quickScanReceiveRoute, async ({ body, auth }) => receiving.receive(body, auth.user));
  route(scannedItemsSubmitRoute, async ({ body, auth }) => receiving.submitScannedItems(body.scannedItems, auth.user));
  route(manifestReceiveRoute, async ({ body, auth }) => receiving.receiveManifest(body, auth.user));
  route(removeScannedItemRoute, async ({ params, auth }) => receiving.removeScannedItem(params.id, auth.user));
  route(canBeUnreceivedRoute, async ({ query }) => ({ data: await receiving.canBeUnreceived(query.poApiPoItemId) }));
  route(unreceiveRoute, async ({ params, body, auth }) =>
    receiving.unreceive(params.imsTransactionReferenceId, body, auth.user),
  );
  route(poItemSerialsRoute, async ({ params }) => ({ data: await receiving.lineSerials(params.id) }));
  route(scanSetupRoute, async ({ body }) => receiving.updateScanSetup(body));
}
