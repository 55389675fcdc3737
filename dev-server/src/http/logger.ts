/**
 * Structured logs: one JSON object per line on stdout, `{ level, time, msg, ...fields }`. The level
 * comes from LOG_LEVEL (debug, info, warn, error, silent); tests pass `silentLogger` or a memory
 * logger (createMemoryLogger) instead. Callers never pass bodies, cookies, emails or query strings;
 * and every line's text is redacted of the secrets addresses carry (share-list tokens, download
 * digests, reset, confirmation and gift tokens: log-redaction.ts), whoever wrote it.
 */
import { redactLogFields } from './log-redaction';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /**
   * Whether lines of this level are written at all; a caller may skip gathering their fields when
   * not. Optional: a logger without it is taken to write every level.
   */
  enabled?(level: Exclude<LogLevel, 'silent'>): boolean;
}

export interface LogEntry extends LogFields {
  level: Exclude<LogLevel, 'silent'>;
  time: string;
  msg: string;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: Infinity };

/** LOG_LEVEL, else 'silent' under Jest (NODE_ENV=test), else 'info'. Throws on an unknown level. */
export function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel {
  const value = env.LOG_LEVEL?.trim().toLowerCase();
  if (value === undefined || value === '') return env.NODE_ENV === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  return value as LogLevel;
}

/** An error as plain fields (name, message, stack), for the `error` field of a log line. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { message: String(error) };
}

function createLogger(level: LogLevel, emit: (entry: LogEntry) => void): Logger {
  const at =
    (entryLevel: LogEntry['level']) =>
    (msg: string, fields: LogFields = {}) => {
      if (RANK[entryLevel] < RANK[level]) return;
      emit(redactLogFields({ level: entryLevel, time: new Date().toISOString(), msg, ...fields }));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    enabled: (entryLevel) => RANK[entryLevel] >= RANK[level],
  };
}

function safeStringify(entry: LogEntry): string {
  try {
    return JSON.stringify(entry);
  } catch {
    // A field that does not serialize (a cycle, a BigInt): keep the line, drop the fields.
    return JSON.stringify({ level: entry.level, time: entry.time, msg: entry.msg, unserializable: true });
  }
}

/** JSON lines on a stream (stdout by default). */
export function createJsonLogger(options: { level: LogLevel; write?: (line: string) => void }): Logger {
  const write = options.write ?? ((line: string) => process.stdout.write(line));
  return createLogger(options.level, (entry) => write(`${safeStringify(entry)}\n`));
}

export const silentLogger: Logger = createLogger('silent', () => undefined);

/** Keeps entries in memory (tests read `entries`). */
export interface MemoryLogger extends Logger {
  readonly entries: LogEntry[];
}

export function createMemoryLogger(level: LogLevel = 'debug'): MemoryLogger {
  const entries: LogEntry[] = [];
  return Object.assign(
    createLogger(level, (entry) => entries.push(entry)),
    { entries },
  );
}
