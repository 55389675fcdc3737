import type { Server } from 'node:http';
import type { Express } from 'express';
export interface StaticAppOptions {
  /** The only origin allowed to read the files cross-origin (default SHELL_ORIGIN, else http://localhost:3000). */
  shellOrigin?: string;
}
export declare const DEFAULT_SHELL_ORIGIN: string;
export declare function createStaticApp(dir: string, options?: StaticAppOptions): Express;
export declare function serveStatic(dir: string, port: number, host?: string, options?: StaticAppOptions): Promise<Server>;
