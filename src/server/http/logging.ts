import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import pretty from 'pino-pretty';

/**
 * Nothing secret reaches a log line: tokens travel in Authorization, and
 * bodies with passwords or codes are never logged whole, but these paths are
 * censored wherever an object carrying them is logged.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
  '*.recoveryCodes',
];

// Query parameters whose values must not be logged (none of our routes takes one, but a client may send it).
const SECRET_QUERY = /^(?:token|access_token|password|code|secret|key)$/i;

/** The URL as logged: secret-looking query values replaced. */
export function loggableUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

/**
 * On a terminal: one coloured, readable line per request (pino-pretty).
 * Otherwise JSON, one object per line, for a log collector. A given stream
 * (tests) gets JSON.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  const base = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (stream) return { ...base, stream };
  if (!process.stdout.isTTY) return base;
  return {
    ...base,
    stream: pretty({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,reqId,method,url,statusCode,ms,ip',
    }),
  };
}

/**
 * One line per request, after the answer (Fastify's own logging writes two).
 * Writes and failures at info. Reads at info only where a person watches a
 * terminal; otherwise at debug, because a log line per cached page costs a
 * quarter of its throughput (issue 9's measurement).
 */
export function installRequestLog(app: FastifyInstance, options: { readsAtInfo: boolean }): void {
  const logReads = options.readsAtInfo || app.log.level === 'debug' || app.log.level === 'trace';
  // Where reads are not logged, a kept page may be answered before Fastify (ssr/cached-front.ts).
  app.decorate('logsReads', logReads);
  // A callback hook, not an async one: a cached read that logs nothing makes no promise either.
  app.addHook('onResponse', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && reply.statusCode < 500 && !logReads) return done();
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const url = loggableUrl(request.url);
    const fields = { method: request.method, url, statusCode: reply.statusCode, ms, ip: request.ip };
    const line = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else if (read && !options.readsAtInfo) request.log.debug(fields, line);
    else request.log.info(fields, line);
    done();
  });
}

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogMethod = (typeof LOG_METHODS)[number];

/**
 * Each request's logger, made only when the request logs something. Fastify makes a pino child
 * (with the request id) for every request; a cached page read logs nothing at the default level
 * (installRequestLog), so that child was the whole cost of logging on the cached path, about a
 * tenth of its throughput (issue 9's bench). A call at a level the logger skips makes nothing.
 * A class, so a request costs one small object: the methods live on the prototype.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /** A route's own level decides in its child; otherwise the parent knows without making one. */
  enabled(level: LogMethod): boolean {
    if (this.made || this.options.level !== undefined) return true;
    return (this.parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) !== false;
  }

  call(level: LogMethod, args: unknown[]): void {
    (this.real[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  silent(): void {}
}

for (const level of LOG_METHODS) {
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      if (this.enabled(level)) this.call(level, args);
    },
  });
}

export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether successful reads get a log line (installRequestLog). */
    logsReads: boolean;
  }
}
