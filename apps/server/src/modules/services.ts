import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { AuthService } from './auth/auth.service.js';
import { createJwksGoogleVerifier, type GoogleTokenVerifier } from './auth/google-verifier.js';
import { CatalogService } from './catalog/catalog.service.js';
import { ContactsService } from './contacts/contacts.service.js';
import { InvoicesService } from './invoices/invoices.service.js';
import { ReferenceService } from './reference/reference.service.js';
import { UsersService } from './users/users.service.js';

export interface Services {
  auth: AuthService;
  users: UsersService;
  reference: ReferenceService;
  catalog: CatalogService;
  contacts: ContactsService;
  invoices: InvoicesService;
}

export function createServices(db: Database, config: AppConfig): Services {
  const google: GoogleTokenVerifier | null =
    config.googleClientId && config.googleJwksUrl
      ? createJwksGoogleVerifier({ jwksUrl: config.googleJwksUrl, audience: config.googleClientId, issuer: config.googleIssuer })
      : null;
  return {
    auth: new AuthService(db, config, google),
    users: new UsersService(db),
    reference: new ReferenceService(db),
    catalog: new CatalogService(db),
    contacts: new ContactsService(db),
    invoices: new InvoicesService(db),
  };
}
