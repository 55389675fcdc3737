import type { RemoteApp } from './apps.mjs';
export declare class ReleaseError extends Error {}
export declare function findRemote(name: string): RemoteApp;
export declare function contentHash(dir: string): string;
export declare function versionName(dir: string, date?: Date): string;
export declare function copyVersion(dist: string, root: string, remote: string, version: string): string;
export declare function parseArgs(argv: string[]): { positional: string[]; options: Record<string, string | true> };
export declare function runRelease(
  argv: string[],
  options?: {
    env?: Record<string, string | undefined>;
    out?: (line: string) => void;
    check?: (remote: RemoteApp) => Promise<{ ok: boolean; lines: string[] }>;
  },
): Promise<unknown>;
