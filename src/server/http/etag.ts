import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict } from './errors';

/** An item with the version its ETag names. */
export type Versioned<T> = { item: T; version: number };

export const etagOf = (version: number) => `"${version}"`;

export function sendEtag(reply: FastifyReply, version: number): void {
  reply.header('ETag', etagOf(version));
}

/**
 * The version a PUT was edited from: undefined without If-Match (or `*`),
 * which overwrites as the spec's calls expect; -1 when the header names no
 * version of ours, which then matches nothing.
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(header);
  return match ? Number(match[1]) : -1;
}

export const editConflict = (what: string) =>
  conflict(`This ${what} was changed by someone else since you opened it. Reload to see the latest version, then make your changes again.`);
