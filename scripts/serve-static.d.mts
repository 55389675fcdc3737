import type { Server } from 'node:http';
import type { Express } from 'express';
export declare function createStaticApp(dir: string): Express;
export declare function serveStatic(dir: string, port: number, host?: string): Promise<Server>;
