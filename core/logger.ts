import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/** Paths that may carry secrets; pino replaces them before a line is written. */
const REDACT_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "apiKey",
  "*.apiKey",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "headers.cookie",
  "cookie",
  "*.cookie",
];

export function createLogger(options: { level: string; name: string; pretty?: boolean; destination?: DestinationStream }): Logger {
  const settings: LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    ...(options.pretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
