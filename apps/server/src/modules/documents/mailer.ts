import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { AppConfig } from '../../config.js';

/**
 * Outbound e-mail. Two implementations of one interface: SMTP when an SMTP URL is configured, otherwise
 * the embedded default, an outbox folder that receives each message as an RFC 822 `.eml` file.
 */

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  toName?: string;
  cc: string[];
  subject: string;
  text: string;
  html?: string;
  attachments: MailAttachment[];
  /**
   * The Message-ID, `<…@…>`, and the Date of a message sent from an outbox row: both from the row, so a retried
   * delivery is the same message (the folder mailer keeps the file already written; a mail client shows one).
   */
  messageId?: string;
  date?: Date;
}

export interface MailSendResult {
  /** The Message-ID header value, e.g. `<…@keystone.example>`. */
  messageId: string;
  /** Where the message went: the SMTP server (`smtp://host:port`, no credentials) or the `.eml` file's path. */
  location: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailSendResult>;
}

// --------------------------------------------------------------------------------------------- validation

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A plain `local@domain.tld` address (ASCII, dot-atom local part, at least two domain labels, a top-level
 * label that is not all digits). Display names, comments and lists are not addresses here.
 */
export function isValidEmailAddress(value: string): boolean {
  if (value.length === 0 || value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    /[A-Za-z]/.test(labels[labels.length - 1]!)
  );
}

/** Thrown before anything is sent when a recipient is malformed; callers answer 400 with its message. */
export class InvalidEmailAddressError extends Error {
  constructor(readonly addresses: string[]) {
    super(
      `Invalid e-mail address${addresses.length === 1 ? '' : 'es'}: ${addresses.map((a) => JSON.stringify(a)).join(', ')}`,
    );
    this.name = 'InvalidEmailAddressError';
  }
}

/** The recipients of a message, trimmed; throws InvalidEmailAddressError naming every malformed one. */
export function validateRecipients(message: Pick<MailMessage, 'to' | 'cc'>): { to: string; cc: string[] } {
  const to = message.to.trim();
  const cc = message.cc.map((address) => address.trim());
  const invalid = [to, ...cc].filter((address) => !isValidEmailAddress(address));
  if (invalid.length > 0) throw new InvalidEmailAddressError(invalid);
  return { to, cc };
}

/** Header text on one line: a CR or LF in a name or subject must never reach the message headers. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

function toMailOptions(from: string, message: MailMessage): SendMailOptions {
  const { to, cc } = validateRecipients(message);
  const name = message.toName ? oneLine(message.toName) : '';
  return {
    from,
    to: name ? { name, address: to } : to,
    cc,
    subject: oneLine(message.subject),
    text: message.text,
    ...(message.messageId !== undefined ? { messageId: oneLine(message.messageId) } : {}),
    ...(message.date !== undefined ? { date: message.date } : {}),
    ...(message.html !== undefined ? { html: message.html } : {}),
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------- SMTP

/** Limits so a silent or slow server fails the request instead of hanging it. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 } as const;

/** Sends through an SMTP server given as a URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…`. */
export class SmtpMailer implements Mailer {
  private readonly transporter: Transporter;
  private readonly location: string;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new Error('SMTP_URL is not a valid URL');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
    }
    const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
    this.location = `${url.protocol}//${url.hostname}:${port}`;
    this.transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  }

  async send(message: MailMessage): Promise<MailSendResult> {
    const info = await this.transporter.sendMail(toMailOptions(this.from, message));
    return { messageId: info.messageId, location: this.location };
  }

  close(): void {
    this.transporter.close();
  }
}

// -------------------------------------------------------------------------------------------------- outbox

/**
 * The embedded default: composes the same RFC 822 message as the SMTP path and writes it into `dir` as
 * `{timestamp}-{messageId}.eml`, under a temporary name first and then renamed, so a reader of the folder
 * never sees a half-written file. A message with its own Message-ID and Date (an outbox row) whose file is
 * already there is not written again.
 */
export class OutboxMailer implements Mailer {
  private readonly transporter: Transporter;

  constructor(
    private readonly dir: string,
    private readonly from: string = 'Keystone <no-reply@keystone.example>',
  ) {
    this.transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  async send(message: MailMessage): Promise<MailSendResult> {
    const info = await this.transporter.sendMail(toMailOptions(this.from, message));
    const raw: unknown = info.message;
    if (!Buffer.isBuffer(raw)) throw new Error('the mail composer did not return the message as a buffer');
    const messageId = String(info.messageId);

    await mkdir(this.dir, { recursive: true });
    const stamp = (message.date ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const idPart = messageId
      .replace(/^<|>$/g, '')
      .replace(/[^A-Za-z0-9._@-]/g, '_')
      .slice(0, 120);
    const file = path.join(this.dir, `${stamp}-${idPart}.eml`);
    if (message.messageId !== undefined && (await exists(file))) return { messageId, location: file };
    const temp = path.join(this.dir, `.${stamp}-${randomBytes(6).toString('hex')}.eml.tmp`);
    try {
      await writeFile(temp, raw, { flag: 'wx' });
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    return { messageId, location: file };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------- factory

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(config.mailOutboxDir, config.mailFrom);
}
