import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { AddressObject, ParsedMail } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestPurchaseOrderDocument } from './documents-test-document.js';
import {
  createMailer,
  InvalidEmailAddressError,
  isValidEmailAddress,
  OutboxMailer,
  SmtpMailer,
  type MailMessage,
} from './mailer.js';
import { composePurchaseOrderEmail } from './purchase-order-email.js';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.js';

const FROM = 'Keystone Purchasing <purchasing@keystone.example>';
const USER_MESSAGE = 'Hello Marcus,\n\nPlease confirm the attached order and its ship date.\n\nThanks, Dana';

async function poMessage(): Promise<{ message: MailMessage; ref: string }> {
  // A PO numbered as the product numbers new ones (W + id on 6 digits).
  const doc = buildTestPurchaseOrderDocument({ purchaseRefId: 'W000287' });
  const pdf = await renderPurchaseOrderPdf(doc);
  const message = composePurchaseOrderEmail(
    doc,
    {
      email: 'marcus.bell@midwest-appliance.example',
      name: 'Marcus Bell',
      message: USER_MESSAGE,
      ccs: ['orders@midwest-appliance.example', ' dana.whitfield@keystone.example '],
    },
    pdf,
  );
  return { message, ref: doc.purchaseRefId };
}

function addresses(field: AddressObject | AddressObject[] | undefined): { address?: string; name: string }[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field]).flatMap((group) => group.value);
}

async function pdfText(content: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(content) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** What both transports must deliver for the PO e-mail. */
async function expectPurchaseOrderMail(mail: ParsedMail, ref: string): Promise<void> {
  expect(addresses(mail.to)).toEqual([{ address: 'marcus.bell@midwest-appliance.example', name: 'Marcus Bell' }]);
  expect(addresses(mail.cc).map((a) => a.address)).toEqual([
    'orders@midwest-appliance.example',
    'dana.whitfield@keystone.example',
  ]);
  expect(addresses(mail.from).map((a) => a.address)).toEqual(['purchasing@keystone.example']);
  expect(mail.subject).toBe(`Purchase Order ${ref} from Keystone Appliance & Electronics`);
  expect(mail.text).toContain('Please confirm the attached order and its ship date.');
  expect(mail.text).toContain(ref);
  expect(mail.messageId).toMatch(/^<.+@.+>$/);

  expect(mail.attachments).toHaveLength(1);
  const [attachment] = mail.attachments;
  // Named after the PO (issue 31), as the receiving mail client reads it from the MIME headers.
  expect(attachment!.filename).toBe('PO-W000287.pdf');
  expect(attachment!.contentType).toBe('application/pdf');
  expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await pdfText(attachment!.content)).toContain(ref);
}

describe('isValidEmailAddress', () => {
  it.each(['a@b.co', 'marcus.bell@midwest-appliance.example', "o'brien+po@mail.example.com", 'X_Y@sub.domain.io'])(
    'accepts %s',
    (address) => expect(isValidEmailAddress(address)).toBe(true),
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@localhost',
    'user@@example.com',
    'us er@example.com',
    'user@exa mple.com',
    '.user@example.com',
    'user..name@example.com',
    'user@-example.com',
    'user@example.123',
    'Marcus <m@example.com>',
    'a@example.com,b@example.com',
    'user@example.com\r\nBcc: x@example.com',
  ])('refuses %j', (address) => expect(isValidEmailAddress(address)).toBe(false));
});

describe('SmtpMailer', () => {
  let server: SMTPServer;
  let port: number;
  const received: { raw: Buffer; rcptTo: string[]; user: unknown }[] = [];
  const logins: { username: string | undefined; password: string | null | undefined }[] = [];

  beforeEach(async () => {
    received.length = 0;
    logins.length = 0;
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks),
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message with its CCs and the PDF through a real SMTP server', async () => {
    const { message, ref } = await poMessage();
    const mailer = new SmtpMailer(`smtp://po-sender:s3cret@127.0.0.1:${port}`, FROM);
    try {
      const result = await mailer.send(message);
      expect(result.location).toBe(`smtp://127.0.0.1:${port}`);
      expect(result.location).not.toContain('s3cret');

      expect(received).toHaveLength(1);
      expect(logins).toEqual([{ username: 'po-sender', password: 's3cret' }]);
      expect(received[0]!.user).toBe('po-sender');
      expect([...received[0]!.rcptTo].sort()).toEqual([
        'dana.whitfield@keystone.example',
        'marcus.bell@midwest-appliance.example',
        'orders@midwest-appliance.example',
      ]);
      const mail = await simpleParser(received[0]!.raw);
      expect(mail.messageId).toBe(result.messageId);
      await expectPurchaseOrderMail(mail, ref);
    } finally {
      mailer.close();
    }
  });

  it('refuses a malformed CC before connecting', async () => {
    const { message } = await poMessage();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, FROM);
    try {
      const sending = mailer.send({ ...message, cc: ['orders@midwest-appliance.example', 'sales@midwest'] });
      await expect(sending).rejects.toBeInstanceOf(InvalidEmailAddressError);
      await expect(sending).rejects.toThrow('Invalid e-mail address: "sales@midwest"');
      expect(received).toHaveLength(0);
    } finally {
      mailer.close();
    }
  });
});

describe('OutboxMailer', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'keystone-outbox-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes one .eml file into the folder, creating it, and leaves no temporary file', async () => {
    const dir = path.join(root, 'outbox', 'mail');
    const { message, ref } = await poMessage();
    const result = await new OutboxMailer(dir, FROM).send(message);

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[A-Za-z0-9._@-]+\.eml$/);
    expect(result.location).toBe(path.join(dir, file!));
    expect(file).toContain(result.messageId.replace(/^<|>$/g, ''));

    const raw = await readFile(result.location);
    expect(raw.toString('latin1')).toContain('\r\n'); // RFC 822 line endings
    const mail = await simpleParser(raw);
    expect(mail.messageId).toBe(result.messageId);
    await expectPurchaseOrderMail(mail, ref);
  });

  it('writes a message with its own Message-ID and Date once: sending it again (a retried outbox row) keeps the file', async () => {
    const { message } = await poMessage();
    const mailer = new OutboxMailer(root, FROM);
    const identity = { messageId: '<po-7.0f1e2d3c@keystone.example>', date: new Date('2026-03-04T05:06:07.089Z') };
    const first = await mailer.send({ ...message, ...identity });
    const again = await mailer.send({ ...message, ...identity });
    expect(again).toEqual(first);
    expect(await readdir(root)).toEqual(['2026-03-04T05-06-07-089Z-po-7.0f1e2d3c@keystone.example.eml']);
    const mail = await simpleParser(await readFile(first.location));
    expect(mail.messageId).toBe(identity.messageId);
    expect(mail.date?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('refuses malformed addresses, naming each, and writes nothing', async () => {
    const dir = path.join(root, 'never-created');
    const { message } = await poMessage();
    const mailer = new OutboxMailer(dir, FROM);

    const error = await mailer
      .send({ ...message, cc: ['orders@midwest-appliance.example', 'bad@@example.com', 'no-at-sign'] })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InvalidEmailAddressError);
    expect((error as InvalidEmailAddressError).addresses).toEqual(['bad@@example.com', 'no-at-sign']);
    expect((error as Error).message).toBe('Invalid e-mail addresses: "bad@@example.com", "no-at-sign"');

    await expect(mailer.send({ ...message, to: 'marcus.bell at midwest' })).rejects.toThrow(
      'Invalid e-mail address: "marcus.bell at midwest"',
    );
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps a line break in the recipient name or subject out of the headers', async () => {
    const { message } = await poMessage();
    const result = await new OutboxMailer(root, FROM).send({
      ...message,
      toName: 'Marcus\r\nBcc: spy@evil.example',
      subject: 'PO\nX-Injected: yes',
    });
    const raw = (await readFile(result.location)).toString('latin1');
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toMatch(/^X-Injected:/im);
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('PO X-Injected: yes');
    expect(addresses(mail.to)).toEqual([
      { address: 'marcus.bell@midwest-appliance.example', name: 'Marcus Bcc: spy@evil.example' },
    ]);
    expect(mail.bcc).toBeUndefined();
  });
});

describe('createMailer', () => {
  it('uses SMTP when an SMTP URL is configured and the outbox otherwise', () => {
    const base = { mailFrom: FROM, mailOutboxDir: path.join(os.tmpdir(), 'unused-outbox') };
    const smtp = createMailer({ ...base, smtpUrl: 'smtps://user:pass@mail.example.com' });
    expect(smtp).toBeInstanceOf(SmtpMailer);
    (smtp as SmtpMailer).close();
    expect(createMailer({ ...base, smtpUrl: null })).toBeInstanceOf(OutboxMailer);
  });

  it('refuses an SMTP URL of another scheme', () => {
    expect(() => new SmtpMailer('http://mail.example.com', FROM)).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => new SmtpMailer('not a url', FROM)).toThrow('SMTP_URL is not a valid URL');
  });
});
