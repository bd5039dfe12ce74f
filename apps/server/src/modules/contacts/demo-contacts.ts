import { CONTACT_SOURCES, type TContactSource } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { createRandom } from '../demo-data/demo-catalogue.js';
import { recordCreated } from '../history/history.service.js';
import { ContactsRepository } from './contacts.repository.js';

export interface DemoContact {
  first_name: string;
  last_name: string;
  address: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  primary_phone: string;
  secondary_phone: string | null;
  primary_email: string | null;
  source: TContactSource;
}

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Andrew',
  'Emily',
  'Paul',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Melissa',
  'George',
  'Deborah',
  'Ann',
  'Annette',
  'Luis',
  'Maria',
  'Wei',
  'Priya',
  'Mohammed',
  'Aisha',
  'Hiroshi',
  'Olga',
  'Juan',
  'Mary Ann',
] as const;

const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Smithers',
  "O'Brien",
  'Van Der Berg',
  'McDonald',
  'Patel',
  'Kim',
  'Chen',
  'Novak',
] as const;

const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Elm St',
  'Washington Blvd',
  'Lakeview Dr',
  'Park Ave',
  'Hillcrest Rd',
  'Bardstown Rd',
  'Frankfort Ave',
  'Preston Hwy',
  'Camelback Rd',
  'Mill Ave',
  'Greenville Ave',
  'Congress Ave',
  'Riverside Dr',
  'Sunset Blvd',
  'Church St',
  'Broadway',
] as const;

/** Cities near the demo locations (KY01, AZ02, TX01, RUBY) and a few beyond, with ZIP prefix and area code. */
const CITIES = [
  { city: 'Louisville', state: 'KY', zip: '402', area: '502' },
  { city: 'Lexington', state: 'KY', zip: '405', area: '859' },
  { city: 'Bowling Green', state: 'KY', zip: '421', area: '270' },
  { city: 'Jeffersonville', state: 'IN', zip: '471', area: '812' },
  { city: 'Phoenix', state: 'AZ', zip: '850', area: '602' },
  { city: 'Tempe', state: 'AZ', zip: '852', area: '480' },
  { city: 'Tucson', state: 'AZ', zip: '857', area: '520' },
  { city: 'Dallas', state: 'TX', zip: '752', area: '214' },
  { city: 'Plano', state: 'TX', zip: '750', area: '972' },
  { city: 'Austin', state: 'TX', zip: '787', area: '512' },
  { city: 'Round Rock', state: 'TX', zip: '786', area: '512' },
  { city: 'Cincinnati', state: 'OH', zip: '452', area: '513' },
  { city: 'Nashville', state: 'TN', zip: '372', area: '615' },
] as const;

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

/** The phone formats people type, so the digits-only phone search has something to do. */
function formatPhone(area: string, exchange: string, line: string, style: number): string {
  switch (style) {
    case 0:
      return `(${area}) ${exchange}-${line}`;
    case 1:
      return `${area}-${exchange}-${line}`;
    case 2:
      return `${area}.${exchange}.${line}`;
    default:
      return `${area}${exchange}${line}`;
  }
}

const emailPart = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * A deterministic list of demo contacts (seeded PRNG): US names, addresses around the demo locations, phone
 * numbers in the fictional 555-01xx range written in several formats, e-mails on the reserved example domains.
 */
export function generateDemoContacts(count = 200, seed = 20261122): DemoContact[] {
  const random = createRandom(seed);
  const contacts: DemoContact[] = [];
  for (let i = 0; i < count; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const place = random.pick(CITIES);
    const line = `01${String(random.int(0, 99)).padStart(2, '0')}`;
    const secondary = random.chance(0.25)
      ? formatPhone(
          random.pick(CITIES).area,
          '555',
          `01${String(random.int(0, 99)).padStart(2, '0')}`,
          random.int(0, 3),
        )
      : null;
    contacts.push({
      first_name: first,
      last_name: last,
      address: `${random.int(100, 9899)} ${random.pick(STREETS)}`,
      address2: random.chance(0.15) ? random.pick(['Apt 2B', 'Unit 4', 'Suite 210', 'Apt 12', 'Lot 7']) : null,
      city: place.city,
      state: place.state,
      zip: `${place.zip}${String(random.int(1, 99)).padStart(2, '0')}`,
      primary_phone: formatPhone(place.area, '555', line, random.int(0, 3)),
      secondary_phone: secondary,
      primary_email: random.chance(0.8)
        ? `${emailPart(first)}.${emailPart(last)}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`
        : null,
      source: random.pick(CONTACT_SOURCES),
    });
  }
  return contacts;
}

/**
 * Inserts the demo contacts, each with its creation recorded (the history's `created`) (no acting user), in one transaction (a
 * savepoint when `db` is already a transaction).
 * Answers how many were inserted.
 */
export async function loadDemoContacts(db: Executor, options: { count?: number } = {}): Promise<number> {
  const demo = generateDemoContacts(options.count ?? 200);
  return db.transaction(async (tx) => {
    const repo = new ContactsRepository(tx);
    const ids = await repo.insertMany(
      demo.map((c) => ({
        firstName: c.first_name,
        lastName: c.last_name,
        address: c.address,
        address2: c.address2,
        city: c.city,
        state: c.state,
        zip: c.zip,
        primaryPhone: c.primary_phone,
        secondaryPhone: c.secondary_phone,
        primaryEmail: c.primary_email,
        source: c.source,
      })),
    );
    await recordCreated(
      tx,
      ...demo.map((c, i) => ({ entity: 'contact' as const, recordId: ids[i]!, userId: null, fields: { ...c } })),
    );
    return ids.length;
  });
}
