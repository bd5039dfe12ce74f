/**
 * A TCP proxy on loopback in front of the test PostgreSQL server, for outage tests (issue 30): the server under test
 * connects through it, and the test refuses, cuts or stalls its connections without touching anyone else's. It
 * counts the connections the server holds through it at every moment (opened or being opened).
 */
export declare class FaultProxy {
    private readonly targetHost;
    private readonly targetPort;
    private readonly server;
    private readonly pairs;
    private mode;
    /** The port it listens on (127.0.0.1). */
    port: number;
    /** The most connections held at once since the last `resetPeak()`. */
    peak: number;
    /** Connections accepted in all (attempts, refused ones included). */
    accepted: number;
    private constructor();
    static start(targetUrl: string): Promise<FaultProxy>;
    /** The target URL with its host and port replaced by the proxy's. */
    url(targetUrl: string): string;
    /** Connections held now. */
    get live(): number;
    resetPeak(): void;
    /** The database "stops": every open connection is cut and each new one is closed as soon as it opens (counted). */
    refuse(): void;
    /**
     * The server is up but turns connections away: each new one is answered the PostgreSQL protocol's ErrorResponse
     * (FATAL, `code`, `message`) to its startup message, as a server not accepting connections (55000), without the
     * database (3D000) or refusing the role (42501, 28P01) does; open ones are cut.
     */
    reject(code: string, message: string): void;
    /** The database is back. */
    resume(): void;
    /** New connections are accepted but never answered (a stalled network or server); open ones are cut. */
    stall(): void;
    /** Cuts every open connection (as pg_terminate_backend or a dropped link would). */
    cut(): number;
    close(): Promise<void>;
    private makeServer;
    private listen;
}
/** A PostgreSQL ErrorResponse message (protocol 3.0): severity FATAL, the SQLSTATE and the message. */
export declare function errorResponse(code: string, message: string): Buffer;
