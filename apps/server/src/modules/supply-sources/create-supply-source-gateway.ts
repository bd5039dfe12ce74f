import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { EmbeddedSupplySourceGateway } from './embedded-supply-source-gateway.js';
import { SpApiSupplySourceGateway } from './sp-api-supply-source-gateway.js';
import type { SupplySourceGateway } from './supply-source-gateway.js';

/** Amazon's Selling Partner API when its endpoint and credentials are configured; otherwise the embedded store. */
export function createSupplySourceGateway(db: Database, config: AppConfig): SupplySourceGateway {
  const sp = config.spApi;
  if (sp.endpoint && sp.clientId && sp.clientSecret && sp.refreshToken) {
    return new SpApiSupplySourceGateway({
      endpoint: sp.endpoint,
      tokenUrl: sp.lwaTokenUrl,
      clientId: sp.clientId,
      clientSecret: sp.clientSecret,
      refreshToken: sp.refreshToken,
      timeoutMs: sp.timeoutMs,
    });
  }
  return new EmbeddedSupplySourceGateway(db);
}
