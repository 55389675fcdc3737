/**
 * How the registry reads a version's files when it is published (decision 046), and the SRI
 * digests it pins them to. Kept apart because it is the registry's only network access: tests
 * inject their own fetcher in its place.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/** A file of a version being published, as its host answered: never a redirect followed. */
export interface FetchedFile {
  status: number;
  body: Buffer;
}
/** How the registry fetches a version's files when it is published. Injected in tests. */
export type ReleaseFileFetcher = (url: string) => Promise<FetchedFile>;

/** The largest file the registry reads of a version (a remote entry or server build is far smaller). */
export const RELEASE_FILE_MAX_BYTES = 8 * 1024 * 1024;
const RELEASE_FILE_TIMEOUT_MS = 5000;

/**
 * A GET of one file, as a static host answers it: a redirect is an answer like any other (never
 * followed, so an allowed origin cannot send the registry elsewhere), the whole answer within 5 s
 * and 8 MB. Rejects on a network error; the caller says nothing of why (decision 046).
 */
export const fetchReleaseFile: ReleaseFileFetcher = (url) =>
  new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { headers: { accept: '*/*', 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > RELEASE_FILE_MAX_BYTES) req.destroy(new Error('too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error('timed out')), RELEASE_FILE_TIMEOUT_MS);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

/** The SRI form of a file's digest (what `integrity` attributes and the render tier check). */
export function sriDigest(body: Buffer): string {
  return `sha384-${createHash('sha384').update(body).digest('base64')}`;
}
