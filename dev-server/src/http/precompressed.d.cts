import type { RequestHandler, Response } from 'express';
export declare function servePrecompressed(root: string, options?: { setHeaders?: (res: Response, file: string) => void }): RequestHandler;
