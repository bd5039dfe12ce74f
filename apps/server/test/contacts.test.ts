import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  contactRuleErrors,
  phoneDigits,
  US_STATE_CODES,
  type TContact,
  type TContactCreate,
  type TContactEvent,
} from '@keystone/contracts';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../src/db/database.js';
import { recordChanges } from '../src/db/schema.js';
import { ContactsRepository } from '../src/modules/contacts/contacts.repository.js';
import { generateDemoContacts, loadDemoContacts } from '../src/modules/contacts/demo-contacts.js';
import { createSignedInUser, type TestUser } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/** The /contact calls of 000 §7: search (name, address, phone), name search, get, store, update, history. */

let t: TestApp;
let developer: TestUser & { token: string };
let otherDeveloper: TestUser & { token: string };
let member: TestUser & { token: string };

beforeAll(async () => {
  t = await createTestApp();
  [developer, otherDeveloper, member] = await Promise.all([
    createSignedInUser(t, { role: 'developer' }),
    createSignedInUser(t, { role: 'developer' }),
    createSignedInUser(t, { role: 'warehouse-admin' }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, token = developer.token) =>
  injectAs(t.app, token, { method: 'POST', url, payload: payload as Record<string, unknown> });
const get = (url: string, token = developer.token) => injectAs(t.app, token, { method: 'GET', url });

async function store(fields: Partial<TContactCreate>, token = developer.token): Promise<TContact> {
  const res = await post('/api/contact/store', { first_name: null, last_name: null, ...fields }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TContact;
}

async function history(id: number, searchSize?: number): Promise<TContactEvent[]> {
  const res = await post('/api/contact/contactHistory', {
    searchKey: 'sold_contact_id',
    searchValue: id,
    ...(searchSize ? { searchSize } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TContactEvent[];
}

async function search(searchKey: string, searchValue: string, searchSize?: number): Promise<TContact[]> {
  const res = await post('/api/contact/search', { searchKey, searchValue, ...(searchSize ? { searchSize } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TContact[];
}

const names = (list: TContact[]) => list.map((c) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim());

/** The contacts' rows in the history's record_changes (their one change log). */
async function historyRows(db: Executor) {
  const [row] = await db.select({ n: count() }).from(recordChanges).where(eq(recordChanges.entity, 'contact'));
  return row!.n;
}

async function counts() {
  const repo = new ContactsRepository(t.db);
  return { contacts: await repo.count(), events: await historyRows(t.db) };
}

describe('POST /api/contact/store and GET /api/contact/{id}', () => {
  it('creates a contact with every field, normalised (trimmed, blanks as null, state upper-case), and answers 201', async () => {
    const res = await post('/api/contact/store', {
      first_name: '  Ada ',
      last_name: 'Lovelace',
      address: '12 Analytical Way',
      address2: '',
      city: 'Louisville',
      state: 'ky',
      zip: '40202-1234',
      primary_phone: '(502) 555-0101',
      secondary_phone: null,
      primary_email: 'ada@example.com',
      source: 'in_store',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TContact;
    expect(created).toEqual({
      id: expect.any(Number),
      first_name: 'Ada',
      last_name: 'Lovelace',
      address: '12 Analytical Way',
      address2: null,
      city: 'Louisville',
      state: 'KY',
      zip: '40202-1234',
      primary_phone: '(502) 555-0101',
      secondary_phone: null,
      primary_email: 'ada@example.com',
      source: 'in_store',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await get(`/api/contact/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('accepts a contact with only a last name, and the source placeholder "" as no source', async () => {
    const created = await store({ last_name: 'Onlylast', source: '' });
    expect(created).toMatchObject({ first_name: null, last_name: 'Onlylast', source: null, state: null });
  });

  it('records a "created" history entry with the initial values and the acting user', async () => {
    const created = await store(
      { first_name: 'Grace', last_name: 'Hopper', city: 'Arlington', state: 'VA', source: 'phone' },
      otherDeveloper.token,
    );
    const events = await history(created.id);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        contact_id: created.id,
        event_type: 'created',
        changes: {
          first_name: { from: null, to: 'Grace' },
          last_name: { from: null, to: 'Hopper' },
          city: { from: null, to: 'Arlington' },
          state: { from: null, to: 'VA' },
          source: { from: null, to: 'phone' },
        },
        user_id: otherDeveloper.id,
        username: otherDeveloper.username,
        created_at: expect.any(String),
      },
    ]);
    // In form order, whatever order the database keeps them in.
    expect(Object.keys(events[0]!.changes)).toEqual(['first_name', 'last_name', 'city', 'state', 'source']);
  });

  it('GET answers 404 for an unknown contact', async () => {
    const res = await get('/api/contact/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'contact 987654 does not exist' });
  });
});

describe('contact rules answer 422 with errors per field, and change nothing', () => {
  const cases: [string, Partial<TContactCreate>, Record<string, string[]>][] = [
    [
      'no name at all',
      { first_name: '', last_name: '   ', city: 'Nowhere' },
      { first_name: [CONTACT_MESSAGES.nameRequired], last_name: [CONTACT_MESSAGES.nameRequired] },
    ],
    [
      'a state that is not one of the 50',
      { first_name: 'Sam', state: 'PR' },
      { state: [CONTACT_MESSAGES.stateInvalid] },
    ],
    [
      'the District of Columbia (not a state)',
      { first_name: 'Sam', state: 'DC' },
      { state: [CONTACT_MESSAGES.stateInvalid] },
    ],
    [
      'an e-mail that is not one',
      { first_name: 'Sam', primary_email: 'sam-at-example.com' },
      { primary_email: [CONTACT_MESSAGES.emailInvalid] },
    ],
    ['a ZIP code that is not one', { first_name: 'Sam', zip: '4021' }, { zip: [CONTACT_MESSAGES.zipInvalid] }],
    [
      'a phone with letters',
      { first_name: 'Sam', primary_phone: '502-CALL-NOW' },
      { primary_phone: [CONTACT_MESSAGES.phoneInvalid] },
    ],
    [
      'a phone with too few digits',
      { first_name: 'Sam', secondary_phone: '555-01' },
      { secondary_phone: [CONTACT_MESSAGES.phoneInvalid] },
    ],
    [
      'several at once',
      { first_name: null, last_name: null, state: 'XX', primary_email: 'nope' },
      {
        first_name: [CONTACT_MESSAGES.nameRequired],
        last_name: [CONTACT_MESSAGES.nameRequired],
        state: [CONTACT_MESSAGES.stateInvalid],
        primary_email: [CONTACT_MESSAGES.emailInvalid],
      },
    ],
  ];

  it.each(cases)('create with %s', async (_, fields, errors) => {
    const before = await counts();
    const res = await post('/api/contact/store', { first_name: null, last_name: null, ...fields });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: CONTACT_MESSAGES.invalid,
      errors,
    });
    expect(await counts()).toEqual(before);
  });

  it('accepts every one of the 50 state codes, in any case', async () => {
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(US_STATE_CODES).not.toContain('DC');
    for (const code of ['AL', 'wy', 'Hi', 'ak']) {
      expect((await store({ first_name: 'State', last_name: 'Code', state: code })).state).toBe(code.toUpperCase());
    }
  });

  it('update: clearing both names, a bad state or a bad e-mail answers 422; the contact and its history stay as they were', async () => {
    const contact = await store({
      first_name: 'Keep',
      last_name: 'Asis',
      state: 'OH',
      primary_email: 'keep@example.com',
    });
    const before = await counts();
    const attempts: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { first_name: '', last_name: null },
        { first_name: [CONTACT_MESSAGES.nameRequired], last_name: [CONTACT_MESSAGES.nameRequired] },
      ],
      [{ city: 'Columbus', state: 'Ohio' }, { state: [CONTACT_MESSAGES.stateInvalid] }],
      [{ primary_email: 'keep@' }, { primary_email: [CONTACT_MESSAGES.emailInvalid] }],
    ];
    for (const [fields, errors] of attempts) {
      const res = await post('/api/contact/update', { id: contact.id, ...fields });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
    expect((await get(`/api/contact/${contact.id}`)).json()).toEqual(contact);
  });

  it('update may clear one name while the other remains', async () => {
    const contact = await store({ first_name: 'Half', last_name: 'Named' });
    const res = await post('/api/contact/update', { id: contact.id, first_name: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: null, last_name: 'Named' });
  });
});

describe('shape errors answer 400 naming the fields', () => {
  const cases: [string, string, unknown, string[]][] = [
    ['store without the name fields', '/api/contact/store', { city: 'X' }, ['first_name', 'last_name']],
    [
      'store with an unknown source',
      '/api/contact/store',
      { first_name: 'A', last_name: null, source: 'fax' },
      ['source'],
    ],
    ['store with a number as a name', '/api/contact/store', { first_name: 12, last_name: null }, ['first_name']],
    [
      'store with a too long city',
      '/api/contact/store',
      { first_name: 'A', last_name: null, city: 'x'.repeat(101) },
      ['city'],
    ],
    ['update without an id', '/api/contact/update', { city: 'X' }, ['id']],
    ['update with a non-id', '/api/contact/update', { id: 'abc', city: 'X' }, ['id']],
    ['search with an unknown key', '/api/contact/search', { searchKey: 'email', searchValue: 'a' }, ['searchKey']],
    ['search without a value', '/api/contact/search', { searchKey: 'name', searchValue: '  ' }, ['searchValue']],
    [
      'search with searchSize over 100',
      '/api/contact/search',
      { searchKey: 'name', searchValue: 'a', searchSize: 101 },
      ['searchSize'],
    ],
    [
      'search with searchSize 0',
      '/api/contact/search',
      { searchKey: 'name', searchValue: 'a', searchSize: 0 },
      ['searchSize'],
    ],
    ['name search without lastName', '/api/contact/name', { firstName: 'A' }, ['lastName']],
    [
      'history with another key',
      '/api/contact/contactHistory',
      { searchKey: 'contact_id', searchValue: 1 },
      ['searchKey'],
    ],
    ['history without a contact id', '/api/contact/contactHistory', { searchKey: 'sold_contact_id' }, ['searchValue']],
  ];
  it.each(cases)('%s', async (_, url, payload, keys) => {
    const before = await counts();
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(keys);
    expect(await counts()).toEqual(before);
  });

  it('GET /api/contact/{id} with a non-id answers 400 id', async () => {
    const res = await get('/api/contact/abc');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });
});

describe('POST /api/contact/update and the history', () => {
  it('changes the given fields only and records them as an "updated" entry {field: {from, to}}, newest first', async () => {
    const contact = await store({
      first_name: 'Alan',
      last_name: 'Turing',
      address: '1 Bletchley Park',
      address2: 'Hut 8',
      city: 'Milton Keynes',
      state: 'NY',
    });
    const res = await post(
      '/api/contact/update',
      { id: contact.id, city: 'Wilmslow', address2: '', state: 'ny', primary_phone: ' 502-555-0199 ' },
      otherDeveloper.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as TContact;
    expect(updated).toEqual({
      ...contact,
      city: 'Wilmslow',
      address2: null,
      primary_phone: '502-555-0199',
      updated_at: expect.any(String),
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(contact.updated_at));
    expect((await get(`/api/contact/${contact.id}`)).json()).toEqual(updated);

    const events = await history(contact.id);
    expect(events.map((e) => e.event_type)).toEqual(['updated', 'created']);
    // The state was sent as "ny" but is stored as NY already: not a change.
    expect(events[0]).toEqual({
      id: expect.any(Number),
      contact_id: contact.id,
      event_type: 'updated',
      changes: {
        address2: { from: 'Hut 8', to: null },
        city: { from: 'Milton Keynes', to: 'Wilmslow' },
        primary_phone: { from: null, to: '502-555-0199' },
      },
      user_id: otherDeveloper.id,
      username: otherDeveloper.username,
      created_at: expect.any(String),
    });
    expect(events[1]!.username).toBe(developer.username);
  });

  it('accepts the id as a numeric string', async () => {
    const contact = await store({ first_name: 'String', last_name: 'Id' });
    const res = await post('/api/contact/update', { id: String(contact.id), zip: '10001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().zip).toBe('10001');
  });

  it('writes nothing when no field changes', async () => {
    const contact = await store({ first_name: 'Same', last_name: 'Values', city: 'Boston' });
    const before = await counts();
    const res = await post('/api/contact/update', { id: contact.id, first_name: ' Same', city: 'Boston' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(contact);
    expect(await counts()).toEqual(before);
    expect((await history(contact.id)).map((e) => e.event_type)).toEqual(['created']);
  });

  it('keeps every update in order, newest first, and honours searchSize', async () => {
    const contact = await store({ first_name: 'Many', last_name: 'Changes' });
    for (const city of ['One', 'Two', 'Three']) {
      expect((await post('/api/contact/update', { id: contact.id, city })).statusCode).toBe(200);
    }
    const events = await history(contact.id);
    expect(events.map((e) => e.changes.city?.to ?? e.event_type)).toEqual(['Three', 'Two', 'One', 'created']);
    expect(events[0]!.changes).toEqual({ city: { from: 'Two', to: 'Three' } });
    expect((await history(contact.id, 2)).map((e) => e.changes.city?.to)).toEqual(['Three', 'Two']);
  });

  it('answers 404 for an unknown contact and writes nothing', async () => {
    const before = await counts();
    const res = await post('/api/contact/update', { id: 876543, city: 'Nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'contact 876543 does not exist' });
    expect(await counts()).toEqual(before);
  });

  it('history answers 404 for an unknown contact', async () => {
    const res = await post('/api/contact/contactHistory', { searchKey: 'sold_contact_id', searchValue: 765432 });
    expect(res.statusCode).toBe(404);
  });
});

describe('one transaction per write', () => {
  it('a create whose history entry cannot be written leaves no contact behind', async () => {
    const before = await counts();
    // No user 2,000,000,000: the history's insert fails on its foreign key, after the contact row was written.
    await expect(
      t.services.contacts.create({ first_name: 'Rolled', last_name: 'Back' }, 2_000_000_000),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
    expect(await search('name', 'Rolled Back')).toEqual([]);
  });

  it('an update whose history entry cannot be written leaves the contact unchanged', async () => {
    const contact = await store({ first_name: 'Still', last_name: 'Here', city: 'Before' });
    await expect(t.services.contacts.update(contact.id, { city: 'After' }, 2_000_000_000)).rejects.toThrow();
    expect((await get(`/api/contact/${contact.id}`)).json()).toEqual(contact);
    expect((await history(contact.id)).length).toBe(1);
  });
});

describe('POST /api/contact/search', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const people: Partial<TContactCreate>[] = [
      {
        first_name: 'Annette',
        last_name: 'Quarrington',
        address: '123 Main Street',
        city: 'Frankfort',
        state: 'KY',
        zip: '40601',
        primary_phone: '(502) 555-0142',
      },
      {
        first_name: 'Annabel',
        last_name: 'Quarrel',
        address: '9 Elm Road',
        address2: 'Suite 400',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85043',
        primary_phone: '602.555.7788',
      },
      {
        first_name: 'Bob',
        last_name: 'Annquist',
        address: '77 Quarry Lane',
        city: 'Dallas',
        state: 'TX',
        zip: '75247',
        secondary_phone: '+1 214 555 0142',
      },
      {
        first_name: 'Mary Ann',
        last_name: 'Quill',
        address: '5 Oak Court',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        primary_phone: '512-555-9000',
      },
      {
        first_name: 'Quentin',
        last_name: 'Van Der Quast',
        city: 'Louisville',
        state: 'KY',
        primary_phone: '5025550177',
      },
      { first_name: null, last_name: '100%_Quirk', city: 'Mainville', state: 'OH' },
    ];
    ids = {};
    for (const p of people) ids[`${p.first_name ?? ''} ${p.last_name}`.trim()] = (await store(p)).id;
  });

  it('by name: "first last" matches first name prefix and last name prefix, case-insensitive', async () => {
    expect(names(await search('name', 'ann quarr'))).toEqual(['Annabel Quarrel', 'Annette Quarrington']);
    expect(names(await search('name', 'ANNETTE QUARR'))).toEqual(['Annette Quarrington']);
    // Prefixes, not substrings: "nette" starts neither name.
    expect(await search('name', 'nette quarr')).toEqual([]);
  });

  it('by name: one word matches the start of the first or the last name', async () => {
    expect(names(await search('name', 'Ann'))).toEqual(['Bob Annquist', 'Annabel Quarrel', 'Annette Quarrington']);
    expect(names(await search('name', 'quar'))).toEqual(['Annabel Quarrel', 'Annette Quarrington']);
  });

  it('by name: several words split at any space, and "Last, First"', async () => {
    expect(names(await search('name', 'Mary Ann Qu'))).toEqual(['Mary Ann Quill']);
    expect(names(await search('name', 'Quentin Van Der'))).toEqual(['Quentin Van Der Quast']);
    expect(names(await search('name', 'Quarrel, Anna'))).toEqual(['Annabel Quarrel']);
    expect(names(await search('name', '  quill,  '))).toEqual(['Mary Ann Quill']);
  });

  it('by name: LIKE wildcards in the value are literal', async () => {
    expect(names(await search('name', '100%_'))).toEqual(['100%_Quirk']);
    expect(await search('name', '%')).toEqual([]);
    expect(await search('name', '_')).toEqual([]);
  });

  it('by address: text contained in address, address 2, city or ZIP, case-insensitive', async () => {
    expect(names(await search('address', '123 main'))).toEqual(['Annette Quarrington']);
    expect(names(await search('address', 'suite 4'))).toEqual(['Annabel Quarrel']);
    expect(names(await search('address', 'AUSTIN'))).toEqual(['Mary Ann Quill']);
    expect(names(await search('address', '85043'))).toEqual(['Annabel Quarrel']);
    // "main" is in Annette's street and in the city Mainville (results by last name: "100%_Quirk" sorts first).
    expect(names(await search('address', 'main'))).toEqual(['100%_Quirk', 'Annette Quarrington']);
    expect(await search('address', 'Nowhere Boulevard')).toEqual([]);
  });

  it('by phone: digits only, whatever the punctuation, in the primary or secondary phone', async () => {
    const annette = ids['Annette Quarrington'];
    expect((await search('phone', '502.555.0142')).map((c) => c.id)).toEqual([annette]);
    expect((await search('phone', '5025550142')).map((c) => c.id)).toEqual([annette]);
    expect((await search('phone', '+1 (502) 555-0142')).map((c) => c.id)).toEqual([annette]);
    expect(names(await search('phone', '214-555-0142'))).toEqual(['Bob Annquist']);
    // A part of the number: both numbers ending 555-0142.
    expect(names(await search('phone', '555 0142'))).toEqual(['Bob Annquist', 'Annette Quarrington']);
    expect(names(await search('phone', '(502) 555-0177'))).toEqual(['Quentin Van Der Quast']);
    expect(await search('phone', '999-999-9999')).toEqual([]);
    // No digits: nothing matches (rather than everything).
    expect(await search('phone', 'abc')).toEqual([]);
  });

  it('answers at most searchSize contacts, 25 by default', async () => {
    for (let i = 0; i < 30; i++) await store({ first_name: `Bulk${String(i).padStart(2, '0')}`, last_name: 'Zedbulk' });
    expect(await search('name', 'zedbulk')).toHaveLength(25);
    expect(await search('name', 'zedbulk', 100)).toHaveLength(30);
    const three = await search('name', 'zedbulk', 3);
    expect(three.map((c) => c.first_name)).toEqual(['Bulk00', 'Bulk01', 'Bulk02']);
  });
});

describe('POST /api/contact/name', () => {
  const byName = async (firstName: string, lastName: string) => {
    const res = await post('/api/contact/name', { firstName, lastName });
    expect(res.statusCode, res.body).toBe(200);
    return names(res.json().data);
  };
  beforeAll(async () => {
    await store({ first_name: 'Wilhelmina', last_name: 'Xanders' });
    await store({ first_name: 'Wilbur', last_name: 'Xavier' });
    await store({ first_name: 'Orville', last_name: 'Xanadu' });
  });

  it('matches first name prefix and last name prefix together, case-insensitive', async () => {
    expect(await byName('wil', 'xan')).toEqual(['Wilhelmina Xanders']);
    expect(await byName('WILB', '')).toEqual(['Wilbur Xavier']);
    expect(await byName('', 'xan')).toEqual(['Orville Xanadu', 'Wilhelmina Xanders']);
    expect(await byName('Orville', 'Xavier')).toEqual([]);
  });

  it('answers 422 when both names are empty', async () => {
    const res = await post('/api/contact/name', { firstName: ' ', lastName: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      firstName: [CONTACT_MESSAGES.nameSearchRequired],
      lastName: [CONTACT_MESSAGES.nameSearchRequired],
    });
  });
});

describe('access (the contact routes need sales-desk:manage)', () => {
  it('a role without sales-desk:manage is refused with 403 on every contact call, and nothing is written', async () => {
    const contact = await store({ first_name: 'Guarded', last_name: 'Contact' });
    const before = await counts();
    const calls = [
      post('/api/contact/search', { searchKey: 'name', searchValue: 'Guarded' }, member.token),
      post('/api/contact/name', { firstName: 'Guarded', lastName: '' }, member.token),
      get(`/api/contact/${contact.id}`, member.token),
      post('/api/contact/store', { first_name: 'Sneaky', last_name: null }, member.token),
      post('/api/contact/update', { id: contact.id, city: 'Sneaky' }, member.token),
      post('/api/contact/contactHistory', { searchKey: 'sold_contact_id', searchValue: contact.id }, member.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'access denied' });
    }
    expect(await counts()).toEqual(before);
  });

  it('the sales and customer-service roles hold it: they search, store and read contacts', async () => {
    for (const role of ['sales-1', 'customer-service-1', 'customer-service-lead'] as const) {
      const user = await createSignedInUser(t, { role });
      const created = await store({ first_name: 'Desk', last_name: role }, user.token);
      const found = await post('/api/contact/search', { searchKey: 'name', searchValue: `Desk ${role}` }, user.token);
      expect(found.statusCode, found.body).toBe(200);
      expect((found.json().data as TContact[]).map((c) => c.id)).toContain(created.id);
      expect((await get(`/api/contact/${created.id}`, user.token)).statusCode).toBe(200);
    }
  });
});

describe('demo contacts', () => {
  let demoApp: TestApp;
  beforeAll(async () => {
    demoApp = await createTestApp();
  });
  afterAll(async () => {
    await demoApp?.close();
  });

  it('are generated deterministically, 200 by default, and every one keeps the contact rules', () => {
    const demo = generateDemoContacts();
    expect(demo).toHaveLength(200);
    expect(generateDemoContacts()).toEqual(demo);
    expect(generateDemoContacts(200, 1)).not.toEqual(demo);
    for (const c of demo) expect(contactRuleErrors(c, { requireName: true }), JSON.stringify(c)).toBeNull();
    // Several phone formats, so the digits-only search has something to do.
    expect(new Set(demo.map((c) => c.primary_phone.replace(/\d/g, '9'))).size).toBeGreaterThanOrEqual(3);
  });

  it('load with a "created" history entry each, and are found by the searches', async () => {
    expect(await loadDemoContacts(demoApp.db)).toBe(200);
    const repo = new ContactsRepository(demoApp.db);
    expect(await repo.count()).toBe(200);
    expect(await historyRows(demoApp.db)).toBe(200);
    const [first] = generateDemoContacts(1);
    const digits = phoneDigits(first!.primary_phone);
    const found = await demoApp.services.contacts.search(
      'phone',
      `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
      100,
    );
    expect(found.map((c) => c.primary_phone)).toContain(first!.primary_phone);
    const byName = await demoApp.services.contacts.search('name', `${first!.first_name} ${first!.last_name}`, 100);
    expect(byName.length).toBeGreaterThan(0);
    const events = await demoApp.services.contacts.history(byName[0]!.id, 10);
    expect(events).toEqual([expect.objectContaining({ event_type: 'created', user_id: null, username: null })]);
  });
});
