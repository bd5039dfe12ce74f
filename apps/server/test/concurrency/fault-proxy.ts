import net from 'node:net';

/**
 * A TCP proxy on loopback in front of the test PostgreSQL server, for outage tests (issue 30): the server under test
 * connects through it, and the test refuses, cuts or stalls its connections without touching anyone else's. It
 * counts the connections the server holds through it at every moment (opened or being opened). The browser tests'
 * offline drills put one between each device and the test server (e2e/support/offline.ts).
 */
export class FaultProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  private mode: { kind: 'pass' | 'refuse' | 'stall' } | { kind: 'reject'; code: string; message: string } = {
    kind: 'pass',
  };
  /** The port it listens on (127.0.0.1). */
  port = 0;
  /** The most connections held at once since the last `resetPeak()`. */
  peak = 0;
  /** Connections accepted in all (attempts, refused ones included). */
  accepted = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = this.makeServer();
  }

  static async start(targetUrl: string): Promise<FaultProxy> {
    const target = new URL(targetUrl);
    const proxy = new FaultProxy(target.hostname, Number(target.port) || 5432);
    await proxy.listen();
    return proxy;
  }

  /** The target URL with its host and port replaced by the proxy's. */
  url(targetUrl: string): string {
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Connections held now. */
  get live(): number {
    return this.pairs.size;
  }

  resetPeak(): void {
    this.peak = this.pairs.size;
  }

  /** The database "stops": every open connection is cut and each new one is closed as soon as it opens (counted). */
  refuse(): void {
    this.mode = { kind: 'refuse' };
    this.cut();
  }

  /**
   * The server is up but turns connections away: each new one is answered the PostgreSQL protocol's ErrorResponse
   * (FATAL, `code`, `message`) to its startup message, as a server not accepting connections (55000), without the
   * database (3D000) or refusing the role (42501, 28P01) does; open ones are cut.
   */
  reject(code: string, message: string): void {
    this.mode = { kind: 'reject', code, message };
    this.cut();
  }

  /** The database is back. */
  resume(): void {
    this.mode = { kind: 'pass' };
  }

  /** New connections are accepted but never answered (a stalled network or server); open ones are cut. */
  stall(): void {
    this.mode = { kind: 'stall' };
    this.cut();
  }

  /** Cuts every open connection (as pg_terminate_backend or a dropped link would). */
  cut(): number {
    const n = this.pairs.size;
    for (const pair of [...this.pairs]) {
      pair.client.destroy();
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    }
    return n;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private makeServer(): net.Server {
    // One server for the proxy's life: modes change what it does with each new connection.
    return net.createServer((client) => {
      this.accepted++;
      const mode = this.mode;
      if (mode.kind === 'refuse') {
        client.on('error', () => {});
        client.destroy();
        return;
      }
      if (mode.kind === 'reject') {
        client.on('error', () => {});
        client.once('data', () => client.end(errorResponse(mode.code, mode.message)));
        return;
      }
      const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
      this.pairs.add(pair);
      this.peak = Math.max(this.peak, this.pairs.size);
      const drop = () => {
        client.destroy();
        pair.upstream?.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', drop);
      client.on('close', drop);
      if (mode.kind === 'stall') return; // held open, never forwarded
      const upstream = net.connect(this.targetPort, this.targetHost);
      pair.upstream = upstream;
      upstream.on('error', drop);
      upstream.on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.port = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }
}

/** A PostgreSQL ErrorResponse message (protocol 3.0): severity FATAL, the SQLSTATE and the message. */
export function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}
